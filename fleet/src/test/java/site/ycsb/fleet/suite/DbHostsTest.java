package site.ycsb.fleet.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import site.ycsb.fleet.UsageException;
import site.ycsb.fleet.ssh.HostsParser;
import site.ycsb.fleet.ssh.SshCommand;

/** --db-hosts: the client hosts file's format and checks, and a password in it never shown. */
class DbHostsTest {
  private static SshCommand ssh() {
    return new SshCommand(Collections.<String>emptyList(), null, Collections.<String>emptyList());
  }

  @Test
  void should_read_the_hosts_files_format_with_a_name_per_node(@TempDir Path tmp) throws Exception {
    Path f = tmp.resolve("db");
    Files.write(f, "# the cluster\nadmin@10.0.0.1\n10.0.0.2:2222 cass2\n\n[::1]:22\n".getBytes(StandardCharsets.UTF_8));
    DbHosts d = DbHosts.read(f, ssh(), "suite", System.err);
    assertEquals(java.util.Arrays.asList("10.0.0.1", "cass2 (10.0.0.2:2222)", "::1"), d.names());
    assertEquals(null, DbHosts.read(null, ssh(), "suite", System.err));
  }

  @Test
  void should_name_the_file_and_line_and_mask_a_password(@TempDir Path tmp) throws Exception {
    Path f = tmp.resolve("db");
    Files.write(f, "10.0.0.1\nadmin:s3cret@10.0.0.2\n".getBytes(StandardCharsets.UTF_8));
    UsageException e = assertThrows(UsageException.class, () -> DbHosts.read(f, ssh(), "suite", System.err));
    assertTrue(e.getMessage().startsWith("--db-hosts: " + f + " line 2: "), e.getMessage());
    assertFalse(e.getMessage().contains("s3cret"), e.getMessage());
    assertTrue(e.getMessage().contains("admin:***@10.0.0.2"), e.getMessage());
    Files.write(f, "10.0.0.1 a b\n".getBytes(StandardCharsets.UTF_8));
    assertTrue(assertThrows(UsageException.class, () -> DbHosts.read(f, ssh(), "suite", System.err)).getMessage()
        .contains("line 1"));
    assertTrue(assertThrows(UsageException.class, () -> DbHosts.read(tmp.resolve("none"), ssh(), "suite",
        System.err)).getMessage().contains("not found"));
    Files.write(f, "# nothing\n".getBytes(StandardCharsets.UTF_8));
    assertTrue(assertThrows(UsageException.class, () -> DbHosts.read(f, ssh(), "suite", System.err)).getMessage()
        .contains("no hosts"));
    assertEquals("user:***@host and x:***@y", DbHosts.maskCredentials("user:pw@host and x:p@ss@y"));
  }

  @Test
  void should_take_db_hosts_in_the_suite_as_in_the_fleet() throws Exception {
    SuiteOptions o = SuiteOptions.parse(new String[] {"basic", "--db-hosts", "nodes.txt"}, false, "usage");
    assertEquals("nodes.txt", o.dbHosts.toString());
  }

  /** Files a user may pass as --db-hosts by mistake; the secret in them is always hunter2. */
  static java.util.stream.Stream<Arguments> badFiles() {
    return java.util.stream.Stream.of(
        Arguments.of("a password in user:password@host", "admin:hunter2@10.0.0.2\n", "line 1: bad user name"),
        Arguments.of("a password holding '@' and ':'", "admin:hun@ter:2@10.0.0.2\n", "line 1: "),
        Arguments.of("a password as a third field", "10.0.0.1 root hunter2\n", "line 1: expected "
            + "'[user@]host[:port] [name]', got 3 fields starting '10.0.0.1 root' (the rest is not shown"),
        Arguments.of("a password as the name", "10.0.0.1 password=hunter2\n", ": name 'password=***' may hold only "
            + "letters, digits and _.- (it names"),
        Arguments.of("a URL with a password", "ssh://root:hunter2@10.0.0.1:22\n", "line 1: "),
        Arguments.of("a secret on a line of its own", "10.0.0.1\npassword: hunter2\n", "line 2: "),
        Arguments.of("an option for ssh as the host", "-oProxyCommand=touch_x\n", "line 1: bad host name"),
        Arguments.of("shell in the name", "10.0.0.1 $(id)\n",
            "line 1: name '$(id)' may hold only letters, digits and _.-"),
        Arguments.of("a port out of range", "10.0.0.1:70000\n", "line 1: port=70000 must be between 1 and 65535"),
        Arguments.of("the same node twice", "10.0.0.1\nadmin@10.0.0.1:2222\n", "'10.0.0.1' and "
            + "'admin@10.0.0.1:2222' would both be node 10.0.0.1 (server-10.0.0.1.csv): give each line its own name"),
        Arguments.of("two names for one file", "[fe80::1]\n10.0.0.2 fe80__1\n", "would both be node fe80__1"),
        Arguments.of("comments only", "# db1\n\n", ": no hosts"),
        Arguments.of("an empty file", "", ": no hosts"),
        Arguments.of("only control bytes", "\u0000\u0001\u0002\n", ": no hosts"),
        Arguments.of("control bytes in a host", "10.0.0.1\u0000\u0007x\n", "line 1: bad host name in "
            + "'10.0.0.1\\u0000\\u0007x'"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badFiles")
  void should_refuse_in_one_line_without_the_secret_when_the_file_is_wrong(String what, String text,
      String expected, @TempDir Path tmp) throws Exception {
    Path f = tmp.resolve("db-hosts");
    Files.write(f, text.getBytes(StandardCharsets.UTF_8));
    String m = assertThrows(UsageException.class, () -> DbHosts.read(f, ssh(), "suite", System.err), what)
        .getMessage();
    assertTrue(m.startsWith("--db-hosts: ") && m.contains(expected), what + ": " + m);
    assertFalse(m.contains("hunter2") || m.contains("hun@ter") || m.contains("\n") || m.contains("\u0000"),
        what + ": " + m);
  }

  @Test
  void should_refuse_what_is_not_a_regular_small_file(@TempDir Path tmp) throws Exception {
    Path big = tmp.resolve("big");
    Files.write(big, new byte[(int) HostsParser.MAX_HOSTS_FILE_BYTES + 1]);
    for (Path p : new Path[] {tmp, java.nio.file.Paths.get("/dev/zero"), big, tmp.resolve("missing")}) {
      String m = assertThrows(UsageException.class, () -> DbHosts.read(p, ssh(), "suite", System.err), p.toString())
          .getMessage();
      assertTrue(m.startsWith("--db-hosts: ") && m.contains(p.toString()) && !m.contains("\n"), m);
    }
  }

  @Test
  void should_take_windows_line_ends_and_trailing_blanks(@TempDir Path tmp) throws Exception {
    Path f = tmp.resolve("db");
    Files.write(f, "10.0.0.1\r\nadmin@10.0.0.2:22 db2  \r\n".getBytes(StandardCharsets.UTF_8));
    assertEquals(java.util.Arrays.asList("10.0.0.1", "db2 (admin@10.0.0.2:22)"), DbHosts.read(f, ssh(), "suite",
        System.err).names());
  }
}
