package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import site.ycsb.db.cql.driver.AbstractStressProfileIT;
import site.ycsb.db.cql.driver.BindingUnderTest;
import site.ycsb.db.cql.driver.ItSupport;
import site.ycsb.db.cql.profile.Profile;
import site.ycsb.db.cql.profile.RowGenerator;
import site.ycsb.testserver.cassandra.CassandraTestServer;

/**
 * The memo's cassandra-stress profile through the engine with the cassandra-cql binding, on a real Cassandra; also
 * what does not depend on the driver, checked here only (not again through the scylla binding): a run after a load
 * queries the loaded partitions.
 */
class CassandraStressProfileIT extends AbstractStressProfileIT {
  @Override
  protected BindingUnderTest binding() {
    return CassandraBinding.INSTANCE;
  }

  @Test
  void should_query_the_loaded_partitions_when_a_run_follows_a_load_with_its_population() throws Exception {
    CassandraTestServer server = CassandraTestServer.shared();
    Path dir = ItSupport.workDir(getClass().getSimpleName() + "-population");
    String cp = System.getProperty("java.class.path");
    String profile = "profile=" + PROFILE.toAbsolutePath();
    ItSupport.Run load = ItSupport.java(cp, "site.ycsb.Client", args(server, "-load", 2, profile,
        "profile.schema=true", "profile.truncate=true", "profile.seed=11", "recordcount=30"), dir, 300);
    assertEquals(0, load.exitCode, load.toString());
    assertEquals(30, ItSupport.metric(load.stdout, "insert", "Return=OK"), load.toString());
    assertEquals(300, server.countRows("stresstest", "test01") + duplicates(11, 30), "ten partitions per insert");

    ItSupport.Run run = ItSupport.java(cp, "site.ycsb.Client", args(server, "-t", profile, "profile.seed=11",
        "profile.population=30", "ops=select1=1", "operationcount=100"), dir, 300);
    assertEquals(0, run.exitCode, run.toString());
    // Every operation is a query of a loaded row: none runs as an insert, none finds nothing.
    assertEquals(100, ItSupport.metric(run.stdout, "select1", "Return=OK"), run.toString());
    assertEquals(-1, ItSupport.metric(run.stdout, "insert", "Operations"), run.toString());
  }

  /** Generated rows of blocks 0..blocks-1 whose (name, date) coincide with an earlier one (short random names). */
  private static long duplicates(long seed, long blocks) {
    RowGenerator g = new RowGenerator(Profile.load(PROFILE.toString()), seed);
    Set<List<Object>> keys = new HashSet<>();
    long generated = 0;
    for (long b = 0; b < blocks; b++) {
      for (int i = 0; i < g.partitionsInBlock(b); i++) {
        Object[] row = g.row(RowGenerator.partition(b, i), 0);
        keys.add(Arrays.asList(row[0], row[1]));
        generated++;
      }
    }
    return generated - keys.size();
  }
}
