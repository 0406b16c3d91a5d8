package site.ycsb.fleet.suite;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import site.ycsb.cli.EngineCommandLine;
import site.ycsb.cli.EngineOptions;
import site.ycsb.fleet.UsageException;
import site.ycsb.fleet.ssh.HostSpec;

/**
 * Where each client of a suite or fleet serves its live figures ({@code --metrics-port}), and the Prometheus
 * {@code file_sd} file that lists them ({@value #FILE} in the output directory), written before the first phase so that
 * a Prometheus pointed at it follows the whole suite. Client k serves on port BASE+k-1: two clients on one machine
 * never share a port. A client listens on its host's address when the hosts list names it by IP address, else on
 * every interface (the head's Prometheus must reach it). With {@code --db-exporter-port} the file also lists the
 * {@code --db-hosts} nodes' own exporters.
 *
 * <p>Immutable and thread-safe.
 */
public final class PrometheusTargets {
  /** The file_sd file in the output directory. */
  public static final String FILE = "prometheus-targets.json";
  private static final Pattern IPV4 = Pattern.compile("[0-9]{1,3}(\\.[0-9]{1,3}){3}");
  private final List<String> listen;
  private final List<String> targets;
  private final List<String> clients;
  /** The database nodes' exporters ({@code --db-exporter-port}): HOST:PORT to the node's name in results. */
  private final Map<String, String> exporters;

  private PrometheusTargets(List<String> listen, List<String> targets, List<String> clients,
      Map<String, String> exporters) {
    this.listen = listen;
    this.targets = targets;
    this.clients = clients;
    this.exporters = exporters;
  }

  private PrometheusTargets(List<String> listen, List<String> targets, List<String> clients) {
    this(listen, targets, clients, Collections.<String, String>emptyMap());
  }

  /**
   * These targets and the database nodes' exporters ({@code --db-exporter-port}; HOST:PORT to the node's name in
   * results), listed with a {@code node} label where the clients have a {@code client} one.
   */
  public PrometheusTargets withExporters(Map<String, String> nodeExporters) {
    return new PrometheusTargets(listen, targets, clients,
        Collections.unmodifiableMap(new LinkedHashMap<>(nodeExporters)));
  }

  /** The one client of a suite, on this machine's loopback. */
  static PrometheusTargets local(int port) {
    String at = "127.0.0.1:" + port;
    return new PrometheusTargets(Collections.singletonList(at), Collections.singletonList(at),
        Collections.singletonList("local"));
  }

  /** The clients of a fleet; {@code labels} are their names in messages and directories. */
  public static PrometheusTargets fleet(List<HostSpec> hosts, List<String> labels, int basePort) throws UsageException {
    if ((long) basePort + hosts.size() - 1 > 65535) {
      throw new UsageException("--metrics-port " + basePort + " with " + hosts.size() + " clients goes beyond port "
          + "65535 (client k serves on port " + basePort + "+k-1); choose a lower port");
    }
    List<String> listen = new ArrayList<>();
    List<String> targets = new ArrayList<>();
    for (int i = 0; i < hosts.size(); i++) {
      String host = hosts.get(i).host();
      int port = basePort + i;
      boolean ip = IPV4.matcher(host).matches();
      listen.add((ip ? host : "0.0.0.0") + ":" + port);
      targets.add(host + ":" + port);
    }
    return new PrometheusTargets(listen, targets, labels);
  }

  /** The engine options that make client {@code index} serve where the file says. */
  public List<String> engineOptions(int index) {
    return EngineCommandLine.set(EngineOptions.METRICS_LISTEN, listen.get(index));
  }

  /** Writes the file_sd file into {@code out}; returns it. */
  public Path write(Path out) throws IOException {
    List<String> entries = new ArrayList<>();
    for (int i = 0; i < targets.size(); i++) {
      entries.add(entry(targets.get(i), "client", clients.get(i)));
    }
    for (Map.Entry<String, String> e : exporters.entrySet()) {
      entries.add(entry(e.getKey(), "node", e.getValue()));
    }
    String text = "[\n" + String.join(",\n", entries) + "\n]\n";
    Files.createDirectories(out);
    Path f = out.resolve(FILE);
    Path tmp = out.resolve(FILE + ".tmp");
    // written whole, then renamed: Prometheus watches the file and must never read half of it
    Files.write(tmp, text.getBytes(StandardCharsets.UTF_8));
    Files.move(tmp, f, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    return f;
  }

  /** One target group of the file: its one target and its one label. */
  private static String entry(String target, String label, String value) {
    return "  {\"targets\": [\"" + json(target) + "\"], \"labels\": {\"" + label + "\": \"" + json(value)
        + "\"}}";
  }

  private static String json(String s) {
    return s.replace("\\", "\\\\").replace("\"", "\\\"");
  }
}
