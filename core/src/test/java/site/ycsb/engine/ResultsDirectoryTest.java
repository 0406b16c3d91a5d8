package site.ycsb.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.ClientRunner;
import site.ycsb.cli.ExitCode;
import site.ycsb.output.RecordFiles;

/** What {@code results.dir} and {@code hdrhistogram.fileoutput} leave behind, read back with standard tools. */
class ResultsDirectoryTest {
  @TempDir
  Path tmp;

  private ClientRunner runInto(File dir, String... extra) throws IOException {
    Path w = tmp.resolve("workload");
    Files.write(w, ("workload=site.ycsb.workloads.CoreWorkload\nrecordcount=100\noperationcount=3000\n"
        + "readproportion=0.5\nupdateproportion=0.5\n").getBytes(StandardCharsets.UTF_8));
    String[] base = {"-t", "-P", w.toString(), "-p", "basicdb.verbose=false", "-threads", "2", "-target", "3000",
        "-p", "measurement.interval=both", "-p", "status.interval=0.5", "-p", "warmup=300ms", "-p", "results.dir=" + dir, "-l", "lbl"};
    String[] args = new String[base.length + extra.length];
    System.arraycopy(base, 0, args, 0, base.length);
    System.arraycopy(extra, 0, args, base.length, extra.length);
    return ClientRunner.run(args);
  }

  private static Histogram total(File log) throws IOException {
    HistogramLogReader reader = new HistogramLogReader(log);
    Histogram total = new Histogram(3);
    EncodableHistogram h;
    while ((h = reader.nextIntervalHistogram()) != null) {
      total.add((Histogram) h);
    }
    reader.close();
    return total;
  }

  private static long totalCount(File log) throws IOException {
    HistogramLogReader reader = new HistogramLogReader(log);
    Histogram total = null;
    EncodableHistogram h;
    while ((h = reader.nextIntervalHistogram()) != null) {
      if (total == null) {
        total = new Histogram(3);
      }
      total.add((Histogram) h);
    }
    reader.close();
    return total == null ? 0 : total.getTotalCount();
  }

  @Test
  void should_write_a_complete_record_when_results_dir_is_set() throws IOException {
    File dir = tmp.resolve("client-1").toFile();
    ClientRunner r = runInto(dir);
    assertEquals(ExitCode.OK, r.exitCode, r.toString());
    assertEquals(r.out, new String(Files.readAllBytes(new File(dir, "output.txt").toPath()), StandardCharsets.UTF_8),
        "output.txt holds exactly the printed results");

    JsonNode s = new ObjectMapper().readTree(new File(dir, "summary.json"));
    assertEquals("ycsb-result/1", s.get("format").asText());
    assertEquals("run", s.get("phase").asText());
    assertEquals("workload", s.get("workloadName").asText());
    assertEquals(2, s.get("threads").asInt());
    assertEquals(3000.0, s.get("target").asDouble());
    long warm = s.get("warmup").get("operations").asLong();
    assertTrue(warm > 0 && warm < 3000, "the first 300 ms are warm-up: " + warm);
    assertEquals(3000 - warm, s.get("operations").asLong());
    assertEquals(0, s.get("exitCode").asInt());
    assertTrue(s.get("endEpochMs").asLong() - s.get("startEpochMs").asLong() >= 600);
    long reads = s.get("measurements").get("READ").get("operations").asLong();
    assertEquals(reads, s.get("measurements").get("READ").get("returns").get("OK").asLong());
    assertEquals("intended", s.get("measurements").get("Intended-READ").get("kind").asText());
    assertTrue(s.get("measurements").get("READ").get("percentilesUs").has("99"));
    assertEquals("3000", s.get("properties").get("operationcount").asText());

    assertEquals(reads, totalCount(new File(dir, "hdr/READ.hdr")), "HdrHistogram's reader sees every read");
    assertEquals(reads, totalCount(new File(dir, "hdr/Intended-READ.hdr")));
    // the schedule lag as a histogram (for merge), agreeing with the printed figures
    Histogram lag = total(new File(dir, RecordFiles.SCHEDULE_LAG));
    assertTrue(lag.getTotalCount() >= reads + r.longValueOrZero("UPDATE", "Operations"), "a lag per operation");
    assertEquals(r.longValue("SCHEDULE", "LagMax(us)"), lag.getMaxValue());
    assertEquals(r.longValue("SCHEDULE", "LagP99(us)"), lag.getValueAtPercentile(99));

    List<String> csv = Files.readAllLines(new File(dir, "timeseries.csv").toPath());
    assertEquals("epoch_ms,elapsed_s,metric,count,throughput,avg_us,min_us,max_us,p50_us,p90_us,p99_us,p999_us,"
        + "p9999_us,errors,retries", csv.get(0));
    long overall = 0;
    long readRows = 0;
    for (String line : csv.subList(1, csv.size())) {
      String[] f = line.split(",", -1);
      assertEquals(15, f.length, line);
      assertEquals("", f[14], "BasicDB counts no retries: none written, not a zero: " + line);
      if (f[2].equals("OVERALL")) {
        overall += Long.parseLong(f[3]);
      } else if (f[2].equals("READ")) {
        readRows += Long.parseLong(f[3]);
      }
    }
    assertEquals(3000, overall, "the intervals add up to every operation, warm-up included");
    assertEquals(reads, readRows);
    assertTrue(new File(dir, "status.log").length() > 0);
  }

