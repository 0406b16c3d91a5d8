package site.ycsb.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.ClientRunner;
import site.ycsb.cli.ExitCode;

/** The binding's retries per interval in timeseries.csv, read from binding-support's counters while the run lasts. */
class RetriesPerIntervalTest {
  @TempDir
  Path tmp;

  private ClientRunner run(Path dir) throws IOException {
    Path w = tmp.resolve("workload");
    Files.write(w, ("workload=site.ycsb.workloads.CoreWorkload\nrecordcount=100\noperationcount=2000\n"
        + "readproportion=0.5\nupdateproportion=0.5\n").getBytes(StandardCharsets.UTF_8));
    return ClientRunner.run("-t", "-db", RetryingTestDB.class.getName(), "-P", w.toString(), "-threads", "2",
        "-target", "2000", "-p", "results.dir=" + dir);
  }

  /** Sums of the retries column per metric over every row of the file. */
  private static Map<String, Long> retriesByMetric(Path csv) throws IOException {
    List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
    List<String> header = Arrays.asList(lines.get(0).split(","));
    int metric = header.indexOf("metric");
    int retries = header.indexOf("retries");
    assertTrue(retries > 0, "a retries column: " + lines.get(0));
    Map<String, Long> sums = new HashMap<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] cells = line.split(",", -1);
      if (!cells[retries].isEmpty()) {
        sums.merge(cells[metric], Long.parseLong(cells[retries]), Long::sum);
      }
    }
    return sums;
  }

  @Test
  void should_write_every_retry_once_in_its_interval_when_the_binding_counts_retries() throws IOException {
    // a first run leaves counts in the JVM-wide counters; the second must count only its own
    assertEquals(ExitCode.OK, run(tmp.resolve("first")).exitCode);
    ClientRunner second = run(tmp.resolve("second"));
    assertEquals(ExitCode.OK, second.exitCode, second.toString());
    Map<String, Long> sums = retriesByMetric(tmp.resolve("second/timeseries.csv"));
    assertEquals(2000L, sums.get("OVERALL"), "one retry per operation, every interval's in the OVERALL rows: " + sums);
    assertEquals(second.longValue("READ", "Operations"), sums.get("READ").longValue(), sums.toString());
    assertEquals(second.longValue("UPDATE", "Operations"), sums.get("UPDATE").longValue(), sums.toString());
    assertTrue(!sums.containsKey("Intended-READ"), "retries only on the rows named after an operation: " + sums);
  }
}
