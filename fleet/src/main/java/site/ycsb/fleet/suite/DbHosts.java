package site.ycsb.fleet.suite;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import site.ycsb.cli.Secrets;
import site.ycsb.fleet.UsageException;
import site.ycsb.fleet.ssh.HostSpec;
import site.ycsb.fleet.ssh.HostsParser;
import site.ycsb.fleet.ssh.SshCommand;
import site.ycsb.results.DatabaseNodeFiles;
import site.ycsb.telemetry.NodeCsv;
import site.ycsb.telemetry.NodeInfo;
import site.ycsb.telemetry.ServerSampler;

/**
 * The database nodes named by {@code --db-hosts FILE} ({@code suite}, {@code fleet}, {@code findmax}), sampled from
 * this machine during every phase or step over the same OpenSSH the fleet uses: one long-lived ssh connection per
 * node, running a POSIX shell loop that prints its {@code /proc} files each time this machine sends it a tick (a
 * newline on ssh's input, every second; nothing is installed on the node; see {@link ServerSampler}). The file has the client hosts file's format and checks ({@link HostsParser}):
 * one {@code [user@]host[:port] [name]} per line, the optional name being the node's name in results (default: the
 * host). After the phase its samples are attached to the phase's result directory ({@link DatabaseNodeFiles#attach}).
 * A node that cannot be sampled is named in one line; the phase runs and is kept all the same.
 *
 * <p>Thread-safe for one tool's run: phases run one after another.
 */
public final class DbHosts {
  /** One sample per second, the engine's time-series resolution. */
  static final long INTERVAL_MS = 1000;

  /** A node's name (the optional second field): it names the node in results and its server-NAME.csv. */
  private static final String NAME = "[A-Za-z0-9_.][A-Za-z0-9_.-]*";
  private static final String NAME_CHARS = "_.-";

  private final List<HostSpec> hosts;
  private final SshCommand ssh;
  private final String tool;
  private final PrintStream err;

  DbHosts(List<HostSpec> hosts, SshCommand ssh, String tool, PrintStream err) {
    this.hosts = hosts;
    this.ssh = ssh;
    this.tool = tool;
    this.err = err;
  }

  /**
   * Reads {@code --db-hosts}; null for none. Mistakes name the file and line, with any password masked; two lines
   * naming the same node (their samples would share one file) are refused.
   */
  public static DbHosts read(Path file, SshCommand ssh, String tool, PrintStream err) throws UsageException {
    if (file == null) {
      return null;
    }
    List<HostSpec> hosts;
    try {
      hosts = HostsParser.parseFile(file);
    } catch (UsageException e) {
      throw new UsageException("--db-hosts: " + maskCredentials(e.getMessage().replace("[ycsb-home]", "[name]")
          .replace("ycsb-home '", "name '").replace("_.,+=@%/~-", NAME_CHARS)));
    }
    Map<String, String> files = new HashMap<>();
    for (HostSpec h : hosts) {
      if (h.home() != null && !h.home().matches(NAME)) {
        throw new UsageException(maskCredentials("--db-hosts: " + file + ": name '" + h.home() + "' may hold only "
            + "letters, digits and " + NAME_CHARS + " (it names the node in results and its samples file)"));
      }
      String f = NodeCsv.fileName(nodeName(h));
      String before = files.put(f, h.name());
      if (before != null) {
        throw new UsageException(maskCredentials("--db-hosts: " + file + ": '" + before + "' and '" + h.name()
            + "' would both be node " + nodeName(h) + " (" + f + "): give each line its own name after the host, "
            + "e.g. '" + h.name() + " " + nodeName(h) + "-2'"));
      }
    }
    return new DbHosts(hosts, ssh, tool, err);
  }

  /** {@code user:password@host} as {@code user:***@host} (and any secret-looking value): the engine's one rule. */
  static String maskCredentials(String text) {
    return Secrets.safeLine(text);
  }

  /** A node's name in results: the name given on its line, else its host. */
  static String nodeName(HostSpec h) {
    return h.home() != null ? h.home() : h.host();
  }

  /** The sampling of one phase, started before it and finished after it. */
  public final class Sampling {
    private final ServerSampler sampler = new ServerSampler(INTERVAL_MS);
    private final Path samples;

    Sampling() throws IOException {
      samples = Files.createTempDirectory("ycsb-db-hosts");
      for (HostSpec h : hosts) {
        sampler.addRemote(nodeName(h), "ssh " + h.name(), ssh.sshWithInput(h, sampler.remoteScript()));
      }
      long now = System.currentTimeMillis();
      sampler.open(samples.toFile(), now);
      // the phase's section is computed from the files afterwards (DatabaseNodeFiles), never from the sampler's rows:
      // letting it fold them from the start keeps a day-long phase's sampling in bounded memory
      sampler.windowStartsBy(now);
    }

    /** Stops sampling and adds the nodes' samples to the phase's directory; says what could not be sampled. */
    public void finish(Path dir, String where) {
      sampler.stop();
      try {
        DatabaseNodeFiles.attach(dir, INTERVAL_MS, sampler.nodes(), samples);
      } catch (IOException e) {
        err.println(tool + ": " + where + ": the database nodes' samples could not be added to " + dir + ": "
            + e.getMessage());
      }
      for (NodeInfo n : sampler.nodes()) {
        for (String p : n.problems()) {
          err.println(tool + ": " + where + ": database node " + site.ycsb.cli.Secrets.safeLine(maskCredentials(p)));
        }
      }
      deleteQuietly(samples);
    }
  }

  /**
   * Starts sampling for a phase, or says in one line why it cannot and returns null: the phase runs all the same
   * (a sampler's failure never costs a run).
   */
  public Sampling start(String where) {
    try {
      return new Sampling();
    } catch (IOException | RuntimeException e) {
      err.println(tool + ": " + where + ": the database nodes are not sampled (" + Secrets.safeLine(String.valueOf(
          e.getMessage())) + ")");
      return null;
    }
  }

  /**
   * Each node's exporter for the file_sd file ({@code --db-exporter-port}): HOST:PORT (never the ssh user or port) to
   * the node's name in results.
   */
  public Map<String, String> exporters(int port) {
    Map<String, String> out = new java.util.LinkedHashMap<>();
    for (HostSpec h : hosts) {
      out.put(h.host() + ":" + port, nodeName(h));
    }
    return out;
  }

  /** The nodes, for messages. */
  List<String> names() {
    List<String> out = new ArrayList<>();
    for (HostSpec h : hosts) {
      out.add(nodeName(h) + (nodeName(h).equals(h.host()) ? "" : " (" + h.name() + ")"));
    }
    return Collections.unmodifiableList(out);
  }

  private static void deleteQuietly(Path dir) {
    try (java.util.stream.Stream<Path> s = Files.walk(dir)) {
      s.sorted(Collections.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException | RuntimeException e) {
      // a temporary directory left behind is harmless
    }
  }
}
