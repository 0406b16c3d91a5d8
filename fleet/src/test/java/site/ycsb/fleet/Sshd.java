package site.ycsb.fleet;

import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real OpenSSH server (Debian's /usr/sbin/sshd) for integration tests, listening on one free port of the loopback
 * addresses 127.0.0.2, 127.0.0.3 and 127.0.0.4 only, with its own host key and a client key generated here.
 */
public final class Sshd implements AutoCloseable {
  public static final List<String> ADDRESSES = Arrays.asList("127.0.0.2", "127.0.0.3", "127.0.0.4");
  private static final String SSHD = "/usr/sbin/sshd";

  public final Path dir;
  public final int port;
  /** The addresses it listens on (sshd takes at most 16). */
  final List<String> addresses;
  final Path clientKey;
  private final Process process;

  /** Why the test cannot run here, or null. */
  public static String unavailableReason() {
    if (!Files.isExecutable(Paths.get(SSHD))) {
      return SSHD + " not installed (Debian: apt-get install -y openssh-server)";
    }
    for (String tool : Arrays.asList("ssh", "scp", "ssh-keygen")) {
      if (!onPath(tool)) {
        return tool + " not on PATH (Debian: apt-get install -y openssh-client)";
      }
    }
    return null;
  }

  private static boolean onPath(String tool) {
    for (String d : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(File.pathSeparator)) {
      if (Files.isExecutable(Paths.get(d, tool))) {
        return true;
      }
    }
    return false;
  }

  public Sshd(Path dir) throws Exception {
    this(dir, ADDRESSES, false);
  }

  /**
   * @param addresses where it listens (loopback, at most 16)
   * @param defaultMaxStartups keep OpenSSH's default {@code MaxStartups 10:30:100} (a fleet's limit on set-ups is
   *     what keeps it from refusing connections) instead of the tests' 50
   */
  public Sshd(Path dir, List<String> addresses, boolean defaultMaxStartups) throws Exception {
    this.dir = dir;
    this.addresses = addresses;
    Files.createDirectories(dir);
    run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", dir.resolve("host_key").toString());
    clientKey = dir.resolve("client_key");
    run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", clientKey.toString());
    Path auth = dir.resolve("authorized_keys");
    Files.copy(dir.resolve("client_key.pub"), auth);
    Files.setPosixFilePermissions(auth, PosixFilePermissions.fromString("rw-------"));
    if ("root".equals(System.getProperty("user.name"))) {
      // sshd's privilege separation directory (created by the Debian package's service unit, not by sshd)
      Files.createDirectories(Paths.get("/run/sshd"));
    }
    port = freePort();
    List<String> conf = new ArrayList<>();
    conf.add("Port " + port);
    for (String a : addresses) {
      conf.add("ListenAddress " + a);
    }
    conf.addAll(Arrays.asList("HostKey " + dir.resolve("host_key"), "AuthorizedKeysFile " + auth,
        "PidFile " + dir.resolve("sshd.pid"), "PermitRootLogin prohibit-password", "PasswordAuthentication no",
        "KbdInteractiveAuthentication no", "UsePAM no", "StrictModes no", "PrintMotd no", "MaxSessions 50",
        "Subsystem sftp /usr/lib/openssh/sftp-server"));
    if (!defaultMaxStartups) {
      conf.add("MaxStartups 50");
    } else {
      // its log then says when MaxStartups drops a connection ("drop connection #11 ... past MaxStartups")
      conf.add("LogLevel VERBOSE");
    }
    Path config = dir.resolve("sshd_config");
    Files.write(config, conf);
    process = new ProcessBuilder(SSHD, "-D", "-f", config.toString(), "-E", dir.resolve("sshd.log").toString())
        .redirectErrorStream(true).redirectOutput(dir.resolve("sshd.out").toFile()).start();
    long deadline = System.currentTimeMillis() + 10_000;
    // with the default MaxStartups a probe connection per address would count against it: the log says when it listens
    while (!(defaultMaxStartups ? listeningByLog() : listening())) {
      if (!process.isAlive() || System.currentTimeMillis() > deadline) {
        close();
        throw new IllegalStateException("sshd did not start; see " + dir.resolve("sshd.log") + " and sshd.out: "
            + new String(Files.readAllBytes(dir.resolve("sshd.out"))).trim());
      }
      Thread.sleep(100);
    }
  }

  private boolean listeningByLog() throws IOException {
    Path log = dir.resolve("sshd.log");
    if (!Files.exists(log)) {
      return false;
    }
    String text = new String(Files.readAllBytes(log), java.nio.charset.StandardCharsets.UTF_8);
    for (String a : addresses) {
      if (!text.contains("Server listening on " + a + " port " + port + ".")) {
        return false;
      }
    }
    return true;
  }

  private boolean listening() {
    for (String a : addresses) {
      try (Socket s = new Socket()) {
        s.connect(new InetSocketAddress(a, port), 200);
      } catch (IOException e) {
        return false;
      }
    }
    return true;
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket()) {
      s.bind(new InetSocketAddress(ADDRESSES.get(0), 0));
      return s.getLocalPort();
    }
  }

  /** A port on 127.0.0.2 where nothing listens. */
  public static int deadPort() throws IOException {
    return freePort();
  }

  /** The options the fleet tools need for this server: its key, no host-key prompts, a private known_hosts. */
  public List<String> sshOptions() {
    return Arrays.asList("--ssh-option", "IdentityFile=" + clientKey, "--ssh-option", "StrictHostKeyChecking=no",
        "--ssh-option", "UserKnownHostsFile=" + dir.resolve("known_hosts"), "--ssh-option", "LogLevel=ERROR");
  }

  public String user() {
    return System.getProperty("user.name");
  }

  private static void run(String... cmd) throws Exception {
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new IllegalStateException(String.join(" ", cmd) + " failed");
    }
  }

  /**
   * Writes {@code work/hosts} naming one client per address ({@code user@address:port work/client-N/ycsb}) and installs
   * {@code tarball} on all three with {@code FleetInstall}; returns the hosts file.
   */
  public Path installClients(Path work, TestTarball tarball) throws Exception {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < ADDRESSES.size(); i++) {
      lines.add(user() + "@" + ADDRESSES.get(i) + ":" + port + " " + work.resolve("client-" + (i + 1) + "/ycsb"));
    }
    Path hosts = work.resolve("hosts");
    Files.write(hosts, lines);
    List<String> install = new ArrayList<>(Arrays.asList("--hosts-file", hosts.toString()));
    install.addAll(sshOptions());
    install.add(tarball.file.toString());
    ToolRun in = new ToolRun("site.ycsb.fleet.cluster.FleetInstall", install, null);
    int code = in.waitFor(180);
    if (code != 0) {
      throw new AssertionError("FleetInstall exit " + code + ": " + in.outText() + in.errText());
    }
    return hosts;
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(5, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
