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
}
