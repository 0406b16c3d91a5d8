package site.ycsb.db.griddb;

import com.toshiba.mwcloud.gs.GSException;
import com.toshiba.mwcloud.gs.GridStore;
import com.toshiba.mwcloud.gs.GridStoreFactory;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

import java.io.File;
import java.time.Duration;
import java.util.List;
import java.util.Properties;

/**
 * The real GridDB cluster the integration tests use, in this order: a cluster named by YCSB_GRIDDB_MEMBERS and
 * friends; a single node started on 127.0.0.1 from the installation YCSB_GRIDDB_HOME names (griddb-testserver);
 * a container where a Docker engine exists (Testcontainers); else the tests skip with one line. One per JVM.
 */
final class GridDBTarget {
  /** The one line printed when integration tests skip. */
  static final String HOW_TO_ENABLE = "GridDB integration tests skipped: no GridDB server. Set YCSB_GRIDDB_MEMBERS"
      + "=host:port,... YCSB_GRIDDB_CLUSTER YCSB_GRIDDB_USER YCSB_GRIDDB_PASSWORD [YCSB_GRIDDB_SQL_MEMBERS],"
      + " or YCSB_GRIDDB_HOME=<a GridDB installation> (a node is started on 127.0.0.1),"
      + " or run where a Docker engine is available (Testcontainers, image griddb/griddb)";
  static final String IMAGE = "griddb/griddb:5.6.0-jammy";

  private static GridDBTarget instance;
  private static boolean resolved;

  /** griddb.* properties naming the cluster (including the password). */
  final Properties props;
  final String description;

  private GridDBTarget(Properties props, String description) {
    this.props = props;
    this.description = description;
  }

  /** The target, or null if none can be had (tests then skip with {@link #HOW_TO_ENABLE}). */
  static synchronized GridDBTarget get() {
    if (!resolved) {
      resolved = true;
      instance = fromEnvironment();
      if (instance == null) {
        instance = fromInstallation();
      }
      if (instance == null && dockerLikely()) {
        instance = fromTestcontainers();
      }
      if (instance == null) {
        System.err.println(HOW_TO_ENABLE);
      }
    }
    return instance;
  }

  private static GridDBTarget fromEnvironment() {
    String members = System.getenv("YCSB_GRIDDB_MEMBERS");
    if (members == null || members.trim().isEmpty()) {
      return null;
    }
    Properties p = new Properties();
    p.setProperty("griddb.notificationmember", members.trim());
    p.setProperty("griddb.clustername", env("YCSB_GRIDDB_CLUSTER", "myCluster"));
    p.setProperty("griddb.user", env("YCSB_GRIDDB_USER", "admin"));
    p.setProperty("griddb.password", env("YCSB_GRIDDB_PASSWORD", "admin"));
    String sql = System.getenv("YCSB_GRIDDB_SQL_MEMBERS");
    if (sql != null && !sql.trim().isEmpty()) {
      p.setProperty("griddb.sqlmember", sql.trim());
    }
    return new GridDBTarget(p, "cluster from YCSB_GRIDDB_* at " + members);
  }

  /** A node started on free loopback ports from the installation YCSB_GRIDDB_HOME names (once per JVM). */
  private static GridDBTarget fromInstallation() {
    site.ycsb.testserver.griddb.GridDBServer server = site.ycsb.testserver.griddb.GridDBTestServer.shared();
    if (server == null) {
      String why = site.ycsb.testserver.griddb.GridDBTestServer.whyUnavailable();
      if (why != null && !why.endsWith(" is not set")) {
        System.err.println("GridDB test server: " + why);
      }
      return null;
    }
    return new GridDBTarget(server.bindingProperties(), "GridDB node started from " + System.getenv(
        site.ycsb.testserver.griddb.GridDBInstallation.ENV) + " in " + server.dir());
  }

  private static String env(String name, String dflt) {
    String v = System.getenv(name);
    return v == null || v.isEmpty() ? dflt : v;
  }

