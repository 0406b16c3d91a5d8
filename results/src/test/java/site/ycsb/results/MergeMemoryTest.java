package site.ycsb.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import site.ycsb.testsupport.ChildProcess;

/**
 * {@code merge} holds one interval of each client's log, not the merged run's intervals (issue 46): {@link #CLIENTS}
 * clients of {@link #INTERVALS} one-second intervals, service and intended times, each interval with latencies over
 * three decades (a merged interval's histogram then takes about 64 kB, so the merged run's intervals held as
 * histograms, as merge held them, take about 380 MB), merged in a JVM with a heap of {@link #HEAP}; the merged logs
 * hold every value of every client, interval by interval.
 */
class MergeMemoryTest {
  static final int CLIENTS = 3;
  /** 50 minutes of 1 s intervals. */
  static final int INTERVALS = 3_000;
  static final String HEAP = "-Xmx128m";

  @TempDir
  Path tmp;

  @Test
  void should_merge_long_runs_in_a_small_heap_when_each_interval_spreads_over_three_decades() throws Exception {
    List<String> args = new ArrayList<>(Arrays.asList("-o", tmp.resolve("merged").toString()));
    long[] perInterval = new long[INTERVALS];
    for (int c = 0; c < CLIENTS; c++) {
      ResultDirFixture f = new ResultDirFixture();
      f.host = "client-" + c;
      f.intervalSec = 1;
      f.startEpochMs += c * 150; // the clients' ticks are not aligned, as on real machines
      f.threeDecadeIntervals(new Random(46 + c), INTERVALS, 40 + c);
      for (int i = 0; i < INTERVALS; i++) {
        perInterval[i] += 40 + c;
      }
      args.add(f.write(tmp.resolve("client-" + c)).toString());
    }
    ChildProcess.Result r = ChildProcess.java(Arrays.asList(HEAP, "-XX:+UseSerialGC"),
        System.getProperty("java.class.path"), Merge.class.getName(), args).run(600);
    assertEquals(0, r.exitCode, r.toString());

    for (String log : new String[] {"READ", "Intended-READ"}) {
      List<Long> merged = new ArrayList<>();
      HdrLog.forEachInterval(tmp.resolve("merged/hdr/" + log + ".hdr"), (Histogram h) -> merged.add(h.getTotalCount()));
      // the last client ends 300 ms after the first: the grid's last interval holds those 300 ms, and no value
      assertEquals(INTERVALS + 1, merged.size(), log + ": merged intervals");
      assertEquals(0L, (long) merged.get(INTERVALS), log + ": the last, partial interval");
      long[] firsts = new long[INTERVALS];
      for (int i = 0; i < INTERVALS; i++) {
        firsts[i] = merged.get(i);
      }
      assertEquals(Arrays.toString(perInterval), Arrays.toString(firsts), log + ": values per merged interval");
    }
  }
}