  @Test
  void should_refuse_to_overwrite_a_result_when_the_directory_holds_one() throws IOException {
    File dir = tmp.resolve("again").toFile();
    assertEquals(ExitCode.OK, runInto(dir).exitCode);
    ClientRunner second = runInto(dir);
    assertEquals(ExitCode.USAGE, second.exitCode);
    assertTrue(second.err.contains("already holds a result"), second.err);
  }

  @Test
  void should_write_logs_that_histogram_log_reader_reads_when_fileoutput_is_on() throws IOException {
    File dir = tmp.resolve("r").toFile();
    String prefix = tmp.resolve("hdr-").toString();
    ClientRunner r = runInto(dir, "-p", "hdrhistogram.fileoutput=true", "-p", "hdrhistogram.output.path=" + prefix);
    assertEquals(ExitCode.OK, r.exitCode, r.toString());
    assertEquals(r.longValue("UPDATE", "Operations"), totalCount(new File(prefix + "UPDATE.hdr")));
  }

  @Test
  void should_not_flag_the_client_when_it_keeps_the_schedule_easily() throws IOException {
    File dir = tmp.resolve("idle").toFile();
    ClientRunner r = runInto(dir, "-p", "warmup=500ms", "-target", "500", "-p", "operationcount=1000");
    assertEquals(ExitCode.OK, r.exitCode, r.toString());
    JsonNode health = new ObjectMapper().readTree(new File(dir, "summary.json")).get("health");
    // Neither saturation verdict: the client's CPU and threads had room to spare. (On a machine loaded by other
    // processes a separate "the machine did not run the client on time" warning may still appear, rightly.)
    assertTrue(health.get("cpuUtilisation").asDouble() < 0.9, health.toString());
    assertTrue(health.get("threadsBusy").asDouble() < 0.5, health.toString());
    assertFalse(r.err.contains("client-limited run"), r.err);
    assertFalse(r.err.contains("Raise -threads"), r.err);
  }

  @Test
  void should_flag_the_client_as_limiting_when_threads_cannot_keep_the_schedule() throws IOException {
    File dir = tmp.resolve("starved").toFile();
    Path w = tmp.resolve("slow");
    Files.write(w, ("workload=site.ycsb.workloads.CoreWorkload\nrecordcount=100\noperationcount=200\n"
        + "readproportion=1\nupdateproportion=0\n").getBytes(StandardCharsets.UTF_8));
    // one thread, 10 ms per operation, asked for 1000 ops/s: it can do at most 100 ops/s
    ClientRunner r = ClientRunner.run("-t", "-P", w.toString(), "-p", "basicdb.verbose=false",
        "-p", "basicdb.simulatedelay=10", "-p", "basicdb.randomizedelay=false", "-target", "1000",
        "-p", "results.dir=" + dir);
    assertEquals(ExitCode.OK, r.exitCode, r.toString());
    assertTrue(r.err.contains("WARNING: the client limited the schedule") && r.err.contains("Raise -threads"), r.err);
    JsonNode s = new ObjectMapper().readTree(new File(dir, "summary.json"));
    assertTrue(s.get("health").get("clientLimited").asBoolean());
    assertTrue(s.get("health").get("scheduleLagP99Us").asLong() > 100_000, s.get("health").toString());
  }
}
