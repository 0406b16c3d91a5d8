package site.ycsb.db.griddb;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ClusterHealthTest {
  private final AtomicLong now = new AtomicLong(5000);
  private final ClusterHealth health = new ClusterHealth(now::get);

  @Test
  void should_let_one_probe_through_per_interval_while_down_and_recover_on_success() {
    assertFalse(health.failFast());
    assertTrue(health.failed(new StoreException(145028, "Failover timed out", false, true)));
    assertFalse(health.failed(new StoreException(145028, "again", false, true)), "reported once");
    assertTrue(health.failFast());
    now.addAndGet(ClusterHealth.PROBE_INTERVAL_MS);
    assertFalse(health.failFast(), "the probe");
    assertTrue(health.failFast(), "only one");
    now.addAndGet(500);
    assertEquals(ClusterHealth.PROBE_INTERVAL_MS + 500, health.succeeded(), "how long it was down");
    assertEquals(-1, health.succeeded(), "the end of the outage is reported once");
    assertFalse(health.failFast());
    assertFalse(health.isDown());
  }

  @Test
  void should_count_only_unreachable_errors_when_classifying() {
    assertTrue(ClusterHealth.isUnreachable(new StoreException(0, "timeout", false, true)));
    assertTrue(ClusterHealth.isUnreachable(new StoreException(145028, "refused", true, false)));
    assertTrue(ClusterHealth.isUnreachable(new StoreException(145038, "Already closed", false, false)));
    assertFalse(ClusterHealth.isUnreachable(new StoreException(10005, "auth", false, false)));
    assertFalse(ClusterHealth.isUnreachable(new StoreException(150018, "type", false, false)));
    assertFalse(health.failed(new StoreException(10005, "auth", false, false)));
    assertFalse(health.isDown());
  }
}
