package site.ycsb.fleet.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import site.ycsb.fleet.UsageException;

/** A client's engine arguments: parsed, planned with the workload and -P files, and given each client's share. */
class ClientArgsTest {
  @TempDir
  Path tmp;

  @Test
  void should_put_the_workload_file_first_and_the_share_after_the_user_options_when_building_client_arguments()
      throws Exception {
    ClientArgs c = ClientArgs.parse(Arrays.asList("-P", "db.properties", "-threads", "8", "-target", "900", "-p",
        "x=a b", "-s"));
    assertEquals(900, c.target, 0);
    ClientShare share = new ClientShare(1, 334, 333, -1, 300);
    List<String> a = c.forClient(Arrays.asList("fleet-runs/r/conf/1/db.properties"), "fleet-runs/r/conf/2/workloada",
        share, 1000, "fleet-runs/r/1-load-c2");
    assertEquals(Arrays.asList("-P", "fleet-runs/r/conf/2/workloada", "-P", "fleet-runs/r/conf/1/db.properties",
        "-threads", "8", "-p", "x=a b", "-s", "-p", "ycsb.workloadfile=workloada", "-p", "recordcount=1000", "-p",
        "insertstart=334", "-p", "insertcount=333", "-target", "300", "-p", "results.dir=fleet-runs/r/1-load-c2"), a);
  }

  @Test
  void should_read_the_effective_counts_from_workload_then_p_options_when_planning(@TempDir Path home)
      throws Exception {
    Files.createDirectories(home.resolve("workloads"));
    Files.write(home.resolve("workloads/workloada"), Arrays.asList("recordcount=1000", "operationcount=500"));
    ClientArgs c = ClientArgs.parse(Arrays.asList("-p", "operationcount=90"));
    java.util.Properties p = c.effective(home, "workloads/workloada");
    assertEquals("1000", p.getProperty("recordcount"));
    assertEquals("90", p.getProperty("operationcount"));
  }

  @Test
  void should_let_the_users_files_override_the_workload_file_and_later_files_win_when_planning(@TempDir Path home)
      throws Exception {
    Files.createDirectories(home.resolve("workloads"));
    Files.write(home.resolve("workloads/workloada"), Arrays.asList("recordcount=1000", "operationcount=1000",
        "readproportion=0.5"));
    Files.write(home.resolve("common"), Arrays.asList("recordcount=5000", "operationcount=7000", "threadcount=4"));
    Files.write(home.resolve("in-memory"), Arrays.asList("recordcount=4000"));
    ClientArgs c = ClientArgs.parse(Arrays.asList("-P", home.resolve("common").toString(), "-P",
        home.resolve("in-memory").toString(), "-p", "threadcount=2"));
    java.util.Properties p = c.effective(home, "workloads/workloada");
    assertEquals("4000", p.getProperty("recordcount"), "the later -P file wins over the earlier one and workloada");
    assertEquals("7000", p.getProperty("operationcount"), "the user's -P file wins over the phase's workload file");
    assertEquals("0.5", p.getProperty("readproportion"), "what no user file sets comes from the workload file");
    assertEquals("2", p.getProperty("threadcount"), "-p beats every file");
  }

  @Test
  void should_name_a_missing_user_file_in_one_line_when_planning(@TempDir Path home) throws Exception {
    Files.createDirectories(home.resolve("workloads"));
    Files.write(home.resolve("workloads/workloada"), Arrays.asList("recordcount=1"));
    ClientArgs c = ClientArgs.parse(Arrays.asList("-P", "no-such-file"));
    UsageException e = org.junit.jupiter.api.Assertions.assertThrows(UsageException.class,
        () -> c.effective(home, "workloads/workloada"));
    assertTrue(e.getMessage().contains("no-such-file") && !e.getMessage().contains("\n"), e.getMessage());
  }

  @Test
  void should_refuse_a_property_file_that_is_not_a_regular_file_when_locating_it() throws Exception {
    Path fifo = tmp.resolve("fifo-p");
    assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
    for (String f : new String[] {fifo.toString(), "/dev/zero", tmp.toString()}) {
      UsageException e = assertThrows(UsageException.class, () -> ClientArgs.locate(f, tmp));
      assertEquals("cannot read property file " + f + ": not a regular file", e.getMessage());
    }
  }
}
