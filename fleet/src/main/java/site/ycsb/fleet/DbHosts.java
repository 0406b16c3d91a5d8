package site.ycsb.fleet;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import site.ycsb.results.DatabaseNodeFiles;
import site.ycsb.telemetry.NodeInfo;
import site.ycsb.telemetry.ServerSampler;

/**
 * The database nodes named by {@code --db-hosts FILE} ({@code suite}, {@code fleet}, {@code findmax}), sampled from
 * this machine during every phase or step over the same OpenSSH the fleet uses: one long-lived ssh connection per
 * node, running a POSIX shell loop that prints its {@code /proc} files every second (nothing is installed on the
 * node; see {@link ServerSampler}). The file has the client hosts file's format and checks ({@link HostsParser}):
 * one {@code [user@]host[:port] [name]} per line, the optional name being the node's name in results (default: the
 * host). After the phase its samples are attached to the phase's result directory ({@link DatabaseNodeFiles#attach}).
 * A node that cannot be sampled is named in one line; the phase runs and is kept all the same.
 *
 * <p>Thread-safe for one tool's run: phases run one after another.
 */
final class DbHosts {
  /** One sample per second, the engine's time-series resolution. */
  static final long INTERVAL_MS = 1000;

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

  /** Reads {@code --db-hosts}; null for none. Mistakes name the file and line, with any password masked. */
  static DbHosts read(Path file, SshCommand ssh, String tool, PrintStream err) throws UsageException {
    if (file == null) {
      return null;
    }
    try {
      return new DbHosts(HostsParser.parseFile(file), ssh, tool, err);
    } catch (UsageException e) {
      throw new UsageException("--db-hosts: " + maskCredentials(e.getMessage()));
    }
  }

  /** {@code user:password@host} as {@code user:***@host}: a hosts file is no place for a password, nor is a log. */
  static String maskCredentials(String text) {
    return text.replaceAll("([A-Za-z0-9_.-]*):[^\\s@'/]+@", "$1:***@");
  }

  /** A node's name in results: the name given on its line, else its host. */
  static String nodeName(HostSpec h) {
    return h.home() != null ? h.home() : h.host();
  }

  /** The sampling of one phase, started before it and finished after it. */
  final class Sampling {
    private final ServerSampler sampler = new ServerSampler(INTERVAL_MS);
    private final Path samples;

    Sampling() throws IOException {
      samples = Files.createTempDirectory("ycsb-db-hosts");
      for (HostSpec h : hosts) {
        sampler.addRemote(nodeName(h), "ssh " + h.name(), ssh.ssh(h, sampler.remoteScript()));
      }
      sampler.open(samples.toFile(), System.currentTimeMillis());
    }

    /** Stops sampling and adds the nodes' samples to the phase's directory; says what could not be sampled. */
    void finish(Path dir, String where) {
      sampler.stop();
      try {
        DatabaseNodeFiles.attach(dir, INTERVAL_MS, sampler.nodes(), samples);
      } catch (IOException e) {
        err.println(tool + ": " + where + ": the database nodes' samples could not be added to " + dir + ": "
            + e.getMessage());
      }
      for (NodeInfo n : sampler.nodes()) {
        for (String p : n.problems()) {
          err.println(tool + ": " + where + ": database node " + site.ycsb.Secrets.safeLine(maskCredentials(p)));
        }
      }
      deleteQuietly(samples);
    }
  }

  /** Starts sampling for a phase. */
  Sampling start() throws IOException {
    return new Sampling();
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
