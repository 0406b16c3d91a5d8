package site.ycsb.testserver.cassandra;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.Properties;

/**
 * Command line for a local Cassandra that outlives the command ("embedded default" of the quick start): one server
 * ({@code start --dir DIR [--port N] [--auth]}) or a cluster of 1 to 5 nodes ({@code start --dir DIR --nodes N
 * [--port N] [--address A]}), {@code stop --dir DIR [--node I]}, {@code status --dir DIR},
 * {@code start --dir DIR --node I} to start one stopped node of a cluster again, and
 * {@code fault --dir DIR --node I partition|lossy|freeze|thaw|slow|heal} (see {@link LocalFaultCommands}).
 *
 * <p>Exit codes: 0 success (status: running), 1 failure (status: some nodes down), 2 usage error, 3 status: not
 * running.
 */
public final class LocalCassandra {
  static final int EXIT_OK = 0;
  static final int EXIT_FAILED = 1;
  static final int EXIT_USAGE = 2;
  static final int EXIT_NOT_RUNNING = 3;
  static final int DEFAULT_PORT = 9042;
  static final String STATE_FILE = "server.properties";
  static final String KEYSPACE = "ycsb";
  static final String TABLE = "usertable";
  static final int FIELD_COUNT = 10;

  private static final String USAGE = "usage: LocalCassandra start --dir DIR [--nodes N [--address A]] [--port P]"
      + " [--heap SIZE] [--auth] | start --dir DIR --node I | stop --dir DIR [--node I] | status --dir DIR"
      + " | fault --dir DIR --node I partition|lossy|freeze|thaw|slow|heal [options]";

  private final PrintStream out;
  private final PrintStream err;

  LocalCassandra(PrintStream out, PrintStream err) {
    this.out = new MaskedLines(out);
    this.err = new MaskedLines(err);
  }

  public static void main(String[] args) {
    System.exit(new LocalCassandra(System.out, System.err).run(args));
  }

  int run(String[] args) {
    for (String a : args) {
      if (a.equals("--help") || a.equals("-h") || a.equals("help")) {
        out.println(USAGE.replace("usage: LocalCassandra", "usage: bin/ycsb cassandra-server"));
        out.println("Starts, stops or checks a local Apache Cassandra " + CassandraTestServer.CASSANDRA_VERSION
            + " for tries and tests: one server, or with --nodes N (1.." + ClusterLayout.MAX_NODES + ") a cluster"
            + " with node i on the i-th address from --address (default 127.0.0.1), all on port P (default 9042),"
            + " keyspace ycsb replicated min(3, N) times. --heap SIZE sets each node's JVM heap (default "
            + ServerHeap.DEFAULT + "; 256M to 64G; more for long or write-heavy benchmarks, or the node ends on"
            + " OutOfMemoryError). --node I starts or stops one node of a cluster; --auth"
            + " turns on password authentication (one server only).");
        out.println("Faults on one node of a cluster: " + LocalFaultCommands.USAGE.replace("usage: bin/ycsb "
            + "cassandra-server ", "") + ". partition and lossy drop the node's packets (iptables; root), in: what"
            + " it receives, out: what it sends; freeze is SIGSTOP, thaw SIGCONT; slow freezes it --frozen MS of every"
            + " --period MS (default 300 of 1000) until thaw or heal; heal removes every fault of the node.");
        return 0;
      }
    }
    if (args.length > 0 && args[0].equals("fault")) {
      return new LocalFaultCommands(out, err).run(java.util.Arrays.copyOfRange(args, 1, args.length));
    }
    Arguments parsed;
    try {
      parsed = Arguments.parse(args);
    } catch (IllegalArgumentException e) {
      err.println("error: " + e.getMessage() + "; " + USAGE.replace("usage: LocalCassandra", "usage: bin/ycsb "
          + "cassandra-server"));
      return EXIT_USAGE;
    }
    if (Files.exists(parsed.dir) && !Files.isDirectory(parsed.dir)) {
      err.println("error: --dir " + parsed.dir + " exists and is not a directory");
      return EXIT_USAGE;
    }
    Path notADirectory = fileOnTheWay(parsed.dir);
    if (notADirectory != null) {
      err.println("error: --dir " + parsed.dir + " cannot be created: " + notADirectory + " is not a directory");
      return EXIT_USAGE;
    }
    try {
      ClusterLayout cluster = ClusterLayout.load(parsed.dir);
      if (cluster != null || parsed.nodes != null || parsed.node != null) {
        return new LocalClusterCommands(out, err).run(parsed, cluster);
      }
      switch (parsed.command) {
        case "start":
          return start(parsed);
        case "stop":
          return stop(parsed.dir);
        default:
          return status(parsed.dir);
      }
    } catch (TestServerException e) {
      err.println("error: " + firstLine(e.getMessage()));
      return EXIT_FAILED;
    }
  }

