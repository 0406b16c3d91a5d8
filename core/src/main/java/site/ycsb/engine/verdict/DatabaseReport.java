package site.ycsb.engine.verdict;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import site.ycsb.support.DatabaseReports;
import site.ycsb.output.SummaryFields;

/**
 * The engine's side of {@link DatabaseReports}: what the bindings of one run reported about the database — the
 * settings that decide what the results mean, kept in {@code summary.json}, and the nodes their client libraries saw
 * go down and come back, each printed as one line when it happens and named together in a verdict line at the end,
 * and the nodes' own figures ({@link DatabaseView}).
 *
 * <p>Thread-safe: reports arrive on the bindings' threads (a driver's I/O threads) while the run goes on.
 */
public final class DatabaseReport implements DatabaseReports.Listener {
  private final PrintStream out;
  private final Map<String, Map<String, String>> settings = new TreeMap<>();
  private final List<DatabaseReports.NodeEvent> events = new ArrayList<>();
  /** The nodes' own figures (thread-safe itself: samples must not wait for this report's lock). */
  private final DatabaseView view = new DatabaseView();

  private DatabaseReport(PrintStream out) {
    this.out = out;
  }

  /** Starts listening for the bindings' reports; each node event is printed on {@code out} when it comes. */
  public static DatabaseReport listen(PrintStream out) {
    DatabaseReport report = new DatabaseReport(out);
    DatabaseReports.listen(report);
    return report;
  }

  /** Stops listening: reports after this are printed by the bindings as they are without an engine. */
  public void stop() {
    DatabaseReports.stopListening(this);
  }

  @Override
  public synchronized void setting(String binding, String name, String value) {
    settings.computeIfAbsent(binding, b -> new LinkedHashMap<>()).put(name, value);
  }

  @Override
  public void nodeEvent(DatabaseReports.NodeEvent event) {
    synchronized (this) {
      events.add(event);
    }
    out.println(event.describe());
    out.flush();
  }

  @Override
  public void nodeGauges(DatabaseReports.NodeGauges gauges) {
    view.add(gauges);
  }

  /** The database's own view of its nodes, as the bindings sampled it. */
  public DatabaseView view() {
    return view;
  }

  synchronized Map<String, Map<String, String>> settings() {
    Map<String, Map<String, String>> copy = new TreeMap<>();
    for (Map.Entry<String, Map<String, String>> e : settings.entrySet()) {
      copy.put(e.getKey(), Collections.unmodifiableMap(new LinkedHashMap<>(e.getValue())));
    }
    return copy;
  }

  synchronized List<DatabaseReports.NodeEvent> events() {
    return new ArrayList<>(events);
  }

  /**
   * One time a node stopped answering over open connections ({@link DatabaseReports.NodeEvent#silence()}), cut to a
   * window: from {@link #fromMs} to {@link #toMs} (wall clock), {@link #ongoing} when it had not answered again by the
   * window's end. Immutable.
   */
  public static final class Silence {
    final String node;
    final long fromMs;
    final long toMs;
    final boolean ongoing;

    Silence(String node, long fromMs, long toMs, boolean ongoing) {
      this.node = node;
      this.fromMs = fromMs;
      this.toMs = toMs;
      this.ongoing = ongoing;
    }

    public long micros() {
      return Math.max(0, toMs - fromMs) * 1000;
    }

    /** "127.0.0.3:9042 from +4.0 s to +24.1 s" (times from {@code measuredStartEpochMs}). */
    public String describe(long measuredStartEpochMs) {
      return node + " from " + when(fromMs, measuredStartEpochMs) + (ongoing ? " until the run ended"
          : " to " + when(toMs, measuredStartEpochMs));
    }
  }

  /**
   * The silences that overlap {@code [startMs, endMs]}, each cut to it, in the order they began: a node's
   * "stopped answering" paired with its next "answered again".
   */
  public List<Silence> silences(long startMs, long endMs) {
    Map<String, Long> since = new LinkedHashMap<>();
    List<Silence> found = new ArrayList<>();
    for (DatabaseReports.NodeEvent e : events()) {
      if (!e.silence()) {
        continue;
      }
      if (!e.up()) {
        since.putIfAbsent(e.node(), e.epochMillis());
      } else if (since.containsKey(e.node())) {
        addCut(found, e.node(), since.remove(e.node()), e.epochMillis(), false, startMs, endMs);
      }
    }
    for (Map.Entry<String, Long> open : since.entrySet()) {
      addCut(found, open.getKey(), open.getValue(), endMs, true, startMs, endMs);
    }
    found.sort((a, b) -> Long.compare(a.fromMs, b.fromMs));
    return found;
  }

  private static void addCut(List<Silence> found, String node, long from, long to, boolean ongoing, long startMs,
                             long endMs) {
    long a = Math.max(from, startMs);
    long b = Math.min(to, endMs);
    long slack = DatabaseView.CLOCK_SLACK_MS;
    if (b + slack >= a && to + slack >= startMs && from <= endMs + slack) {
      found.add(new Silence(node, a, Math.max(a, b), ongoing));
    }
  }

