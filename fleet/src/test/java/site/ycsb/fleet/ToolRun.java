package site.ycsb.fleet;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/** One of this module's tools run as its own process (as bin/ycsb runs it), with its output captured by line. */
final class ToolRun {
  final List<String> out = new CopyOnWriteArrayList<>();
  final List<String> err = new CopyOnWriteArrayList<>();
  private final Process process;
  private final Thread outPump;
  private final Thread errPump;

  ToolRun(String mainClass, List<String> args, Consumer<String> onErrLine) throws Exception {
    List<String> cmd = new ArrayList<>(Arrays.asList(System.getProperty("java.home") + File.separator + "bin"
        + File.separator + "java", "-cp", TestTarball.toolClasspath(), mainClass));
    cmd.addAll(args);
    process = new ProcessBuilder(cmd).start();
    process.getOutputStream().close();
    outPump = pump(process.getInputStream(), out, null);
    errPump = pump(process.getErrorStream(), err, onErrLine);
  }

  private static Thread pump(InputStream in, List<String> into, Consumer<String> each) {
    Thread t = new Thread(() -> {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
        String line;
        while ((line = r.readLine()) != null) {
          into.add(line);
          if (each != null) {
            each.accept(line);
          }
        }
      } catch (IOException e) {
        // process ended
      }
    });
    t.setDaemon(true);
    t.start();
    return t;
  }

  /** Waits for the exit code; fails the test (with the output) when the tool hangs. */
  int waitFor(int seconds) throws Exception {
    if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("tool did not finish in " + seconds + " s; stderr:\n" + String.join("\n", err));
    }
    outPump.join(5000);
    errPump.join(5000);
    return process.exitValue();
  }

  /**
   * SIGTERM, as kill would send, so that the tool's shutdown hook runs. Sent with the shell's kill rather than
   * Process.destroy(), which also closes the streams and would lose what the tool prints while stopping.
   */
  void terminate() throws Exception {
    // Process.pid() is Java 9+; this module compiles for Java 8 and its tests run on 17+
    long pid = (Long) Process.class.getMethod("pid").invoke(process);
    Process kill = new ProcessBuilder("sh", "-c", "kill -TERM " + pid).inheritIO().start();
    if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
      throw new AssertionError("kill -TERM " + pid + " failed");
    }
  }

  String errText() {
    return String.join("\n", err);
  }

  String outText() {
    return String.join("\n", out);
  }
}