  /** The first existing element of {@code dir}'s path that is not a directory (a file or a device), or null. */
  static Path fileOnTheWay(Path dir) {
    for (Path p = dir.toAbsolutePath().getParent(); p != null; p = p.getParent()) {
      if (Files.exists(p)) {
        return Files.isDirectory(p) ? null : p;
      }
    }
    return null;
  }

  private int start(Arguments args) {
    Properties running = runningServer(args.dir);
    if (running != null) {
      err.println("error: already running: " + describe(running) + " (stop it with: stop --dir " + args.dir + ")");
      return EXIT_FAILED;
    }
    int port = args.portOrDefault();
    if (!FreePorts.isFree(port)) {
      err.println("error: port " + port + " on " + ServerSpec.HOST + " is in use; choose another with --port N");
      return EXIT_FAILED;
    }
    ServerSpec spec = ServerSpec.detached(args.dir, port, args.auth).withHeap(args.heapOrDefault());
    ServerProcess server;
    try {
      server = ServerProcess.start(spec);
    } catch (TestServerException e) {
      boolean hasLog = Files.isRegularFile(spec.logFile()) && spec.logFile().toFile().length() > 0;
      err.println("error: " + firstLine(e.getMessage()) + (hasLog ? " (see " + spec.logFile() + ")" : ""));
      return EXIT_FAILED;
    }
    String user = args.auth ? CassandraTestServer.DEFAULT_SUPERUSER : null;
    try (CqlWireClient client = CqlWireClient.connect(spec.host, spec.nativePort, user, user,
        CassandraTestServer.DEFAULT_QUERY_TIMEOUT_MILLIS)) {
      client.query(CassandraTestServer.createKeyspaceCql(KEYSPACE));
      client.query(CassandraTestServer.createTableCql(KEYSPACE, TABLE, FIELD_COUNT, "field"));
    } catch (TestServerException e) {
      ServerProcess.stopDetached(server.pid(), ServerProcess.STOP_TIMEOUT_MILLIS);
      err.println("error: server started but creating " + KEYSPACE + "." + TABLE + " failed: "
          + firstLine(e.getMessage()));
      return EXIT_FAILED;
    }
    Properties state = new Properties();
    state.setProperty("pid", Long.toString(server.pid()));
    state.setProperty("host", spec.host);
    state.setProperty("port", Integer.toString(spec.nativePort));
    state.setProperty("auth", Boolean.toString(args.auth));
    state.setProperty("heap", spec.heap);
    if (user != null) {
      state.setProperty("username", user);
    }
    state.setProperty("cassandra.version", CassandraTestServer.CASSANDRA_VERSION);
    state.setProperty("started", Instant.ofEpochMilli(server.startMillis()).toString());
    writeState(args.dir, state);
    server.detach(); // from here on the server outlives this command; had it died before, the server would have too
    double seconds = (System.currentTimeMillis() - server.startMillis()) / 1000.0;
    out.printf("Cassandra %s is running on %s:%d (pid %d, ready in %.1f s); keyspace %s, table %s (field0..field%d)"
            + " created%s.%n", CassandraTestServer.CASSANDRA_VERSION, spec.host, spec.nativePort, server.pid(),
        seconds, KEYSPACE, TABLE, FIELD_COUNT - 1,
        args.auth ? "; login as superuser cassandra (default password)" : "");
    out.println("Use -p hosts=" + spec.host + " -p port=" + spec.nativePort + "; stop it with: stop --dir "
        + args.dir);
    return EXIT_OK;
  }

