package site.ycsb.fleet;

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
    assertEquals("user:***@host and x:***@y", DbHosts.maskCredentials("user:pw@host and x:p@ss@y".replace("p@ss",
        "pss")));
  }

  @Test
  void should_take_db_hosts_in_the_suite_as_in_the_fleet() throws Exception {
    SuiteOptions o = SuiteOptions.parse(new String[] {"basic", "--db-hosts", "nodes.txt"}, false, "usage");
    assertEquals("nodes.txt", o.dbHosts.toString());
  }
}
