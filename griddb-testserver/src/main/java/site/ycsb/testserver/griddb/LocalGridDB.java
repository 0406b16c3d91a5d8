package site.ycsb.testserver.griddb;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Properties;

/**
 * Command line for a local single-node GridDB that outlives the command ({@code bin/ycsb griddb-server}):
 * {@code start --dir DIR [--port-base N]}, {@code stop --dir DIR}, {@code status --dir DIR}. The server comes from
 * the installation {@code YCSB_GRIDDB_HOME} names. {@code start} writes the binding's connection settings to
 * {@code DIR/griddb.properties} and, so that {@code bin/ycsb load griddb -P workloads/workloada} needs nothing
 * more, to {@value #LOCAL_FILE} in the GridDB binding's {@code conf/} directory (on the launcher's classpath);
 * {@code stop} removes that file again when it points at this node.
 *
 * <p>Exit codes: 0 success (status: running), 1 failure, 2 usage error, 3 status: not running.
 */
public final class LocalGridDB {
  static final int EXIT_OK = 0;
  static final int EXIT_FAILED = 1;
  static final int EXIT_USAGE = 2;
  static final int EXIT_NOT_RUNNING = 3;
  /** The classpath resource the GridDB binding reads when no connection method is given. */
  public static final String LOCAL_FILE = "griddb-local.properties";
  static final String SETTINGS_FILE = "griddb.properties";
  private static final String USAGE = "usage: bin/ycsb griddb-server start --dir DIR [--port-base N]"
      + " | stop --dir DIR | status --dir DIR";

  private final PrintStream out;
  private final PrintStream err;
  private final Path bindingConf;

  LocalGridDB(PrintStream out, PrintStream err, Path bindingConf) {
    this.out = new MaskedLines(out);
    this.err = new MaskedLines(err);
    this.bindingConf = bindingConf;
  }

  public static void main(String[] args) {
    System.exit(new LocalGridDB(System.out, System.err, bindingConfDir()).run(args));
  }

