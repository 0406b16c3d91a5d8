package site.ycsb.fleet.ssh;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import site.ycsb.fleet.UsageException;

/**
 * Command lines of the OpenSSH clients ({@code ssh}, {@code scp}) for one host, with the user's options
 * ({@code --ssh-option}, {@code --ssh-config}, {@code YCSB_SSH_OPTS}) and the fleet's own: never prompt
 * (BatchMode), notice a dead connection within about 15 s (ServerAlive*), give up connecting after 10 s.
 */
public final class SshCommand {
  /** ssh's own exit code when it could not connect or lost the connection (a remote command's 255 reads the same). */
  public static final int CONNECTION_FAILED = 255;
  static final List<String> DEFAULT_OPTIONS = Arrays.asList(
      "BatchMode=yes", "ConnectTimeout=10", "ServerAliveInterval=5", "ServerAliveCountMax=3");

  private final List<String> options;
  private final String configFile;
  private final List<String> rawArgs;

  /**
   * @param options values for {@code -o}, after the defaults (ssh takes the first value of an option, so the
   *     user's own config file still wins where it sets one)
   * @param configFile {@code -F} file or null
   * @param rawArgs extra arguments from {@code YCSB_SSH_OPTS}, given to ssh and scp as they are
   */
  public SshCommand(List<String> options, String configFile, List<String> rawArgs) {
    this.options = new ArrayList<>(options);
    this.configFile = configFile;
    this.rawArgs = new ArrayList<>(rawArgs);
  }

  /**
   * Refuses an {@code --ssh-config} that is not a readable file: ssh would fail on every host, and the mistake would
   * be reported as every client unreachable (exit 1) instead of the one line of a usage error.
   */
  public static void requireConfigFile(String file) throws UsageException {
    java.nio.file.Path p = java.nio.file.Paths.get(file);
    if (!java.nio.file.Files.exists(p)) {
      throw new UsageException("--ssh-config " + file + " does not exist");
    }
    if (!java.nio.file.Files.isRegularFile(p) || !java.nio.file.Files.isReadable(p)) {
      throw new UsageException("--ssh-config " + file + " is not a readable file");
    }
  }

  /**
   * An {@code --ssh-option} as ssh's {@code -o} takes it, {@code Key=value} (or {@code Key value}); anything else
   * would make ssh fail on every host, reported as every client unreachable (exit 1), or, blank (an unset shell
   * variable), be passed on silently.
   */
  public static String requireOption(String value) throws UsageException {
    String v = value.trim();
    if (v.isEmpty()) {
      throw new UsageException("--ssh-option is empty: give an ssh option as Key=value, e.g. IdentityFile=~/.ssh/bench");
    }
    if (v.startsWith("-")) {
      throw new UsageException("--ssh-option '" + v + "': give the option without its dash (it is passed as -o "
          + "Key=value), e.g. IdentityFile=~/.ssh/bench");
    }
    if (!v.matches("[A-Za-z][A-Za-z0-9]*(=|\\s+)\\S.*")) {
      throw new UsageException("--ssh-option '" + v + "' is not Key=value, e.g. IdentityFile=~/.ssh/bench");
    }
    return v;
  }

  /** Splits {@code YCSB_SSH_OPTS} on blanks (like the launcher's JAVA_OPTS). */
  public static List<String> splitEnv(String value) {
    List<String> out = new ArrayList<>();
    if (value != null) {
      for (String s : value.trim().split("\\s+")) {
        if (!s.isEmpty()) {
          out.add(s);
        }
      }
    }
    return out;
  }

  private List<String> common() {
    List<String> cmd = new ArrayList<>();
    if (configFile != null) {
      cmd.add("-F");
      cmd.add(configFile);
    }
    cmd.addAll(rawArgs);
    for (String o : options) {
      cmd.add("-o");
      cmd.add(o);
    }
    for (String o : DEFAULT_OPTIONS) {
      cmd.add("-o");
      cmd.add(o);
    }
    return cmd;
  }

  /**
   * {@code ssh -n ... host 'remote shell command'}: the command is one string, already quoted for the shell; its
   * input is /dev/null ({@code -n}).
   */
  public List<String> ssh(HostSpec host, String remoteCommand) {
    List<String> cmd = new ArrayList<>();
    cmd.add("ssh");
    cmd.add("-n");
    cmd.addAll(sshTo(host, remoteCommand));
    return cmd;
  }

  /**
   * {@code ssh ... host 'remote shell command'} with its input open: what the caller writes to ssh's input reaches
   * the remote command's (the sampling loop's ticks, {@link site.ycsb.fleet.suite.DbHosts}).
   */
  public List<String> sshWithInput(HostSpec host, String remoteCommand) {
    List<String> cmd = new ArrayList<>();
    cmd.add("ssh");
    cmd.addAll(sshTo(host, remoteCommand));
    return cmd;
  }

  private List<String> sshTo(HostSpec host, String remoteCommand) {
    List<String> cmd = new ArrayList<>();
    cmd.addAll(common());
    if (host.port() > 0) {
      cmd.add("-p");
      cmd.add(Integer.toString(host.port()));
    }
    cmd.add(host.destination());
    cmd.add(remoteCommand);
    return cmd;
  }

  /** {@code scp -r host:remotePath localPath} (copy a directory from the client). */
  public List<String> fetch(HostSpec host, String remotePath, String localPath) {
    List<String> cmd = scpBase(host);
    cmd.add(remoteSpec(host, remotePath));
    cmd.add(localPath);
    return cmd;
  }

  /** {@code scp -r localPath host:remotePath} (copy a file or directory to the client). */
  public List<String> push(HostSpec host, String localPath, String remotePath) {
    List<String> cmd = scpBase(host);
    cmd.add(localPath);
    cmd.add(remoteSpec(host, remotePath));
    return cmd;
  }

  private List<String> scpBase(HostSpec host) {
    List<String> cmd = new ArrayList<>();
    cmd.add("scp");
    cmd.add("-r");
    cmd.add("-q");
    cmd.addAll(common());
    if (host.port() > 0) {
      cmd.add("-P");
      cmd.add(Integer.toString(host.port()));
    }
    return cmd;
  }

  private static String remoteSpec(HostSpec host, String path) {
    String h = host.host().indexOf(':') >= 0 ? "[" + host.host() + "]" : host.host();
    return (host.user() == null ? "" : host.user() + "@") + h + ":" + path;
  }
}
