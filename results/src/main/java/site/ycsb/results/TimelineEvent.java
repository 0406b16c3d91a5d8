package site.ycsb.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import site.ycsb.output.SummaryFields.Event;

/**
 * Something that happened at a moment (or over a window) of a run, for the timeline: a database node's change of
 * state, the warm-up's end, a window a verdict blames, a process pause, a user's mark, a hook or findmax step the
 * tool ran around the run. Immutable.
 */
final class TimelineEvent implements Comparable<TimelineEvent> {
  /** What kind of fact it is; the timeline colours and names marks by kind. */
  enum Kind {
    NODE("database node"), WARMUP("warm-up end"), MACHINE_BUSY("machine busy"), CLIENT_LIMITED("client-limited"),
    DATABASE_STALLED("database stalled"), PAUSE("process pause"), MARK("mark"), HOOK("hook"),
    STEP("findmax step");

    final String text;

    Kind(String text) {
      this.text = text;
    }

    /**
     * Whether it is something the tool did around the run (a hook, the findmax step): it ran before, after or
     * across the run, so the timeline draws it at the edge of the run it touches.
     */
    boolean atRunEdge() {
      return this == HOOK || this == STEP;
    }
  }

  final long epochMs;
  /** The end of a window; equal to {@link #epochMs} for a moment. */
  final long endEpochMs;
  final Kind kind;
  /** Short, for the chart ("node 3 down"). */
  final String label;
  /** The longer text of the events table (what the source said). */
  final String detail;
  /** The client that recorded it (its host), for merged runs. */
  final String client;

  TimelineEvent(long epochMs, long endEpochMs, Kind kind, String label, String detail, String client) {
    this.epochMs = epochMs;
    this.endEpochMs = Math.max(epochMs, endEpochMs);
    this.kind = kind;
    this.label = label;
    this.detail = detail;
    this.client = client;
  }

  static TimelineEvent moment(long epochMs, Kind kind, String label, String detail, String client) {
    return new TimelineEvent(epochMs, epochMs, kind, label, detail, client);
  }

  boolean isWindow() {
    return endEpochMs > epochMs;
  }

  ObjectNode toJson() {
    ObjectNode o = Json.object();
    o.put(Event.EPOCH_MS, epochMs).put(Event.END_EPOCH_MS, endEpochMs).put(Event.KIND, kind.name())
        .put(Event.LABEL, label).put(Event.DETAIL, detail).put(Event.CLIENT, client);
    return o;
  }

  /** The event a merged summary's {@code timeline.events} holds; null when the entry is not one. */
  static TimelineEvent fromJson(JsonNode o) {
    Kind kind;
    try {
      kind = Kind.valueOf(o.path(Event.KIND).asText(""));
    } catch (IllegalArgumentException e) {
      return null;
    }
    if (!o.path(Event.EPOCH_MS).canConvertToLong()) {
      return null;
    }
    return new TimelineEvent(o.path(Event.EPOCH_MS).asLong(),
        o.path(Event.END_EPOCH_MS).asLong(o.path(Event.EPOCH_MS).asLong()), kind, o.path(Event.LABEL).asText(""),
        o.path(Event.DETAIL).asText(""), o.path(Event.CLIENT).asText(""));
  }

  @Override
  public int compareTo(TimelineEvent o) {
    int c = Long.compare(epochMs, o.epochMs);
    return c != 0 ? c : label.compareTo(o.label);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TimelineEvent && compareTo((TimelineEvent) o) == 0 && kind == ((TimelineEvent) o).kind
        && client.equals(((TimelineEvent) o).client);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(epochMs) * 31 + label.hashCode();
  }
}
