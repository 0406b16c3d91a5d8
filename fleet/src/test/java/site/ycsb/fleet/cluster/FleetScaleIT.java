package site.ycsb.fleet.cluster;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import site.ycsb.fleet.Sshd;
import site.ycsb.fleet.TestTarball;
import site.ycsb.fleet.ToolRun;

/**
 * fleet-install to more hosts than OpenSSH's default {@code MaxStartups 10:30:100} lets set up at once, all through
 * one real sshd that keeps that default (Debian's /usr/sbin/sshd on 16 loopback addresses, its most): the fleet's limit on
 * set-ups keeps every connection below it. The 32-client run (install, a suite of three phases, a killed client)
 * is too long for CI: bench/fleet-scale/run.sh.
 */
class FleetScaleIT {
  private static final int HOSTS = 16;

  @Test
  void should_install_on_sixteen_hosts_without_a_refused_set_up_when_one_sshd_keeps_the_default_max_startups()
      throws Exception {
    String skip = Sshd.unavailableReason();
    assumeTrue(skip == null, skip);
    Path work = TestTarball.freshWork("fleet-scale-it");
    TestTarball tarball = TestTarball.findOrSkip(work);
    List<String> addresses = new ArrayList<>();
    for (int i = 0; i < HOSTS; i++) {
      addresses.add("127.0.0." + (40 + i));
    }
    try (Sshd sshd = new Sshd(work.resolve("sshd"), addresses, true)) {
      List<String> lines = new ArrayList<>();
      for (int i = 0; i < HOSTS; i++) {
        lines.add(sshd.user() + "@" + addresses.get(i) + ":" + sshd.port + " " + work.resolve("client-" + i + "/ycsb"));
      }
      int dropsBefore = drops(sshd);
      Path hosts = work.resolve("hosts");
      Files.write(hosts, lines);
      List<String> args = new ArrayList<>(Arrays.asList("--hosts-file", hosts.toString()));
      args.addAll(sshd.sshOptions());
      args.add(tarball.file.toString());
      ToolRun install = new ToolRun("site.ycsb.fleet.cluster.FleetInstall", args, null);
      int code = install.waitFor(300);
      String all = install.outText() + "\n" + install.errText();
      assertEquals(0, code, all);
      assertEquals(HOSTS, install.out.size(), all);
      for (String line : install.out) {
        assertTrue(line.contains(": ok, ") && !line.contains("refused"), all);
      }
      String last = install.err.get(install.err.size() - 1);
      assertTrue(last.matches("fleet-install: " + HOSTS + " hosts ready in [0-9.]+ s; at most 8 ssh set-ups at a "
          + "time; no set-up refused by a server"), last);
      String log = new String(Files.readAllBytes(sshd.dir.resolve("sshd.log")), StandardCharsets.UTF_8);
      assertEquals(dropsBefore, drops(sshd), "the sshd dropped a connection of fleet-install:\n" + log);
      assertTrue(log.contains("Accepted publickey"), "the sshd logged no connection:\n" + log);
    }
  }

  /** The connections the sshd dropped past MaxStartups so far, by its log. */
  private static int drops(Sshd sshd) throws java.io.IOException {
    int n = 0;
    for (String line : Files.readAllLines(sshd.dir.resolve("sshd.log"), StandardCharsets.UTF_8)) {
      if (line.contains("past MaxStartups")) {
        n++;
      }
    }
    return n;
  }
}
