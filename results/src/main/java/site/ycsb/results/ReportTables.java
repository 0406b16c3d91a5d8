package site.ycsb.results;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;

import site.ycsb.output.SummaryFields;
import site.ycsb.output.SummaryFields.Causes;
import site.ycsb.output.SummaryFields.Health;
import site.ycsb.output.SummaryFields.Measurement;
import site.ycsb.output.SummaryFields.Verdict;

/** Builds the report's tables: runs, throughput per workload, latency per operation, and an A/B comparison. */
final class ReportTables {
  /** Operation types in the order benchmark reports list them; others follow alphabetically. */
  static final List<String> OPERATIONS = Arrays.asList("INSERT", "READ", "READ-MODIFY-WRITE", "UPDATE", "SCAN");
  static final String INTENDED = "Intended-";

  private final RunCatalog catalog;
  private final HdrTotals hdr;

  ReportTables(RunCatalog catalog, HdrTotals hdr) {
    this.catalog = catalog;
    this.hdr = hdr;
  }

  /** Service-time operations present in any run, in report order. */
  List<String> operations() {
    Set<String> others = new TreeSet<>();
    Set<String> present = new TreeSet<>();
    for (ReportRun r : catalog.runs()) {
      for (String name : r.dir.measurementNames()) {
        if (name.startsWith(INTENDED) || name.endsWith("-FAILED") || name.equals("CLEANUP")
            || Measurement.KIND_INTENDED.equals(r.dir.measurements().path(name).path(Measurement.KIND).asText())) {
          continue;
        }
        present.add(name);
        if (!OPERATIONS.contains(name)) {
          others.add(name);
        }
      }
    }
    List<String> out = new ArrayList<>();
    for (String op : OPERATIONS) {
      if (present.contains(op)) {
        out.add(op);
      }
    }
    out.addAll(others);
    return out;
  }

  Table runs() {
    Table t = new Table("runs", "Runs", "Configuration", "Workload", "Directory", "Clients", "Threads",
        "Target (ops/sec)", "Start (UTC)", "Runtime (s)", "Operations", "Exit", "Client-limited");
    for (ReportRun r : catalog.runs()) {
      ResultDir d = r.dir;
      double target = d.summary().path(SummaryFields.TARGET).asDouble(0);
      // a run known only from its hdr logs (0.17.0's) did not record its threads, target or health: unknown, empty
      boolean recorded = d.summary().has(SummaryFields.THREADS);
      t.add(Arrays.asList(r.configuration, r.workload, shortPath(d.dir()), Integer.toString(d.clients().size()),
          recorded ? Long.toString(d.threads()) : "", !recorded ? "" : target > 0 ? fixed1(target) : "unthrottled",
          Instant.ofEpochMilli(d.startEpochMs()).toString(),
          fixed1((d.endEpochMs() - d.startEpochMs()) / 1000.0), Long.toString(d.operations()),
          d.text(SummaryFields.EXIT_REASON), !recorded ? ""
              : d.summary().path(SummaryFields.HEALTH).path(Health.CLIENT_LIMITED).asBoolean(false) ? "YES" : "no"));
    }
    return t;
  }

  /**
   * Each client's verdict on its lateness and the measures of each cause (summary.json's {@code health.verdict} and
   * {@code health.causes}; a merged run has a row per client): null when no run recorded them (an older engine).
   */
  Table health() {
    Table t = new Table("health", "Client health: what made operations late, and the measure of each cause",
        "Configuration", "Workload", "Client", "Verdict", "Lag p99 (us)", "CPU wait (s)", "CPU run (s)", "Load average",
        "Threads busy in calls (%)", "Service p99.9 (us)", "Longest call (us)", "Longest pause (us)");
    boolean any = false;
    for (ReportRun r : catalog.runs()) {
      JsonNode h = r.dir.summary().path(SummaryFields.HEALTH);
      JsonNode clients = h.path(Health.PER_CLIENT);
      if (clients.size() > 0) {
        for (JsonNode c : clients) {
          any |= healthRow(t, r, c.path(SummaryFields.HOST).asText("?"), c);
        }
      } else {
        any |= healthRow(t, r, r.dir.host(), h);
      }
    }
    return any ? t : null;
  }

  /** One client's row; false (and no row) when its record has no verdict. */
  private static boolean healthRow(Table t, ReportRun r, String host, JsonNode h) {
    JsonNode v = h.path(Health.VERDICT);
    JsonNode c = h.path(Health.CAUSES);
    if (!v.isObject()) {
      return false;
    }
    String cause = v.path(Verdict.CAUSE).asText("");
    t.add(Arrays.asList(r.configuration, r.workload, host, cause.equals("none") ? "on time" : cause,
        whole(h.path(Health.SCHEDULE_LAG_P99_US)), fixed2(c.path(Causes.CPU_WAIT_SEC), "not measured"),
        fixed2(c.path(Causes.CPU_RUN_SEC), ""), fixed2(c.path(Causes.LOAD_AVERAGE), ""),
        c.path(Causes.THREADS_BUSY_IN_CALLS).isNumber()
            ? fixed1(100 * c.path(Causes.THREADS_BUSY_IN_CALLS).asDouble()) : "",
        whole(c.path(Causes.SERVICE_P999_US)), whole(c.path(Causes.LONGEST_CALL_US)),
        whole(c.path(Causes.PROCESS_PAUSE_MAX_US))));
    return true;
  }

