package site.ycsb.results;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Random;

/** Result directories of imaginary benchmark campaigns, deterministic (fixed seeds) so reports can be golden. */
final class ReportFixtures {
  static final long T0 = 1_790_000_000_000L;
  static final String GRIDDB = "site.ycsb.db.griddb.GridDBClient";
  static final String CASSANDRA = "site.ycsb.db.CassandraCQLClient";

  private ReportFixtures() {
  }

  /** Load, workload A and workload C for GridDB and Cassandra, 3 nodes each. */
  static void twoConfigurations(Path root) throws IOException {
    campaign(root.resolve("griddb-3"), GRIDDB, "3nodes", 1, 300, 11);
    campaign(root.resolve("cassandra-3"), CASSANDRA, "3nodes", 2, 500, 22);
  }

  /** A campaign: load, A and C; `speed` scales the operation counts, `baseUs` the latencies. */
  static void campaign(Path dir, String db, String label, int slowness, long baseUs, long seed) throws IOException {
    Random random = new Random(seed);
    long start = T0;
    String[][] phases = {{"load", "", "INSERT"}, {"run", "workloada", "READ", "UPDATE"}, {"run", "workloadc", "READ"}};
    for (String[] phase : phases) {
      ResultDirFixture f = new ResultDirFixture();
      f.host = "client-1";
      f.db = db;
      f.label = label;
      f.phase = phase[0];
      f.workloadName = phase[1];
      f.startEpochMs = start;
      f.threads = 16;
      for (int interval = 0; interval < 6; interval++) {
        for (int op = 2; op < phase.length; op++) {
          int n = (400 + 40 * interval) / slowness;
          long[] values = new long[n];
          for (int i = 0; i < n; i++) {
            values[i] = Math.max(1, Math.round(baseUs * slowness * StrictMath.exp(0.6 * random.nextGaussian())));
          }
          f.interval(phase[op], values);
        }
      }
      f.write(dir.resolve(phase[0].equals("load") ? "load" : phase[1]));
      start += 3_600_000L;
    }
  }
}
