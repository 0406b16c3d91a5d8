import com.toshiba.mwcloud.gs.ColumnInfo;
import com.toshiba.mwcloud.gs.Container;
import com.toshiba.mwcloud.gs.ContainerInfo;
import com.toshiba.mwcloud.gs.ContainerType;
import com.toshiba.mwcloud.gs.GSException;
import com.toshiba.mwcloud.gs.GSType;
import com.toshiba.mwcloud.gs.GridStore;
import com.toshiba.mwcloud.gs.GridStoreFactory;
import com.toshiba.mwcloud.gs.IndexType;
import com.toshiba.mwcloud.gs.Query;
import com.toshiba.mwcloud.gs.Row;
import com.toshiba.mwcloud.gs.RowKeyPredicate;
import site.ycsb.testserver.griddb.GridDBInstallation;
import site.ycsb.testserver.griddb.GridDBServer;
import site.ycsb.testserver.griddb.NodePorts;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Provokes failures of GridDB's official Java client against a real node started from YCSB_GRIDDB_HOME and prints,
 * per scenario and operation, the exception class, GridDB error code, time taken and the head of the message.
 * Run by run.sh (see README.md next to it). A research tool: its output is the table in griddb/README.md.
 */
public final class ErrorProbe {
  static final String C = "probe";
  static final long FAILOVER_S = 5;
  static Properties base;
  static Path dir;

  interface Op {
    void run(GridStore s, Container<String, Row> c, Container<String, Row> tx) throws GSException;
  }

  static final String[] OPS = {"read", "put", "update", "scan", "delete", "multiPut", "multiGet", "getContainer"};

  static Op op(String name) {
    switch (name) {
    case "read":
      return (s, c, tx) -> c.get("k1");
    case "put":
      return (s, c, tx) -> c.put(row(c, "k2", 2));
    case "update":
      return (s, c, tx) -> {
        Row r = tx.get("k3", true);
        r.setString(2, "upd" + System.nanoTime());
        tx.put(r);
        tx.commit();
      };
    case "scan":
      return (s, c, tx) -> {
        Query<Row> q = c.query("select * where ord >= 0 order by ord asc limit 10");
        s.fetchAll(Collections.singletonList(q));
        q.getRowSet().size();
        q.close();
      };
    case "delete":
      return (s, c, tx) -> c.remove("k4");
    case "multiPut":
      return (s, c, tx) -> s.multiPut(Collections.singletonMap(C, Arrays.asList(row(c, "k5", 5), row(c, "k6", 6))));
    case "multiGet":
      return (s, c, tx) -> {
        RowKeyPredicate<String> p = RowKeyPredicate.create(String.class);
        p.add("k1");
        p.add("k2");
        s.multiGet(Collections.singletonMap(C, p));
      };
    case "getContainer":
      return (s, c, tx) -> s.getContainer(C);
    default:
      throw new IllegalArgumentException(name);
    }
  }

  static Row row(Container<String, Row> c, String key, long ord) throws GSException {
    Row r = c.createRow();
    r.setString(0, key);
    r.setLong(1, ord);
    r.setString(2, "v" + ord);
    return r;
  }

  static GridStore store(String... kv) throws GSException {
    Properties p = new Properties();
    p.putAll(base);
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return GridStoreFactory.getInstance().getGridStore(p);
  }

  static String describe(Throwable t, long ms) {
    if (t == null) {
      return "OK in " + ms + " ms";
    }
    String m = String.valueOf(t.getMessage()).replace('\n', ' ');
    int h = m.indexOf(", history");
    if (h > 0) {
      m = m.substring(0, h);
    }
    if (m.length() > 160) {
      m = m.substring(0, 160) + "...";
    }
    String code = t instanceof GSException ? Integer.toString(((GSException) t).getErrorCode()) : "-";
    return t.getClass().getSimpleName() + " code=" + code + " in " + ms + " ms: " + m;
  }

  static String attempt(Op op, GridStore s, Container<String, Row> c, Container<String, Row> tx) {
    long t0 = System.nanoTime();
    Throwable err = null;
    try {
      op.run(s, c, tx);
    } catch (Throwable t) {
      err = t;
      if (tx != null) {
        try {
          tx.abort();
        } catch (Throwable ignored) {
          // the failure above is what is recorded
        }
      }
    }
    return describe(err, (System.nanoTime() - t0) / 1_000_000);
  }

  /** One session per operation, opened and warmed before the fault. */
  static final class Session {
    final GridStore s;
    final Container<String, Row> c;
    final Container<String, Row> tx;

    Session() throws GSException {
      s = store();
      c = s.getContainer(C);
      tx = s.getContainer(C);
      tx.setAutoCommit(false);
      c.get("k1");
      tx.get("k1");
      tx.commit();
    }
  }

