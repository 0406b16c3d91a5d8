package site.ycsb;

import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import site.ycsb.support.DatabaseReports;

/**
 * A {@link MemoryDB} that reports through {@link DatabaseReports} as a clustered binding does: its consistency setting
 * at init, and, once the run is under way, node 127.0.0.3 down; with {@code nodeevents.all=true} the other two
 * nodes as well (the cluster unreachable), with {@code nodeevents.back=true} node 127.0.0.3 up again later. Every
 * read after the last node went down fails, as it would against an unreachable cluster. With {@code
 * nodeevents.gauges=true} every 10th read also reports two nodes' own figures ({@link DatabaseReports#nodeGauges}):
 * 127.0.0.2 with 4 tasks pending in ReadStage, 127.0.0.3 with one active task in MutationStage and nothing pending.
 */
public class NodeEventsDB extends MemoryDB {
  private static final AtomicLong READS = new AtomicLong();
  private static volatile boolean unreachable;

  public static void reset() {
    READS.set(0);
    unreachable = false;
  }

  @Override
  public void init() {
    DatabaseReports.setting("nodetest", "read consistency", "ONE");
  }

  @Override
  public Status read(String table, String key, java.util.Set<String> fields, Map<String, ByteIterator> result) {
    long n = READS.incrementAndGet();
    boolean all = Boolean.parseBoolean(getProperties().getProperty("nodeevents.all", "false"));
    boolean back = Boolean.parseBoolean(getProperties().getProperty("nodeevents.back", "false"));
    if (n % 10 == 0 && Boolean.parseBoolean(getProperties().getProperty("nodeevents.gauges", "false"))) {
      Map<String, Double> busy = new java.util.LinkedHashMap<>();
      busy.put("ReadStage active", 32.0);
      busy.put("ReadStage pending", 4.0);
      busy.put("ReadStage blocked", 0.0);
      DatabaseReports.nodeGauges("nodetest", "127.0.0.2:9042", "test thread pools", busy);
      Map<String, Double> idle = new java.util.LinkedHashMap<>();
      idle.put("MutationStage active", 1.0);
      idle.put("MutationStage pending", 0.0);
      DatabaseReports.nodeGauges("nodetest", "127.0.0.3:9042", "test thread pools", idle);
    }
    if (n == 50) {
      DatabaseReports.nodeEvent("nodetest", "127.0.0.3:9042", false, 2, 3, "test host-down event");
      if (all) {
        DatabaseReports.nodeEvent("nodetest", "127.0.0.2:9042", false, 1, 3, "test host-down event");
        DatabaseReports.nodeEvent("nodetest", "127.0.0.1:9042", false, 0, 3, "test host-down event");
        unreachable = true;
      }
    } else if (n == 100 && back) {
      DatabaseReports.nodeEvent("nodetest", "127.0.0.3:9042", true, 3, 3, "test host-up event");
    }
    return unreachable ? Status.SERVICE_UNAVAILABLE : super.read(table, key, fields, result);
  }
}
