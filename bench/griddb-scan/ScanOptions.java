import com.toshiba.mwcloud.gs.ColumnInfo;
import com.toshiba.mwcloud.gs.Container;
import com.toshiba.mwcloud.gs.ContainerInfo;
import com.toshiba.mwcloud.gs.ContainerType;
import com.toshiba.mwcloud.gs.GSType;
import com.toshiba.mwcloud.gs.GridStore;
import com.toshiba.mwcloud.gs.GridStoreFactory;
import com.toshiba.mwcloud.gs.IndexType;
import com.toshiba.mwcloud.gs.Query;
import com.toshiba.mwcloud.gs.Row;
import com.toshiba.mwcloud.gs.RowSet;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Measures ways to answer a YCSB scan (rows with key >= start, in key order, n of them) over a table spread on C
 * containers, against a real GridDB node. Table: C collections scanbench<C>_i with STRING key k, LONG ord (the
 * first 8 UTF-8 bytes of k, big-endian, sign bit flipped: order-preserving), TREE index on ord, 10 fields of
 * 100 bytes. Modes:
 *   load                  create the containers and load N keys ("user" + a random 63-bit number, like hashed YCSB keys)
 *   sql-per-container     one JDBC SELECT ... WHERE k >= ? ORDER BY k LIMIT m per container (the binding today)
 *   sql-union             one JDBC statement: UNION ALL of the C per-container SELECTs
 *   tql-sequential        one TQL "select * where ord >= X order by ord limit m" per container, one after another
 *   tql-fetchall          the same C TQL queries sent together with GridStore.fetchAll
 * m = 2 * ceil(n / C) + 4 rows per container, n = 50 (workload E's mean scan length). Prints scans/s.
 * Usage: ScanOptions HOST TXPORT SQLPORT CLUSTER MODE C N THREADS SECONDS (user admin; password from GRIDDB_PASSWORD,
 * default admin).
 */
public final class ScanOptions {
  static long ord(String k) {
    byte[] b = k.getBytes(StandardCharsets.UTF_8);
    long v = 0;
    for (int i = 0; i < 8; i++) {
      v = (v << 8) | (i < b.length ? (b[i] & 0xff) : 0);
    }
    return v ^ Long.MIN_VALUE;
  }

  public static void main(String[] a) throws Exception {
    String host = a[0];
    String tx = a[1];
    String sqlPort = a[2];
    String cluster = a[3];
    String mode = a[4];
    int c = Integer.parseInt(a[5]);
    int n = Integer.parseInt(a[6]);
    int threads = Integer.parseInt(a[7]);
    int seconds = Integer.parseInt(a[8]);
    String password = System.getenv().getOrDefault("GRIDDB_PASSWORD", "admin");
    Properties p = new Properties();
    p.setProperty("notificationMember", host + ":" + tx);
    p.setProperty("clusterName", cluster);
    p.setProperty("user", "admin");
    p.setProperty("password", password);
    String prefix = "scanbench" + c + "_";
    int m = 2 * ((50 + c - 1) / c) + 4;
    if (mode.equals("load")) {
      load(p, prefix, c, n);
      return;
    }
    AtomicLong scans = new AtomicLong();
    AtomicLong rows = new AtomicLong();
    // The clock starts when every thread has connected and prepared its statements.
    long[] endHolder = new long[1];
    java.util.concurrent.CyclicBarrier ready = new java.util.concurrent.CyclicBarrier(threads,
        () -> endHolder[0] = System.nanoTime() + seconds * 1_000_000_000L);
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      Thread th = new Thread(() -> {
        try {
          Random r = new Random();
          if (mode.startsWith("tql")) {
            GridStore store = GridStoreFactory.getInstance().getGridStore(p);
            List<Container<Object, Row>> cs = new ArrayList<>();
            for (int i = 0; i < c; i++) {
              cs.add(store.getContainer(prefix + i));
            }
            ready.await();
            long end = endHolder[0];
            while (System.nanoTime() < end) {
              String tql = "select * where ord >= " + ord("user" + (r.nextLong() >>> 1)) + " order by ord asc limit " + m;
              List<Query<Row>> qs = new ArrayList<>();
              for (Container<Object, Row> ct : cs) {
                qs.add(ct.query(tql));
              }
              if (mode.equals("tql-fetchall")) {
                store.fetchAll(qs);
              }
              for (Query<Row> q : qs) {
                RowSet<Row> rs = mode.equals("tql-fetchall") ? q.getRowSet() : q.fetch();
                while (rs.hasNext()) {
                  rs.next();
                  rows.incrementAndGet();
                }
                q.close();
              }
              scans.incrementAndGet();
            }
            store.close();
          } else {
            Properties jp = new Properties();
            jp.setProperty("user", "admin");
            jp.setProperty("password", password);
            try (Connection con = DriverManager.getConnection("jdbc:gs:///" + cluster + "/public?notificationMember="
                + host + ":" + sqlPort, jp)) {
              List<PreparedStatement> ps = new ArrayList<>();
              StringBuilder union = new StringBuilder();
              for (int i = 0; i < c; i++) {
                String one = "SELECT * FROM \"" + prefix + i + "\" WHERE k >= ? ORDER BY k LIMIT " + m;
                if (!mode.equals("sql-union")) {
                  ps.add(con.prepareStatement(one));
                }
                union.append(i == 0 ? "" : " UNION ALL ").append("SELECT * FROM (").append(one).append(") t").append(i);
              }
              PreparedStatement u = mode.equals("sql-union") ? con.prepareStatement(union.toString()) : null;
              ready.await();
              long end = endHolder[0];
              while (System.nanoTime() < end) {
                String start = "user" + (r.nextLong() >>> 1);
                List<PreparedStatement> run = new ArrayList<>();
                if (mode.equals("sql-union")) {
                  for (int i = 1; i <= c; i++) {
                    u.setString(i, start);
                  }
                  run.add(u);
                } else {
                  for (PreparedStatement s : ps) {
                    s.setString(1, start);
                  }
                  run.addAll(ps);
                }
                for (PreparedStatement s : run) {
                  try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                      rows.incrementAndGet();
                    }
                  }
                }
                scans.incrementAndGet();
              }
            }
          }
        } catch (Exception e) {
          System.err.println(mode + ": " + e);
        }
      });
      th.start();
      workers.add(th);
    }
    for (Thread th : workers) {
      th.join();
    }
    System.out.printf("mode=%s C=%d threads=%d: %.1f scans/s, %.0f rows read per scan%n", mode, c, threads,
        scans.get() / (double) seconds, rows.get() / Math.max(1.0, scans.get()));
  }

  private static void load(Properties p, String prefix, int c, int n) throws Exception {
    GridStore store = GridStoreFactory.getInstance().getGridStore(p);
    ContainerInfo info = new ContainerInfo();
    info.setType(ContainerType.COLLECTION);
    List<ColumnInfo> cols = new ArrayList<>(Arrays.asList(new ColumnInfo("k", GSType.STRING),
        new ColumnInfo("ord", GSType.LONG)));
    for (int f = 0; f < 10; f++) {
      cols.add(new ColumnInfo("field" + f, GSType.STRING));
    }
    info.setColumnInfoList(cols);
    info.setRowKeyAssigned(true);
    List<Container<Object, Row>> cs = new ArrayList<>();
    for (int i = 0; i < c; i++) {
      Container<Object, Row> ct = store.putContainer(prefix + i, info, false);
      ct.createIndex("ord", IndexType.TREE);
      cs.add(ct);
    }
    Random r = new Random(1);
    char[] filler = new char[100];
    Arrays.fill(filler, 'x');
    String value = new String(filler);
    Map<String, List<Row>> batch = new HashMap<>();
    for (int i = 0; i < n; i++) {
      String k = "user" + (r.nextLong() >>> 1);
      int ci = Math.floorMod(k.hashCode(), c);
      Row row = cs.get(ci).createRow();
      row.setString(0, k);
      row.setLong(1, ord(k));
      for (int f = 0; f < 10; f++) {
        row.setString(2 + f, value);
      }
      batch.computeIfAbsent(prefix + ci, x -> new ArrayList<>()).add(row);
      if (i % 2000 == 1999) {
        store.multiPut(batch);
        batch.clear();
      }
    }
    store.multiPut(batch);
    store.close();
    System.out.println("loaded " + n + " rows into " + c + " containers " + prefix + "*");
  }
}
