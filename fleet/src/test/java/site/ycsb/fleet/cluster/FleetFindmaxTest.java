package site.ycsb.fleet.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** fleet --findmax without clients: what happens when a step cannot start (no ssh is reached). */
class FleetFindmaxTest {
  @Test
  void should_exit_2_with_the_reason_when_a_step_refuses_the_options_as_local_findmax_does(@TempDir Path tmp)
      throws Exception {
    Path home = tmp.resolve("home");
    Files.createDirectories(home.resolve("bin"));
    Files.createFile(home.resolve("bin/ycsb"));
    Files.createDirectories(home.resolve("workloads"));
    Files.write(home.resolve("workloads/workloadc"), Arrays.asList("recordcount=1000", "operationcount=1000",
        "workload=site.ycsb.workloads.CoreWorkload"), StandardCharsets.UTF_8);
    Path out = tmp.resolve("out");
    String missing = tmp.resolve("no-such.properties").toString();
    PrintStream err = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    int code;
    System.setErr(new PrintStream(captured, true, "UTF-8"));
    try {
      code = Fleet.run(new String[] {"basic", "--ycsb-home", home.toString(), "--hosts", "127.0.0.1",
          "--workloads", "c", "--findmax", "--sla", "p99<1s", "--no-report", "--out", out.toString(), "-P",
          missing});
    } finally {
      System.setErr(err);
    }
    String stderr = new String(captured.toByteArray(), StandardCharsets.UTF_8);
    // a usage error, as `bin/ycsb findmax` exits for a step whose engine refused the options; not "no rate passed"
    assertEquals(2, code, stderr);
    assertTrue(stderr.contains("findmax: step 1: the engine exited with code 2") && stderr.contains(missing),
        stderr);
    String table = new String(Files.readAllBytes(out.resolve("findmax.md")), StandardCharsets.UTF_8);
    assertTrue(table.contains(missing), "the step's reason names the file: " + table);
  }
}