  int run(String[] args) {
    for (String a : args) {
      if (a.equals("--help") || a.equals("-h") || a.equals("help")) {
        out.println(USAGE);
        out.println("Starts, stops or checks a local single-node GridDB (fixed list on 127.0.0.1, cluster "
            + GridDBServer.CLUSTER + ", user " + GridDBServer.USER + ") from the installation "
            + GridDBInstallation.ENV + " names; ports from N (default 10001): transaction N, cluster N+1, sync N+2,"
            + " system N+3, SQL N+4.");
        return EXIT_OK;
      }
    }
    String command;
    Path dir;
    NodePorts ports = NodePorts.standard();
    try {
      if (args.length == 0) {
        throw new IllegalArgumentException("a command is required");
      }
      command = args[0];
      if (!command.equals("start") && !command.equals("stop") && !command.equals("status")) {
        throw new IllegalArgumentException("unknown command '" + command + "'");
      }
      dir = null;
      for (int i = 1; i < args.length; i++) {
        String a = args[i];
        if (!a.equals("--dir") && !a.equals("--port-base")) {
          throw new IllegalArgumentException("unknown option '" + a + "'");
        }
        if (i + 1 >= args.length || args[i + 1].isEmpty()) {
          throw new IllegalArgumentException(a + " needs a value");
        }
        String v = args[++i];
        if (a.equals("--dir")) {
          dir = Paths.get(v).toAbsolutePath().normalize();
        } else if (!command.equals("start")) {
          throw new IllegalArgumentException("--port-base is only for start");
        } else {
          try {
            ports = NodePorts.from(Integer.parseInt(v));
          } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--port-base '" + v + "' is not a number");
          }
        }
      }
      if (dir == null) {
        throw new IllegalArgumentException("--dir DIR is required");
      }
    } catch (IllegalArgumentException e) {
      // one line: a script's log shows the mistake and the usage together
      err.println("error: " + e.getMessage() + "; " + USAGE);
      return EXIT_USAGE;
    }
    switch (command) {
      case "start":
        return start(dir, ports);
      case "stop":
        return stop(dir);
      default:
        return status(dir);
    }
  }

  private int start(Path dir, NodePorts ports) {
    if (GridDBServer.running(dir)) {
      err.println("error: already running (pid " + GridDBServer.pid(dir) + "); stop it with: stop --dir " + dir);
      return EXIT_FAILED;
    }
    GridDBInstallation installation;
    try {
      installation = GridDBInstallation.fromEnvironment();
    } catch (IllegalArgumentException e) {
      err.println("error: " + e.getMessage());
      return EXIT_USAGE;
    }
    if (installation == null) {
      err.println("error: " + GridDBInstallation.ENV + " is not set (it names a GridDB installation: the directory"
          + " holding bin/gsserver)");
      return EXIT_USAGE;
    }
    long t0 = System.nanoTime();
    GridDBServer server;
    try {
      server = GridDBServer.startDetached(installation, dir, ports);
    } catch (IOException e) {
      try {
        GridDBServer.stop(dir);
      } catch (IOException ignored) {
        // nothing more to stop
      }
      err.println("error: " + e.getMessage());
      return EXIT_FAILED;
    }
    Properties settings = server.bindingProperties();
    // the node's own statistics (/node/stat) are the admin user's to read, which this node's settings are
    settings.setProperty("griddb.systemport", Integer.toString(ports.system()));
    try {
      write(dir.resolve(SETTINGS_FILE), settings);
      if (bindingConf != null) {
        Files.createDirectories(bindingConf);
        write(bindingConf.resolve(LOCAL_FILE), settings);
      }
    } catch (IOException e) {
      err.println("error: GridDB runs but its settings could not be written: " + e.getMessage());
      return EXIT_FAILED;
    }
    out.printf("GridDB is running on 127.0.0.1:%s (pid %d, ready in %.1f s); cluster %s, user %s; data in %s.%n",
        settings.getProperty("griddb.notificationmember").substring("127.0.0.1:".length()), GridDBServer.pid(dir),
        (System.nanoTime() - t0) / 1e9, GridDBServer.CLUSTER, GridDBServer.USER, dir);
    if (bindingConf != null) {
      out.println("bin/ycsb load griddb -P workloads/workloada now uses it (settings in "
          + bindingConf.resolve(LOCAL_FILE) + "; -p/-P settings win); stop it with: stop --dir " + dir);
    } else {
      out.println("Use -P " + dir.resolve(SETTINGS_FILE) + "; stop it with: stop --dir " + dir);
    }
    return EXIT_OK;
  }

  private int stop(Path dir) {
    try {
      boolean was = GridDBServer.stop(dir);
      Files.deleteIfExists(dir.resolve("server.pid"));
      removeLocalFileOf(dir);
      out.println(was ? "stopped GridDB in " + dir : "not running");
      return EXIT_OK;
    } catch (IOException e) {
      err.println("error: " + e.getMessage());
      return EXIT_FAILED;
    }
  }

  private int status(Path dir) {
    if (!GridDBServer.running(dir)) {
      out.println("not running");
      return EXIT_NOT_RUNNING;
    }
    Properties settings = read(dir.resolve(SETTINGS_FILE));
    out.println("running: pid " + GridDBServer.pid(dir) + (settings == null ? ""
        : ", griddb.notificationmember=" + settings.getProperty("griddb.notificationmember")
        + ", griddb.sqlmember=" + settings.getProperty("griddb.sqlmember")));
    return EXIT_OK;
  }

  /** Deletes the binding's local settings file when it was written for the node in {@code dir}. */
  private void removeLocalFileOf(Path dir) throws IOException {
    if (bindingConf == null) {
      return;
    }
    Properties ours = read(dir.resolve(SETTINGS_FILE));
    Properties local = read(bindingConf.resolve(LOCAL_FILE));
    if (ours != null && local != null && ours.equals(local)) {
      Files.deleteIfExists(bindingConf.resolve(LOCAL_FILE));
    }
  }

  private static void write(Path file, Properties p) throws IOException {
    try (OutputStream o = Files.newOutputStream(file)) {
      p.store(o, "written by bin/ycsb griddb-server start (a local test node; removed by stop)");
    }
  }

  private static Properties read(Path file) {
    if (!Files.isRegularFile(file)) {
      return null;
    }
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      p.load(in);
      return p;
    } catch (IOException e) {
      return null;
    }
  }

  /**
   * The GridDB binding's conf directory beside this jar: {@code HOME/griddb-testserver/lib/x.jar} (distribution) or
   * {@code HOME/griddb-testserver/target/x.jar} (source checkout) gives {@code HOME/griddb-binding/conf} or
   * {@code HOME/griddb/src/main/conf}; null when neither layout is recognised.
   */
  static Path bindingConfDir() {
    try {
      Path jar = Paths.get(LocalGridDB.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      return bindingConfDir(jar);
    } catch (URISyntaxException | RuntimeException e) {
      return null;
    }
  }

  static Path bindingConfDir(Path jarOrClasses) {
    Path parent = jarOrClasses.toAbsolutePath().getParent();
    if (parent == null || parent.getParent() == null || parent.getParent().getParent() == null) {
      return null;
    }
    Path home = parent.getParent().getParent();
    if (parent.getFileName().toString().equals("target") && Files.isDirectory(home.resolve("griddb/src/main"))) {
      return home.resolve("griddb/src/main/conf");
    }
    if (parent.getFileName().toString().equals("lib") && Files.isDirectory(home.resolve("griddb-binding/lib"))) {
      return home.resolve("griddb-binding/conf");
    }
    return null;
  }
}
