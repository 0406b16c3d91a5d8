package site.ycsb.db.cql.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

import com.datastax.driver.core.Configuration;
import com.datastax.driver.core.ConsistencyLevel;
import com.datastax.driver.core.HostDistance;
import com.datastax.driver.core.policies.ConstantSpeculativeExecutionPolicy;
import com.datastax.driver.core.policies.FallthroughRetryPolicy;
import com.datastax.driver.core.policies.LoadBalancingPolicy;
import com.datastax.driver.core.policies.NoSpeculativeExecutionPolicy;
import com.datastax.driver.core.policies.TokenAwarePolicy;

import site.ycsb.DBException;
import site.ycsb.db.cql.CqlSettings;

/** The driver configuration built from the settings (no connection is opened). */
class ClusterConnectorTest {
  private static CqlSettings.Builder base() {
    return CqlSettings.builder("test").hosts(Arrays.asList("127.0.0.1")).retries(3, 10, 100);
  }

  @Test
  void should_configure_token_aware_routing_and_no_driver_retries_when_built_with_defaults() throws DBException {
    Configuration config = ClusterConnector.builder(base().build()).getConfiguration();
    assertTrue(config.getPolicies().getLoadBalancingPolicy() instanceof TokenAwarePolicy);
    assertSame(FallthroughRetryPolicy.INSTANCE, config.getPolicies().getRetryPolicy());
    assertSame(NoSpeculativeExecutionPolicy.INSTANCE, config.getPolicies().getSpeculativeExecutionPolicy());
    assertNull(config.getProtocolOptions().getSSLOptions());
    assertEquals(ConsistencyLevel.QUORUM, config.getQueryOptions().getConsistencyLevel());
    assertEquals(ConsistencyLevel.SERIAL, config.getQueryOptions().getSerialConsistencyLevel());
  }

  @Test
  void should_put_the_silent_node_guard_around_token_aware_routing_when_the_guard_is_on() throws DBException {
    CqlSettings settings = base().build();
    SilenceGuard guard = SilenceGuard.create(settings);
    LoadBalancingPolicy routing = ClusterConnector.builder(settings, guard::policy).getConfiguration().getPolicies()
        .getLoadBalancingPolicy();
    assertTrue(routing instanceof SilentLastPolicy, String.valueOf(routing));
    assertTrue(((SilentLastPolicy) routing).getChildPolicy() instanceof TokenAwarePolicy);
    assertNull(SilenceGuard.create(base().silentNodeMillis(0).build()), "0 turns the guard off");
  }

  @Test
  void should_apply_timeouts_pool_sizes_speculation_and_ssl_when_configured() throws DBException {
    CqlSettings settings = base().timeouts(1234, 5678, null).connections(2, 6).speculative(50, 3)
        .ssl(true, null, null, null, null, null).consistency("LOCAL_ONE", "LOCAL_QUORUM", "LOCAL_SERIAL").build();
    Configuration config = ClusterConnector.builder(settings).getConfiguration();
    assertEquals(1234, config.getSocketOptions().getConnectTimeoutMillis());
    assertEquals(5678, config.getSocketOptions().getReadTimeoutMillis());
    assertEquals(2, config.getPoolingOptions().getCoreConnectionsPerHost(HostDistance.LOCAL));
    assertEquals(6, config.getPoolingOptions().getMaxConnectionsPerHost(HostDistance.LOCAL));
    assertTrue(config.getPolicies().getSpeculativeExecutionPolicy() instanceof ConstantSpeculativeExecutionPolicy);
    assertNotNull(config.getProtocolOptions().getSSLOptions());
    assertEquals(ConsistencyLevel.LOCAL_ONE, config.getQueryOptions().getConsistencyLevel());
    assertEquals(ConsistencyLevel.LOCAL_SERIAL, config.getQueryOptions().getSerialConsistencyLevel());
  }
}
