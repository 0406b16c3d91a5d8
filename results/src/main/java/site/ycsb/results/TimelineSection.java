package site.ycsb.results;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * The report's timeline: per workload, one {@link TimelineChart} (one run, or the two compared runs overlaid; with
 * more configurations, one chart per configuration) with the table of its events under it, and per interval the
 * figures it draws as CSV ({@code latency-over-time.csv}, {@code rates-over-time.csv}); for a findmax run, one chart
 * of all its steps one after another ({@link #findmax}), with CSV tables of its own.
 */
final class TimelineSection {
  /** More events than this on one chart are listed in its table but not drawn (the marks would be a wall). */
  static final int MAX_MARKS = 40;

  final List<NamedChart> charts = new ArrayList<>();
  final List<Table> tables = new ArrayList<>();
  private final Table latency;
  private final Table rates;

  /**
   * {@code suffix} ends the CSV tables' ids ("": the report's runs; a findmax run's own); {@code runColumn} names the
   * column that says which run a row is of.
   */
  private TimelineSection(String suffix, String runColumn) {
    latency = new Table("latency-over-time" + suffix, "Latency per interval (us, from each interval's histogram)",
        "Workload", runColumn, "Measurement", "Interval end (s)", "Interval (s)", "Operations", "p50", "p99",
        "p99.9", "Max");
    rates = new Table("rates-over-time" + suffix, "Completed and failed operations and the binding's retries per"
        + " second per interval (empty: an interval too short for a rate, or a binding that counts no retries)",
        "Workload", runColumn, "Interval end (s)", "Interval (s)", "Completed ops/s", "Failed ops/s", "Retries/s");
  }

  /** The timeline of every workload of the catalog whose runs have hdr logs. */
  static TimelineSection build(RunCatalog catalog) throws UsageException {
    TimelineSection s = new TimelineSection("", "Configuration");
    List<String> configs = catalog.configurations();
    for (String w : catalog.workloads()) {
      List<TimelineRun> runs = new ArrayList<>();
      for (String c : configs) {
        ReportRun r = catalog.get(c, w);
        TimelineRun t = r == null ? null : TimelineRun.of(c, r);
        if (t != null) {
          runs.add(t);
          s.addRows(t);
        }
      }
      if (runs.size() <= 2) {
        s.addChart(w, runs, false);
      } else {
        for (TimelineRun t : runs) {
          s.addChart(w, Collections.singletonList(t), true);
        }
      }
    }
    s.addCsvTables();
    return s;
  }

  /**
   * The timeline of a findmax run: every step's engine run on one wall-clock axis, in the order they ran, each
   * step's start marked with its target rate (its {@code tool-events.tsv}), nothing drawn between steps. Steps
   * without a directory or hdr logs are left out (the step table lists them). Empty when no step has logs.
   */
  static TimelineSection findmax(FindmaxRun run, String name) throws UsageException {
    String id = "findmax-" + ReportCharts.fileSafe(name);
    TimelineSection s = new TimelineSection("-" + id, "Step");
    List<TimelineRun.Part> parts = new ArrayList<>();
    for (FindmaxRun.Step step : run.steps) {
      TimelineRun.Part part = step.dir == null ? null : TimelineRun.Part.of("step " + step.index,
          new ReportRun(step.dir));
      if (part != null) {
        parts.add(part);
      }
    }
    TimelineRun line = TimelineRun.sequence("findmax " + name, parts);
    if (line != null) {
      s.addRows(line);
      s.addChart("timeline-" + id, "Timeline, findmax " + name + ": " + parts.size() + " steps, one after another",
          Collections.singletonList(line));
      s.addCsvTables();
    }
    return s;
  }

  /** The per-interval tables, as CSV only (a row per interval is too long for a page). */
  private void addCsvTables() {
    if (!latency.rows.isEmpty()) {
      latency.csvOnly = true;
      rates.csvOnly = true;
      tables.add(latency);
      tables.add(rates);
    }
  }

  private void addChart(String workload, List<TimelineRun> runs, boolean grouped) throws UsageException {
    if (runs.isEmpty()) {
      return;
    }
    List<TimelineEvent> all = events(runs);
    NamedChart chart = TimelineChart.build(workload, runs, all.subList(0, Math.min(all.size(), MAX_MARKS)), grouped);
    addChart(chart, runs, all);
  }

  private void addChart(String id, String title, List<TimelineRun> runs) throws UsageException {
    List<TimelineEvent> all = events(runs);
    addChart(TimelineChart.build(id, title, runs, all.subList(0, Math.min(all.size(), MAX_MARKS))), runs, all);
  }

  private void addChart(NamedChart chart, List<TimelineRun> runs, List<TimelineEvent> all) {
    charts.add(chart);
    if (!all.isEmpty()) {
      tables.add(eventsTable(chart, runs, all));
    }
  }

  /** The runs' events in the order of the time axis. */
  private static List<TimelineEvent> events(List<TimelineRun> runs) {
    List<TimelineEvent> all = new ArrayList<>();
    for (TimelineRun r : runs) {
      all.addAll(r.events);
    }
    all.sort((a, b) -> Double.compare(TimelineChart.runOf(runs, a).elapsedS(a.epochMs),
        TimelineChart.runOf(runs, b).elapsedS(b.epochMs)));
    return all;
  }

  /** The table of a chart's events: its id is "events-" and the chart's id, which places it under the chart. */
  private static Table eventsTable(NamedChart chart, List<TimelineRun> runs, List<TimelineEvent> events) {
    boolean compare = runs.size() > 1;
    List<String> header = new ArrayList<>(Arrays.asList("#", "At (s)", "Until (s)", "Event", "Client",
        "What the record says"));
    if (compare) {
      header.add(1, "Run");
    }
    Table t = new Table("events-" + chart.id, "Events, " + chart.title.replace("Timeline, ", "")
        + " (numbered as on the chart)", header.toArray(new String[0]));
    for (int n = 0; n < events.size(); n++) {
      TimelineEvent e = events.get(n);
      TimelineRun run = TimelineChart.runOf(runs, e);
      List<String> row = new ArrayList<>(Arrays.asList(n < MAX_MARKS ? Integer.toString(n + 1) : "(not drawn)",
          seconds(run.elapsedS(e.epochMs)), e.isWindow() ? seconds(run.elapsedS(e.endEpochMs)) : "",
          e.label.startsWith(e.kind.text) ? e.label : e.kind.text + ": " + e.label, e.client, e.detail));
      if (compare) {
        row.add(1, run.name);
      }
      t.add(row);
    }
    return t;
  }

  /** A row per interval (and measurement) of every part of the line, at its time on the line's axis. */
  private void addRows(TimelineRun t) {
    for (TimelineRun.Part part : t.parts) {
      RunIntervals in = part.intervals;
      String workload = part.run.workload;
      for (int i = 0; i < in.grid.size(); i++) {
        String end = seconds(t.elapsedS(in.grid.endOf(i)));
        String length = String.format(Locale.ROOT, "%.3f", in.grid.seconds(i));
        for (String name : in.byMeasurement.keySet()) {
          RunIntervals.Cell h = in.byMeasurement.get(name).get(i);
          if (h.getTotalCount() == 0) {
            continue;
          }
          List<String> row = new ArrayList<>(Arrays.asList(workload, part.name, name, end, length,
              Long.toString(h.getTotalCount())));
          for (double p : TimelineChart.PERCENTILES) {
            row.add(Long.toString(h.valueAt(p)));
          }
          latency.add(row);
        }
        boolean known = in.rateKnown(i);
        Double retried = known ? part.retryRate(in.grid.startOf(i), in.grid.endOf(i)) : null;
        rates.add(Arrays.asList(workload, part.name, end, String.format(Locale.ROOT, "%.3f", in.runSeconds(i)),
            known ? ReportTables.fixed1(in.rate(i, false)) : "", known ? ReportTables.fixed1(in.rate(i, true)) : "",
            retried == null ? "" : ReportTables.fixed1(retried)));
      }
    }
  }

  private static String seconds(double s) {
    return String.format(Locale.ROOT, "%.1f", s);
  }
}
