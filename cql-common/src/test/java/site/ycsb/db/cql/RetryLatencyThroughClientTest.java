package site.ycsb.db.cql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Latency correction end to end: YCSB's client (this project's engine, forked) runs an open-loop workload
 * ({@code -target}, {@code measurement.interval=both}) on {@link RetriedTwiceDB}, whose every read is retried twice
 * inside the DB call. Both the service-time and the intended-time latency of every read must be at least the
 * back-off of its two retries.
 */
class RetryLatencyThroughClientTest {
  @TempDir
  Path dir;

  private static long metric(String output, String metric, String name) {
    Matcher m = Pattern.compile("^\\[" + Pattern.quote(metric) + "\\], " + Pattern.quote(name) + ", (\\S+)\\s*$",
        Pattern.MULTILINE).matcher(output);
    return m.find() ? (long) Double.parseDouble(m.group(1)) : -1;
  }

  @Test
  void should_report_a_latency_of_at_least_the_back_off_when_every_read_is_retried_twice() throws Exception {
    try {
      Class.forName("site.ycsb.Client");
    } catch (ClassNotFoundException e) {
      Assumptions.abort("this project's engine (site.ycsb.Client) is not installed in ~/.m2");
    }
    List<String> command = Arrays.asList(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), "site.ycsb.Client", "-t", "-db", RetriedTwiceDB.class.getName(),
        "-target", "20", "-threads", "1",
        "-p", "workload=site.ycsb.workloads.CoreWorkload", "-p", "recordcount=10", "-p", "operationcount=12",
        "-p", "readproportion=1", "-p", "updateproportion=0", "-p", "measurement.interval=both");
    File out = dir.resolve("stdout.txt").toFile();
    Process process = new ProcessBuilder(command).redirectOutput(out)
        .redirectError(dir.resolve("stderr.txt").toFile()).start();
    assertTrue(process.waitFor(60, TimeUnit.SECONDS), "client did not finish");
    String stdout = new String(Files.readAllBytes(out.toPath()), StandardCharsets.UTF_8);
    assertEquals(0, process.exitValue(), stdout);
    assertEquals(12, metric(stdout, "READ", "Return=OK"), stdout);
    long floorUs = RetriedTwiceDB.BACKOFF_MILLIS * 1000;
    assertTrue(metric(stdout, "READ", "MinLatency(us)") >= floorUs, stdout);
    assertTrue(metric(stdout, "Intended-READ", "MinLatency(us)") >= floorUs, stdout);
  }
}
