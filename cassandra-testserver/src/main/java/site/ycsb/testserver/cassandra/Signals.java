package site.ycsb.testserver.cassandra;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.TimeUnit;

/** Sends POSIX signals with the system's kill command and inspects processes through /proc (Linux). */
final class Signals {
  private Signals() {
  }

  static void send(String signal, long pid) {
    try {
      Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.to(new File("/dev/null"))).start();
      if (!kill.waitFor(10, TimeUnit.SECONDS)) {
        kill.destroyForcibly();
        throw new TestServerException("kill -" + signal + " " + pid + " did not finish");
      }
      if (kill.exitValue() != 0) {
        throw new TestServerException("kill -" + signal + " " + pid + " failed (exit " + kill.exitValue()
            + "); is the process gone?");
      }
    } catch (IOException e) {
      throw new TestServerException("cannot run kill: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TestServerException("interrupted while sending SIG" + signal + " to " + pid);
    }
  }

  /**
   * SIGSTOP, then waits until every thread of the process has stopped (SIGSTOP returns before: a thread stops on its
   * way back to user mode).
   */
  static void stopAndWait(long pid, long timeoutMillis) {
    send("STOP", pid);
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    while (!allThreadsStopped(pid)) {
      if (System.nanoTime() > deadline) {
        throw new TestServerException("pid " + pid + " did not stop within " + timeoutMillis / 1000
            + " s of SIGSTOP");
      }
      pause();
    }
  }

  /** SIGCONT, then waits until the process is no longer in the stopped state. */
  static void continueAndWait(long pid, long timeoutMillis) {
    send("CONT", pid);
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    while (state(pid) == 'T') {
      if (System.nanoTime() > deadline) {
        throw new TestServerException("pid " + pid + " still stopped " + timeoutMillis / 1000 + " s after SIGCONT");
      }
      pause();
    }
  }

  private static void pause() {
    try {
      Thread.sleep(5);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TestServerException("interrupted while waiting for a signal to take effect");
    }
  }

  /** True while the process exists and is not a zombie. */
  static boolean isAlive(long pid) {
    char state = state(pid);
    return state != 0 && state != 'Z' && state != 'X';
  }

  /** The process state letter from /proc (R, S, T for stopped, Z for zombie...), or 0 if there is no such process. */
  static char state(long pid) {
    Path stat = Paths.get("/proc", Long.toString(pid), "stat");
    try {
      String text = new String(Files.readAllBytes(stat), StandardCharsets.US_ASCII);
      // Format: pid (comm) state ...; comm may contain spaces or parentheses, so look after the last ')'.
      int close = text.lastIndexOf(')');
      return close < 0 || close + 2 >= text.length() ? '?' : text.charAt(close + 2);
    } catch (IOException e) {
      return 0;
    }
  }

  /**
   * True when every thread of the process is stopped. SIGSTOP returns before all threads have stopped (a thread
   * stops on its way back to user mode), so a caller that wants a frozen server waits for this.
   */
  static boolean allThreadsStopped(long pid) {
    Path tasks = Paths.get("/proc", Long.toString(pid), "task");
    try (java.nio.file.DirectoryStream<Path> threads = Files.newDirectoryStream(tasks)) {
      for (Path thread : threads) {
        String text;
        try {
          text = new String(Files.readAllBytes(thread.resolve("stat")), StandardCharsets.US_ASCII);
        } catch (IOException e) {
          continue; // the thread ended meanwhile
        }
        int close = text.lastIndexOf(')');
        if (close < 0 || close + 2 >= text.length() || text.charAt(close + 2) != 'T') {
          return false;
        }
      }
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** True when {@code pid} runs a Java main of {@code mainClass} (guards against a recycled pid). */
  static boolean runsMainClass(long pid, String mainClass) {
    return commandLineContains(pid, mainClass);
  }

  /** True when the command line of {@code pid} contains every one of {@code parts}. */
  static boolean commandLineContains(long pid, String... parts) {
    String cmdline;
    try {
      byte[] bytes = Files.readAllBytes(Paths.get("/proc", Long.toString(pid), "cmdline"));
      cmdline = new String(bytes, StandardCharsets.UTF_8);
    } catch (IOException e) {
      return false;
    }
    for (String part : parts) {
      if (!cmdline.contains(part)) {
        return false;
      }
    }
    return true;
  }

  static boolean onPath(String command) {
    String path = System.getenv("PATH");
    if (path == null) {
      return false;
    }
    for (String entry : path.split(File.pathSeparator)) {
      if (!entry.isEmpty() && Files.isExecutable(Paths.get(entry, command))) {
        return true;
      }
    }
    return false;
  }
}