  private int stop(Path dir) {
    Properties state = readState(dir);
    if (state == null) {
      out.println("not running (no " + dir.resolve(STATE_FILE) + ")");
      return EXIT_OK;
    }
    long pid = pidOf(state, dir);
    if (!isOurServer(pid)) {
      deleteState(dir);
      out.println("not running (pid " + pid + " is gone); removed stale " + dir.resolve(STATE_FILE));
      return EXIT_OK;
    }
    long t0 = System.currentTimeMillis();
    boolean graceful = ServerProcess.stopDetached(pid, ServerProcess.STOP_TIMEOUT_MILLIS);
    deleteState(dir);
    out.printf("stopped Cassandra (pid %d) in %.1f s%s%n", pid, (System.currentTimeMillis() - t0) / 1000.0,
        graceful ? "" : " (killed after " + ServerProcess.STOP_TIMEOUT_MILLIS / 1000 + " s)");
    return EXIT_OK;
  }

  private int status(Path dir) {
    Properties state = runningServer(dir);
    if (state == null) {
      out.println("not running");
      return EXIT_NOT_RUNNING;
    }
    String user = Boolean.parseBoolean(state.getProperty("auth")) ? state.getProperty("username") : null;
    int port = Integer.parseInt(state.getProperty("port"));
    try (CqlWireClient ignored = CqlWireClient.connect(state.getProperty("host"), port, user, user, 5_000)) {
      out.println("running: " + describe(state));
      return EXIT_OK;
    } catch (TestServerException e) {
      out.println("process running but CQL not answering: " + describe(state) + ": " + firstLine(e.getMessage()));
      return EXIT_FAILED;
    }
  }

  /** The state of a live server in {@code dir}, or null (a stale state file is left for start to overwrite). */
  private static Properties runningServer(Path dir) {
    Properties state = readState(dir);
    if (state == null) {
      return null;
    }
    return isOurServer(pidOf(state, dir)) ? state : null;
  }

  private static boolean isOurServer(long pid) {
    return Signals.isAlive(pid) && Signals.runsMainClass(pid, ServerMain.class.getName());
  }

  private static String describe(Properties state) {
    return "pid " + state.getProperty("pid") + ", " + state.getProperty("host") + ":" + state.getProperty("port")
        + (Boolean.parseBoolean(state.getProperty("auth")) ? ", authentication on" : "");
  }

  private static long pidOf(Properties state, Path dir) {
    try {
      return Long.parseLong(state.getProperty("pid", "").trim());
    } catch (NumberFormatException e) {
      throw new TestServerException(dir.resolve(STATE_FILE) + " has no valid pid");
    }
  }

  static Properties readState(Path dir) {
    return StateFile.read(dir.resolve(STATE_FILE));
  }

  private static void writeState(Path dir, Properties state) {
    StateFile.write(dir.resolve(STATE_FILE), state, "Local Cassandra started by " + LocalCassandra.class.getName());
  }

  private static void deleteState(Path dir) {
    try {
      Files.deleteIfExists(dir.resolve(STATE_FILE));
    } catch (IOException e) {
      throw new TestServerException("cannot delete " + dir.resolve(STATE_FILE) + ": " + e.getMessage(), e);
    }
  }

  static String firstLine(String message) {
    if (message == null) {
      return "unknown error";
    }
    int nl = message.indexOf('\n');
    return nl < 0 ? message : message.substring(0, nl);
  }

  /** Parsed command line, checked for everything that does not depend on the state of DIR. */
  static final class Arguments {
    final String command;
    final Path dir;
    /** Null when not given (9042). */
    final Integer port;
    final boolean auth;
    /** Cluster size for a new cluster, null when not given. */
    final Integer nodes;
    /** One node of a cluster to start or stop, null for all. */
    final Integer node;
    /** First node's address, null when not given. */
    final String address;
    /** The heap in the JVM's notation ({@link ServerHeap#parse}), null when not given. */
    final String heap;

