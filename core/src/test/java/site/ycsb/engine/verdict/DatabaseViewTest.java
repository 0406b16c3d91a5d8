package site.ycsb.engine.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The nodes' own figures: kept per node, summarised over the measured window, judged by their queues. */
class DatabaseViewTest {
  private final DatabaseView view = new DatabaseView();
  /** A sample of {@code node} taken at {@code epochMs}: name, value, name, value... */
  private void sample(String node, long epochMs, Object... nameValue) {
    Map<String, Double> values = new LinkedHashMap<>();
    for (int i = 0; i < nameValue.length; i += 2) {
      values.put((String) nameValue[i], ((Number) nameValue[i + 1]).doubleValue());
    }
    view.add(node, "cassandra", "system_views.thread_pools", epochMs, values);
  }

  private static DatabaseView.Figure figure(DatabaseView.NodeSummary n, String name) {
    for (DatabaseView.Figure f : n.figures) {
      if (f.name.equals(name)) {
        return f;
      }
    }
    return null;
  }

  @Test
  void should_summarise_only_the_samples_inside_the_window_when_some_are_before_and_after_it() {
    sample("n1", 1000, "ReadStage pending", 100);
    sample("n1", 2000, "ReadStage pending", 2);
    sample("n1", 3000, "ReadStage pending", 0);
    sample("n1", 4000, "ReadStage pending", 4);
    sample("n1", 5000, "ReadStage pending", 500);
    List<DatabaseView.NodeSummary> s = view.summaries(2000, 4000);
    assertEquals(1, s.size());
    assertEquals(3, s.get(0).samples);
    DatabaseView.Figure f = figure(s.get(0), "ReadStage pending");
    assertEquals(2.0, f.mean, 1e-9);
    assertEquals(4.0, f.max, 1e-9);
  }

  @Test
  void should_keep_a_sample_within_the_clocks_resolution_of_the_window_when_the_window_is_a_millisecond_long() {
    sample("n1", 1990, "ReadStage pending", 100);
    sample("n1", 1998, "ReadStage pending", 7);
    sample("n1", 2003, "ReadStage pending", 9);
    sample("n1", 2010, "ReadStage pending", 100);
    assertEquals(2, view.summaries(2000, 2001).get(0).samples);
  }

  @Test
  void should_leave_a_figure_out_when_it_was_zero_throughout_the_window() {
    sample("n1", 1000, "ReadStage blocked", 3, "ReadStage active", 1);
    sample("n1", 2000, "ReadStage blocked", 0, "ReadStage active", 1);
    DatabaseView.NodeSummary n = view.summaries(1500, 2500).get(0);
    assertNull(figure(n, "ReadStage blocked"));
    assertEquals(1.0, figure(n, "ReadStage active").max, 1e-9);
  }

  @Test
  void should_average_a_figure_over_the_samples_since_it_first_appeared_when_it_is_missing_from_the_first() {
    // a rate needs two readings: the first sample has none
    sample("n1", 1000, "ReadStage active", 1);
    sample("n1", 2000, "ReadStage active", 1, "ReadStage completed/s", 300);
    sample("n1", 3000, "ReadStage active", 1, "ReadStage completed/s", 100);
    sample("n1", 4000, "ReadStage active", 1);
    sample("n1", 4500, "MutationStage active", 2);
    DatabaseView.NodeSummary n = view.summaries(0, 5000).get(0);
    DatabaseView.Figure f = figure(n, "ReadStage completed/s");
    assertEquals(400 / 4.0, f.mean, 1e-9, "missing after it appeared counts as 0");
    assertEquals(300, f.max, 1e-9);
    assertEquals("ReadStage active", n.figures.get(0).name);
    assertEquals("ReadStage completed/s", n.figures.get(1).name, "a queue's figures stay together");
    assertEquals("MutationStage active", n.figures.get(2).name);
  }

  @Test
  void should_give_a_max_of_zero_when_a_figure_was_negative_and_zero_in_the_window() {
    sample("n1", 1000, "x", -2);
    sample("n1", 2000, "x", 0);
    DatabaseView.Figure f = figure(view.summaries(0, 3000).get(0), "x");
    assertEquals(-1.0, f.mean, 1e-9);
    assertEquals(0.0, f.max, 1e-9);
  }

  @Test
  void should_keep_nodes_apart_and_leave_out_a_node_without_samples_in_the_window() {
    sample("n1", 1000, "ReadStage pending", 1);
    sample("n2", 1000, "ReadStage pending", 7);
    sample("n3", 9000, "ReadStage pending", 9);
    List<DatabaseView.NodeSummary> s = view.summaries(0, 5000);
    assertEquals(2, s.size());
    assertEquals("n1", s.get(0).node);
    assertEquals(1.0, figure(s.get(0), "ReadStage pending").max, 1e-9);
    assertEquals("n2", s.get(1).node);
    assertEquals(7.0, figure(s.get(1), "ReadStage pending").max, 1e-9);
  }

  @Test
  void should_count_samples_beyond_the_cap_as_dropped_instead_of_keeping_them() {
    for (int i = 0; i < DatabaseView.MAX_SAMPLES_PER_NODE + 5; i++) {
      sample("n1", i, "ReadStage pending", i % 2);
    }
    DatabaseView.NodeSummary n = view.summaries(0, Long.MAX_VALUE).get(0);
    assertEquals(DatabaseView.MAX_SAMPLES_PER_NODE, n.samples);
    assertEquals(5, n.dropped);
    assertEquals(0.5, figure(n, "ReadStage pending").mean, 1e-9);
  }

