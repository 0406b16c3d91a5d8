package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

import org.junit.jupiter.api.Test;

import site.ycsb.db.cql.driver.ItSupport;
import site.ycsb.db.cql.profile.Profile;
import site.ycsb.db.cql.profile.RowGenerator;
import site.ycsb.testserver.cassandra.CassandraTestServer;

/**
 * The memo's cassandra-stress profile (workloads/cassandra-stress/test01.yaml) run by the engine's client in a
 * forked JVM against a real Cassandra: the schema is created from the profile, inserts are UNLOGGED batches of 10
 * partitions, every select1 finds its row, and the server holds exactly the partitions and rows the generator
 * promised (recomputed here from the seed and the number of successful inserts).
 */
class CassandraStressProfileIT {
  private static final Path PROFILE = Paths.get("..", "workloads", "cassandra-stress", "test01.yaml");
  private static final int OPERATIONS = 400;

  private static List<String> args(CassandraTestServer server, String... extra) {
    List<String> args = new ArrayList<>(Arrays.asList("-t", "-db", CassandraCQLClient.class.getName(),
        "-threads", "1", "-target", "200", "-s", "-p", "workload=site.ycsb.db.cql.profile.StressProfileWorkload",
        "-p", "measurement.interval=both",
        "-p", "operationcount=" + OPERATIONS, "-p", "measurementtype=hdrhistogram"));
    Properties connection = CassandraBinding.INSTANCE.connection(server, "stresstest");
    connection.remove(CassandraConfig.KEYSPACE); // the profile's keyspace is used
    for (Map.Entry<Object, Object> e : connection.entrySet()) {
      args.add("-p");
      args.add(e.getKey() + "=" + e.getValue());
    }
    for (String x : extra) {
      args.add("-p");
      args.add(x);
    }
    return args;
  }

  @Test
  void should_find_every_selected_row_and_write_exactly_the_promised_rows_when_running_the_memo_profile()
      throws Exception {
    CassandraTestServer server = CassandraTestServer.shared();
    Path dir = ItSupport.workDir(getClass().getSimpleName());
    String cp = System.getProperty("java.class.path");
    ItSupport.Run run = ItSupport.java(cp, "site.ycsb.Client", args(server, "profile=" + PROFILE.toAbsolutePath(),
        "ops=insert=1,select1=1", "profile.schema=true", "profile.truncate=true", "profile.seed=7"), dir, 300);

    assertEquals(0, run.exitCode, run.toString());
    assertFalse(run.stdout.contains("-FAILED]"), run.toString());
    assertFalse(run.stderr.contains("\tat "), run.toString());
    long inserts = ItSupport.metric(run.stdout, "insert", "Return=OK");
    long selects = ItSupport.metric(run.stdout, "select1", "Return=OK");
    assertTrue(inserts > 0 && selects > 0, run.toString());
    assertEquals(OPERATIONS, inserts + selects, run.toString());
    assertEquals(-1, ItSupport.metric(run.stdout, "select1", "Return=NOT_FOUND"), run.toString());
    // Each operation is its own measurement, with service and intended latency.
    assertEquals(inserts, ItSupport.metric(run.stdout, "insert", "Operations"), run.toString());
    assertEquals(inserts, ItSupport.metric(run.stdout, "Intended-insert", "Operations"), run.toString());
    assertEquals(selects, ItSupport.metric(run.stdout, "Intended-select1", "Operations"), run.toString());

    // One client thread writes insert blocks 0, 1, 2, ... in order.
    RowGenerator generator = new RowGenerator(Profile.load(PROFILE.toString()), 7);
    Set<Object> partitions = new HashSet<>();
    Set<List<Object>> rows = new HashSet<>();
    long generatedPartitions = 0;
    for (long block = 0; block < inserts; block++) {
      int n = generator.partitionsInBlock(block);
      assertEquals(10, n);
      for (int i = 0; i < n; i++) {
        long p = RowGenerator.partition(block, i);
        generatedPartitions++;
        for (long r = 0; r < generator.rows(p); r++) {
          Object[] row = generator.row(p, r);
          partitions.add(row[0]);
          rows.add(Arrays.asList(row[0], row[1]));
        }
      }
    }
    assertEquals(10 * inserts, generatedPartitions);
    assertEquals(rows.size(), server.countRows("stresstest", "test01"), "rows on the server");
    assertEquals(partitions.size(), server.query("SELECT DISTINCT name FROM stresstest.test01").rowCount(),
        "partitions on the server");
  }

  @Test
  void should_exit_2_with_one_line_naming_the_file_when_the_profile_is_unreadable() throws Exception {
    CassandraTestServer server = CassandraTestServer.shared();
    Path dir = ItSupport.workDir(getClass().getSimpleName() + "-bad");
    Path bad = dir.resolve("bad.yaml");
    Files.write(bad, ("keyspace: stresstest\ntable: t\ntable_definition: CREATE TABLE t (a int PRIMARY KEY)\n"
        + "columnspec:\n  - name: a\n    population: zipf(1..9)\n").getBytes("UTF-8"));
    String cp = System.getProperty("java.class.path");
    for (String profile : new String[] {dir.resolve("absent.yaml").toString(), bad.toString()}) {
      ItSupport.Run run = ItSupport.java(cp, "site.ycsb.Client", args(server, "profile=" + profile), dir, 120);
      assertEquals(2, run.exitCode, run.toString());
      assertTrue(run.stderr.contains("profile " + profile + ": "), run.toString());
      assertFalse(run.stderr.contains("\tat "), run.toString());
    }
  }
}
