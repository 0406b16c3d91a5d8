package site.ycsb.db.griddb;

import com.toshiba.mwcloud.gs.GridStore;
import com.toshiba.mwcloud.gs.GridStoreFactory;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Where a workload-E scan's time goes, through the binding's own classes, on a table loaded by
 * {@code bin/ycsb load griddb -P workloads/workloade -p griddb.scanlayout=index} (the scan-index layout): the index step (K TQL reads in
 * one fetchAll, merged) and the row step (one multiGet of the n rows), and the row step split into P multiGets
 * sent in parallel on P sessions of the same client thread. n uniform in 1..100 (workload E), start keys random.
 * Usage: ScanSplit TXPORT MODE THREADS SECONDS   MODE: index | full | split2 | split4 | split8
 * Env: CONTAINER_CACHE (the client's containerCacheSize; unset = the client's default).
 * Prints scans/s and the average ms of each step.
 */
public final class ScanSplit {
  public static void main(String[] a) throws Exception {
    String port = a[0];
    String mode = a[1];
    int threads = Integer.parseInt(a[2]);
    int seconds = Integer.parseInt(a[3]);
    Properties p = new Properties();
    p.setProperty("notificationMember", "127.0.0.1:" + port);
    p.setProperty("clusterName", "ycsbCluster");
    p.setProperty("user", "admin");
    p.setProperty("password", System.getenv().getOrDefault("GRIDDB_PASSWORD", "admin"));
    String cache = System.getenv("CONTAINER_CACHE");
    if (cache != null && !cache.isEmpty()) {
      p.setProperty("containerCacheSize", cache);
    }
    int parts = mode.startsWith("split") ? Integer.parseInt(mode.substring(5)) : 1;
    AtomicLong scans = new AtomicLong();
    AtomicLong rows = new AtomicLong();
    AtomicLong indexNs = new AtomicLong();
    AtomicLong rowNs = new AtomicLong();
    long[] end = new long[1];
    CyclicBarrier ready = new CyclicBarrier(threads, () -> end[0] = System.nanoTime() + seconds * 1_000_000_000L);
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      Thread th = new Thread(() -> {
        try {
          GridStore store = GridStoreFactory.getInstance().getGridStore(p);
          if (System.getenv("BASE_STORE") != null) {
            // Experiment: the store under the client's partitioned-table layer (PartStore), by reflection.
            java.lang.reflect.Field f = store.getClass().getDeclaredField("base");
            f.setAccessible(true);
            store = (GridStore) f.get(store);
          }
          GridStoreSession session = new GridStoreSession(store);
          List<GridStoreSession> helpers = new ArrayList<>();
          for (int i = 1; i < parts; i++) {
            helpers.add(new GridStoreSession(GridStoreFactory.getInstance().getGridStore(p)));
          }
          ExecutorService pool = parts > 1 ? Executors.newFixedThreadPool(parts - 1) : null;
          ContainerRouter router = TableLayouts.obtain("bench", "usertable", 0, ScanLayout.INDEX, -1,
              new TableSchema(10, "field"), session);
          Random r = new Random();
          ready.await();
          while (System.nanoTime() < end[0]) {
            int n = 1 + r.nextInt(100);
            String start = "user" + (r.nextLong() >>> 1);
            long t0 = System.nanoTime();
            List<String[]> keys = new ScanMerger(OrderedRangeReader.ofIndex(session)).scan(router.scanIndex(), start, n,
                new int[0]);
            long t1 = System.nanoTime();
            indexNs.addAndGet(t1 - t0);
            if (!mode.equals("index")) {
              List<Map<String, List<String>>> groups = new ArrayList<>();
              for (int i = 0; i < parts; i++) {
                groups.add(new HashMap<>());
              }
              for (String[] k : keys) {
                int idx = router.indexOf(k[0]);
                groups.get(idx % parts).computeIfAbsent(router.names().get(idx), x -> new ArrayList<>()).add(k[0]);
              }
              List<Future<Map<String, String[]>>> fs = new ArrayList<>();
              for (int i = 1; i < parts; i++) {
                GridStoreSession h = helpers.get(i - 1);
                Map<String, List<String>> g = groups.get(i);
                fs.add(pool.submit(() -> h.multiGet(g)));
              }
              int got = session.multiGet(groups.get(0)).size();
              for (Future<Map<String, String[]>> f : fs) {
                got += f.get().size();
              }
              rows.addAndGet(got);
              rowNs.addAndGet(System.nanoTime() - t1);
            }
            scans.incrementAndGet();
          }
          if (pool != null) {
            pool.shutdown();
          }
          for (GridStoreSession h : helpers) {
            h.close();
          }
          session.close();
        } catch (Exception e) {
          e.printStackTrace();
        }
      });
      workers.add(th);
      th.start();
    }
    for (Thread th : workers) {
      th.join();
    }
    long s = Math.max(1, scans.get());
    System.out.printf("%-6s threads=%d: %.1f scans/s, index step %.2f ms, row step %.2f ms, rows/scan %.1f%n", mode,
        threads, scans.get() / (double) seconds, indexNs.get() / 1e6 / s, rowNs.get() / 1e6 / s,
        rows.get() / (double) s);
  }
}
