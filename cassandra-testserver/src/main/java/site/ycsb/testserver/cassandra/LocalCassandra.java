package site.ycsb.testserver.cassandra;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.Properties;

/**
 * Command line for a local Cassandra that outlives the command ("embedded default" of the quick start):
 * {@code start --dir DIR [--port N] [--auth]}, {@code stop --dir DIR}, {@code status --dir DIR}.
 *
 * <p>Exit codes: 0 success (status: running), 1 failure, 2 usage error, 3 status: not running.
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

  private static final String USAGE = "usage: LocalCassandra start --dir DIR [--port N] [--auth]"
      + " | stop --dir DIR | status --dir DIR";

  private final PrintStream out;
  private final PrintStream err;

  LocalCassandra(PrintStream out, PrintStream err) {
    this.out = out;
    this.err = err;
  }

  public static void main(String[] args) {
    System.exit(new LocalCassandra(System.out, System.err).run(args));
  }

  int run(String[] args) {
    for (String a : args) {
      if (a.equals("--help") || a.equals("-h") || a.equals("help")) {
        out.println(USAGE.replace("usage: LocalCassandra", "usage: bin/ycsb cassandra-server"));
        out.println("Starts, stops or checks a local single-node Apache Cassandra for tries and tests (port "
            + "default 9042; --auth turns on password authentication).");
        return 0;
      }
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
    try {
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

  private int start(Arguments args) {
    Properties running = runningServer(args.dir);
    if (running != null) {
      err.println("error: already running: " + describe(running) + " (stop it with: stop --dir " + args.dir + ")");
      return EXIT_FAILED;
    }
    if (!FreePorts.isFree(args.port)) {
      err.println("error: port " + args.port + " on " + ServerSpec.HOST + " is in use; choose another with --port N");
      return EXIT_FAILED;
    }
    ServerSpec spec = ServerSpec.detached(args.dir, args.port, args.auth);
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
    if (user != null) {
      state.setProperty("username", user);
    }
    state.setProperty("cassandra.version", CassandraTestServer.CASSANDRA_VERSION);
    state.setProperty("started", Instant.ofEpochMilli(server.startMillis()).toString());
    writeState(args.dir, state);
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
    Path file = dir.resolve(STATE_FILE);
    if (!Files.isRegularFile(file)) {
      return null;
    }
    Properties state = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      state.load(in);
    } catch (IOException e) {
      throw new TestServerException("cannot read " + file + ": " + e.getMessage(), e);
    }
    return state;
  }

  private static void writeState(Path dir, Properties state) {
    Path file = dir.resolve(STATE_FILE);
    Path tmp = dir.resolve(STATE_FILE + ".tmp");
    try {
      try (OutputStream o = Files.newOutputStream(tmp)) {
        state.store(o, "Local Cassandra started by site.ycsb.testserver.cassandra.LocalCassandra");
      }
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new TestServerException("cannot write " + file + ": " + e.getMessage(), e);
    }
  }

  private static void deleteState(Path dir) {
    try {
      Files.deleteIfExists(dir.resolve(STATE_FILE));
    } catch (IOException e) {
      throw new TestServerException("cannot delete " + dir.resolve(STATE_FILE) + ": " + e.getMessage(), e);
    }
  }

  private static String firstLine(String message) {
    if (message == null) {
      return "unknown error";
    }
    int nl = message.indexOf('\n');
    return nl < 0 ? message : message.substring(0, nl);
  }

  /** Parsed and validated command line. */
  static final class Arguments {
    final String command;
    final Path dir;
    final int port;
    final boolean auth;

    private Arguments(String command, Path dir, int port, boolean auth) {
      this.command = command;
      this.dir = dir;
      this.port = port;
      this.auth = auth;
    }

    static Arguments parse(String[] args) {
      if (args.length == 0) {
        throw new IllegalArgumentException("no command given");
      }
      String command = args[0];
      if (!command.equals("start") && !command.equals("stop") && !command.equals("status")) {
        throw new IllegalArgumentException("unknown command '" + command + "'");
      }
      Path dir = null;
      Integer port = null;
      boolean auth = false;
      for (int i = 1; i < args.length; i++) {
        String arg = args[i];
        switch (arg) {
          case "--dir":
            dir = Paths.get(value(args, ++i, arg)).toAbsolutePath().normalize();
            break;
          case "--port":
            port = parsePort(value(args, ++i, arg));
            break;
          case "--auth":
            auth = true;
            break;
          default:
            throw new IllegalArgumentException("unknown option '" + arg + "'");
        }
        if (!command.equals("start") && (arg.equals("--port") || arg.equals("--auth"))) {
          throw new IllegalArgumentException(arg + " applies to start only");
        }
      }
      if (dir == null) {
        throw new IllegalArgumentException("--dir DIR is required");
      }
      return new Arguments(command, dir, port == null ? DEFAULT_PORT : port, auth);
    }

    private static String value(String[] args, int i, String option) {
      if (i >= args.length || args[i].startsWith("--")) {
        throw new IllegalArgumentException(option + " needs a value");
      }
      return args[i];
    }

    private static int parsePort(String text) {
      try {
        int p = Integer.parseInt(text);
        if (p >= 1 && p <= 65535) {
          return p;
        }
      } catch (NumberFormatException ignored) {
        // reported below
      }
      throw new IllegalArgumentException("--port must be 1..65535, got '" + text + "'");
    }
  }
}
