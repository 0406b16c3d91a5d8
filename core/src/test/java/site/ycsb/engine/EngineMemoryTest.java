package site.ycsb.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import site.ycsb.testsupport.ChildProcess;

/**
 * The engine's memory does not grow with the number of intervals of a run (issue 46): a run of the null database
 * ({@code BasicDB}) with every per-interval writer on — a status line and a time-series row every interval, an
 * HdrHistogram interval log per measurement, service and intended times ({@code measurement.interval=both}), the
 * health figures of each status line — at the shortest status interval a user may give (1 ms), in a JVM of its own
 * with a small heap ({@link IntervalHeapProbe}). The heap retained after a full collection is taken after
 * {@link #FIRST} intervals and again after {@link #SECOND}; anything kept per interval (even a status line's 200 bytes)
 * shows as growth far above {@link #MAX_GROWTH_BYTES}.
 */
class EngineMemoryTest {
  /** Intervals before the first look: lazily created state (histogram buffers, formats) exists by then. */
  static final int FIRST = 3_000;
  /** Intervals at the second look. */
  static final int SECOND = 23_000;
  /** 50 bytes per interval between the looks: an object kept per interval costs at least 16 bytes and its reference. */
  static final long MAX_GROWTH_BYTES = 50L * (SECOND - FIRST);

  @TempDir
  Path dir;

  @Test
  void should_retain_the_same_heap_when_a_run_takes_twenty_thousand_more_intervals() throws Exception {
    Path results = dir.resolve("results");
    List<String> args = Arrays.asList(Integer.toString(FIRST), Integer.toString(SECOND), results.toString(),
        "-t", "-db", "site.ycsb.BasicDB", "-p", "workload=site.ycsb.workloads.CoreWorkload",
        "-p", "recordcount=1000", "-p", "operationcount=1000000000", "-p", "readproportion=0.5",
        "-p", "updateproportion=0.5", "-p", "basicdb.verbose=false", "-threads", "2", "-target", "2000",
        "-p", "status.interval=0.001", "-p", "measurement.interval=both", "-p", "hdrhistogram.fileoutput=false",
        "-p", "maxexecutiontime=1200", "-p", "results.dir=" + results);
    ChildProcess.Result r = ChildProcess.java(Arrays.asList("-Xmx64m", "-XX:+UseSerialGC"),
        System.getProperty("java.class.path"), IntervalHeapProbe.class.getName(), args).directory(dir).run(1500);
    assertEquals(0, r.exitCode, r.toString());
    String line = null;
    for (String l : r.stdout.split("\n")) {
      if (l.startsWith("intervals ")) {
        line = l.trim();
      }
    }
    assertTrue(line != null, r.toString());
    System.out.println("EngineMemoryTest: " + line); // the figures, for the record of a build
    String[] f = line.split(" ");
    long first = Long.parseLong(f[4]);
    long second = Long.parseLong(f[5]);
    assertTrue(second - first < MAX_GROWTH_BYTES, "the heap retained after " + SECOND + " intervals ("
        + second + " bytes) is " + (second - first) + " bytes more than after " + FIRST + " (" + first
        + " bytes); at most " + MAX_GROWTH_BYTES + " is allowed\n" + r);
  }
}
