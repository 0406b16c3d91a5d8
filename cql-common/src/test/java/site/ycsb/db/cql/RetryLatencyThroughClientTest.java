package site.ycsb.db.cql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.testsupport.ChildProcess;
import site.ycsb.testsupport.MetricLines;

/**
 * Latency correction end to end: YCSB's client (this project's engine, forked) runs an open-loop workload
 * ({@code -target}, {@code measurement.interval=both}) on {@link RetriedTwiceDB}, whose every read is retried twice
 * inside the DB call. Both the service-time and the intended-time latency of every read must be at least the
 * back-off of its two retries.
 */
class RetryLatencyThroughClientTest {
  @TempDir
  Path dir;

  @Test
  void should_report_a_latency_of_at_least_the_back_off_when_every_read_is_retried_twice() throws Exception {
    try {
      Class.forName("site.ycsb.Client");
    } catch (ClassNotFoundException e) {
      Assumptions.abort("this project's engine (site.ycsb.Client) is not installed in ~/.m2");
    }
    List<String> args = Arrays.asList("-t", "-db", RetriedTwiceDB.class.getName(),
        "-target", "20", "-threads", "1",
        "-p", "workload=site.ycsb.workloads.CoreWorkload", "-p", "recordcount=10", "-p", "operationcount=12",
        "-p", "readproportion=1", "-p", "updateproportion=0", "-p", "measurement.interval=both");
    ChildProcess.Result run = ChildProcess.java(System.getProperty("java.class.path"), "site.ycsb.Client", args)
        .directory(dir).run(60);
    assertEquals(0, run.exitCode, run.toString());
    MetricLines lines = MetricLines.of(run.stdout);
    assertEquals(12, lines.longValue("READ", "Return=OK"), run.stdout);
    long floorUs = RetriedTwiceDB.BACKOFF_MILLIS * 1000;
    assertTrue(lines.longValue("READ", "MinLatency(us)") >= floorUs, run.stdout);
    assertTrue(lines.longValue("Intended-READ", "MinLatency(us)") >= floorUs, run.stdout);
  }
}
