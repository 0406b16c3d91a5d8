package site.ycsb.results;

import java.util.ArrayList;
import java.util.List;

/**
 * The order a report is read in, top to bottom: what ran (the runs table), the verdict (warnings), the timeline (each
 * timeline chart with its events table under it), then the other tables and charts. Tables too long for a page are
 * left to the CSV files.
 */
final class PageOrder {
  static final String RUNS = "runs";

  private PageOrder() {
  }

  static Table whatRan(List<Table> tables) {
    for (Table t : tables) {
      if (t.id.equals(RUNS)) {
        return t;
      }
    }
    return null;
  }

  static List<NamedChart> timeline(List<NamedChart> charts) {
    List<NamedChart> out = new ArrayList<>();
    for (NamedChart c : charts) {
      if (isTimeline(c)) {
        out.add(c);
      }
    }
    return out;
  }

  /** The events table of a timeline chart, or null. */
  static Table eventsOf(NamedChart chart, List<Table> tables) {
    for (Table t : tables) {
      if (t.id.equals("events-" + chart.id)) {
        return t;
      }
    }
    return null;
  }

  /** The tables after the timeline: not the runs, not the events, not the CSV-only ones. */
  static List<Table> otherTables(List<Table> tables) {
    List<Table> out = new ArrayList<>();
    for (Table t : tables) {
      if (!t.id.equals(RUNS) && !t.id.startsWith("events-timeline-") && !t.csvOnly) {
        out.add(t);
      }
    }
    return out;
  }

  static List<NamedChart> otherCharts(List<NamedChart> charts) {
    List<NamedChart> out = new ArrayList<>();
    for (NamedChart c : charts) {
      if (!isTimeline(c)) {
        out.add(c);
      }
    }
    return out;
  }

  private static boolean isTimeline(NamedChart c) {
    return c.id.startsWith("timeline-");
  }
}
