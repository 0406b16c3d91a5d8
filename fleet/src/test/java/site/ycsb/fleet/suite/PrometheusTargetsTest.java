package site.ycsb.fleet.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import site.ycsb.fleet.UsageException;
import site.ycsb.fleet.ssh.HostSpec;

class PrometheusTargetsTest {
  @TempDir
  Path tmp;

  private static final List<HostSpec> HOSTS = Arrays.asList(new HostSpec(null, "127.0.0.2", 22, "ycsb"),
      new HostSpec("bench", "127.0.0.2", 22, "ycsb"), new HostSpec(null, "client-3.example", 2222, "ycsb"));

  @Test
  void should_give_each_client_its_own_port_when_two_share_a_machine() throws Exception {
    PrometheusTargets t = PrometheusTargets.fleet(HOSTS, HostSpec.labels(HOSTS), 9400);
    assertEquals(Arrays.asList("-p", "metrics.listen=127.0.0.2:9400"), t.engineOptions(0));
    assertEquals(Arrays.asList("-p", "metrics.listen=127.0.0.2:9401"), t.engineOptions(1));
  }

  @Test
  void should_listen_on_every_interface_when_the_host_is_named_not_addressed() throws Exception {
    PrometheusTargets t = PrometheusTargets.fleet(HOSTS, HostSpec.labels(HOSTS), 9400);
    assertEquals(Arrays.asList("-p", "metrics.listen=0.0.0.0:9402"), t.engineOptions(2));
  }

  @Test
  void should_refuse_in_one_line_when_the_ports_would_pass_65535() {
    UsageException e = assertThrows(UsageException.class,
        () -> PrometheusTargets.fleet(HOSTS, HostSpec.labels(HOSTS), 65534));
    assertTrue(e.getMessage().startsWith("--metrics-port 65534 with 3 clients goes beyond port 65535"),
        e.getMessage());
  }

  @Test
  void should_write_a_file_sd_list_of_every_client_when_written() throws Exception {
    PrometheusTargets t = PrometheusTargets.fleet(HOSTS, HostSpec.labels(HOSTS), 9400);
    JsonNode list = new ObjectMapper().readTree(t.write(tmp).toFile());
    assertEquals(3, list.size());
    assertEquals("127.0.0.2:9400", list.get(0).path("targets").get(0).asText());
    assertEquals(HostSpec.labels(HOSTS).get(0), list.get(0).path("labels").path("client").asText());
    assertEquals("127.0.0.2:9401", list.get(1).path("targets").get(0).asText());
    assertEquals("client-3.example:9402", list.get(2).path("targets").get(0).asText());
  }

  @Test
  void should_serve_on_loopback_when_the_suite_runs_its_one_client_here() throws Exception {
    PrometheusTargets t = PrometheusTargets.local(9500);
    assertEquals(Arrays.asList("-p", "metrics.listen=127.0.0.1:9500"), t.engineOptions(0));
    JsonNode list = new ObjectMapper().readTree(t.write(tmp).toFile());
    assertEquals("127.0.0.1:9500", list.get(0).path("targets").get(0).asText());
  }

  @Test
  void should_refuse_a_metrics_port_out_of_range_or_beside_metrics_listen() {
    for (String port : new String[] {"0", "65536", "abc", "-1"}) {
      UsageException e = assertThrows(UsageException.class,
          () -> SuiteOptions.parse(new String[] {"basic", "--metrics-port", port}, false, "usage"), port);
      assertTrue(e.getMessage().startsWith("--metrics-port=" + port) || e.getMessage().contains("--metrics-port"),
          e.getMessage());
    }
    UsageException e = assertThrows(UsageException.class, () -> SuiteOptions.parse(new String[] {"basic",
        "--metrics-port", "9400", "-p", "metrics.listen=9500"}, false, "usage"));
    assertEquals("--metrics-port sets metrics.listen per client; give one of them", e.getMessage());
  }

