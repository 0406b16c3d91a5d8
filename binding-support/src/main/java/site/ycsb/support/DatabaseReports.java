package site.ycsb.support;

import java.io.PrintStream;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a binding learns about the database beyond each operation's status, handed to the engine that runs it: the
 * settings that decide what a result means (e.g. the consistency levels: a read at ONE that finds nothing after a node
 * was lost is the database's consistency, not a client error), the client library's view of the nodes (a node went
 * down, came back) and the database's own view of each node ({@link NodeGauges}: e.g. its thread pools' pending
 * tasks, sampled by the binding while an engine listens).
 *
 * <p>This project's engine {@linkplain #listen listens}: it keeps the settings in the run's record ({@code
 * summary.json}), names the nodes that went down in a verdict line, and keeps the mean and maximum of each node's own
 * figures over the measured run. An engine that does not listen — a YCSB 0.17.0
 * install, which does not know this class — loses nothing: each node event is then printed as one line on stderr when
 * it happens, and the settings are in the binding's own start-up line. A binding therefore reports through this class
 * whatever engine runs it.
 *
 * <p>Thread-safe: reports may come from any thread (a driver's I/O threads); the listener is one volatile reference, and
 * a listener must itself be thread-safe.
 */
public final class DatabaseReports {
  /** The receiving side (the engine). Called on the reporting thread: it must not block. */
  public interface Listener {
    /** A setting of {@code binding} that decides what its results mean, e.g. ("read consistency", "QUORUM"). */
    void setting(String binding, String name, String value);

    /** A node went down or came back, as the binding's client library saw it. */
    void nodeEvent(NodeEvent event);

    /**
     * One sample of a node's own figures (the database's view of itself). A default, so that a listener written
     * before this report kind still compiles and loads; it then ignores the samples.
     */
    default void nodeGauges(NodeGauges gauges) {
    }
  }

  /**
   * The database's own figures of one node at one moment, as the database reports them (e.g. Cassandra's {@code
   * system_views.thread_pools}): named numbers, e.g. "ReadStage pending" = 12. Immutable.
   *
   * <p>Names are the binding's; two suffixes have a meaning the engine acts on: {@code "<queue> pending"} (work
   * waiting in a queue of the node) and {@code "<queue> blocked"} (work refused or held because that queue was
   * full). A node whose pending work stayed at one or more on average, or that blocked any, was at least at times
   * the limit of the run, and the engine says so in a verdict.
   */
  public static final class NodeGauges {
    private final String binding;
    private final String node;
    private final String source;
    private final long epochMillis;
    private final Map<String, Double> values;

    NodeGauges(String binding, String node, String source, long epochMillis, Map<String, Double> values) {
      this.binding = binding;
      this.node = node;
      this.source = source;
      this.epochMillis = epochMillis;
      this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /** The binding that reported it, e.g. {@code cassandra}. */
    public String binding() {
      return binding;
    }

    /** The node, as address:port. */
    public String node() {
      return node;
    }

    /** Where the figures come from, e.g. {@code system_views.thread_pools}. */
    public String source() {
      return source;
    }

    /** When the node answered (wall clock, ms since the epoch). */
    public long epochMillis() {
      return epochMillis;
    }

    /** The figures by name, in the binding's order; never null, finite values only. */
    public Map<String, Double> values() {
      return values;
    }

    @Override
    public String toString() {
      return binding + ": node " + node + " (" + source + ") at " + epochMillis + ": " + values;
    }
  }

  /**
   * One change of a node's state as a binding saw it: the client library marked it down or up, or ({@link #silence()})
   * the binding's own watch found that it stopped answering requests over connections that stay open (a partition, a
   * frozen process) or that it answers again, or ({@link #slowness()}) that it answers far slower than the other nodes
   * (a node frozen part of every second, a stalling disk) or at their speed again. Immutable.
   */
  public static final class NodeEvent {
    /** Kinds: the client library's view of the connections, answers over them, the time answers take. */
    private static final int CONNECTION = 0;
    private static final int ANSWERS = 1;
    private static final int SPEED = 2;

    private final String binding;
    private final String node;
    private final boolean up;
    private final long epochMillis;
    private final int nodesUp;
    private final int nodesKnown;
    private final String source;
    private final int kind;

    NodeEvent(String binding, String node, boolean up, long epochMillis, int nodesUp, int nodesKnown, String source) {
      this(binding, node, up, epochMillis, nodesUp, nodesKnown, source, CONNECTION);
    }

    NodeEvent(String binding, String node, boolean up, long epochMillis, int nodesUp, int nodesKnown, String source,
              boolean silence) {
      this(binding, node, up, epochMillis, nodesUp, nodesKnown, source, silence ? ANSWERS : CONNECTION);
    }

    private NodeEvent(String binding, String node, boolean up, long epochMillis, int nodesUp, int nodesKnown,
                      String source, int kind) {
      this.binding = binding;
      this.node = node;
      this.up = up;
      this.epochMillis = epochMillis;
      this.nodesUp = nodesUp;
      this.nodesKnown = nodesKnown;
      this.source = source;
      this.kind = kind;
    }

    /**
     * True when the event is about answering rather than connection state: {@link #up()} false means the node stopped
     * answering (its connections open, nothing coming back), true that it answered again; {@link #nodesUp()} then
     * counts the nodes answering.
     */
    public boolean silence() {
      return kind == ANSWERS;
    }

    /**
     * True when the event is about the time the node's answers take: {@link #up()} false means the node answers far
     * slower than the other nodes, true that it answers at their speed again; {@link #nodesUp()} then counts the nodes
     * not found slow.
     */
    public boolean slowness() {
      return kind == SPEED;
    }

    /** The binding that reported it, e.g. {@code cassandra}. */
    public String binding() {
      return binding;
    }

    /** The node, as address:port. */
    public String node() {
      return node;
    }

    /** True: it came back (or was added); false: it went down. */
    public boolean up() {
      return up;
    }

    /** When the binding learned of it (wall clock, ms since the epoch). */
    public long epochMillis() {
      return epochMillis;
    }

    /** Nodes the client library held up just after this event, of {@link #nodesKnown()}. */
    public int nodesUp() {
      return nodesUp;
    }

    public int nodesKnown() {
      return nodesKnown;
    }

    /** How the binding learned it, e.g. "the driver's host-down event". */
    public String source() {
      return source;
    }

    /** The event on one line, e.g. {@code cassandra: node 127.0.0.3:9042 down (...; 2 of 3 nodes up)}. */
    public String describe() {
      if (kind == SPEED) {
        return binding + ": node " + node + (up ? " answers at the other nodes' speed again" : " answers far slower "
            + "than the other nodes") + " (" + source + "; " + nodesUp + " of " + nodesKnown + " nodes not slow)";
      }
      if (kind == ANSWERS) {
        return binding + ": node " + node + (up ? " answered again" : " stopped answering") + " (" + source + "; "
            + nodesUp + " of " + nodesKnown + " nodes answering)";
      }
      return binding + ": node " + node + (up ? " up" : " down") + " (" + source + "; " + nodesUp + " of "
          + nodesKnown + " nodes up)";
    }

    @Override
    public String toString() {
      return describe();
    }
  }

  private static volatile Listener listener;
  private static volatile PrintStream fallback = System.err;

  private DatabaseReports() {
  }

  /** The engine starts listening (replacing any earlier listener). */
  public static void listen(Listener l) {
    listener = l;
  }

  /** The engine stops listening, if {@code l} is still the listener; reports are printed again. */
  public static void stopListening(Listener l) {
    if (listener == l) {
      listener = null;
    }
  }

  /** True when an engine listens (reports then reach the run's record instead of only stderr). */
  public static boolean listened() {
    return listener != null;
  }

  /**
   * A setting of {@code binding} that decides what its results mean. Without a listener nothing is printed: the
   * binding's own start-up line says it.
   */
  public static void setting(String binding, String name, String value) {
    Listener l = listener;
    if (l != null) {
      l.setting(binding, name, value);
    }
  }

  /** A node went down ({@code up} false) or came back; without a listener, printed as one line on stderr. */
  public static void nodeEvent(String binding, String node, boolean up, int nodesUp, int nodesKnown, String source) {
    deliver(new NodeEvent(binding, node, up, System.currentTimeMillis(), nodesUp, nodesKnown, source));
  }

  private static void deliver(NodeEvent event) {
    Listener l = listener;
    if (l != null) {
      l.nodeEvent(event);
    } else {
      PrintStream out = fallback;
      out.println(event.describe());
      out.flush();
    }
  }

  /**
   * {@code node} stopped answering ({@code silent} true: requests sent to it over open connections got no answer, see
   * {@link NodeEvent#silence()}) or answers again; without a listener, printed as one line on stderr. A binding reports
   * this before its client library notices anything (a partitioned or frozen node keeps its connections open, and the
   * library marks it down only when its heartbeat fails, if ever).
   *
   * @param nodesAnswering the nodes the binding holds answering just after this event, of {@code nodesKnown}
   */
  public static void nodeSilence(String binding, String node, boolean silent, int nodesAnswering, int nodesKnown,
                                 String source) {
    deliver(new NodeEvent(binding, node, !silent, System.currentTimeMillis(), nodesAnswering, nodesKnown, source,
        true));
  }

  /**
   * {@code node} answers far slower than the other nodes ({@code slow} true: see {@link NodeEvent#slowness()}) or at
   * their speed again; without a listener, printed as one line on stderr.
   *
   * @param nodesNotSlow the nodes the binding does not hold slow just after this event, of {@code nodesKnown}
   */
  public static void nodeSlowness(String binding, String node, boolean slow, int nodesNotSlow, int nodesKnown,
                                  String source) {
    deliver(new NodeEvent(binding, node, !slow, System.currentTimeMillis(), nodesNotSlow, nodesKnown, source,
        NodeEvent.SPEED));
  }

  /**
   * One sample of {@code node}'s own figures, taken now. Non-finite values are dropped. Without a listener nothing
   * happens: a binding samples its database's own view only when {@link #listened()}, so in an engine that does not
   * listen (a YCSB 0.17.0 install) the sampling costs nothing.
   */
  public static void nodeGauges(String binding, String node, String source, Map<String, Double> values) {
    Listener l = listener;
    if (l == null) {
      return;
    }
    Map<String, Double> finite = new LinkedHashMap<>();
    for (Map.Entry<String, Double> e : values.entrySet()) {
      Double v = e.getValue();
      if (e.getKey() != null && v != null && !v.isNaN() && !v.isInfinite()) {
        finite.put(e.getKey(), v);
      }
    }
    l.nodeGauges(new NodeGauges(binding, node, source, System.currentTimeMillis(), finite));
  }

  /** Where reports go without a listener (stderr; tests capture it). */
  static void printTo(PrintStream out) {
    fallback = out;
  }
}
