package site.ycsb.db.cql.driver;

import java.util.Collection;
import java.util.Iterator;
import java.util.function.Consumer;
import java.util.function.Predicate;

import com.datastax.driver.core.Cluster;
import com.datastax.driver.core.Host;
import com.datastax.driver.core.HostDistance;
import com.datastax.driver.core.Statement;
import com.datastax.driver.core.policies.ChainableLoadBalancingPolicy;
import com.datastax.driver.core.policies.LoadBalancingPolicy;

import site.ycsb.db.cql.SilentLastPlan;

/**
 * The binding's routing (token-aware, around the data-centre policy) with two additions for the silent-node guard
 * ({@link SilentLastPlan}): a silent node goes last in every query plan, so new requests and retries go to the other
 * replicas while any of them answers; and each host the plan hands out is recorded for the thread that sent the
 * request, so that the executor knows which node an attempt waits on. With no silent node the plan is the child's,
 * host for host.
 *
 * <p>The driver (3.x, both drivers used here) asks for a query plan and for its first host inside {@code
 * executeAsync}, on the calling thread (a host without a pool is skipped there too, and the next one asked for): the
 * host recorded last on that thread when {@code executeAsync} returns is the one the request was written to. Hosts
 * handed out later, on the driver's threads (a speculative execution, a pool that refused the request), are recorded
 * on those threads and cleared before that thread sends anything of the binding's. Statements with a host of their
 * own ({@code setHost}: the probes, the server view) do not use the policy at all, nor, with the ScyllaDB driver, a
 * lightweight transaction with a routing key, which that driver sends to its replicas in an order of its own: such a
 * request has no known node (it is a conditional write, never given up early anyway).
 *
 * <p>Thread-safe: the policy is shared; each plan is used by one request, under the driver's lock.
 */
final class SilentLastPolicy implements ChainableLoadBalancingPolicy {
  private final LoadBalancingPolicy child;
  /** Made once, not per plan: a plan costs one object. */
  private final Predicate<Host> silent;
  private final Consumer<Host> handedOut;

  SilentLastPolicy(LoadBalancingPolicy child, SilenceGuard guard) {
    this.child = child;
    this.silent = guard::isSilent;
    this.handedOut = guard::recordSent;
  }

  @Override
  public LoadBalancingPolicy getChildPolicy() {
    return child;
  }

  @Override
  public void init(Cluster cluster, Collection<Host> hosts) {
    child.init(cluster, hosts);
  }

  @Override
  public HostDistance distance(Host host) {
    return child.distance(host);
  }

  @Override
  public Iterator<Host> newQueryPlan(String loggedKeyspace, Statement statement) {
    return new SilentLastPlan<>(child.newQueryPlan(loggedKeyspace, statement), silent, handedOut);
  }

  @Override
  public void onAdd(Host host) {
    child.onAdd(host);
  }

  @Override
  public void onUp(Host host) {
    child.onUp(host);
  }

  @Override
  public void onDown(Host host) {
    child.onDown(host);
  }

  @Override
  public void onRemove(Host host) {
    child.onRemove(host);
  }

  @Override
  public void close() {
    child.close();
  }
}
