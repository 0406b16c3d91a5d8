package site.ycsb.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class DatabaseReportsTest {
  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
  private final List<String> heard = new ArrayList<>();
  private final DatabaseReports.Listener listener = new DatabaseReports.Listener() {
    @Override
    public void setting(String binding, String name, String value) {
      heard.add(binding + " " + name + "=" + value);
    }

    @Override
    public void nodeEvent(DatabaseReports.NodeEvent event) {
      heard.add(event.describe());
    }

    @Override
    public void nodeGauges(DatabaseReports.NodeGauges gauges) {
      heard.add(gauges.binding() + " " + gauges.node() + " " + gauges.source() + " " + gauges.values());
      lastGauges = gauges;
    }
  };
  private DatabaseReports.NodeGauges lastGauges;

  @BeforeEach
  void capture() {
    DatabaseReports.printTo(new PrintStream(printed, true));
  }

  @AfterEach
  void restore() {
    DatabaseReports.stopListening(listener);
    DatabaseReports.printTo(System.err);
  }

  private String printed() {
    return new String(printed.toByteArray(), StandardCharsets.UTF_8);
  }

  @Test
  void should_print_one_line_per_node_event_when_no_engine_listens() {
    assertFalse(DatabaseReports.listened());
    DatabaseReports.nodeEvent("cassandra", "127.0.0.3:9042", false, 2, 3, "the driver's host-down event");
    DatabaseReports.nodeEvent("cassandra", "127.0.0.3:9042", true, 3, 3, "the driver's host-up event");
    assertEquals("cassandra: node 127.0.0.3:9042 down (the driver's host-down event; 2 of 3 nodes up)\n"
        + "cassandra: node 127.0.0.3:9042 up (the driver's host-up event; 3 of 3 nodes up)\n",
        printed().replace(System.lineSeparator(), "\n"));
  }

  @Test
  void should_word_a_silence_as_answering_and_keep_it_apart_from_host_state_when_a_node_goes_silent() {
    DatabaseReports.listen(new DatabaseReports.Listener() {
      @Override
      public void setting(String binding, String name, String value) {
      }

      @Override
      public void nodeEvent(DatabaseReports.NodeEvent event) {
        heard.add((event.silence() ? "silence " : "state ") + event.up() + " " + event.describe());
      }
    });
    DatabaseReports.nodeSilence("cassandra", "127.0.0.3:9042", true, 2, 3, "no answer for 2.0 s");
    DatabaseReports.nodeSilence("cassandra", "127.0.0.3:9042", false, 3, 3, "answered a probe");
    DatabaseReports.nodeEvent("cassandra", "127.0.0.3:9042", false, 2, 3, "the driver's host-down event");
    assertEquals(java.util.Arrays.asList(
        "silence false cassandra: node 127.0.0.3:9042 stopped answering (no answer for 2.0 s; 2 of 3 nodes answering)",
        "silence true cassandra: node 127.0.0.3:9042 answered again (answered a probe; 3 of 3 nodes answering)",
        "state false cassandra: node 127.0.0.3:9042 down (the driver's host-down event; 2 of 3 nodes up)"), heard);
    assertEquals("", printed());
  }

  @Test
  void should_word_a_slowness_as_speed_and_keep_it_apart_from_silence_and_state_when_a_node_answers_slowly() {
    DatabaseReports.listen(new DatabaseReports.Listener() {
      @Override
      public void setting(String binding, String name, String value) {
      }

      @Override
      public void nodeEvent(DatabaseReports.NodeEvent event) {
        heard.add((event.slowness() ? "speed " : event.silence() ? "silence " : "state ") + event.up() + " "
            + event.describe());
      }
    });
    DatabaseReports.nodeSlowness("cassandra", "127.0.0.3:9042", true, 2, 3, "p99 290 ms");
    DatabaseReports.nodeSlowness("cassandra", "127.0.0.3:9042", false, 3, 3, "p99 2 ms");
    assertEquals(java.util.Arrays.asList(
        "speed false cassandra: node 127.0.0.3:9042 answers far slower than the other nodes (p99 290 ms; 2 of 3 nodes"
            + " not slow)",
        "speed true cassandra: node 127.0.0.3:9042 answers at the other nodes' speed again (p99 2 ms; 3 of 3 nodes"
            + " not slow)"), heard);
  }

  @Test
  void should_print_nothing_for_a_setting_when_no_engine_listens() {
    DatabaseReports.setting("cassandra", "read consistency", "ONE");
    assertEquals("", printed());
  }

  @Test
  void should_hand_every_report_to_the_listener_and_print_nothing_when_an_engine_listens() {
    DatabaseReports.listen(listener);
    assertTrue(DatabaseReports.listened());
    DatabaseReports.setting("scylla", "write consistency", "QUORUM");
    DatabaseReports.nodeEvent("scylla", "127.0.0.2:9042", false, 0, 3, "x");
    assertEquals(2, heard.size());
    assertEquals("scylla write consistency=QUORUM", heard.get(0));
    assertEquals("scylla: node 127.0.0.2:9042 down (x; 0 of 3 nodes up)", heard.get(1));
    assertEquals("", printed());
  }

  @Test
  void should_keep_the_current_listener_when_another_one_stops_listening() {
    DatabaseReports.listen(listener);
    DatabaseReports.stopListening(new DatabaseReports.Listener() {
      @Override
      public void setting(String binding, String name, String value) {
      }

      @Override
      public void nodeEvent(DatabaseReports.NodeEvent event) {
      }
    });
    assertTrue(DatabaseReports.listened());
    DatabaseReports.stopListening(listener);
    assertFalse(DatabaseReports.listened());
    DatabaseReports.nodeEvent("cassandra", "127.0.0.1:9042", true, 1, 1, "y");
    assertTrue(heard.isEmpty());
    assertTrue(printed().startsWith("cassandra: node 127.0.0.1:9042 up (y; 1 of 1 nodes up)"), printed());
  }

  @Test
  void should_hand_a_node_sample_to_the_listener_without_its_non_finite_values_when_an_engine_listens() {
    DatabaseReports.listen(listener);
    java.util.Map<String, Double> values = new java.util.LinkedHashMap<>();
    values.put("ReadStage pending", 12.0);
    values.put("ReadStage completed/s", Double.NaN);
    values.put("MutationStage blocked", Double.POSITIVE_INFINITY);
    values.put("MutationStage pending", null);
    values.put("Native-Transport-Requests active", 3.0);
    long before = System.currentTimeMillis();
    DatabaseReports.nodeGauges("cassandra", "127.0.0.2:9042", "system_views.thread_pools", values);
    values.put("ReadStage pending", 99.0);
    assertEquals(java.util.Collections.singletonList("cassandra 127.0.0.2:9042 system_views.thread_pools "
        + "{ReadStage pending=12.0, Native-Transport-Requests active=3.0}"), heard);
    assertTrue(lastGauges.epochMillis() >= before && lastGauges.epochMillis() <= System.currentTimeMillis());
    org.junit.jupiter.api.Assertions.assertThrows(UnsupportedOperationException.class,
        () -> lastGauges.values().put("x", 1.0));
  }

  @Test
  void should_drop_a_node_sample_silently_when_no_engine_listens() {
    DatabaseReports.nodeGauges("cassandra", "127.0.0.2:9042", "system_views.thread_pools",
        java.util.Collections.singletonMap("ReadStage pending", 1.0));
    assertTrue(heard.isEmpty());
    assertEquals("", printed());
  }
}
