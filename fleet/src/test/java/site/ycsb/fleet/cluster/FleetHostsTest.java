package site.ycsb.fleet.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import site.ycsb.fleet.ssh.HostSpec;

/** The fleet's client hosts as given by --hosts or --hosts-file, with their YCSB directories. */
class FleetHostsTest {
  @TempDir
  Path tmp;

  @Test
  void should_default_the_home_and_make_tilde_paths_relative_when_resolving() throws Exception {
    List<HostSpec> h = FleetHosts.resolve("a,b", null, null, java.nio.file.Paths.get("/opt/ycsb-1.0.0"));
    assertEquals("ycsb-1.0.0", h.get(0).home());
    Path f = tmp.resolve("hosts");
    Files.write(f, Arrays.asList("a ~/ycsb", "b"));
    h = FleetHosts.resolve(null, f, "/srv/y", java.nio.file.Paths.get("/opt/ycsb-1.0.0"));
    assertEquals("ycsb", h.get(0).home());
    assertEquals("/srv/y", h.get(1).home());
  }
}