  static void seed() throws GSException {
    try (GridStore s = store()) {
      List<ColumnInfo> cols = new ArrayList<>();
      cols.add(new ColumnInfo("ycsb_key", GSType.STRING));
      cols.add(new ColumnInfo("ord", GSType.LONG));
      cols.add(new ColumnInfo("f", GSType.STRING));
      Container<String, Row> c = s.putContainer(C, new ContainerInfo(C, ContainerType.COLLECTION, cols, true), false);
      c.createIndex("ord", IndexType.TREE);
      for (int i = 1; i <= 9; i++) {
        c.put(row(c, "k" + i, i));
      }
      c.close();
    }
  }

  static void signal(String sig) throws Exception {
    long pid = GridDBServer.pid(dir);
    new ProcessBuilder("kill", "-" + sig, Long.toString(pid)).inheritIO().start().waitFor();
  }

  /** Runs every operation at once on its own warmed session while {@code fault} acts, then once more after. */
  static void scenario(String name, Runnable fault, Runnable undo) throws Exception {
    List<Session> sessions = new ArrayList<>();
    for (int i = 0; i < OPS.length; i++) {
      sessions.add(new Session());
    }
    fault.run();
    ExecutorService pool = Executors.newFixedThreadPool(OPS.length);
    List<Future<String>> during = new ArrayList<>();
    for (int i = 0; i < OPS.length; i++) {
      Session x = sessions.get(i);
      Op op = op(OPS[i]);
      during.add(pool.submit(() -> attempt(op, x.s, x.c, x.tx)));
    }
    List<String> d = new ArrayList<>();
    for (Future<String> f : during) {
      d.add(f.get());
    }
    undo.run();
    for (int i = 0; i < OPS.length; i++) {
      System.out.println("| " + name + " | " + OPS[i] + " | " + d.get(i) + " |");
    }
    for (int i = 0; i < OPS.length; i++) {
      Session x = sessions.get(i);
      System.out.println("| " + name + ", next call on the same handles | " + OPS[i] + " | "
          + attempt(op(OPS[i]), x.s, x.c, x.tx) + " |");
    }
    pool.shutdown();
    for (Session x : sessions) {
      try {
        x.s.close();
      } catch (GSException ignored) {
        // closing after a fault
      }
    }
  }

  static Runnable sleepThen(String sig, long ms) {
    return () -> {
      try {
        Thread.sleep(ms);
        if (sig != null) {
          signal(sig);
        }
      } catch (Exception e) {
        throw new RuntimeException(e);
      }
    };
  }

  static Runnable pauseFor(long ms) {
    return () -> {
      try {
        signal("STOP");
        new Thread(() -> {
          try {
            Thread.sleep(ms);
            signal("CONT");
          } catch (Exception e) {
            throw new RuntimeException(e);
          }
        }).start();
      } catch (Exception e) {
        throw new RuntimeException(e);
      }
    };
  }

  public static void main(String[] args) throws Exception {
    GridDBInstallation inst = GridDBInstallation.fromEnvironment();
    if (inst == null) {
      System.err.println("set YCSB_GRIDDB_HOME");
      System.exit(2);
    }
    dir = Files.createTempDirectory("griddb-probe");
    NodePorts ports = NodePorts.free();
    GridDBServer server = GridDBServer.startTiedToThisJvm(inst, dir, ports);
    Properties bp = server.bindingProperties();
    base = new Properties();
    base.setProperty("notificationMember", bp.getProperty("griddb.notificationMember"));
    base.setProperty("clusterName", bp.getProperty("griddb.clusterName"));
    base.setProperty("user", bp.getProperty("griddb.user"));
    base.setProperty("password", bp.getProperty("griddb.password"));
    base.setProperty("failoverTimeout", Long.toString(FAILOVER_S));
    List<String> only = Arrays.asList(args);
    try {
      seed();
      System.out.println("| scenario | operation | outcome |");
      System.out.println("|---|---|---|");
      if (only.isEmpty() || only.contains("connect")) {
        connect("wrong password", "password", "wrong");
        connect("wrong user", "user", "nobody");
        connect("wrong cluster name", "clusterName", "noSuchCluster");
        connect("unused port", "notificationMember", "127.0.0.1:1");
      }
      if (only.isEmpty() || only.contains("missing")) {
        missing();
      }
      if (only.isEmpty() || only.contains("lock")) {
        lockWait();
      }
      if (only.isEmpty() || only.contains("pause")) {
        scenario("paused 2 s (failoverTimeout 5 s)", pauseFor(2000), () -> { });
        scenario("paused 12 s (failoverTimeout 5 s)", pauseFor(12000), sleepThen(null, 9000));
      }
      if (only.contains("longpause")) {
        scenario("paused 70 s (failoverTimeout 5 s)", pauseFor(70000), sleepThen(null, 71000));
      }
      if (only.isEmpty() || only.contains("kill")) {
        scenario("killed (kill -9)", sleepThen("KILL", 0), () -> {
          try {
            GridDBServer.startTiedToThisJvm(inst, dir, ports);
          } catch (Exception e) {
            throw new RuntimeException(e);
          }
        });
      }
    } finally {
      server.close();
      GridDBServer.stop(dir);
    }
    System.exit(0);
  }

