import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Arrays;

import com.datastax.driver.core.Cluster;
import com.datastax.driver.core.Host;
import com.datastax.driver.core.Session;
import com.datastax.driver.core.SimpleStatement;

/**
 * What one query of a node's own view costs: the binding's thread-pools query against a trivial one
 * ({@code SELECT now() FROM system.local}), each sent to the node directly as the binding sends it, in alternating
 * rounds: latency, the server's CPU time per query (its process's utime+stime from /proc, clock ticks, less the
 * server's idle CPU measured just before) and this client's.
 *
 * <p>Usage: {@code ViewCost ADDRESS PORT SERVER_PID ROUNDS QUERIES_PER_ROUND}
 */
public final class ViewCost {
  private static final String VIEW = "SELECT name, active_tasks, pending_tasks, blocked_tasks, completed_tasks FROM "
      + "system_views.thread_pools";
  private static final String TRIVIAL = "SELECT now() FROM system.local";

  private ViewCost() {
  }

  static long serverTicks(String pid) throws Exception {
    String stat = new String(Files.readAllBytes(Paths.get("/proc/" + pid + "/stat")), StandardCharsets.US_ASCII);
    String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    return Long.parseLong(f[11]) + Long.parseLong(f[12]);
  }

  public static void main(String[] a) throws Exception {
    String pid = a[2];
    int rounds = Integer.parseInt(a[3]);
    int n = Integer.parseInt(a[4]);
    com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    try (Cluster c = Cluster.builder().addContactPoint(a[0]).withPort(Integer.parseInt(a[1])).withoutJMXReporting()
        .withoutMetrics().build()) {
      Session s = c.connect();
      Host h = c.getMetadata().getAllHosts().iterator().next();
      for (int i = 0; i < 500; i++) {
        s.execute(new SimpleStatement(VIEW).setHost(h)).all();
        s.execute(new SimpleStatement(TRIVIAL).setHost(h)).all();
      }
      System.out.println("| round | query | rows | latency p50 ms | p90 ms | server CPU ms/query (idle subtracted) "
          + "| client CPU ms/query |");
      System.out.println("|---|---|---:|---:|---:|---:|---:|");
      for (int r = 1; r <= rounds; r++) {
        for (String q : r % 2 == 1 ? new String[] {VIEW, TRIVIAL} : new String[] {TRIVIAL, VIEW}) {
          long idle0 = serverTicks(pid);
          Thread.sleep(3000);
          double idleTicksPerSec = (serverTicks(pid) - idle0) / 3.0;
          long st = serverTicks(pid);
          long ct = os.getProcessCpuTime();
          long t0 = System.nanoTime();
          long[] lat = new long[n];
          int rows = 0;
          for (int i = 0; i < n; i++) {
            long t = System.nanoTime();
            rows = s.execute(new SimpleStatement(q).setHost(h)).all().size();
            lat[i] = System.nanoTime() - t;
          }
          double wall = (System.nanoTime() - t0) / 1e9;
          double serverMs = Math.max(0, (serverTicks(pid) - st) - idleTicksPerSec * wall) * 10.0 / n;
          double clientMs = (os.getProcessCpuTime() - ct) / 1e6 / n;
          Arrays.sort(lat);
          System.out.printf("| %d | %s | %d | %.2f | %.2f | %.2f | %.2f |%n", r, q == VIEW ? "thread_pools" : "now()",
              rows, lat[n / 2] / 1e6, lat[n * 9 / 10] / 1e6, serverMs, clientMs);
        }
      }
    }
  }
}
