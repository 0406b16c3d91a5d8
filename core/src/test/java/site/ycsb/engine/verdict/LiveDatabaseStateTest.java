package site.ycsb.engine.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import site.ycsb.support.DatabaseReports;

/** What the live metrics read of the database while the run goes on: nodes out now, each node's newest figures. */
class LiveDatabaseStateTest {
  private static DatabaseReport listening() {
    return DatabaseReport.listen(new PrintStream(new ByteArrayOutputStream(), true));
  }

  @Test
  void should_say_a_node_is_out_while_it_is_down_or_silent_and_not_once_it_is_back() {
    DatabaseReport report = listening();
    try {
      assertFalse(report.anyNodeOutNow(), "no event yet");
      DatabaseReports.nodeEvent("t", "127.0.0.2:9042", false, 2, 3, "host down");
      assertTrue(report.anyNodeOutNow(), "down");
      DatabaseReports.nodeSilence("t", "127.0.0.3:9042", true, 1, 3, "no answer");
      DatabaseReports.nodeEvent("t", "127.0.0.2:9042", true, 3, 3, "host up");
      assertTrue(report.anyNodeOutNow(), "another node is still silent");
      DatabaseReports.nodeSilence("t", "127.0.0.3:9042", false, 3, 3, "answered");
      assertFalse(report.anyNodeOutNow(), "all back");
    } finally {
      report.stop();
    }
  }

  @Test
  void should_not_take_a_slow_node_for_one_that_is_out() {
    DatabaseReport report = listening();
    try {
      DatabaseReports.nodeSlowness("t", "127.0.0.2:9042", true, 2, 3, "10 times slower");
      assertFalse(report.anyNodeOutNow());
    } finally {
      report.stop();
    }
  }

  @Test
  void should_take_a_node_answering_again_as_back_even_while_its_connection_is_still_reported_up() {
    DatabaseReport report = listening();
    try {
      DatabaseReports.nodeEvent("t", "127.0.0.2:9042", true, 3, 3, "host up");
      DatabaseReports.nodeSilence("t", "127.0.0.2:9042", true, 2, 3, "no answer");
      assertTrue(report.anyNodeOutNow(), "connected but silent");
    } finally {
      report.stop();
    }
  }

  private static Map<String, Double> values(Object... nameValue) {
    Map<String, Double> values = new LinkedHashMap<>();
    for (int i = 0; i < nameValue.length; i += 2) {
      values.put((String) nameValue[i], ((Number) nameValue[i + 1]).doubleValue());
    }
    return values;
  }

  @Test
  void should_give_each_nodes_newest_figures_with_a_figure_it_no_longer_names_as_zero() {
    DatabaseView view = new DatabaseView();
    view.add("127.0.0.2:9042", "cassandra", "tp", 1000, values("ReadStage pending", 4, "MutationStage blocked", 1));
    view.add("127.0.0.3:9042", "cassandra", "tp", 1000, values("ReadStage pending", 9));
    view.add("127.0.0.2:9042", "cassandra", "tp", 2000, values("ReadStage pending", 6));
    Map<String, Map<String, Double>> latest = view.latest();
    assertEquals(values("ReadStage pending", 6, "MutationStage blocked", 0), latest.get("127.0.0.2:9042"));
    assertEquals(values("ReadStage pending", 9), latest.get("127.0.0.3:9042"));
    assertEquals(2, latest.size());
  }

  @Test
  void should_give_the_newest_figures_when_samples_beyond_the_kept_ones_are_dropped() {
    DatabaseView view = new DatabaseView();
    for (int i = 0; i <= DatabaseView.MAX_SAMPLES_PER_NODE; i++) {
      view.add("n", "cassandra", "tp", 1000 + i, values("ReadStage pending", i));
    }
    assertEquals(values("ReadStage pending", DatabaseView.MAX_SAMPLES_PER_NODE), view.latest().get("n"));
  }
}