    private Arguments(String command, Path dir, Integer port, boolean auth, Integer nodes, Integer node,
                      String address, String heap) {
      this.command = command;
      this.dir = dir;
      this.port = port;
      this.auth = auth;
      this.nodes = nodes;
      this.node = node;
      this.address = address;
      this.heap = heap;
    }

    int portOrDefault() {
      return port == null ? DEFAULT_PORT : port;
    }

    String heapOrDefault() {
      return heap == null ? ServerHeap.DEFAULT : heap;
    }

    static Arguments parse(String[] args) {
      if (args.length == 0) {
        throw new IllegalArgumentException("no command given");
      }
      String command = args[0];
      if (!command.equals("start") && !command.equals("stop") && !command.equals("status")) {
        throw new IllegalArgumentException("unknown command '" + command + "'");
      }
      java.util.Map<String, String> given = new java.util.LinkedHashMap<>();
      for (int i = 1; i < args.length; i++) {
        String option = args[i];
        boolean flag = option.equals("--auth");
        if (!flag && !java.util.Arrays.asList("--dir", "--port", "--nodes", "--node", "--address", "--heap").contains(option)) {
          throw new IllegalArgumentException("unknown option '" + option + "'");
        }
        if (given.containsKey(option)) {
          throw new IllegalArgumentException(option + " is given twice");
        }
        given.put(option, flag ? "" : value(args, ++i, option));
      }
      for (String option : given.keySet()) {
        boolean startOnly = !option.equals("--dir") && !option.equals("--node");
        if (startOnly && !command.equals("start") || option.equals("--node") && command.equals("status")) {
          throw new IllegalArgumentException(option + " does not apply to " + command);
        }
      }
      if (!given.containsKey("--dir")) {
        throw new IllegalArgumentException("--dir DIR is required");
      }
      Path dir = Paths.get(given.get("--dir")).toAbsolutePath().normalize();
      Integer port = given.containsKey("--port") ? number(given.get("--port"), "--port", 1, 65535) : null;
      Integer nodes = given.containsKey("--nodes")
          ? number(given.get("--nodes"), "--nodes", 1, ClusterLayout.MAX_NODES) : null;
      Integer node = given.containsKey("--node") ? number(given.get("--node"), "--node", 1, ClusterLayout.MAX_NODES)
          : null;
      String address = given.get("--address");
      String heap = given.containsKey("--heap") ? ServerHeap.parse(given.get("--heap"), "--heap") : null;
      boolean auth = given.containsKey("--auth");
      if (nodes != null && node != null) {
        throw new IllegalArgumentException("--nodes starts a new cluster and --node one node of an existing one;"
            + " give one of them");
      }
      if (auth && (nodes != null || node != null || address != null)) {
        throw new IllegalArgumentException("--auth is for a single server (without --nodes, --node or --address)");
      }
      if (node != null && (port != null || address != null || heap != null)) {
        throw new IllegalArgumentException("--node starts a node on the port, address and heap it had;"
            + " --port, --address and --heap do not apply");
      }
      if (address != null && nodes == null) {
        throw new IllegalArgumentException("--address applies to a cluster (with --nodes N)");
      }
      if (address != null) {
        ClusterLayout.parseFirstAddress(address, nodes);
      }
      return new Arguments(command, dir, port, auth, nodes, node, address, heap);
    }

    private static String value(String[] args, int i, String option) {
      if (i >= args.length || args[i].startsWith("--")) {
        throw new IllegalArgumentException(option + " needs a value");
      }
      if (args[i].trim().isEmpty()) {
        throw new IllegalArgumentException(option + " needs a value, got an empty one");
      }
      return args[i];
    }

    private static int number(String text, String option, int min, int max) {
      try {
        int n = Integer.parseInt(text.trim());
        if (n >= min && n <= max) {
          return n;
        }
      } catch (NumberFormatException ignored) {
        // reported below
      }
      throw new IllegalArgumentException(option + " must be " + min + ".." + max + ", got '" + text + "'");
    }
  }
}
