package site.ycsb.fleet.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import site.ycsb.cli.ExitCode;
import site.ycsb.cli.OptionsGivenOnce;
import site.ycsb.fleet.OptionValues;
import site.ycsb.fleet.UsageException;
import site.ycsb.fleet.ssh.Captured;
import site.ycsb.fleet.ssh.FleetOptions;
import site.ycsb.fleet.ssh.HostSpec;
import site.ycsb.fleet.ssh.HostsParser;
import site.ycsb.fleet.ssh.ShellQuote;
import site.ycsb.fleet.ssh.SshCommand;
import site.ycsb.fleet.ssh.SshGate;

/**
 * {@code bin/ycsb fleet-install (--hosts a,b,c | --hosts-file FILE) [--remote-home DIR] [--ssh-option OPT]...
 * [--ssh-config FILE] [--ssh-setups N] [--ssh-timeout SEC] [--copy-timeout SEC] ycsb-VERSION.tar.gz}: copies the tarball to every client (scp), unpacks it into the client's
 * YCSB directory (the jar directories of an earlier install are replaced, other files such as fleet-runs/ stay),
 * and checks that Java runs there. One line per host; exit 0 when every host is ready, 1 when any is not, 2 for a
 * usage error.
 *
 * <p>Stateless and thread-safe; it installs on the client machines in parallel, each task on its own host, through one
 * {@link SshGate} (at most {@code --ssh-setups} connections being set up at once, refused set-ups tried again, a
 * deadline on every command and copy).
 */
public final class FleetInstall {
  static final String USAGE = "usage: ycsb fleet-install (--hosts [user@]host[:port],... | --hosts-file FILE) "
      + "[--remote-home DIR] [--ssh-option OPT]... [--ssh-config FILE] [--ssh-setups N] [--ssh-timeout SEC] "
      + "[--copy-timeout SEC] ycsb-VERSION.tar.gz";
  private static final String REMOTE_TARBALL = ".ycsb-install.tar.gz";

  private FleetInstall() {
  }

  public static void main(String[] args) {
    System.exit(run(args));
  }

  static int run(String[] args) {
    try {
      String list = null;
      Path file = null;
      String remoteHome = null;
      String config = null;
      List<String> options = new ArrayList<>();
      Path tarball = null;
      long setups = FleetOptions.SSH_SETUPS.defaultValue();
      long sshTimeout = FleetOptions.SSH_TIMEOUT.defaultValue();
      long copyTimeout = FleetOptions.COPY_TIMEOUT.defaultValue();
      OptionsGivenOnce once = new OptionsGivenOnce();
      for (int i = 0; i < args.length; i++) {
        String a = args[i];
        if ("-h".equals(a) || "--help".equals(a)) {
          System.out.println(USAGE);
          return ExitCode.OK;
        }
        if (a.startsWith("--")) {
          if (i + 1 >= args.length) {
            throw new UsageException(a + " needs a value; " + USAGE);
          }
          String v = args[++i];
          if (!"--ssh-option".equals(a)) {
            try {
              once.record(a, v);
            } catch (IllegalArgumentException e) {
              throw new UsageException(e.getMessage());
            }
          }
          switch (a) {
            case "--hosts":
              list = v;
              break;
            case "--hosts-file":
              file = Paths.get(v);
              break;
            case "--remote-home":
              if (!HostsParser.isSafePath(v)) {
                throw new UsageException("--remote-home '" + v + "' may hold only letters, digits and _.,+=@%/~-");
              }
              remoteHome = v;
              break;
            case "--ssh-option":
              options.add(SshCommand.requireOption(v));
              break;
            case "--ssh-config":
              SshCommand.requireConfigFile(v);
              config = v;
              break;
            case "--ssh-setups":
              setups = OptionValues.commandLine(FleetOptions.SSH_SETUPS, v);
              break;
            case "--ssh-timeout":
              sshTimeout = OptionValues.commandLine(FleetOptions.SSH_TIMEOUT, v);
              break;
            case "--copy-timeout":
              copyTimeout = OptionValues.commandLine(FleetOptions.COPY_TIMEOUT, v);
              break;
            default:
              throw new UsageException("unknown option " + a + "; " + USAGE);
          }
        } else if (tarball == null) {
          tarball = Paths.get(a);
        } else {
          throw new UsageException("one tarball only, got also '" + a + "'; " + USAGE);
        }
      }
      if ((list == null) == (file == null)) {
        throw new UsageException("give the client machines with exactly one of --hosts a,b,c or --hosts-file FILE");
      }
      if (tarball == null) {
        throw new UsageException("no tarball given; " + USAGE);
      }
      if (!Files.isRegularFile(tarball)) {
        throw new UsageException("tarball " + tarball + " not found");
      }
      String name = tarball.getFileName().toString();
      if (!name.endsWith(".tar.gz") && !name.endsWith(".tgz")) {
        throw new UsageException("tarball " + tarball + ": expected a .tar.gz file (ycsb-VERSION.tar.gz)");
      }
      if (!isGzip(tarball)) {
        // a renamed or truncated file would be copied to every host and fail there, reported as hosts not ready
        throw new UsageException("tarball " + tarball + " is not gzip-compressed (is it the tarball mvn package made?)");
      }
      String base = name.replaceAll("\\.(tar\\.gz|tgz)$", "");
      List<HostSpec> hosts = FleetHosts.resolve(list, file, remoteHome, Paths.get(base));
      SshCommand ssh = new SshCommand(options, config, SshCommand.splitEnv(System.getenv("YCSB_SSH_OPTS")));
      List<String> labels = HostSpec.labels(hosts);
      SshGate gate = new SshGate((int) setups, sshTimeout * 1000, copyTimeout * 1000);
      long began = System.nanoTime();
      // one task per host; the gate bounds how many connections are being set up at once
      ExecutorService pool = Executors.newFixedThreadPool(hosts.size());
      List<Future<String>> results = new ArrayList<>();
      final Path tb = tarball;
      for (HostSpec h : hosts) {
        results.add(pool.submit(() -> install(ssh, gate, h, tb)));
      }
      int failed = 0;
      for (int i = 0; i < hosts.size(); i++) {
        String r;
        try {
          r = results.get(i).get();
        } catch (java.util.concurrent.ExecutionException e) {
          r = "FAILED: " + e.getCause().getMessage();
        }
        if (r.startsWith("FAILED")) {
          failed++;
        }
        System.out.println(labels.get(i) + ": " + site.ycsb.cli.Secrets.safeLine(r));
      }
      pool.shutdown();
      String took = String.format(java.util.Locale.ROOT, "%.1f s", (System.nanoTime() - began) / 1e9);
      if (failed > 0) {
        System.err.println("fleet-install: " + failed + " of " + hosts.size() + " hosts are not ready (" + took + "; "
            + gate.describe() + ")");
        return ExitCode.RUN_FAILED;
      }
      System.err.println("fleet-install: " + hosts.size() + " hosts ready in " + took + "; " + gate.describe());
      return ExitCode.OK;
    } catch (UsageException e) {
      System.err.println("fleet-install: " + site.ycsb.cli.Secrets.safeLine(e.getMessage()));
      return ExitCode.USAGE;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      System.err.println("fleet-install: interrupted");
      return ExitCode.RUN_FAILED;
    }
  }

