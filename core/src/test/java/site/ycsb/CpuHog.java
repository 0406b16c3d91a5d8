package site.ycsb;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Busy-loop processes beside a test, one more than the machine has cores, at the normal priority: the machine then
 * cannot run every thread that is ready, as on a host with noisy neighbours. Each process is a shell loop that ends
 * by itself once this JVM is gone (it checks its parent now and then), and {@link #close} — or, failing that, this
 * JVM's shutdown — ends them all.
 *
 * <p>Not thread-safe: started and closed by one test. (Public for other modules' tests, through core's test jar.)
 */
public final class CpuHog implements AutoCloseable {
  /** Spins, and every 100000 turns checks that its parent (this JVM) still runs. */
  private static final String LOOP = "i=0; while :; do i=$((i+1)); if [ $i -ge 100000 ]; then "
      + "kill -0 $PPID 2>/dev/null || exit 0; i=0; fi; done";

  private final List<Process> processes = new ArrayList<>();
  private final Thread onExit = new Thread(this::stop, "cpu-hog-stop");

  /** Starts cores + 1 busy loops. */
  public CpuHog() throws IOException {
    Runtime.getRuntime().addShutdownHook(onExit);
    try {
      for (int i = 0; i <= Runtime.getRuntime().availableProcessors(); i++) {
        processes.add(new ProcessBuilder("sh", "-c", LOOP).redirectErrorStream(true)
            .redirectOutput(new java.io.File("/dev/null")).start());
      }
    } catch (IOException | RuntimeException e) {
      close();
      throw e;
    }
  }

  /** How many busy loops run. */
  public int size() {
    return processes.size();
  }

  private void stop() {
    for (Process p : processes) {
      p.destroyForcibly();
    }
    for (Process p : processes) {
      try {
        p.waitFor();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  @Override
  public void close() {
    stop();
    try {
      Runtime.getRuntime().removeShutdownHook(onExit);
    } catch (IllegalStateException e) {
      // the JVM is shutting down: the hook runs (or ran) anyway
    }
  }
}
