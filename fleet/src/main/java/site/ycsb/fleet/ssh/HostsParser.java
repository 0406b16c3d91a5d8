package site.ycsb.fleet.ssh;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import site.ycsb.fleet.OptionValues;
import site.ycsb.fleet.UsageException;

/**
 * Reads client machines from a hosts file (one {@code [user@]host[:port] [ycsb-home]} per line, {@code #} starts a
 * comment) or from a comma-separated list ({@code --hosts a,b,c}).
 */
public final class HostsParser {
  /** Characters allowed in a remote YCSB directory: it goes into shell commands and scp paths unquoted by scp. */
  private static final String SAFE_PATH = "[A-Za-z0-9_.,+=@%/~-]+";

  private HostsParser() {
  }

  /** A hosts file is a line per client machine; anything bigger is not one (/dev/zero would fill the heap). */
  public static final long MAX_HOSTS_FILE_BYTES = 1024 * 1024;

  /** Parses a hosts file; errors name the file and line. */
  public static List<HostSpec> parseFile(Path file) throws UsageException {
    // A FIFO would block the head for ever and a device would never end: only regular files are read.
    if (Files.exists(file) && !Files.isRegularFile(file)) {
      throw new UsageException("hosts file " + file + " is not a regular file");
    }
    try {
      if (Files.exists(file) && Files.size(file) > MAX_HOSTS_FILE_BYTES) {
        throw new UsageException("hosts file " + file + " is " + Files.size(file) + " bytes, more than "
            + MAX_HOSTS_FILE_BYTES + " (is it a hosts file?)");
      }
    } catch (IOException e) {
      throw new UsageException("cannot read hosts file " + file + ": " + e.getMessage());
    }
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (java.nio.file.NoSuchFileException e) {
      throw new UsageException("hosts file " + file + " not found");
    } catch (IOException e) {
      throw new UsageException("cannot read hosts file " + file + ": " + e.getMessage());
    }
    return parseLines(lines, file.toString());
  }

  /** Parses hosts-file lines; {@code source} names them in errors. */
  public static List<HostSpec> parseLines(List<String> lines, String source) throws UsageException {
    List<HostSpec> hosts = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      int hash = line.indexOf('#');
      if (hash >= 0) {
        line = line.substring(0, hash);
      }
      line = line.trim();
      if (line.isEmpty()) {
        continue;
      }
      String where = source + " line " + (i + 1);
      String[] fields = line.split("\\s+");
      if (fields.length > 2) {
        // the fields after the second are not quoted: a third field is often a password, which no output may show
        throw new UsageException(where + ": expected '[user@]host[:port] [ycsb-home]', got " + fields.length
            + " fields starting '" + fields[0] + " " + fields[1] + "' (the rest is not shown: it may be a password; "
            + "ssh's keys or agent authenticate, never this file)");
      }
      hosts.add(parseHost(fields[0], fields.length == 2 ? fields[1] : null, where));
    }
    if (hosts.isEmpty()) {
      throw new UsageException(source + ": no hosts (one '[user@]host[:port] [ycsb-home]' per line)");
    }
    return hosts;
  }

  /** Parses {@code --hosts a,b,c}. */
  public static List<HostSpec> parseList(String list) throws UsageException {
    List<HostSpec> hosts = new ArrayList<>();
    for (String item : Arrays.asList(list.split(",", -1))) {
      String t = item.trim();
      if (t.isEmpty()) {
        throw new UsageException("--hosts " + list + ": empty host name in the list");
      }
      hosts.add(parseHost(t, null, "--hosts"));
    }
    return hosts;
  }

  static HostSpec parseHost(String spec, String home, String where) throws UsageException {
    String user = null;
    String rest = spec;
    int at = rest.lastIndexOf('@');
    if (at >= 0) {
      user = rest.substring(0, at);
      rest = rest.substring(at + 1);
      if (user.isEmpty() || !user.matches("[A-Za-z0-9_.][A-Za-z0-9_.-]*")) {
        throw new UsageException(where + ": bad user name in '" + spec + "'");
      }
    }
    int port = 0;
    String host = rest;
    if (rest.startsWith("[")) {
      // [v6-address]:port
      int close = rest.indexOf(']');
      if (close < 0) {
        throw new UsageException(where + ": unclosed '[' in '" + spec + "'");
      }
      host = rest.substring(1, close);
      String after = rest.substring(close + 1);
      if (!after.isEmpty()) {
        if (!after.startsWith(":")) {
          throw new UsageException(where + ": expected ':port' after ']' in '" + spec + "'");
        }
        port = parsePort(after.substring(1), spec, where);
      }
    } else {
      int colon = rest.indexOf(':');
      if (colon >= 0) {
        if (rest.indexOf(':', colon + 1) >= 0) {
          throw new UsageException(where + ": write an IPv6 address as [address]:port in '" + spec + "'");
        }
        host = rest.substring(0, colon);
        port = parsePort(rest.substring(colon + 1), spec, where);
      }
    }
    if (host.isEmpty() || !host.matches("[A-Za-z0-9_.:%-]+") || host.startsWith("-")) {
      throw new UsageException(where + ": bad host name in '" + spec + "'");
    }
    if (home != null && !home.matches(SAFE_PATH)) {
      throw new UsageException(where + ": ycsb-home '" + home + "' may hold only letters, digits and _.,+=@%/~-");
    }
    return new HostSpec(user, host, port, home);
  }

  private static int parsePort(String text, String spec, String where) throws UsageException {
    try {
      return (int) OptionValues.wholeNumber("port", text, 1, 65535);
    } catch (UsageException e) {
      throw new UsageException(where + ": " + e.getMessage() + " in '" + spec + "'");
    }
  }

  /** Whether a remote directory name is safe to use in commands (same rule as the hosts file's ycsb-home). */
  public static boolean isSafePath(String path) {
    return path.matches(SAFE_PATH);
  }
}
