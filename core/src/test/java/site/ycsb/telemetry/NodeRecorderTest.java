package site.ycsb.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * A node sampled for hours keeps a bounded number of rows in memory (issue 46), and its summary is the one every row
 * kept would give: the rows that lie inside the window whatever its ends are summed as they age.
 */
class NodeRecorderTest {
  private static final long T0 = 1_700_000_000_000L;
  /** Five hours and a half at one sample a second. */
  private static final int SAMPLES = 20_000;

  /** Feeds {@code r} {@link #SAMPLES} samples of a machine whose CPU varies (a fixed seed: the same for every r). */
  private static void feed(NodeRecorder r) {
    Random random = new Random(46);
    long[] cpu = new long[8];
    for (int i = 0; i <= SAMPLES; i++) {
      long busy = random.nextInt(101);
      long iowait = random.nextInt(6);
      cpu[0] += busy * 3 / 4;
      cpu[2] += busy - busy * 3 / 4;
      cpu[3] += 100 - busy;
      cpu[4] += iowait;
      ProcSnapshot s = new ProcSnapshot();
      // a sample every second, give or take the sampler's jitter
      double uptime = 1000 + i + random.nextInt(50) / 1000.0;
      s.uptimeSec = uptime;
      s.cpu = cpu.clone();
      s.load1 = random.nextInt(400) / 100.0;
      s.memTotalKb = 8_000_000;
      s.memAvailableKb = 2_000_000 + random.nextInt(1_000_000);
      r.accept(s, T0 + Math.round(uptime * 1000));
    }
  }

  private static NodeRecorder opened() throws IOException {
    NodeRecorder r = new NodeRecorder(new NodeInfo("db1", "ssh db1", false, 4));
    r.open(new StringWriter(), T0);
    return r;
  }

  @Test
  void should_keep_at_most_the_last_minute_of_rows_when_a_node_is_sampled_for_hours() throws IOException {
    NodeRecorder bounded = opened();
    bounded.windowStartsBy(T0 + 1_030_000);
    feed(bounded);
    // the 30 rows before the window's start, the last minute's 61
    assertTrue(bounded.rows().size() <= 100, bounded.rows().size() + " rows kept of " + SAMPLES);
  }

  @Test
  void should_summarise_as_every_row_would_when_the_rows_inside_the_window_are_summed() throws IOException {
    NodeRecorder bounded = opened();
    bounded.windowStartsBy(T0 + 1_030_000);
    feed(bounded);
    NodeRecorder everyRow = opened();
    feed(everyRow);
    assertEquals(SAMPLES, everyRow.rows().size(), "without the window's start every row is kept");
    // windows that start before the word, mid-sample or not, and end with the run, in the last minute's rows
    long[][] windows = {{T0 + 1_029_500, T0 + 1_000_000 + SAMPLES * 1000L - 20_000},
        {T0 + 1_012_300, T0 + 1_000_000 + SAMPLES * 1000L - 700}, {T0, Long.MAX_VALUE}};
    for (long[] w : windows) {
      NodeSummary expected = NodeSummary.of(everyRow.info, everyRow.rows(), w[0], w[1]);
      NodeSummary got = bounded.summary(w[0], w[1]);
      assertEquals(expected.samples, got.samples);
      assertEquals(expected.json(), got.json());
      assertEquals(expected.verdicts(), got.verdicts());
    }
  }
}