  static void connect(String name, String key, String value) {
    long t0 = System.nanoTime();
    Throwable err = null;
    try (GridStore s = store(key, value)) {
      s.getPartitionController().getPartitionCount();
    } catch (Throwable t) {
      err = t;
    }
    System.out.println("| " + name + " | connect (first call) | " + describe(err, (System.nanoTime() - t0) / 1_000_000)
        + " |");
  }

  static void missing() throws Exception {
    try (GridStore s = store(); GridStore other = store()) {
      long t0 = System.nanoTime();
      Container<String, Row> none = s.getContainer("noSuchContainer");
      System.out.println("| container does not exist | getContainer | returns " + none + " in "
          + (System.nanoTime() - t0) / 1_000_000 + " ms |");
      RowKeyPredicate<String> p = RowKeyPredicate.create(String.class);
      p.add("k1");
      System.out.println("| container does not exist | multiGet | " + attempt((x, c, tx) -> x.multiGet(
          Collections.singletonMap("noSuchContainer", p)), s, null, null) + " |");
      ContainerInfo info = s.getContainerInfo(C);
      Row r = s.createRow(info);
      r.setString(0, "k1");
      r.setLong(1, 1);
      System.out.println("| container does not exist | multiPut | " + attempt((x, c, tx) -> x.multiPut(
          Collections.singletonMap("noSuchContainer", Collections.singletonList(r))), s, null, null) + " |");
      System.out.println("| container does not exist | multiGet result | " + s.multiGet(
          Collections.singletonMap("noSuchContainer", p)) + " |");
      // A handle whose container another session drops.
      seedCopy(s, "probe_dropped");
      Container<String, Row> c = s.getContainer("probe_dropped");
      Container<String, Row> tx = s.getContainer("probe_dropped");
      tx.setAutoCommit(false);
      c.get("k1");
      other.dropContainer("probe_dropped");
      for (String name : OPS) {
        if (name.equals("multiPut") || name.equals("multiGet") || name.equals("getContainer")) {
          continue;
        }
        Op op = name.equals("scan") ? (x, cc, t) -> {
          Query<Row> q = cc.query("select * where ord >= 0 order by ord asc limit 10");
          q.fetch().size();
        } : op(name);
        System.out.println("| container dropped by another session | " + name + " | " + attempt(op, s, c, tx)
            + " |");
      }
    }
  }

  static void seedCopy(GridStore s, String name) throws GSException {
    List<ColumnInfo> cols = new ArrayList<>();
    cols.add(new ColumnInfo("ycsb_key", GSType.STRING));
    cols.add(new ColumnInfo("ord", GSType.LONG));
    cols.add(new ColumnInfo("f", GSType.STRING));
    Container<String, Row> c = s.putContainer(name, new ContainerInfo(name, ContainerType.COLLECTION, cols, true),
        false);
    for (int i = 1; i <= 9; i++) {
      c.put(row(c, "k" + i, i));
    }
  }

  /** Session A holds the row lock of k3 (get for update, no commit); session B tries each write. */
  static void lockWait() throws Exception {
    for (String timeout : new String[] {"", "3"}) {
      String label = timeout.isEmpty() ? "row locked by another transaction (server default transactionTimeout)"
          : "row locked by another transaction (transactionTimeout 3 s on both)";
      String[] kv = timeout.isEmpty() ? new String[0] : new String[] {"transactionTimeout", timeout};
      for (String name : new String[] {"read", "put", "update", "delete", "multiPut"}) {
        try (GridStore a = store(kv); GridStore b = store(kv)) {
          Container<String, Row> holder = a.getContainer(C);
          holder.setAutoCommit(false);
          holder.get("k3", true);
          Container<String, Row> c = b.getContainer(C);
          Container<String, Row> tx = b.getContainer(C);
          tx.setAutoCommit(false);
          Op op = name.equals("delete") ? (x, cc, t) -> cc.remove("k3")
              : name.equals("put") ? (x, cc, t) -> cc.put(row(cc, "k3", 3))
              : name.equals("multiPut") ? (x, cc, t) -> x.multiPut(Collections.singletonMap(C,
                  Collections.singletonList(row(cc, "k3", 3))))
              : name.equals("read") ? (x, cc, t) -> cc.get("k3") : op(name);
          ExecutorService one = Executors.newSingleThreadExecutor();
          Future<String> f = one.submit(() -> attempt(op, b, c, tx));
          String first;
          try {
            first = f.get(25, java.util.concurrent.TimeUnit.SECONDS);
          } catch (java.util.concurrent.TimeoutException e) {
            first = "still blocked after 25 s";
          }
          System.out.println("| " + label + " | " + name + " | " + first + " |");
          String holderOutcome = attempt((x, cc, t) -> cc.commit(), a, holder, null);
          System.out.println("| " + label + ", then the holder commits | " + name + " | holder commit: "
              + holderOutcome + "; waiter: " + f.get() + " |");
          one.shutdown();
        }
      }
    }
  }
}
