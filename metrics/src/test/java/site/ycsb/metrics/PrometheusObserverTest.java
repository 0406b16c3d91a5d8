package site.ycsb.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Properties;

import org.junit.jupiter.api.Test;

import site.ycsb.cli.UsageException;

class PrometheusObserverTest {
  private static Properties listening(String address) {
    Properties p = new Properties();
    p.setProperty("metrics.listen", address);
    return p;
  }

  @Test
  void should_serve_counts_quantiles_and_run_labels_when_fed_an_interval() throws Exception {
    PrometheusObserver o = new PrometheusObserver(listening("127.0.0.1:0"), Scrape.LABELS);
    try {
      o.interval(Scrape.figures(40, 2, 42, 800));
      String body = Scrape.get(o.port());
      assertEquals(40, Scrape.value(body, "ycsb_operations_total", "operation", "READ", "status", "OK",
          "run_id", "run-1", "host", "client-a", "binding", "site.ycsb.BasicDB", "phase", "run"));
      assertEquals(2, Scrape.value(body, "ycsb_operations_total", "operation", "READ", "status", "NOT_FOUND"));
      assertEquals(800e-6, Scrape.value(body, "ycsb_latency_seconds", "operation", "READ", "latency", "service",
          "quantile", "0.99"), 1e-12);
      assertEquals(1600e-6, Scrape.value(body, "ycsb_latency_seconds", "operation", "READ", "latency", "intended",
          "quantile", "0.99"), 1e-12);
      assertEquals(2000, Scrape.value(body, "ycsb_target_ops_per_second"));
      assertEquals(3, Scrape.value(body, "ycsb_lost_operations_total"));
      assertEquals(3, Scrape.value(body, "ycsb_retries_total", "operation", "READ"));
      assertEquals(0, Scrape.value(body, "ycsb_run_ended"));
      assertFalse(body.contains("ycsb_verdict{"), "no verdict while the run lives:\n" + body);
    } finally {
      o.close();
    }
  }

  @Test
  void should_add_up_the_latency_count_and_sum_over_intervals_when_quantiles_are_the_last_intervals() throws Exception {
    PrometheusObserver o = new PrometheusObserver(listening("127.0.0.1:0"), Scrape.LABELS);
    try {
      o.interval(Scrape.figures(10, 0, 10, 500));
      o.interval(Scrape.figures(40, 0, 30, 700));
      String body = Scrape.get(o.port());
      assertEquals(40, Scrape.value(body, "ycsb_latency_seconds_count", "operation", "READ", "latency", "service"));
      assertEquals(40 * 100e-6, Scrape.value(body, "ycsb_latency_seconds_sum", "operation", "READ", "latency",
          "service"), 1e-9);
      assertEquals(700e-6, Scrape.value(body, "ycsb_latency_seconds", "operation", "READ", "latency", "service",
          "quantile", "0.99"), 1e-12);
    } finally {
      o.close();
    }
  }

  @Test
  void should_serve_every_declared_metric_when_the_run_has_ended() throws Exception {
    Properties p = listening("127.0.0.1:0");
    p.setProperty("metrics.linger", "0");
    PrometheusObserver o = new PrometheusObserver(p, Scrape.LABELS);
    try {
      o.interval(Scrape.figures(1, 0, 1, 100));
      o.ended("DATABASE", 4);
      String body = Scrape.get(o.port());
      for (LiveMetric m : LiveMetric.values()) {
        assertTrue(body.contains("\n" + m.served() + "{"), m.served() + " not served:\n" + body);
      }
      assertEquals(1, Scrape.value(body, "ycsb_verdict", "cause", "DATABASE"));
      assertEquals(4, Scrape.value(body, "ycsb_exit_code"));
      assertEquals(1, Scrape.value(body, "ycsb_run_ended"));
    } finally {
      o.close();
    }
  }

