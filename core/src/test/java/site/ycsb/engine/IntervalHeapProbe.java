package site.ycsb.engine;

import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

import site.ycsb.Client;

/**
 * Runs the engine ({@link Client#run}) in this JVM and measures its heap as the run's intervals go by: when the run's
 * time series (its {@code timeseries.csv}, one {@code OVERALL} row per interval) has {@code first} intervals, and
 * again when it has {@code second}, the heap retained after a full collection. Prints one line
 * {@code intervals <first> <second> retained <bytes> <bytes>} and exits 0; exits 1 when the run ended before.
 * Started by {@link EngineMemoryTest} in a JVM of its own with a small heap.
 *
 * <p>Usage: {@code IntervalHeapProbe FIRST SECOND RESULTS_DIR ENGINE_ARGS...} (the engine's arguments must write its
 * results into RESULTS_DIR).
 */
public final class IntervalHeapProbe {
  private IntervalHeapProbe() {
  }

  public static void main(String[] args) throws Exception {
    int first = Integer.parseInt(args[0]);
    int second = Integer.parseInt(args[1]);
    File series = new File(args[2], "timeseries.csv");
    String[] engineArgs = java.util.Arrays.copyOfRange(args, 3, args.length);
    AtomicInteger exit = new AtomicInteger(-1);
    Thread run = new Thread(() -> exit.set(Client.run(engineArgs)), "probe-engine");
    run.setDaemon(true);
    run.start();
    IntervalCounter counter = new IntervalCounter(series);
    long retainedFirst = -1;
    while (true) {
      run.join(20);
      int intervals = counter.count();
      if (retainedFirst < 0 && intervals >= first) {
        retainedFirst = retainedAfterGc();
        System.out.println("first at " + intervals + " intervals");
      } else if (retainedFirst >= 0 && intervals >= second) {
        long retainedSecond = retainedAfterGc();
        System.out.println("intervals " + first + " " + second + " retained " + retainedFirst + " " + retainedSecond);
        System.out.flush();
        // the run is not needed any longer; its files are the test's temporary directory's
        Runtime.getRuntime().halt(0);
      }
      if (!run.isAlive()) {
        System.out.println("the run ended (exit " + exit.get() + ") after " + intervals + " intervals");
        System.exit(1);
      }
    }
  }

  /** The smallest heap in use right after each of three full collections: the live objects, give or take a few. */
  private static long retainedAfterGc() throws InterruptedException {
    long least = Long.MAX_VALUE;
    for (int i = 0; i < 3; i++) {
      System.gc();
      least = Math.min(least, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
      Thread.sleep(5);
    }
    return least;
  }

  /** Counts the {@code OVERALL} rows of a growing time series, reading only what was appended since the last call. */
  private static final class IntervalCounter {
    private static final byte[] MARK = ",OVERALL,".getBytes(StandardCharsets.US_ASCII);
    private final File file;
    private long offset;
    private int matched;
    private int count;
    private final byte[] buffer = new byte[1 << 16];

    IntervalCounter(File file) {
      this.file = file;
    }

    int count() throws IOException {
      if (!file.isFile()) {
        return count;
      }
      try (RandomAccessFile in = new RandomAccessFile(file, "r")) {
        in.seek(offset);
        int n;
        while ((n = in.read(buffer)) > 0) {
          offset += n;
          for (int i = 0; i < n; i++) {
            matched = buffer[i] == MARK[matched] ? matched + 1 : buffer[i] == MARK[0] ? 1 : 0;
            if (matched == MARK.length) {
              count++;
              matched = 0;
            }
          }
        }
      }
      return count;
    }
  }
}