  /**
   * Whether some node is down or not answering now, by the last connection event and the last answers event the
   * bindings reported of each node (a slow node is not out).
   */
  public boolean anyNodeOutNow() {
    Map<String, Boolean> up = new LinkedHashMap<>();
    for (DatabaseReports.NodeEvent e : events()) {
      if (!e.slowness()) {
        up.put((e.silence() ? "answers " : "connection ") + e.node(), e.up());
      }
    }
    return up.containsValue(false);
  }

  /**
   * Whether the cluster was unreachable at some moment between {@code startMs} and {@code endMs}: no node the client
   * knew was up, by the client library's host-down and host-up events (as {@link #verdict} says it).
   */
  public boolean unreachable(long startMs, long endMs) {
    long since = -1;
    for (DatabaseReports.NodeEvent e : events()) {
      if (e.silence() || e.slowness()) {
        continue;
      }
      if (!e.up() && e.nodesUp() == 0 && since < 0) {
        since = e.epochMillis();
      } else if (e.up() && since >= 0) {
        if (e.epochMillis() >= startMs && since <= endMs) {
          return true;
        }
        since = -1;
      }
    }
    return since >= 0 && since <= endMs;
  }

  /**
   * The verdict on the nodes, or null when no binding saw a node go down, stop answering or answer far slower than the
   * others: the nodes that went down or stopped answering, when (seconds from {@code measuredStartEpochMs}, the first
   * measured operation) and whether they came back; when at some moment no node the client knew was up, that the
   * cluster was unreachable from then; and the nodes found slow, in a sentence of their own.
   */
  public String verdict(long measuredStartEpochMs) {
    List<DatabaseReports.NodeEvent> all = events();
    Map<String, StringBuilder> perNode = new LinkedHashMap<>();
    // "again" only after the same kind of change of the same node: a node silent first, then down, went "down"
    java.util.Set<String> changes = new java.util.HashSet<>();
    String unreachable = null;
    long unreachableSince = -1;
    int known = 0;
    String binding = null;
    boolean silence = false;
    boolean down = false;
    for (DatabaseReports.NodeEvent e : all) {
      binding = e.binding();
      known = Math.max(known, e.nodesKnown());
      if (e.slowness()) {
        continue; // said apart: see slowVerdict
      }
      StringBuilder node = perNode.get(e.node());
      if (node == null && e.up()) {
        continue; // a node added, or one that was never down: nothing to say
      }
      if (node == null) {
        node = new StringBuilder(e.node());
        perNode.put(e.node(), node);
      }
      silence |= e.silence();
      down |= !e.silence();
      boolean first = node.length() == e.node().length();
      boolean again = !changes.add(e.node() + (e.silence() ? " silent" : " down") + e.up());
      String change = e.silence() ? (e.up() ? ", answered again " : (again ? ", stopped answering again "
          : (first ? " " : ", ") + "stopped answering ")) : (e.up() ? ", up again " : (again ? ", down again "
          : (first ? " " : ", ") + "down "));
      node.append(change).append(at(e.epochMillis(), measuredStartEpochMs));
      // Only the client library's host-down events say a node cannot be reached: coordinators that wait on one
      // partitioned replica (a read at ALL) can all go silent at once for a moment while the cluster is there.
      if (!e.silence() && !e.up() && e.nodesUp() == 0 && unreachableSince < 0) {
        unreachableSince = e.epochMillis();
      } else if (!e.silence() && e.up() && unreachableSince >= 0) {
        unreachable = (unreachable == null ? "" : unreachable + "; ") + "from " + when(unreachableSince,
            measuredStartEpochMs) + " to " + when(e.epochMillis(), measuredStartEpochMs);
        unreachableSince = -1;
      }
    }
    String slow = slowVerdict(all, measuredStartEpochMs);
    if (perNode.isEmpty()) {
      return slow;
    }
    if (unreachableSince >= 0) {
      unreachable = (unreachable == null ? "" : unreachable + "; ") + "from " + when(unreachableSince,
          measuredStartEpochMs) + " until the run ended";
    }
    List<String> nodes = new ArrayList<>();
    for (StringBuilder node : perNode.values()) {
      nodes.add(node.toString());
    }
    String how = !silence ? "'s client library, host-down and host-up events" : !down ? ", requests left "
        + "unanswered over open connections" : "'s client library, host-down and host-up events, and requests left "
        + "unanswered over open connections";
    String seen = "(the " + binding + " binding" + how + "): " + String.join("; ", nodes);
    if (unreachable != null) {
      return "the cluster was unreachable: no node of the " + known + " the client knew was "
          + (down ? "up " : "answering ") + unreachable + " " + seen + ". Operations in that time could not reach the "
          + "database; their failures are the cluster's outage, not the client's." + also(slow);
    }
    String what = !silence ? "went down" : !down ? "stopped answering" : "went down or stopped answering";
    return "database node" + (perNode.size() == 1 ? "" : "s") + " " + what + " during the run " + seen + ". "
        + "Operations that needed " + (perNode.size() == 1 ? "it" : "them") + " were retried on other nodes or failed "
        + "(see the Return= counts and the binding's retry lines): the database's doing, not the client's."
        + also(slow);
  }

