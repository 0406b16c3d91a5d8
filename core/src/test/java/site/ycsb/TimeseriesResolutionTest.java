package site.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.cli.ExitCode;

/** The time series of a results directory has 1 s points whatever the printed status interval. */
class TimeseriesResolutionTest {
  @TempDir
  Path tmp;

  private ClientRunner run(Path dir, String statusInterval) throws IOException {
    Path w = tmp.resolve("workload");
    Files.write(w, ("workload=site.ycsb.workloads.CoreWorkload\nrecordcount=100\noperationcount=3500\n"
        + "readproportion=1\nupdateproportion=0\n").getBytes(StandardCharsets.UTF_8));
    return ClientRunner.run("-t", "-P", w.toString(), "-p", "basicdb.verbose=false", "-threads", "2", "-target",
        "1000", "-s", "-p", "status.interval=" + statusInterval, "-p", "results.dir=" + dir);
  }

  /** elapsed_s of the OVERALL rows. */
  private static List<Double> elapsed(Path dir) throws IOException {
    List<Double> out = new ArrayList<>();
    for (String line : Files.readAllLines(dir.resolve("timeseries.csv"))) {
      String[] f = line.split(",", -1);
      if (f.length > 2 && f[2].equals("OVERALL")) {
        out.add(Double.parseDouble(f[1]));
      }
    }
    return out;
  }

  private static long csvCount(Path dir, String metric) throws IOException {
    long n = 0;
    for (String line : Files.readAllLines(dir.resolve("timeseries.csv"))) {
      String[] f = line.split(",", -1);
      if (f.length > 3 && f[2].equals(metric)) {
        n += Long.parseLong(f[3]);
      }
    }
    return n;
  }

  @Test
  void should_write_one_second_points_when_the_status_interval_is_longer() throws Exception {
    Path dir = tmp.resolve("r10");
    ClientRunner r = run(dir, "10");
    assertEquals(ExitCode.OK, r.exitCode, r.toString());
    List<Double> t = elapsed(dir);
    // A 3.5 s run: points at 1, 2, 3 s and the end, although a status line is due only every 10 s. A periodic
    // point is taken at its whole second or later, never earlier; a loaded machine can only make it late, so it
    // gets most of a second (a last tick late past the end of the run is not taken: at least 2 periodic points).
    assertTrue(t.size() >= 3, t.toString());
    for (int i = 0; i < t.size() - 1; i++) {
      double due = i + 1;
      assertTrue(t.get(i) >= due - 0.001 && t.get(i) < due + 0.9, "point " + i + " due at " + due + " s: " + t);
    }
    long reads = new ObjectMapper().readTree(dir.resolve("summary.json").toFile()).path("measurements")
        .path("READ").path("operations").asLong();
    assertEquals(reads, csvCount(dir, "READ"), "every measured operation is in exactly one point");
    List<String> status = Files.readAllLines(dir.resolve("status.log"));
    assertEquals(1, status.size(), "one status line (the final one) for a run shorter than the interval: " + status);
    assertTrue(status.get(0).contains("[READ: Count=" + reads + ","), "the status line covers every second of its "
        + "interval: " + status.get(0));
  }

  @Test
  void should_print_status_lines_over_all_the_seconds_of_their_interval() throws Exception {
    Path dir = tmp.resolve("r2");
    ClientRunner r = run(dir, "2");
    assertEquals(ExitCode.OK, r.exitCode, r.toString());
    List<String> status = Files.readAllLines(dir.resolve("status.log"));
    // at 2 s and the final one; a third (at 4 s) when a loaded machine ends the 3.5 s run late
    assertTrue(status.size() == 2 || status.size() == 3, status.toString());
    long sum = 0;
    Matcher m = Pattern.compile("\\[READ: Count=(\\d+),").matcher(String.join("\n", status));
    while (m.find()) {
      sum += Long.parseLong(m.group(1));
    }
    assertEquals(csvCount(dir, "READ"), sum, "status lines and time series count the same operations");
    assertTrue(elapsed(dir).size() >= 4, elapsed(dir).toString());
    Matcher rate = Pattern.compile("([0-9.]+) current ops/sec").matcher(status.get(0));
    assertTrue(rate.find(), status.get(0));
    double current = Double.parseDouble(rate.group(1));
    Matcher first = Pattern.compile("\\[READ: Count=(\\d+),").matcher(status.get(0));
    assertTrue(first.find(), status.get(0));
    // The first line's rate and its READ count are over the same 2 s (or a little more when the line is late on a
    // loaded machine): rate x 2 s is about the count, not twice it (a rate over the last 1 s tick only) nor half.
    double ratio = current * 2 / Long.parseLong(first.group(1));
    assertTrue(ratio > 0.6 && ratio < 1.2, "rate x 2 s / count = " + ratio + ": " + status.get(0));
  }

  @Test
  void should_keep_a_shorter_status_interval_for_the_time_series() throws Exception {
    Path dir = tmp.resolve("r05");
    ClientRunner r = run(dir, "0.5");
    assertEquals(ExitCode.OK, r.exitCode, r.toString());
    // 0.5 s to 3 s and the end; one late tick may be lost at the end (1 s points would be at most 4)
    assertTrue(elapsed(dir).size() >= 6, "0.5 s points: " + elapsed(dir));
  }
}
