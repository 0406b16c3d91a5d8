package site.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine's headline: latency corrected for coordinated omission. One thread on a 1 ms schedule against a
 * database that stalls S = 200 ms on every 1000th read. Only the stalled read takes long, so the service time
 * ([READ]) hides the stall; the 199 reads scheduled during it start late by S - j ms (j = 1..199), which the
 * intended time ([Intended-READ]) counts. Per stall the intended latencies sum to S + sum(S - j) = 200 + 199 * 200
 * / 2 ms = 20,100 ms, so over P = 1000 reads per stall the analytical mean is 20.1 ms, a hundred times the
 * service mean (200 ms / 1000 = 0.2 ms).
 */
class CoordinatedOmissionTest {
  @TempDir
  Path tmp;

  private static final double ANALYTICAL_MEAN_US = (200 + 199 * 200 / 2.0) * 1000 / 1000;

  @Test
  void should_show_intended_latency_near_the_analytical_value_and_far_above_service_time_when_the_db_stalls()
      throws IOException {
    Path w = tmp.resolve("workload");
    Files.write(w, ("workload=site.ycsb.workloads.CoreWorkload\nrecordcount=100\noperationcount=3000\n"
        + "readproportion=1\nupdateproportion=0\n").getBytes(StandardCharsets.UTF_8));
    File dir = tmp.resolve("result").toFile();
    StallingDB.READS.set(0);
    ClientRunner r = ClientRunner.run("-t", "-db", StallingDB.class.getName(), "-P", w.toString(), "-threads", "1",
        "-target", "1000", "-p", "stall.every=1000", "-p", "stall.ms=200", "-p", "measurement.interval=both",
        "-p", "results.dir=" + dir);
    assertEquals(ExitCode.OK, r.exitCode, r.toString());
    assertEquals(3000, r.longValue("Intended-READ", "Operations"));
    double intended = Double.parseDouble(r.value("Intended-READ", "AverageLatency(us)"));
    double service = Double.parseDouble(r.value("READ", "AverageLatency(us)"));
    assertEquals(ANALYTICAL_MEAN_US, intended, ANALYTICAL_MEAN_US * 0.10, r.toString());
    assertTrue(intended > 20 * service, "intended " + intended + " us vs service " + service + " us");
    // p99: the 30 latest of 3 x 199 late reads started 190..200 ms late; the service p99 is a fast read
    assertTrue(r.longValue("Intended-READ", "99thPercentileLatency(us)") > 150_000, r.toString());
    assertTrue(r.longValue("READ", "99thPercentileLatency(us)") < 50_000, r.toString());
    // the same figures in the result directory's histogram log, the input of merge
    Histogram logged = total(new File(dir, "hdr/Intended-READ.hdr"));
    assertEquals(3000, logged.getTotalCount());
    assertEquals(ANALYTICAL_MEAN_US, logged.getMean(), ANALYTICAL_MEAN_US * 0.10);
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
}