  @Test
  void should_stop_serving_once_the_final_figures_were_scraped_when_the_linger_is_long() throws Exception {
    Properties p = listening("127.0.0.1:0");
    p.setProperty("metrics.linger", "10m");
    PrometheusObserver o = new PrometheusObserver(p, Scrape.LABELS);
    int port = o.port();
    o.interval(Scrape.figures(1, 0, 1, 100));
    o.ended("NONE", 0);
    Thread scraper = new Thread(() -> {
      try {
        Thread.sleep(300);
        Scrape.get(port);
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
    scraper.start();
    // the bound is a deadline for a hang, not a performance figure: without the scrape close() would wait 10 minutes
    assertTimeoutPreemptively(Duration.ofSeconds(60), o::close);
    scraper.join(10_000);
    assertThrows(IOException.class, () -> Scrape.get(port), "the endpoint is closed after the final scrape");
  }

  @Test
  void should_refuse_in_one_line_when_the_port_is_in_use() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      UsageException e = assertThrows(UsageException.class,
          () -> new PrometheusObserver(listening("127.0.0.1:" + taken.getLocalPort()), Scrape.LABELS));
      assertTrue(e.getMessage().startsWith("metrics.listen=127.0.0.1:" + taken.getLocalPort() + ": cannot listen "
          + "there"), e.getMessage());
      assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }
  }

  @Test
  void should_refuse_in_one_line_when_the_address_is_not_this_machines() {
    // 127.0.0.0/8 is this machine's; an IPv6 documentation address is no interface's (nothing is sent anywhere)
    UsageException e = assertThrows(UsageException.class,
        () -> new PrometheusObserver(listening("[2001:db8::1]:0"), Scrape.LABELS));
    assertTrue(e.getMessage().contains("cannot listen there"), e.getMessage());
  }

  @Test
  void should_serve_operations_in_flight_when_the_engine_counts_them_and_leave_them_out_when_not() throws Exception {
    PrometheusObserver o = new PrometheusObserver(listening("127.0.0.1:0"), Scrape.LABELS);
    try {
      o.interval(Scrape.figures(1, 0, 1, 100, 12, null, Scrape.nodes("n", "f", 0), Scrape.nodes("n", "f", 0)));
      assertEquals(12, Scrape.value(Scrape.get(o.port()), "ycsb_operations_in_flight", "host", "client-a"));
      o.interval(Scrape.figures(2, 0, 1, 100, -1, null, Scrape.nodes("n", "f", 0), Scrape.nodes("n", "f", 0)));
      String body = Scrape.get(o.port());
      assertFalse(body.contains("\nycsb_operations_in_flight{"), "not known: not served as a number\n" + body);
    } finally {
      o.close();
    }
  }

  @Test
  void should_serve_the_intervals_cause_while_the_run_lives_and_the_runs_verdict_once_it_has_ended()
      throws Exception {
    Properties p = listening("127.0.0.1:0");
    p.setProperty("metrics.linger", "0");
    PrometheusObserver o = new PrometheusObserver(p, Scrape.LABELS);
    try {
      o.interval(Scrape.figures(1, 0, 1, 100, 4, "MACHINE", Scrape.nodes("n", "f", 0), Scrape.nodes("n", "f", 0)));
      String body = Scrape.get(o.port());
      assertEquals(1, Scrape.value(body, "ycsb_verdict", "cause", "MACHINE"));
      assertEquals(1, count(body, "ycsb_verdict{"), "one cause at a time:\n" + body);
      o.interval(Scrape.figures(2, 0, 1, 100, 4, "NONE", Scrape.nodes("n", "f", 0), Scrape.nodes("n", "f", 0)));
      body = Scrape.get(o.port());
      assertEquals(1, Scrape.value(body, "ycsb_verdict", "cause", "NONE"));
      assertFalse(body.contains("cause=\"MACHINE\""), "the earlier interval's cause is gone:\n" + body);
      o.ended("UNEXPLAINED", 0);
      body = Scrape.get(o.port());
      assertEquals(1, Scrape.value(body, "ycsb_verdict", "cause", "UNEXPLAINED"));
      assertEquals(1, count(body, "ycsb_verdict{"), "the run's verdict replaces the interval's:\n" + body);
    } finally {
      o.close();
    }
  }

  @Test
  void should_serve_each_nodes_figures_under_its_node_label_when_the_database_view_and_servers_are_sampled()
      throws Exception {
    PrometheusObserver o = new PrometheusObserver(listening("127.0.0.1:0"), Scrape.LABELS);
    try {
      java.util.Map<String, java.util.Map<String, Double>> view = Scrape.nodes("127.0.0.2:9042",
          "ReadStage pending", 5);
      view.putAll(Scrape.nodes("127.0.0.3:9042", "ReadStage pending", 0));
      view.get("127.0.0.3:9042").put("MutationStage blocked", 2.0);
      java.util.Map<String, java.util.Map<String, Double>> servers = Scrape.nodes("127.0.0.1", "cpu_pct", 37.5);
      servers.get("127.0.0.1").put("iowait_pct", 1.25);
      o.interval(Scrape.figures(1, 0, 1, 100, 3, null, view, servers));
      String body = Scrape.get(o.port());
      assertEquals(5, Scrape.value(body, "ycsb_database_view", "node", "127.0.0.2:9042", "figure",
          "ReadStage pending"));
      assertEquals(0, Scrape.value(body, "ycsb_database_view", "node", "127.0.0.3:9042", "figure",
          "ReadStage pending"));
      assertEquals(2, Scrape.value(body, "ycsb_database_view", "node", "127.0.0.3:9042", "figure",
          "MutationStage blocked"));
      assertEquals(37.5, Scrape.value(body, "ycsb_node_sample", "node", "127.0.0.1", "figure", "cpu_pct",
          "run_id", "run-1"));
      assertEquals(1.25, Scrape.value(body, "ycsb_node_sample", "node", "127.0.0.1", "figure", "iowait_pct"));
      o.interval(Scrape.figures(2, 0, 1, 100, 3, null, new java.util.HashMap<>(), new java.util.HashMap<>()));
      body = Scrape.get(o.port());
      assertFalse(body.contains("\nycsb_database_view{") || body.contains("\nycsb_node_sample{"),
          "no node sampled: none served\n" + body);
    } finally {
      o.close();
    }
  }

  private static int count(String body, String prefix) {
    int n = 0;
    for (String line : body.split("\n")) {
      if (line.startsWith(prefix)) {
        n++;
      }
    }
    return n;
  }
}
