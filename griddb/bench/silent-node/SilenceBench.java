import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import com.toshiba.mwcloud.gs.ColumnInfo;
import com.toshiba.mwcloud.gs.Container;
import com.toshiba.mwcloud.gs.ContainerInfo;
import com.toshiba.mwcloud.gs.ContainerType;
import com.toshiba.mwcloud.gs.GSException;
import com.toshiba.mwcloud.gs.GSType;
import com.toshiba.mwcloud.gs.GridStore;
import com.toshiba.mwcloud.gs.GridStoreFactory;
import com.toshiba.mwcloud.gs.Row;
import site.ycsb.db.griddb.GridDBClient;
import site.ycsb.db.griddb.GridDBConfig;
import site.ycsb.support.DatabaseReports;
import site.ycsb.testserver.cassandra.LoopbackPartition;
import site.ycsb.testserver.griddb.GridDBInstallation;
import site.ycsb.testserver.griddb.GridDBServer;
import site.ycsb.testserver.griddb.NodePorts;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.Vector;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * What the GridDB binding does when its node stops answering without closing its connections: a node of its own
 * (from YCSB_GRIDDB_HOME) is frozen (SIGSTOP) or partitioned (iptables, cassandra-testserver's LoopbackPartition) for
 * a while under a steady load of THREADS binding clients (each: an operation, 10 ms pause, the next), then healed.
 * Prints one table row: how many operations overlapped the fault, which failed with which status, the longest
 * operation and the longest failed one, when failures came and when the first success after the heal came, and the
 * node events the binding reported (binding-support DatabaseReports). A research tool, run by run.sh (README.md).
 *
 *   SilenceBench FAULT SECONDS PATH THREADS [griddb.* properties as name=value ...]
 *   FAULT freeze|partition|lock (a row lock held SECONDS, PATH ignored), PATH kv (reads and one-field updates) | sql (scans of a scanlayout=sql table)
 */
public final class SilenceBench {
  static final int RECORDS = 1000;
  static final String TABLE = "silence";

  /** One operation: when it started and ended (ns) and its status. */
  static final class Op {
    final long startNs;
    final long endNs;
    final String status;
    final String kind;

    Op(long startNs, long endNs, String status, String kind) {
      this.startNs = startNs;
      this.endNs = endNs;
      this.status = status;
      this.kind = kind;
    }
  }

  static final List<Op> OPS = Collections.synchronizedList(new ArrayList<>());
  static final List<String> EVENTS = Collections.synchronizedList(new ArrayList<>());
  static volatile long faultNs;
  static volatile long healNs;

  public static void main(String[] args) throws Exception {
    String fault = args[0];
    int seconds = Integer.parseInt(args[1]);
    String path = args[2];
    int threads = Integer.parseInt(args[3]);
    GridDBInstallation inst = GridDBInstallation.fromEnvironment();
    if (inst == null) {
      System.err.println("set YCSB_GRIDDB_HOME");
      System.exit(2);
    }
    Path dir = Files.createTempDirectory("griddb-silence");
    try (GridDBServer server = GridDBServer.startTiedToThisJvm(inst, dir, NodePorts.free())) {
      Properties p = server.bindingProperties();
      p.setProperty("table", TABLE);
      p.setProperty("fieldcount", "4");
      p.setProperty("griddb.retrybackoffmillis", "0");
      if (path.equals("sql")) {
        p.setProperty("griddb.scanlayout", "sql");
        p.setProperty("griddb.containercount", "2");
        p.setProperty("scanproportion", "1");
      }
      for (int i = 4; i < args.length; i++) {
        p.setProperty(args[i].substring(0, args[i].indexOf('=')), args[i].substring(args[i].indexOf('=') + 1));
      }
      if (fault.equals("lock")) {
        lockWait(p, seconds);
        return;
      }
      load(p);
      DatabaseReports.listen(new DatabaseReports.Listener() {
        @Override
        public void setting(String binding, String name, String value) {
        }

        @Override
        public void nodeEvent(DatabaseReports.NodeEvent e) {
          EVENTS.add(String.format(Locale.ROOT, "+%.1f s %s %s", (System.nanoTime() - faultNs) / 1e9, e.node(),
              e.silence() ? (e.up() ? "answering" : "silent") : (e.up() ? "up" : "down")));
        }
      });
      int txn = port(p.getProperty("griddb.notificationmember"));
      int sql = port(p.getProperty("griddb.sqlmember"));
      long pid = GridDBServer.pid(dir);
      LoopbackPartition partition = LoopbackPartition.of(dir, "127.0.0.1", pid, txn, sql);
      List<Thread> workers = new ArrayList<>();
      long stopNs = Long.MAX_VALUE;
      long[] stop = {stopNs};
      for (int t = 0; t < threads; t++) {
        Thread w = new Thread(() -> work(p, path, stop), "worker-" + t);
        w.start();
        workers.add(w);
      }
      Thread.sleep(3000);
      faultNs = System.nanoTime();
      if (fault.equals("freeze")) {
        signal("STOP", pid);
      } else {
        partition.partition();
      }
      try {
        Thread.sleep(seconds * 1000L);
      } finally {
        if (fault.equals("freeze")) {
          signal("CONT", pid);
        } else {
          partition.heal();
        }
        healNs = System.nanoTime();
      }
      // Long enough after the heal for every operation in flight to end and the binding to notice the node answers.
      Thread.sleep(15_000);
      stop[0] = 0;
      for (Thread w : workers) {
        w.join(120_000);
      }
      System.out.println(row(fault, seconds, path, threads, p));
      // The operations that took longest or failed, on stderr, for a look at what a row does not say.
      List<Op> slow = new ArrayList<>(OPS);
      slow.removeIf(o -> o.endNs - o.startNs < 1_000_000_000L && o.status.equals("OK"));
      for (Op o : slow) {
        System.err.printf(Locale.ROOT, "op %s %s started +%.1f s took %.1f s%n", o.kind, o.status,
            (o.startNs - faultNs) / 1e9, (o.endNs - o.startNs) / 1e9);
      }
      partition.close();
    } finally {
      GridDBServer.stop(dir);
      // the node's data and logs: nothing a row needs
      try (java.util.stream.Stream<Path> all = Files.walk(dir)) {
        all.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
      }
    }
    System.exit(0);
  }

  static int port(String hostPort) {
    return Integer.parseInt(hostPort.substring(hostPort.lastIndexOf(':') + 1));
  }

  static GridDBClient client(Properties p) throws Exception {
    GridDBClient c = new GridDBClient();
    Properties own = new Properties();
    own.putAll(p);
    c.setProperties(own);
    c.init();
    return c;
  }

  static Map<String, ByteIterator> values(String v) {
    Map<String, ByteIterator> m = new HashMap<>();
    for (int f = 0; f < 4; f++) {
      m.put("field" + f, new StringByteIterator(v));
    }
    return m;
  }

  static void load(Properties p) throws Exception {
    GridDBClient c = client(p);
    for (int i = 0; i < RECORDS; i++) {
      c.insert(TABLE, "user" + i, values("v" + i));
    }
    c.cleanup();
  }

  /**
   * A row lock held for {@code seconds} by a transaction that does not end, and a put of that row waiting for it, on
   * GridDB's own client with the binding's settings: a healthy node that answers nothing for longer than the request
   * timeout, which the client cannot tell from a silent one. Prints how the put ended.
   */
  static void lockWait(Properties p, int seconds) throws Exception {
    GridDBConfig config = GridDBConfig.from(p);
    GridStoreFactory.getInstance().setProperties(config.factoryProperties());
    Properties gs = config.gridStoreProperties();
    gs.setProperty("transactionTimeout", "300");
    ContainerInfo info = new ContainerInfo("silence_lock", ContainerType.COLLECTION, java.util.Arrays.asList(
        new ColumnInfo("k", GSType.STRING), new ColumnInfo("v", GSType.STRING)), true);
    try (GridStore holderStore = GridStoreFactory.getInstance().getGridStore(gs);
         GridStore waiterStore = GridStoreFactory.getInstance().getGridStore(gs)) {
      Container<Object, Row> holder = holderStore.putContainer("silence_lock", info, false);
      Row row = holder.createRow();
      row.setString(0, "k");
      row.setString(1, "v");
      holder.put(row);
      holder.setAutoCommit(false);
      holder.get("k", true);
      Container<Object, Row> waiter = waiterStore.getContainer("silence_lock");
      long t = System.nanoTime();
      Thread release = new Thread(() -> {
        try {
          Thread.sleep(seconds * 1000L);
          holder.commit();
        } catch (Exception e) {
          System.err.println("holder: " + e);
        }
      });
      release.start();
      String outcome;
      try {
        Row mine = waiter.createRow();
        mine.setString(0, "k");
        mine.setString(1, "w");
        waiter.put(mine);
        outcome = "OK";
      } catch (GSException e) {
        outcome = e.getClass().getSimpleName() + " " + e.getErrorCode() + ": "
            + abbreviate(String.valueOf(e.getMessage()).replaceAll("\\s+", " "));
      }
      System.out.println("| lock held " + seconds + " s | put | 1 | " + config.getRequestTimeoutMillis() + " | "
          + config.getFailoverTimeoutSeconds() + " | " + outcome + " after " + secs(System.nanoTime() - t) + " s |");
      release.join(seconds * 1000L + 60_000);
    }
  }

  static void work(Properties p, String path, long[] stop) {
    GridDBClient c;
    try {
      c = client(p);
    } catch (Exception e) {
      throw new RuntimeException(e);
    }
    ThreadLocalRandom r = ThreadLocalRandom.current();
    while (System.nanoTime() < stop[0]) {
      String key = "user" + r.nextInt(RECORDS);
      long t = System.nanoTime();
      Status s;
      String kind;
      if (path.equals("sql")) {
        kind = "scan";
        s = c.scan(TABLE, key, 10, null, new Vector<HashMap<String, ByteIterator>>());
      } else if (r.nextBoolean()) {
        kind = "read";
        s = c.read(TABLE, key, null, new HashMap<String, ByteIterator>());
      } else {
        kind = "update";
        s = c.update(TABLE, key, Collections.singletonMap("field1", new StringByteIterator("u" + t)));
      }
      OPS.add(new Op(t, System.nanoTime(), s.getName(), kind));
      try {
        Thread.sleep(10);
      } catch (InterruptedException e) {
        return;
      }
    }
    try {
      c.cleanup();
    } catch (Exception e) {
      System.err.println("cleanup: " + e.getMessage());
    }
  }

  static void signal(String name, long pid) throws Exception {
    new ProcessBuilder("kill", "-" + name, Long.toString(pid)).inheritIO().start().waitFor();
  }

  static String abbreviate(String message) {
    return message.length() <= 200 ? message : message.substring(0, 200) + "...";
  }

  static String secs(long ns) {
    return String.format(Locale.ROOT, "%.1f", ns / 1e9);
  }

  static String row(String fault, int seconds, String path, int threads, Properties p) {
    int overlapped = 0;
    long maxNs = 0;
    long maxFailedNs = 0;
    long firstFailure = -1;
    long lastFailure = -1;
    long firstOkAfterHeal = -1;
    Map<String, Integer> failed = new TreeMap<>();
    synchronized (OPS) {
      for (Op o : OPS) {
        maxNs = Math.max(maxNs, o.endNs - o.startNs);
        if (o.endNs >= faultNs && o.startNs <= healNs) {
          overlapped++;
        }
        if (!o.status.equals("OK") && !o.status.equals("NOT_FOUND")) {
          failed.merge(o.status, 1, Integer::sum);
          maxFailedNs = Math.max(maxFailedNs, o.endNs - o.startNs);
          firstFailure = firstFailure < 0 ? o.endNs : Math.min(firstFailure, o.endNs);
          lastFailure = Math.max(lastFailure, o.endNs);
        } else if (o.endNs >= healNs && o.startNs >= healNs) {
          firstOkAfterHeal = firstOkAfterHeal < 0 ? o.endNs : Math.min(firstOkAfterHeal, o.endNs);
        }
      }
    }
    return "| " + fault + " " + seconds + " s | " + path + " | " + threads + " | "
        + p.getProperty("griddb.requesttimeoutmillis", "default") + " | "
        + p.getProperty("griddb.failovertimeoutseconds", "default") + " | " + OPS.size() + " | " + overlapped + " | "
        + (failed.isEmpty() ? "none" : failed.toString()) + " | " + secs(maxNs) + " | "
        + (failed.isEmpty() ? "-" : secs(maxFailedNs)) + " | "
        + (firstFailure < 0 ? "-" : "+" + secs(firstFailure - faultNs)) + " | "
        + (lastFailure < 0 ? "-" : "+" + secs(lastFailure - faultNs)) + " | "
        + (firstOkAfterHeal < 0 ? "none" : "+" + secs(firstOkAfterHeal - healNs)) + " | "
        + String.join("; ", EVENTS) + " |";
  }
}
