package site.ycsb.db.griddb;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One GridDB node's statistics ({@value #SOURCE}, the JSON {@code gs_stat} prints) as figures for {@code
 * DatabaseReports.nodeGauges}: from its {@code performance} object the gauges as they are (connections, sessions,
 * transactions, background tasks; store memory, its use and limit, and the process's memory in MB) and the counters as
 * rates over the time since the node's previous reading (reads, writes, rows read and written, swap reads and writes,
 * lock conflicts per second). A counter that went down (the node restarted) has no rate in that reading.
 *
 * <p>Not thread-safe: one per node, used by the sampling thread.
 */
final class NodeStatFigures {
  static final String SOURCE = "/node/stat";
  private static final double MB = 1024.0 * 1024.0;

  /** Gauges: figure name, field of {@code performance}, divisor. */
  private static final Object[][] GAUGES = {
      {"connections", "numConnection", 1.0},
      {"sessions", "numSession", 1.0},
      {"transactions", "numTxn", 1.0},
      {"background tasks", "numBackground", 1.0},
      {"store memory MB", "storeMemory", MB},
      {"store use MB", "storeTotalUse", MB},
      {"store memory limit MB", "storeMemoryLimit", MB},
      {"process memory MB", "processMemory", MB},
  };

  /** Counters, reported per second: figure name, field of {@code performance}. */
  private static final String[][] COUNTERS = {
      {"reads/s", "totalReadOperation"},
      {"writes/s", "totalWriteOperation"},
      {"rows read/s", "totalRowRead"},
      {"rows written/s", "totalRowWrite"},
      {"swap reads/s", "swapRead"},
      {"swap writes/s", "swapWrite"},
      {"lock conflicts/s", "totalLockConflictCount"},
  };

  private Map<String, Double> lastCounters = new HashMap<>();
  private long lastNanos;

  /**
   * The figures of one answer taken at {@code nanoTime} ({@link System#nanoTime()}); an IllegalArgumentException
   * when the text is not the statistics' JSON.
   */
  Map<String, Double> figures(String json, long nanoTime) {
    Object root = JsonReader.parse(json);
    Object performance = root instanceof Map ? ((Map<?, ?>) root).get("performance") : null;
    if (!(performance instanceof Map)) {
      throw new IllegalArgumentException("no \"performance\" object in the answer");
    }
    Map<?, ?> perf = (Map<?, ?>) performance;
    Map<String, Double> out = new LinkedHashMap<>();
    for (Object[] g : GAUGES) {
      Object v = perf.get(g[1]);
      if (v instanceof Double) {
        out.put((String) g[0], (Double) v / (Double) g[2]);
      }
    }
    double seconds = lastCounters.isEmpty() ? 0 : (nanoTime - lastNanos) / 1e9;
    Map<String, Double> counters = new HashMap<>();
    for (String[] c : COUNTERS) {
      Object v = perf.get(c[1]);
      if (!(v instanceof Double)) {
        continue;
      }
      double now = (Double) v;
      counters.put(c[1], now);
      Double before = lastCounters.get(c[1]);
      if (before != null && seconds > 0 && now >= before) {
        out.put(c[0], (now - before) / seconds);
      }
    }
    lastCounters = counters;
    lastNanos = nanoTime;
    return out;
  }
}