  /** {@code sentence} after another one: "" when null. */
  private static String also(String sentence) {
    return sentence == null ? "" : " " + Character.toUpperCase(sentence.charAt(0)) + sentence.substring(1);
  }

  /**
   * The nodes a binding found answering far slower than the others ({@link DatabaseReports.NodeEvent#slowness()}),
   * each with when and the figures it gave, or null when none was.
   */
  private static String slowVerdict(List<DatabaseReports.NodeEvent> all, long measuredStartEpochMs) {
    Map<String, StringBuilder> perNode = new LinkedHashMap<>();
    String binding = null;
    for (DatabaseReports.NodeEvent e : all) {
      if (!e.slowness()) {
        continue;
      }
      StringBuilder node = perNode.get(e.node());
      if (node == null && e.up()) {
        continue;
      }
      binding = e.binding();
      if (node == null) {
        node = new StringBuilder(e.node());
        perNode.put(e.node(), node);
      }
      node.append(e.up() ? ", at the others' speed again " + at(e.epochMillis(), measuredStartEpochMs)
          : (node.length() == e.node().length() ? " " : ", ") + "slow " + at(e.epochMillis(), measuredStartEpochMs)
          + " (" + e.source() + ")");
    }
    if (perNode.isEmpty()) {
      return null;
    }
    boolean one = perNode.size() == 1;
    return "database node" + (one ? "" : "s") + " answered far slower than the other nodes during the run (the "
        + binding + " binding's answer times per node): " + String.join("; ", perNode.values()) + ". Operations "
        + "sent to " + (one ? "it" : "them") + " waited on " + (one ? "it" : "them") + ": the database's doing, not "
        + "the client's.";
  }

  /** "+8.2 s" from the start of measurement, or "3.0 s before the measured run". */
  static String when(long epochMs, long measuredStartEpochMs) {
    long ms = epochMs - measuredStartEpochMs;
    return ms < -DatabaseView.CLOCK_SLACK_MS
        ? String.format(Locale.ROOT, "%.1f s before the measured run", -ms / 1000.0)
        : String.format(Locale.ROOT, "+%.1f s", Math.max(0, ms) / 1000.0);
  }

  private static String at(long epochMs, long measuredStartEpochMs) {
    String when = when(epochMs, measuredStartEpochMs);
    return when.startsWith("+") ? "at " + when : when;
  }

  /**
   * A node event's {@code state} in summary.json: "down"/"up" (the client library), "silent"/"answering" (answers
   * over open connections), "slow"/"normal" (the time answers take, against the other nodes').
   */
  static String state(DatabaseReports.NodeEvent e) {
    if (e.slowness()) {
      return e.up() ? "normal" : "slow";
    }
    return e.silence() ? (e.up() ? "answering" : "silent") : (e.up() ? "up" : "down");
  }

  /** {@code {"settings": {binding: {name: value}}, "nodeEvents": [...]}} for summary.json. */
  public String json() {
    SummaryJson settingsJson = new SummaryJson();
    for (Map.Entry<String, Map<String, String>> b : settings().entrySet()) {
      SummaryJson one = new SummaryJson();
      for (Map.Entry<String, String> s : b.getValue().entrySet()) {
        one.field(s.getKey(), s.getValue());
      }
      settingsJson.raw(b.getKey(), one.toString());
    }
    StringBuilder list = new StringBuilder("[");
    for (DatabaseReports.NodeEvent e : events()) {
      SummaryJson event = new SummaryJson().field(SummaryFields.NodeEvent.BINDING, e.binding())
          .field(SummaryFields.NodeEvent.NODE, e.node()).field(SummaryFields.NodeEvent.STATE, state(e))
          .field(SummaryFields.NodeEvent.EPOCH_MS, e.epochMillis())
          .field(SummaryFields.NodeEvent.TIME, SummaryJson.iso(e.epochMillis()))
          .field(SummaryFields.NodeEvent.NODES_UP, e.nodesUp())
          .field(SummaryFields.NodeEvent.NODES_KNOWN, e.nodesKnown())
          .field(SummaryFields.NodeEvent.SOURCE, e.source());
      list.append(list.length() == 1 ? "" : ", ").append(event);
    }
    return new SummaryJson().raw(SummaryFields.Database.SETTINGS, settingsJson.toString())
        .raw(SummaryFields.Database.NODE_EVENTS, list.append(']').toString()).toString();
  }
}
