package site.ycsb.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Locale;

import site.ycsb.telemetry.NodeInfo;

/**
 * Test input: a database node's samples (server-<node>.csv, in the engine's format) added to a result directory
 * through {@link DatabaseNodeFiles#attach}, the way the tools add the nodes they sample.
 */
final class NodeFixture {
  static final String HEADER = "epoch_ms,elapsed_s,interval_s,cpu_pct,user_pct,system_pct,iowait_pct,steal_pct,"
      + "machine_cpu_pct,load1,mem_used_mb,mem_total_mb,rss_mb,disk_read_mb_s,disk_write_mb_s,disk_busy_pct,"
      + "net_rx_mb_s,net_tx_mb_s";

  private NodeFixture() {
  }

  /**
   * One sample per second from the result's start, CPU as given (the machine's too), disk busy {@code diskBusy},
   * 2 MB/s read, 1 MB/s written, 3 MB/s in, 4 MB/s out.
   */
  static NodeInfo add(Path resultDir, String node, boolean local, double diskBusy, double... cpu)
      throws IOException, UsageException {
    long start = ResultDir.load(resultDir).startEpochMs();
    StringBuilder csv = new StringBuilder(HEADER).append('\n');
    for (int i = 0; i < cpu.length; i++) {
      csv.append(String.format(Locale.ROOT, "%d,%d,1,%.1f,%.1f,1,0.5,0,%.1f,1.5,4000,16000,%s,2,1,%.1f,3,4%n",
          start + 1000L * (i + 1), i + 1, cpu[i], cpu[i] - 1, cpu[i], local ? "600" : "", diskBusy));
    }
    Path samples = Files.createTempDirectory("node-fixture");
    Files.write(samples.resolve("server-" + node + ".csv"), csv.toString().getBytes(StandardCharsets.UTF_8));
    NodeInfo info = new NodeInfo(node, local ? "local process 42 (java)" : "ssh " + node, local, 4);
    DatabaseNodeFiles.attach(resultDir, 1000, Collections.singletonList(info), samples);
    return info;
  }

  static double[] times(double v, int n) {
    double[] a = new double[n];
    java.util.Arrays.fill(a, v);
    return a;
  }
}