  @Test
  void should_accept_a_metrics_port_when_in_range() throws Exception {
    assertEquals(Integer.valueOf(9400),
        SuiteOptions.parse(new String[] {"basic", "--metrics-port", "9400"}, false, "usage").metricsPort);
  }

  @Test
  void should_list_each_database_nodes_exporter_under_its_results_name_when_an_exporter_port_is_given()
      throws Exception {
    Path dbHosts = tmp.resolve("db-hosts");
    java.nio.file.Files.write(dbHosts, "bench@127.0.0.5:2222 db1\n127.0.0.6\n".getBytes("UTF-8"));
    DbHosts nodes = DbHosts.read(dbHosts, null, "suite", System.err);
    PrometheusTargets t = PrometheusTargets.fleet(HOSTS, HostSpec.labels(HOSTS), 9400)
        .withExporters(nodes.exporters(9100));
    JsonNode list = new ObjectMapper().readTree(t.write(tmp.resolve("out")).toFile());
    assertEquals(5, list.size(), list.toString());
    assertEquals("127.0.0.5:9100", list.get(3).path("targets").get(0).asText(), "the host, not the ssh user or port");
    assertEquals("db1", list.get(3).path("labels").path("node").asText());
    assertEquals("127.0.0.6:9100", list.get(4).path("targets").get(0).asText());
    assertEquals("127.0.0.6", list.get(4).path("labels").path("node").asText());
    assertTrue(list.get(4).path("labels").path("client").isMissingNode(), list.toString());
    assertEquals("127.0.0.2:9400", list.get(0).path("targets").get(0).asText(), "the clients first, unchanged");
    String exporters = list.get(3).toString() + list.get(4);
    assertTrue(!exporters.contains("bench") && !exporters.contains("2222"), exporters);
  }

  @Test
  void should_take_the_exporter_port_in_the_suite_and_the_fleet_when_metrics_port_and_db_hosts_are_given()
      throws Exception {
    assertEquals(9180, SuiteOptions.parse(new String[] {"basic", "--metrics-port", "9400", "--db-hosts", "f",
        "--db-exporter-port", "9180"}, false, "usage").dbExporterPort);
    assertEquals(9100, SuiteOptions.parse(new String[] {"basic", "--hosts", "h1", "--metrics-port", "9400",
        "--db-hosts", "f", "--db-exporter-port", "9100"}, true, "usage").dbExporterPort);
    assertEquals(0, SuiteOptions.parse(new String[] {"basic", "--metrics-port", "9400"}, false, "usage")
        .dbExporterPort, "none by default");
  }

  @Test
  void should_refuse_the_exporter_port_in_one_line_when_out_of_bounds_or_without_metrics_port_or_db_hosts() {
    for (String port : new String[] {"65536", "-1", "abc", "9100.5", ""}) {
      UsageException e = assertThrows(UsageException.class, () -> SuiteOptions.parse(new String[] {"basic",
          "--metrics-port", "9400", "--db-hosts", "f", "--db-exporter-port", port}, false, "usage"), port);
      assertTrue(e.getMessage().startsWith("--db-exporter-port"), e.getMessage());
      assertTrue(!e.getMessage().contains("\n"), e.getMessage());
    }
    String[][] incomplete = {{"--db-exporter-port", "9100"}, {"--db-hosts", "f", "--db-exporter-port", "9100"},
        {"--metrics-port", "9400", "--db-exporter-port", "9100"}};
    for (String[] args : incomplete) {
      String[] all = new String[args.length + 1];
      all[0] = "basic";
      System.arraycopy(args, 0, all, 1, args.length);
      UsageException e = assertThrows(UsageException.class, () -> SuiteOptions.parse(all, false, "usage"),
          Arrays.toString(args));
      assertTrue(e.getMessage().startsWith("--db-exporter-port adds the --db-hosts nodes' exporters"),
          e.getMessage());
    }
  }
}