  /** Asking Testcontainers without any Docker engine prints pages of errors; look for one first. */
  private static boolean dockerLikely() {
    return System.getenv("DOCKER_HOST") != null || new File("/var/run/docker.sock").exists();
  }

  @SuppressWarnings("resource")
  private static GridDBTarget fromTestcontainers() {
    try {
      if (!DockerClientFactory.instance().isDockerAvailable()) {
        return null;
      }
      GenericContainer<?> c = new GenericContainer<>(DockerImageName.parse(IMAGE))
          .withEnv("GRIDDB_CLUSTER_NAME", "dockerGridDB")
          .withEnv("GRIDDB_USERNAME", "admin")
          .withEnv("GRIDDB_PASSWORD", "admin")
          .withEnv("NOTIFICATION_MEMBER", "1")
          .withExposedPorts(10001, 20001)
          .waitingFor(Wait.forListeningPorts(10001, 20001).withStartupTimeout(Duration.ofMinutes(3)));
      c.start();
      // The node tells clients its own (container) address, so connect to that address, which the Docker host
      // (Linux) can reach, rather than to a mapped port on localhost.
      String ip = c.getContainerInfo().getNetworkSettings().getNetworks().values().iterator().next().getIpAddress();
      Properties p = new Properties();
      p.setProperty("griddb.notificationmember", ip + ":10001");
      p.setProperty("griddb.sqlmember", ip + ":20001");
      p.setProperty("griddb.clustername", "dockerGridDB");
      p.setProperty("griddb.user", "admin");
      p.setProperty("griddb.password", "admin");
      waitUntilServing(p);
      return new GridDBTarget(p, "Testcontainers " + IMAGE + " at " + ip);
    } catch (RuntimeException | GSException | InterruptedException e) {
      System.err.println("GridDB container could not be started: " + e);
      return null;
    }
  }

  /** The node listens before it has joined its cluster ([10008:TXN_CLUSTER_ROLE_UNMATCH]); wait for that. */
  private static void waitUntilServing(Properties griddbProps) throws GSException, InterruptedException {
    long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
    while (true) {
      try (GridStore store = openStore(griddbProps)) {
        store.getPartitionController().getPartitionCount();
        return;
      } catch (GSException e) {
        if (System.nanoTime() > deadline) {
          throw e;
        }
        Thread.sleep(1000);
      }
    }
  }

  static GridStore openStore(Properties griddbProps) throws GSException {
    try {
      return GridStoreFactory.getInstance().getGridStore(GridDBConfig.from(griddbProps).gridStoreProperties());
    } catch (site.ycsb.DBException e) {
      throw new IllegalStateException(e.getMessage());
    }
  }

  /** A new Properties with the target's settings plus the given key=value pairs. */
  Properties with(String... kv) {
    Properties p = new Properties();
    p.putAll(props);
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  /** Drops every container of a table (data containers and layout record). */
  void dropTable(String table) throws Exception {
    try (GridStore store = openStore(props)) {
      GridStoreSession session = new GridStoreSession(store);
      String meta = TableLayouts.metaContainer(table);
      if (store.getContainerInfo(meta) == null) {
        return;
      }
      String[] row = session.get(meta, TableLayouts.COUNT_ROW);
      String[] listed = session.get(meta, TableLayouts.NAMES_ROW);
      if (listed != null && listed[1] != null) {
        for (String n : listed[1].split(",")) {
          store.dropContainer(table + "_" + n);
        }
      } else if (row != null && row[1] != null) {
        List<String> names = ContainerLayout.choose(table, Integer.parseInt(row[1]), session.partitionCount(),
            session::partitionOf);
        for (String n : names) {
          store.dropContainer(n);
        }
      }
      row = session.get(meta, TableLayouts.INDEX_ROW);
      if (row != null && row[1] != null) {
        for (String n : ContainerLayout.choose(TableLayouts.indexPrefix(table), Integer.parseInt(row[1]),
            session.partitionCount(), session::partitionOf)) {
          store.dropContainer(n);
        }
      }
      store.dropContainer(meta);
    }
  }
}