  Table throughput() {
    List<String> header = new ArrayList<>();
    header.add("Configuration");
    header.addAll(catalog.workloads());
    Table t = new Table("throughput", "Throughput (ops/sec)", header.toArray(new String[0]));
    for (String c : catalog.configurations()) {
      List<String> row = new ArrayList<>();
      row.add(c);
      for (String w : catalog.workloads()) {
        ReportRun r = catalog.get(c, w);
        row.add(r == null ? "" : fixed1(r.dir.throughput()));
      }
      t.add(row);
    }
    return t;
  }

  /** Latency per workload, operation and configuration; prefix "" for service time, "Intended-" for intended. */
  Table latency(String prefix) throws UsageException {
    boolean intended = !prefix.isEmpty();
    Table t = new Table(intended ? "latency-intended" : "latency",
        intended ? "Intended latency (us, from the intended start time)" : "Latency (us)",
        "Workload", "Operation", "Configuration", "Operations", "Errors", "Average", "p95", "p99", "p99.9", "Max");
    for (String w : catalog.workloads()) {
      for (String op : operations()) {
        for (String c : catalog.configurations()) {
          ReportRun r = catalog.get(c, w);
          LatencyFigures f = r == null ? null : LatencyFigures.of(r.dir, prefix + op, hdr);
          if (f == null) {
            continue;
          }
          LatencyFigures service = intended ? LatencyFigures.of(r.dir, op, hdr) : f;
          t.add(Arrays.asList(w, op, c, Long.toString(f.operations),
              Long.toString(service == null ? 0 : service.errors), fixed1(f.averageUs), opt(f.p95Us), opt(f.p99Us),
              opt(f.p999Us), Long.toString(f.maxUs)));
        }
      }
    }
    return t;
  }

  boolean hasIntended() {
    for (ReportRun r : catalog.runs()) {
      for (String name : r.dir.measurementNames()) {
        if (name.startsWith(INTENDED)) {
          return true;
        }
      }
    }
    return false;
  }

  /** Every figure both configurations have, side by side, with the ratio b/a. */
  Table comparison(String a, String b) throws UsageException {
    Table t = new Table("comparison", "Comparison: " + b + " / " + a, "Figure", a, b, b + " / " + a);
    for (String w : catalog.workloads()) {
      ReportRun ra = catalog.get(a, w);
      ReportRun rb = catalog.get(b, w);
      if (ra == null || rb == null) {
        continue;
      }
      ratioRow(t, w + " throughput (ops/sec)", ra.dir.throughput(), rb.dir.throughput());
      for (String op : operations()) {
        LatencyFigures fa = LatencyFigures.of(ra.dir, op, hdr);
        LatencyFigures fb = LatencyFigures.of(rb.dir, op, hdr);
        if (fa == null || fb == null) {
          continue;
        }
        String name = w + " " + op + " ";
        ratioRow(t, name + "average (us)", fa.averageUs, fb.averageUs);
        ratioRow(t, name + "p95 (us)", fa.p95Us, fb.p95Us);
        ratioRow(t, name + "p99 (us)", fa.p99Us, fb.p99Us);
        ratioRow(t, name + "p99.9 (us)", fa.p999Us, fb.p999Us);
        ratioRow(t, name + "max (us)", (Long) fa.maxUs, (Long) fb.maxUs);
      }
    }
    return t;
  }

  private static void ratioRow(Table t, String figure, Long a, Long b) {
    if (a != null && b != null) {
      t.add(Arrays.asList(figure, Long.toString(a), Long.toString(b), ratio(a, b)));
    }
  }

  private static void ratioRow(Table t, String figure, double a, double b) {
    t.add(Arrays.asList(figure, fixed1(a), fixed1(b), ratio(a, b)));
  }

  private static String ratio(double a, double b) {
    return a == 0 ? "" : String.format(Locale.ROOT, "%.2f", b / a);
  }

  /** A whole number from a summary field, or an empty cell. */
  private static String whole(JsonNode v) {
    return v.isNumber() ? Long.toString(v.asLong()) : "";
  }

  /** A number with two decimals from a summary field, or {@code missing}. */
  private static String fixed2(JsonNode v, String missing) {
    return v.isNumber() ? String.format(Locale.ROOT, "%.2f", v.asDouble()) : missing;
  }

  static String fixed1(double v) {
    return String.format(Locale.ROOT, "%.1f", v);
  }

  /** A figure that may be unknown: the number, or an empty cell. */
  static String opt(Long v) {
    return v == null ? "" : Long.toString(v);
  }

  /** The last two path elements, enough to recognise a run without leaking the local directory layout. */
  static String shortPath(Path dir) {
    Path p = dir.toAbsolutePath().normalize();
    int n = p.getNameCount();
    return n >= 2 ? p.getName(n - 2) + "/" + p.getName(n - 1) : p.toString();
  }
}