  @Test
  void should_name_pending_and_blocked_queues_in_the_verdict_only_above_their_limits() {
    sample("busy", 1000, "ReadStage pending", 1234, "Native-Transport-Requests blocked", 12,
        "MutationStage pending", 1);
    sample("busy", 2000, "ReadStage pending", 390, "Native-Transport-Requests blocked", 0,
        "MutationStage pending", 0);
    sample("calm", 1000, "ReadStage pending", 1, "ReadStage active", 30);
    sample("calm", 2000, "ReadStage pending", 0, "ReadStage active", 30);
    String v = DatabaseView.verdict(view.summaries(0, 3000));
    assertEquals("the database held work back by its own view (cassandra, system_views.thread_pools): node busy: "
        + "1,234 tasks pending in ReadStage (max; mean 812), 12 blocked in Native-Transport-Requests (max; mean 6). "
        + "Requests queued inside the database node: the database was the limit at those times, not the client.", v);
  }

  @Test
  void should_give_no_verdict_when_queues_stayed_below_one_pending_on_average_and_nothing_blocked() {
    sample("n1", 1000, "ReadStage pending", 1, "ReadStage blocked", 0);
    sample("n1", 2000, "ReadStage pending", 0, "ReadStage blocked", 0);
    assertNull(DatabaseView.verdict(view.summaries(0, 3000)));
  }

  @Test
  void should_write_each_nodes_figures_as_mean_and_max_in_json_when_summarised() {
    sample("127.0.0.2:9042", 1000, "ReadStage pending", 3, "ReadStage completed/s", 1000.12345);
    String json = DatabaseView.json(view.summaries(0, 2000), null).replaceAll("\\s+", "");
    assertEquals("{\"nodes\":[{\"node\":\"127.0.0.2:9042\",\"binding\":\"cassandra\",\"source\":"
        + "\"system_views.thread_pools\",\"samples\":1,\"figures\":{\"ReadStagepending\":{\"mean\":3.0,\"max\":3.0},"
        + "\"ReadStagecompleted/s\":{\"mean\":1000.123,\"max\":1000.123}}}],\"verdicts\":[]}", json);
  }

  private static final long T0 = 1_790_000_000_000L;
  private static final int LONG_RUN = 20_000;

  /**
   * Feeds {@code v} {@link #LONG_RUN} samples a second apart (5.5 hours) of two nodes: a pending count that is 0 a
   * quarter of the time, a blocked count that is rarely 1, a rate first named in the 10th sample (a fixed seed).
   */
  private static void feedLongRun(DatabaseView v) {
    java.util.Random r = new java.util.Random(46);
    for (int i = 0; i < LONG_RUN; i++) {
      long t = T0 + i * 1000L + r.nextInt(30);
      for (String node : new String[] {"n1", "n2"}) {
        Map<String, Double> values = new LinkedHashMap<>();
        values.put("ReadStage pending", (double) (r.nextInt(4) == 0 ? 0 : r.nextInt(50)));
        values.put("ReadStage blocked", r.nextInt(1000) == 0 ? 1.0 : 0.0);
        if (i >= 10) {
          values.put("ReadStage completed/s", r.nextInt(10_000) / 10.0);
        }
        v.add(node, "cassandra", "system_views.thread_pools", t, values);
      }
    }
  }

  @Test
  void should_keep_at_most_the_last_minute_of_samples_when_a_node_is_sampled_for_hours() {
    DatabaseView bounded = new DatabaseView();
    bounded.windowStartsBy(T0 + 30_000);
    feedLongRun(bounded);
    // the 30 samples before the window's start, the last minute's 61
    assertTrue(bounded.keptSamples("n1") <= 100, bounded.keptSamples("n1") + " samples kept of " + LONG_RUN);
    assertTrue(bounded.keptSamples("n2") <= 100, bounded.keptSamples("n2") + " samples kept of " + LONG_RUN);
  }

  @Test
  void should_summarise_as_every_sample_would_when_the_samples_inside_the_window_are_summed() {
    DatabaseView bounded = new DatabaseView();
    bounded.windowStartsBy(T0 + 30_000);
    feedLongRun(bounded);
    DatabaseView every = new DatabaseView();
    feedLongRun(every);
    assertEquals(LONG_RUN, every.keptSamples("n1"), "without the window's start every sample is kept");
    long end = T0 + LONG_RUN * 1000L;
    long[][] windows = {{T0 + 29_500, end - 20_000}, {T0 + 5_000, end - 500}, {0, Long.MAX_VALUE}};
    for (long[] w : windows) {
      List<DatabaseView.NodeSummary> expected = every.summaries(w[0], w[1]);
      List<DatabaseView.NodeSummary> got = bounded.summaries(w[0], w[1]);
      assertEquals(DatabaseView.json(expected, DatabaseView.verdict(expected)),
          DatabaseView.json(got, DatabaseView.verdict(got)));
      assertEquals(DatabaseView.lines(expected), DatabaseView.lines(got));
    }
  }
}
