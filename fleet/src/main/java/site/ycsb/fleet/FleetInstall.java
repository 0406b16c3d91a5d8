package site.ycsb.fleet;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import site.ycsb.cli.OptionsGivenOnce;

/**
 * {@code bin/ycsb fleet-install (--hosts a,b,c | --hosts-file FILE) [--remote-home DIR] [--ssh-option OPT]...
 * [--ssh-config FILE] ycsb-VERSION.tar.gz}: copies the tarball to every client (scp), unpacks it into the client's
 * YCSB directory (the jar directories of an earlier install are replaced, other files such as fleet-runs/ stay),
 * and checks that Java runs there. One line per host; exit 0 when every host is ready, 1 when any is not, 2 for a
 * usage error.
 *
 * <p>Stateless and thread-safe; it installs on the client machines in parallel, each task on its own host.
 */
public final class FleetInstall {
  static final String USAGE = "usage: ycsb fleet-install (--hosts [user@]host[:port],... | --hosts-file FILE) "
      + "[--remote-home DIR] [--ssh-option OPT]... [--ssh-config FILE] ycsb-VERSION.tar.gz";
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
      OptionsGivenOnce once = new OptionsGivenOnce();
      for (int i = 0; i < args.length; i++) {
        String a = args[i];
        if ("-h".equals(a) || "--help".equals(a)) {
          System.out.println(USAGE);
          return 0;
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
      List<String> labels = FleetPhaseRunner.labels(hosts);
      ExecutorService pool = Executors.newFixedThreadPool(Math.min(hosts.size(), 16));
      List<Future<String>> results = new ArrayList<>();
      final Path tb = tarball;
      for (HostSpec h : hosts) {
        results.add(pool.submit(() -> install(ssh, h, tb)));
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
      if (failed > 0) {
        System.err.println("fleet-install: " + failed + " of " + hosts.size() + " hosts are not ready");
        return 1;
      }
      return 0;
    } catch (UsageException e) {
      System.err.println("fleet-install: " + site.ycsb.cli.Secrets.safeLine(e.getMessage()));
      return 2;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      System.err.println("fleet-install: interrupted");
      return 1;
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

  private static String install(SshCommand ssh, HostSpec h, Path tarball) throws IOException, InterruptedException {
    Captured mk = Captured.run(ssh.ssh(h, "mkdir -p " + ShellQuote.quote(h.home())));
    if (mk.exitCode != 0) {
      return "FAILED: " + (mk.exitCode == 255 ? "unreachable (ssh: " + mk.lastLine() + ")"
          : "cannot create " + h.home() + ": " + mk.lastLine());
    }
    Captured cp = Captured.run(ssh.push(h, tarball.toString(), h.home() + "/" + REMOTE_TARBALL));
    if (cp.exitCode != 0) {
      return "FAILED: copying the tarball failed (scp: " + cp.lastLine() + ")";
    }
    Captured un = Captured.run(ssh.ssh(h, unpackCommand(h.home())));
    if (un.exitCode != 0) {
      return "FAILED: " + un.lastLine();
    }
    return "ok, " + h.home() + ", " + un.lastLine();
  }
}
