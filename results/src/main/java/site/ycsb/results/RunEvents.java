package site.ycsb.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import site.ycsb.output.RecordFiles;
import site.ycsb.output.SummaryFields;
import site.ycsb.output.SummaryFields.Health;
import site.ycsb.output.SummaryFields.Verdict;
import site.ycsb.output.SummaryFields.NodeEvent;

/**
 * The events of one run, from what its record holds: the binding's node events ({@code database.nodeEvents}), the
 * warm-up's end, the status intervals ({@code status.log}'s health brackets) in which the cause the verdict names
 * was at work, process pauses above {@link #PAUSE_MS}, the user's marks ({@code marks.tsv}) and the hooks and findmax
 * step the tool ran around it ({@code tool-events.tsv}). A merged run keeps every client's events in
 * {@code timeline.events} of its summary (written by merge from the same reading); its own directory's marks and
 * tool events are read beside them.
 */
final class RunEvents {
  /** A process pause (GC, safepoint, a stopped VM) at least this long is an event. */
  static final double PAUSE_MS = 100;
  /** A status interval in which the threads waited, per second, this long for a CPU: the machine was busy. */
  static final double BUSY_WAIT_PER_SECOND = 1.0;
  /** A status interval whose threads spent this share of their time in calls: the client limited the schedule. */
  static final double CLIENT_LIMITED_BUSY_PCT = 90;

  private RunEvents() {
  }

  /** The run's events in time order. */
  static List<TimelineEvent> of(ResultDir d) throws UsageException {
    List<TimelineEvent> out = new ArrayList<>();
    JsonNode merged = d.summary().path(SummaryFields.OfMerged.TIMELINE).path(SummaryFields.Timeline.EVENTS);
    if (d.isMerged()) {
      for (JsonNode e : merged) {
        TimelineEvent t = TimelineEvent.fromJson(e);
        if (t != null) {
          out.add(t);
        }
      }
      out.addAll(MarksFile.read(d.dir(), "merged"));
      out.addAll(ToolEvents.read(d.dir(), null)); // the head ran them once for all clients
      Collections.sort(out);
      return out;
    }
    String client = d.host();
    JsonNode summary = d.summary();
    nodeEvents(summary, client, d.endEpochMs(), out);
    long warmupMs = summary.path(SummaryFields.WARMUP).path(SummaryFields.Warmup.DURATION_MS).asLong(0);
    if (warmupMs > 0) {
      out.add(TimelineEvent.moment(d.startEpochMs(), TimelineEvent.Kind.WARMUP, "warm-up end",
          "the warm-up (" + summary.path(SummaryFields.WARMUP).path(SummaryFields.Warmup.OPERATIONS).asLong(0)
              + " operations, " + warmupMs + " ms) ended; measurement starts", client));
    }
    statusWindows(d, client, out);
    out.addAll(MarksFile.read(d.dir(), client));
    out.addAll(ToolEvents.read(d.dir(), client));
    Collections.sort(out);
    return out;
  }

  /** The events as merge stores them. */
  static ArrayNode toJson(List<TimelineEvent> events) {
    ArrayNode a = Json.MAPPER.createArrayNode();
    for (TimelineEvent e : events) {
      a.add(e.toJson());
    }
    return a;
  }