  /** The remote steps after the copy: unpack, replace jar directories, check bin/ycsb and Java. */
  static String unpackCommand(String home) {
    String h = ShellQuote.quote(home);
    return "cd " + h + " && rm -rf lib ./*/lib && tar -xzf " + REMOTE_TARBALL + " --strip-components=1"
        + " && rm -f " + REMOTE_TARBALL + " && test -f bin/ycsb"
        + " || { echo \"unpacking into " + home + " failed\"; exit 4; }; "
        + "j=\"${JAVA_HOME:+$JAVA_HOME/bin/}java\"; "
        + "if ! v=$(\"$j\" -version 2>&1); then echo \"no working Java ($j): $v\" | tr '\\n' ' '; exit 5; fi; "
        + "printf '%s\\n' \"$v\" | head -n 1";
  }

  /** Whether {@code file} starts with gzip's magic bytes (false for a file that cannot be read). */
  static boolean isGzip(Path file) {
    byte[] head = new byte[2];
    try (java.io.InputStream in = Files.newInputStream(file)) {
      return in.read(head) == 2 && head[0] == (byte) 0x1f && head[1] == (byte) 0x8b;
    } catch (IOException e) {
      return false;
    }
  }

  private static String install(SshCommand ssh, SshGate gate, HostSpec h, Path tarball) throws InterruptedException {
    Captured mk = gate.command(ssh.ssh(h, "mkdir -p " + ShellQuote.quote(h.home())));
    if (mk.timedOut()) {
      return "FAILED: creating " + h.home() + ": " + mk.why("ssh") + " (--ssh-timeout)";
    }
    if (mk.exitCode != 0) {
      return "FAILED: " + (mk.exitCode == SshCommand.CONNECTION_FAILED ? "unreachable (" + mk.why("ssh") + ")"
          : "cannot create " + h.home() + ": " + mk.lastLine());
    }
    Captured cp = gate.copy(ssh.push(h, tarball.toString(), h.home() + "/" + REMOTE_TARBALL));
    if (cp.exitCode != 0) {
      return "FAILED: copying the tarball failed (" + cp.why("scp") + ")" + (cp.timedOut() ? " (--copy-timeout)" : "");
    }
    Captured un = gate.command(ssh.ssh(h, unpackCommand(h.home())));
    if (un.timedOut()) {
      return "FAILED: unpacking and checking Java: " + un.why("ssh") + " (--ssh-timeout)";
    }
    if (un.exitCode != 0) {
      return "FAILED: " + un.lastLine();
    }
    int attempts = mk.attempts + cp.attempts + un.attempts - 3;
    return "ok, " + h.home() + ", " + un.lastLine() + (attempts > 0 ? " (" + attempts + " refused set-up(s) tried "
        + "again)" : "");
  }
}
