package site.ycsb.testserver.cassandra;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;

/**
 * Main class of the forked server JVM: records its pid, optionally watches stdin, then runs Cassandra's own main.
 * The watchdog makes the server exit when the launching JVM dies without stopping it: its end of the stdin pipe
 * closes, and a read here sees end-of-file. A launcher that wants the server to outlive it (the CLI, once the
 * server is ready) writes the line {@value #DETACH} first.
 *
 * <p>Not thread-safe: the server process's main class; its helper threads only watch the parent and the signals.
 */
public final class ServerMain {
  static final String PROPERTY_PIDFILE = "ycsb.testserver.pidfile";
  static final String PROPERTY_WATCHDOG = "ycsb.testserver.watchdog";
  /** The line a launcher writes to release the server from the watchdog (then closes the pipe). */
  static final String DETACH = "detach";
  private static final long HALT_AFTER_MILLIS = 30_000;

  private ServerMain() {
  }

  public static void main(String[] args) throws Exception {
    String pidFile = System.getProperty(PROPERTY_PIDFILE);
    if (pidFile != null) {
      writePid(Paths.get(pidFile));
    }
    if (Boolean.parseBoolean(System.getProperty(PROPERTY_WATCHDOG, "false"))) {
      Thread watchdog = new Thread(ServerMain::exitWhenParentGone, "parent-watchdog");
      watchdog.setDaemon(true);
      watchdog.start();
    }
    Class<?> daemon;
    try {
      daemon = Class.forName("org.apache.cassandra.service.CassandraDaemon");
    } catch (ClassNotFoundException e) {
      System.err.println("ServerMain: org.apache.cassandra.service.CassandraDaemon is not on the classpath "
          + System.getProperty("java.class.path") + "; is the Cassandra jar directory (YCSB_CASSANDRA_LIB) complete?");
      System.exit(2);
      return;
    }
    Method main = daemon.getMethod("main", String[].class);
    try {
      main.invoke(null, (Object) args);
    } catch (InvocationTargetException e) {
      System.err.println("Cassandra failed to start: " + e.getCause());
      e.getCause().printStackTrace();
      System.exit(3);
    }
  }

  private static void exitWhenParentGone() {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
    try {
      String line;
      while ((line = in.readLine()) != null) {
        if (line.equals(DETACH)) {
          // The launcher has finished starting a server meant to outlive it (the CLI): stop watching.
          System.err.println("ServerMain: detached from the launcher");
          return;
        }
      }
    } catch (IOException e) {
      // a broken pipe means the same as end-of-file
    }
    System.err.println("ServerMain: launcher process is gone (stdin closed); stopping Cassandra");
    Thread halt = new Thread(() -> {
      try {
        Thread.sleep(HALT_AFTER_MILLIS);
      } catch (InterruptedException ignored) {
        // halting anyway
      }
      Runtime.getRuntime().halt(1);
    }, "halt-if-stuck");
    halt.setDaemon(true);
    halt.start();
    System.exit(0);
  }

  private static void writePid(Path file) throws IOException {
    String name = ManagementFactory.getRuntimeMXBean().getName();
    String pid = name.substring(0, name.indexOf('@'));
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    Files.write(tmp, (pid + "\n").getBytes(StandardCharsets.US_ASCII));
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }
}