  /**
   * Each node event as a moment; when the verdict blames the database, each time a node stopped answering or went
   * down until it answered or came up again (or the run ended) as a window.
   */
  private static void nodeEvents(JsonNode summary, String client, long endMs, List<TimelineEvent> out) {
    boolean blamed = "database".equals(summary.path(SummaryFields.HEALTH).path(Health.VERDICT).path(Verdict.CAUSE)
        .asText(""));
    Map<String, Long> stalledSince = new HashMap<>();
    for (JsonNode e : summary.path(SummaryFields.DATABASE).path(SummaryFields.Database.NODE_EVENTS)) {
      String node = e.path(NodeEvent.NODE).asText("?");
      String state = e.path(NodeEvent.STATE).asText("?");
      long at = e.path(NodeEvent.EPOCH_MS).asLong();
      out.add(TimelineEvent.moment(at, TimelineEvent.Kind.NODE, node + " " + state,
          e.path(NodeEvent.BINDING).asText("") + ": " + node + " " + state + " (" + e.path(NodeEvent.SOURCE).asText("")
              + "; " + e.path(NodeEvent.NODES_UP).asText("?") + " of " + e.path(NodeEvent.NODES_KNOWN).asText("?")
              + " nodes up)", client));
      if (state.equals("down") || state.equals("silent")) {
        stalledSince.putIfAbsent(node, at);
      } else if ((state.equals("up") || state.equals("answering")) && stalledSince.containsKey(node) && blamed) {
        out.add(stalled(node, stalledSince.remove(node), at, client));
      }
    }
    if (blamed) {
      for (Map.Entry<String, Long> open : stalledSince.entrySet()) {
        out.add(stalled(open.getKey(), open.getValue(), endMs, client));
      }
    }
  }

  private static TimelineEvent stalled(String node, long from, long to, String client) {
    return new TimelineEvent(from, to, TimelineEvent.Kind.DATABASE_STALLED, node + " stalled",
        "the verdict blames the database: " + node + " did not answer for " + seconds(to - from), client);
  }

  /** Windows of consecutive status intervals in which a blamed cause was at work; pauses one by one. */
  private static void statusWindows(ResultDir d, String client, List<TimelineEvent> out) throws UsageException {
    JsonNode health = d.summary().path(SummaryFields.HEALTH);
    String cause = health.path(Health.VERDICT).path(Verdict.CAUSE).asText("");
    boolean machine = cause.equals("machine")
        || health.path(Health.VERDICT).path(Verdict.MACHINE_BUSY).asBoolean(false);
    boolean clientLimited = cause.equals("client") || health.path(Health.CLIENT_LIMITED).asBoolean(false);
    List<StatusLogHealth.Interval> intervals = StatusLogHealth.read(d.dir().resolve(RecordFiles.STATUS_LOG),
        NodeReport.timeAxisZero(d));
    TimelineEvent busy = null;
    TimelineEvent limited = null;
    for (StatusLogHealth.Interval i : intervals) {
      boolean isBusy = machine && i.cpuWaitSec / i.seconds() >= BUSY_WAIT_PER_SECOND;
      busy = extend(busy, isBusy, i, TimelineEvent.Kind.MACHINE_BUSY, "machine busy",
          "the verdict names a busy machine: the client's threads waited at least " + BUSY_WAIT_PER_SECOND
              + " s per second for a CPU", client, out);
      boolean isLimited = clientLimited && i.threadsBusyPct >= CLIENT_LIMITED_BUSY_PCT;
      limited = extend(limited, isLimited, i, TimelineEvent.Kind.CLIENT_LIMITED, "client-limited",
          "the verdict names the client: its threads spent at least " + (int) CLIENT_LIMITED_BUSY_PCT
              + "% of their time in calls", client, out);
      if (i.maxPauseMs >= PAUSE_MS) {
        String ms = String.format(Locale.ROOT, "%.0f ms", i.maxPauseMs);
        out.add(new TimelineEvent(i.startEpochMs, i.endEpochMs, TimelineEvent.Kind.PAUSE, "pause " + ms,
            "the client process stood still for " + ms + " within this status interval (GC, safepoint, the machine)",
            client));
      }
    }
    flush(busy, out);
    flush(limited, out);
  }

  /** The open window grown by interval i when {@code on}, else closed (added) and null. */
  private static TimelineEvent extend(TimelineEvent open, boolean on, StatusLogHealth.Interval i,
      TimelineEvent.Kind kind, String label, String detail, String client, List<TimelineEvent> out) {
    if (on) {
      return open == null ? new TimelineEvent(i.startEpochMs, i.endEpochMs, kind, label, detail, client)
          : new TimelineEvent(open.epochMs, i.endEpochMs, kind, label, detail, client);
    }
    flush(open, out);
    return null;
  }

  private static void flush(TimelineEvent open, List<TimelineEvent> out) {
    if (open != null) {
      out.add(open);
    }
  }

  static String seconds(long ms) {
    return String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
  }
}
