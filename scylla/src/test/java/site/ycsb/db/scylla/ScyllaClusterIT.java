package site.ycsb.db.scylla;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.db.cql.CqlStatus;
import site.ycsb.db.cql.driver.AbstractClusterIT;
import site.ycsb.db.cql.driver.BindingUnderTest;
import site.ycsb.db.cql.driver.ItSupport;

/**
 * The scylla binding on the local 3-node cluster (see {@link AbstractClusterIT}): what depends on its driver — token-
 * aware routing to every node, two nodes frozen in turn with the silent-node guard (its query plans and latency
 * tracker are the driver's), a node killed under the asynchronous path at QUORUM with no operation lost and the
 * retries counted — and its lightweight transactions ({@code scylla.lwt}: the applied-check) at SERIAL across three
 * replicas: of two clients racing to insert the same key, at most one is applied, and the row holds its value; and the
 * cassandra-stress profile of lightweight transactions at SERIAL on three replicas, as in the Cassandra binding's test.
 */
class ScyllaClusterIT extends AbstractClusterIT {
  private static final int KEYS = 20;

  @Override
  protected BindingUnderTest binding() {
    return ScyllaBinding.INSTANCE;
  }

  /**
   * The driver-independent scenarios (a node paused, the runs at ALL and on the blocking path, the restarted node, the
   * whole cluster stopped) run the same cql-common code through either driver, and CassandraClusterIT runs them all.
   */
  /** Conditional inserts through this binding's applied-check from a profile (10-95 s, the latter at load 40-65). */
  @Test
  @Order(2)
  void should_apply_each_account_once_when_a_profile_of_lightweight_transactions_runs_at_serial_on_three_replicas()
      throws Exception {
    runLwtProfileOnThreeReplicas();
  }

  @Override
  protected boolean everyScenario() {
    return false;
  }

  @Test
  @Order(2)
  void should_apply_at_most_one_of_two_racing_conditional_inserts_per_key_when_lwt_runs_at_serial() throws Exception {
    cluster.createYcsbSchema(KEYSPACE, "lwt_race", 10, "field");
    Properties p = binding().connection(cluster, KEYSPACE);
    p.setProperty(ScyllaConfig.LWT, "true");
    p.setProperty(ScyllaConfig.SERIAL_CL, "SERIAL");
    p.setProperty(ScyllaConfig.READ_CL, "QUORUM");
    p.setProperty(ScyllaConfig.WRITE_CL, "QUORUM");
    p.setProperty("table", "lwt_race");
    DB db = ItSupport.open(binding(), p);
    ExecutorService racers = Executors.newFixedThreadPool(2);
    try {
      for (boolean async : new boolean[] {false, true}) {
        int exactlyOne = 0;
        for (int k = 0; k < KEYS; k++) {
          String key = "race-" + (async ? "async" : "blocking") + "-" + k;
          List<Future<Status>> answers = new ArrayList<>();
          for (int racer = 0; racer < 2; racer++) {
            Map<String, ByteIterator> value = StringByteIterator.getByteIteratorMap(
                Collections.singletonMap("field0", "racer-" + racer));
            answers.add(async ? ((site.ycsb.async.AsyncDB) db).insertAsync("lwt_race", key, value)
                .toCompletableFuture() : racers.submit(() -> db.insert("lwt_race", key, value)));
          }
          int applied = -1;
          int appliedCount = 0;
          for (int racer = 0; racer < 2; racer++) {
            Status s = answers.get(racer).get(120, TimeUnit.SECONDS);
            // a conditional write that timed out is not retried (it may have been applied): an uncertain answer
            assertTrue(s == Status.OK || s == CqlStatus.NOT_APPLIED || s == CqlStatus.TIMEOUT, key + ": " + s);
            if (s == Status.OK) {
              applied = racer;
              appliedCount++;
            }
          }
          assertTrue(appliedCount <= 1, key + ": both racing inserts applied");
          Map<String, ByteIterator> row = new HashMap<>();
          Status read = db.read("lwt_race", key, null, row);
          if (applied >= 0) {
            exactlyOne++;
            assertEquals(Status.OK, read, key);
            assertEquals("racer-" + applied, row.get("field0").toString(), key + ": the applied insert's value");
            // the key exists: a later insert is never applied (a timeout, on a loaded machine, is not an apply)
            Status late = db.insert("lwt_race", key, StringByteIterator.getByteIteratorMap(
                Collections.singletonMap("field0", "late")));
            assertTrue(late == CqlStatus.NOT_APPLIED || late == CqlStatus.TIMEOUT, key + ": " + late);
          } else if (read == Status.OK) {
            // both answers uncertain (timed out): one of them was applied, not some other value
            assertTrue(row.get("field0").toString().startsWith("racer-"), key + ": " + row);
          }
        }
        assertTrue(exactlyOne >= KEYS / 2, (async ? "async" : "blocking") + ": keys with one applied insert: "
            + exactlyOne + " of " + KEYS);
      }
    } finally {
      racers.shutdownNow();
      db.cleanup();
    }
  }
}
