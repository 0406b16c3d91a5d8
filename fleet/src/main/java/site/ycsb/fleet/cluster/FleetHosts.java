package site.ycsb.fleet.cluster;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import site.ycsb.fleet.UsageException;
import site.ycsb.fleet.ssh.HostSpec;
import site.ycsb.fleet.ssh.HostsParser;
import site.ycsb.fleet.ssh.RemoteCommand;

/** The client machines of a fleet command, each with its YCSB directory filled in. */
final class FleetHosts {
  private FleetHosts() {
  }

  /**
   * Hosts from {@code --hosts} or {@code --hosts-file}; an entry without a YCSB directory gets {@code remoteHome},
   * or the name of this node's YCSB directory (e.g. ycsb-1.0.0-SNAPSHOT) under the login directory, which is where
   * {@code fleet-install} unpacks the tarball by default.
   */
  static List<HostSpec> resolve(String list, Path file, String remoteHome, Path localHome) throws UsageException {
    List<HostSpec> given = list != null ? HostsParser.parseList(list) : HostsParser.parseFile(file);
    String dflt = remoteHome != null ? remoteHome : localHome.getFileName().toString();
    List<HostSpec> hosts = new ArrayList<>();
    for (HostSpec h : given) {
      hosts.add(h.withHome(RemoteCommand.homeRelative(h.home() != null ? h.home() : dflt)));
    }
    return hosts;
  }
}
