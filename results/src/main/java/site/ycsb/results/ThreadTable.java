package site.ycsb.results;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The table shape of the Alibaba ApsaraDB benchmark whitepaper, from any set of result directories: one row per
 * configuration, thread count and run workload, with the load of the same configuration and thread count beside
 * it — threads, Load OPS, Load WAVG, Run OPS, Run WAVG, Run RAVG, Run RP95, Run RP99, Run RP999 (latencies in µs),
 * and the database nodes' CPU during the run (the mean over the nodes of each node's mean, when they were sampled).
 * Latency is the service time, as YCSB prints it (WAVG: the average of the load's INSERT; in a run, of UPDATE,
 * else INSERT; RAVG and RP*: READ). Unlike the other tables, several runs of one configuration and workload are
 * kept apart by their thread count.
 */
final class ThreadTable {
  private final HdrTotals hdr;
  private final List<String> warnings = new ArrayList<>();
  /** configuration -> threads -> workload -> run. */
  private final Map<String, TreeMap<Long, Map<String, ReportRun>>> runs = new LinkedHashMap<>();

  ThreadTable(List<ReportRun> all, HdrTotals hdr) {
    this.hdr = hdr;
    for (ReportRun r : all) {
      Map<String, ReportRun> byWorkload = runs.computeIfAbsent(r.configuration, k -> new TreeMap<>())
          .computeIfAbsent(r.dir.threads(), k -> new LinkedHashMap<>());
      ReportRun earlier = byWorkload.get(r.workload);
      if (earlier != null) {
        ReportRun keep = r.dir.startEpochMs() >= earlier.dir.startEpochMs() ? r : earlier;
        warnings.add("several results for " + r.configuration + " / " + r.workload + " / " + r.dir.threads()
            + " threads (" + earlier.dir + ", " + r.dir + "); the thread table shows the later " + keep.dir);
        byWorkload.put(r.workload, keep);
      } else {
        byWorkload.put(r.workload, r);
      }
    }
  }

  List<String> warnings() {
    return warnings;
  }

  Table table() throws UsageException {
    Table t = new Table("by-threads", "By thread count (ApsaraDB whitepaper layout; service time, us)",
        "Configuration", "Workload", "Threads", "Load OPS", "Load WAVG", "Run OPS", "Run WAVG", "Run RAVG",
        "Run RP95", "Run RP99", "Run RP999", "Server CPU %");
    for (Map.Entry<String, TreeMap<Long, Map<String, ReportRun>>> c : runs.entrySet()) {
      for (Map.Entry<Long, Map<String, ReportRun>> th : c.getValue().entrySet()) {
        ReportRun load = th.getValue().get("load");
        String loadOps = load == null ? "" : ReportTables.fixed1(load.dir.throughput());
        String loadWavg = load == null ? "" : average(load, "INSERT");
        boolean any = false;
        for (Map.Entry<String, ReportRun> w : th.getValue().entrySet()) {
          if (w.getKey().equals("load")) {
            continue;
          }
          any = true;
          ReportRun r = w.getValue();
          String wavg = average(r, "UPDATE");
          if (wavg.isEmpty()) {
            wavg = average(r, "INSERT");
          }
          LatencyFigures read = LatencyFigures.of(r.dir, "READ", hdr);
          t.add(Arrays.asList(c.getKey(), w.getKey(), Long.toString(th.getKey()), loadOps, loadWavg,
              ReportTables.fixed1(r.dir.throughput()), wavg, read == null ? "" : ReportTables.fixed1(read.averageUs),
              read == null ? "" : ReportTables.opt(read.p95Us), read == null ? "" : ReportTables.opt(read.p99Us),
              read == null ? "" : ReportTables.opt(read.p999Us), serverCpu(r)));
        }
        if (!any) {
          t.add(Arrays.asList(c.getKey(), "", Long.toString(th.getKey()), loadOps, loadWavg, "", "", "", "", "", "",
              serverCpu(load)));
        }
      }
    }
    return t;
  }

  /** The database nodes' CPU during the run: the mean over the nodes of each node's mean (%), or empty. */
  private static String serverCpu(ReportRun r) {
    Double cpu = r == null ? null : DatabaseNodeFiles.meanCpu(r.dir);
    return cpu == null ? "" : ReportTables.fixed1(cpu);
  }

  private String average(ReportRun r, String op) throws UsageException {
    LatencyFigures f = LatencyFigures.of(r.dir, op, hdr);
    return f == null || f.operations == 0 ? "" : ReportTables.fixed1(f.averageUs);
  }
}
