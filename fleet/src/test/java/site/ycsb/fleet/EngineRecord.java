package site.ycsb.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import site.ycsb.testsupport.ChildProcess;

/**
 * A result directory written by the real engine ({@code site.ycsb.Client} in its own JVM, against BasicDB), for the
 * tests of what fleet reads from a record: a hand-made summary.json would hide a field the reader names otherwise
 * than the writer.
 */
public final class EngineRecord {
  private EngineRecord() {
  }

  /** Whether this machine has Linux's /proc, which the engine's node sampling reads. */
  public static boolean canSampleNodes() {
    return new File("/proc/net/tcp").canRead();
  }

  /**
   * Runs a short run phase into {@code dir}: 300 operations at 300 ops/s on 2 threads, after a 200 ms warm-up,
   * service and intended latency measured, and, where the engine can sample nodes ({@link #canSampleNodes}), this
   * test JVM sampled as the database node 127.0.0.1. Fails the test unless the engine exits 0.
   */
  public static Path write(Path dir) throws Exception {
    List<String> args = new ArrayList<>(Arrays.asList("-t", "-db", "site.ycsb.BasicDB", "-p",
        "basicdb.verbose=false", "-p", "workload=site.ycsb.workloads.CoreWorkload", "-p", "recordcount=100",
        "-p", "operationcount=300", "-p", "readproportion=0.5", "-p", "updateproportion=0.5", "-threads", "2",
        "-target", "300", "-p", "measurement.interval=both", "-p", "warmup=200ms", "-p", "results.dir=" + dir));
    if (canSampleNodes()) {
      // the JVM's name is "pid@host" on every JDK from 8 on
      String pid = ManagementFactory.getRuntimeMXBean().getName().split("@")[0];
      args.addAll(Arrays.asList("-p", "telemetry.pids=127.0.0.1=" + pid));
    }
    ChildProcess.Result r = ChildProcess.java(System.getProperty("java.class.path"), "site.ycsb.Client", args)
        .run(120);
    assertEquals(0, r.exitCode, r.toString());
    return dir;
  }
}
