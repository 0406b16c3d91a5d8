package site.ycsb.fleet.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** What fleet-install runs on a client. */
class FleetInstallTest {
  @Test
  void should_build_an_unpack_command_that_a_shell_accepts_when_installing() throws Exception {
    Process p = new ProcessBuilder("sh", "-n", "-c", FleetInstall.unpackCommand("/opt/ycsb")).start();
    assertEquals(0, p.waitFor());
  }
}
