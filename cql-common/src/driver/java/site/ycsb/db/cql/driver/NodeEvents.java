package site.ycsb.db.cql.driver;

import java.net.InetSocketAddress;

import com.datastax.driver.core.Cluster;
import com.datastax.driver.core.Host;

import site.ycsb.support.DatabaseReports;

/**
 * Passes the driver's view of the nodes to the engine through {@link DatabaseReports}: each host the driver marks down
 * (a connection to it broke, or the cluster said so) or up again, with how many of the hosts it knows are up. This
 * project's engine names them in a verdict line at the end of the run; elsewhere each is printed as a line when it
 * happens.
 *
 * <p>Thread-safe: the driver calls it from its own threads; it holds no state but the cluster it asks for the count.
 */
final class NodeEvents implements Host.StateListener {
  private final String binding;
  private volatile Cluster cluster;
  private volatile boolean closed;

  NodeEvents(String binding) {
    this.binding = binding;
  }

  /** Listens to {@code connected}'s host events from now on. */
  void attach(Cluster connected) {
    this.cluster = connected;
    connected.register(this);
  }

  /** Stops reporting (before the driver closes: a closing driver's hosts are not a database event). */
  void close() {
    closed = true;
    Cluster c = cluster;
    if (c != null) {
      c.unregister(this);
    }
  }

  @Override
  public void onAdd(Host host) {
    // a node joining the cluster, or found at connect: not a change of health worth a line
  }

  @Override
  public void onUp(Host host) {
    report(host, true, "the driver's host-up event");
  }

  @Override
  public void onDown(Host host) {
    report(host, false, "the driver's host-down event");
  }

  @Override
  public void onRemove(Host host) {
    report(host, false, "the driver's host-removed event");
  }

  @Override
  public void onRegister(Cluster registered) {
  }

  @Override
  public void onUnregister(Cluster unregistered) {
  }

  private void report(Host host, boolean up, String source) {
    Cluster c = cluster;
    if (closed || c == null) {
      return;
    }
    int known = 0;
    int upNow = 0;
    for (Host h : c.getMetadata().getAllHosts()) {
      known++;
      if (h.isUp()) {
        upNow++;
      }
    }
    DatabaseReports.nodeEvent(binding, address(host), up, upNow, known, source);
  }

  /** {@code 127.0.0.3:9042}: the node's address as a user names it in {@code hosts}. */
  static String address(Host host) {
    InetSocketAddress a = host.getEndPoint().resolve();
    return (a.getAddress() != null ? a.getAddress().getHostAddress() : a.getHostString()) + ":" + a.getPort();
  }
}
