package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import site.ycsb.db.cql.driver.AbstractStressProfileIT;
import site.ycsb.db.cql.driver.BindingUnderTest;
import site.ycsb.db.cql.driver.ItSupport;
import site.ycsb.db.cql.profile.Profile;
import site.ycsb.db.cql.profile.RowGenerator;
import site.ycsb.testserver.cassandra.CassandraTestServer;
import site.ycsb.testsupport.ChildProcess;

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
    ChildProcess.Result load = ItSupport.java(cp, "site.ycsb.Client", args(server, "-load", 2, profile,
        "profile.schema=true", "profile.truncate=true", "profile.seed=11", "recordcount=30"), dir, 300);
    assertEquals(0, load.exitCode, load.toString());
    assertEquals(30, ItSupport.metric(load.stdout, "insert", "Return=OK"), load.toString());
    assertEquals(300, server.countRows("stresstest", "test01") + duplicates(11, 30), "ten partitions per insert");

    ChildProcess.Result run = ItSupport.java(cp, "site.ycsb.Client", args(server, "-t", profile, "profile.seed=11",
        "profile.population=30", "ops=select1=1", "operationcount=100"), dir, 300);
    assertEquals(0, run.exitCode, run.toString());
    // Every operation is a query of a loaded row: none runs as an insert, none finds nothing.
    assertEquals(100, ItSupport.metric(run.stdout, "select1", "Return=OK"), run.toString());
    assertEquals(-1, ItSupport.metric(run.stdout, "insert", "Operations"), run.toString());
  }

  /** A wide-row profile whose inserts write part of each partition per visit, with IN ? queries. */
  private static final String PARTIAL = "keyspace: stresstest\n"
      + "keyspace_definition: |\n  CREATE KEYSPACE stresstest WITH replication = "
      + "{'class': 'SimpleStrategy', 'replication_factor': 1};\n"
      + "table: wide\n"
      + "table_definition: CREATE TABLE wide (name text, seq int, note text, PRIMARY KEY (name, seq))\n"
      + "columnspec:\n  - name: name\n    size: fixed(10)\n"
      + "  - name: seq\n    cluster: uniform(5..30)\n    population: uniform(1..1b)\n"
      + "insert:\n  partitions: fixed(3)\n  select: uniform(1..10)/10\n  batchtype: UNLOGGED\n"
      + "queries:\n"
      + "  one:\n    cql: select note from wide where name = ? and seq = ?\n    fields: samerow\n"
      + "  inseq:\n    cql: select note from wide where name = ? and seq IN ?\n    fields: samerow\n"
      + "  inname:\n    cql: select note from wide where name in ? and seq = ?\n    fields: multirow\n";

  @Test
  void should_hold_exactly_the_rows_the_visits_wrote_and_find_every_queried_row_when_select_is_below_one()
      throws Exception {
    CassandraTestServer server = CassandraTestServer.shared();
    Path dir = ItSupport.workDir(getClass().getSimpleName() + "-partial");
    Path profile = dir.resolve("partial.yaml");
    Files.write(profile, PARTIAL.getBytes(StandardCharsets.UTF_8));
    String cp = System.getProperty("java.class.path");
    ChildProcess.Result run = ItSupport.java(cp, "site.ycsb.Client", args(server, "-t", "profile=" + profile,
        "ops=insert=2,one=1,inseq=1,inname=1", "profile.schema=true", "profile.truncate=true", "profile.seed=5",
        "profile.visits=2", "profile.inlist=uniform(2..4)", "operationcount=300"), dir, 300);
    assertEquals(0, run.exitCode, run.toString());
    assertFalse(run.stderr.contains("\tat "), run.toString());
    for (String query : new String[] {"one", "inseq", "inname"}) {
      assertTrue(ItSupport.metric(run.stdout, query, "Return=OK") > 0, query + ": " + run);
      assertEquals(-1, ItSupport.metric(run.stdout, query, "Return=NOT_FOUND"), query + ": " + run);
    }
    Matcher blocks = Pattern.compile("insert blocks 0\\.\\.(\\d+) \\(2 visits per group: partition numbers "
        + "\\(block/2\\)\\*100000\\+0\\.\\.n-1\\), 0 failed")
        .matcher(run.stderr);
    assertTrue(blocks.find(), run.stderr);
    long last = Long.parseLong(blocks.group(1));

    // Recomputed from the seed: the rows each visit (insert block) wrote, in part (select) and together.
    RowGenerator g = new RowGenerator(Profile.load(profile.toString()), 5, 2);
    Set<List<Object>> rows = new HashSet<>();
    Set<Object> names = new HashSet<>();
    long all = 0;
    for (long b = 0; b <= last; b++) {
      for (Object[] row : g.blockRows(b)) {
        rows.add(Arrays.asList(row[0], row[1]));
        names.add(row[0]);
      }
      if (g.visit(b) == 0) {
        for (int i = 0; i < g.partitionsInBlock(b); i++) {
          all += g.rows(g.partitionOf(b, i));
        }
      }
    }
    assertEquals(rows.size(), server.countRows("stresstest", "wide"), "rows on the server");
    assertEquals(names.size(), server.query("SELECT DISTINCT name FROM stresstest.wide").rowCount(), "partitions");
    assertTrue(rows.size() < 0.8 * all, rows.size() + " of " + all + " rows: a select ratio of 0.1..1 writes part");
  }

  @Test
  void should_end_the_run_with_exit_0_when_the_row_rate_converges_under_a_statistical_stop() throws Exception {
    CassandraTestServer server = CassandraTestServer.shared();
    Path dir = ItSupport.workDir(getClass().getSimpleName() + "-converge");
    String cp = System.getProperty("java.class.path");
    // No operation limit and a time limit of 60 s (the engine needs one): the statistical stop (err< 0.5, n> 2,
    // n< 4 intervals of 1 s) ends the run after 2 to 4 s.
    ChildProcess.Result run = ItSupport.java(cp, "site.ycsb.Client", args(server, "-t", "profile=" + PROFILE.toAbsolutePath(),
        "ops=insert=1,select1=1", "profile.schema=true", "profile.seed=13", "operationcount=0", "maxexecutiontime=60", "profile.err=0.5",
        "profile.nmin=2", "profile.nmax=4"), dir, 120);
    assertEquals(0, run.exitCode, run.toString());
    assertTrue(run.stderr.matches("(?s).*StressProfileWorkload: stopped: (converged|not converged, stopped) after "
        + "[234] intervals of 1000 ms: .*"), run.stderr);
    long ops = ItSupport.metric(run.stdout, "insert", "Operations") + ItSupport.metric(run.stdout, "select1",
        "Operations");
    assertTrue(ops > 100, "about 2-4 s at -target 200: " + ops + "\n" + run);
    long runtimeMs = ItSupport.metric(run.stdout, "OVERALL", "RunTime(ms)");
    assertTrue(runtimeMs > 1500 && runtimeMs < 20_000, "stopped by convergence, not the time limit: " + runtimeMs);
    assertFalse(run.stderr.contains("Maximum execution time"), run.stderr);
  }

  /** Wide partitions written half per insert, multirow queries, an index from extra_definitions, a token scan. */
  private static final Path WIDE = java.nio.file.Paths.get("..", "workloads", "cassandra-stress", "wide.yaml");
  /** Many scalar types, a composite partition key, LOGGED batches, row-population (null columns), a specname. */
  private static final Path MANY_TYPES = java.nio.file.Paths.get("..", "workloads", "cassandra-stress",
      "many-types.yaml");

  @Test
  void should_answer_every_query_and_hold_exactly_the_written_rows_when_rows_are_wide_and_queries_multirow()
      throws Exception {
    CassandraTestServer server = CassandraTestServer.shared();
    ChildProcess.Result run = runProfile(server, "wide", WIDE, 12, 2, 300,
        "ops(insert=2,get-latest=1,get-one=1,by-status=1,scan=1)");
    long inserts = attempted(run);
    java.util.Map<String, java.util.Map<String, Long>> statuses = answered(run);
    for (String op : new String[] {"insert", "get-latest", "get-one", "by-status", "scan"}) {
      assertTrue(statuses.containsKey(op) && statuses.get(op).get("OK") > 0, op + ": " + run);
    }
    assertEquals(1, server.query("SELECT index_name FROM system_schema.indexes WHERE keyspace_name = 'stresswide'")
        .rowCount(), "extra_definitions made the index");
    Profile profile = Profile.load(WIDE.toString());
    assertServerHolds(server, profile, 12, inserts);
    long all = 0;
    RowGenerator g = new RowGenerator(profile, 12);
    for (long b = 0; b < inserts; b++) {
      for (int i = 0; i < g.partitionsInBlock(b); i++) {
        all += g.rows(g.partitionOf(b, i));
      }
    }
    long rows = server.countRows("stresswide", "readings");
    assertTrue(rows > 0.35 * all && rows < 0.65 * all, rows + " of " + all + " rows: select fixed(1)/2 writes half");
  }

  @Test
  void should_store_every_value_and_the_nulls_of_row_population_when_the_profile_has_many_types() throws Exception {
    CassandraTestServer server = CassandraTestServer.shared();
    // Named by its specname, as cassandra-stress addresses the operations of a profile among several.
    ChildProcess.Result run = runProfile(server, "manytypes", MANY_TYPES, 14, 1, 160,
        "ops(insanity.insert=1,insanity.simple1=1,range1=1)");
    long inserts = attempted(run);
    java.util.Map<String, java.util.Map<String, Long>> statuses = answered(run);
    assertTrue(statuses.get("simple1").get("OK") > 0 && statuses.get("range1").get("OK") > 0, run.toString());
    Profile profile = Profile.load(MANY_TYPES.toString());
    assertServerHolds(server, profile, 14, inserts);
    assertServerValues(server, profile, 14, inserts);
    // row-population uniform(6..12)/12 fills the first 6..12 of the 12 columns by name: the last (vval) only when the
    // draw is 12, 1 in 7 (per partition), so about 6 rows in 7 lack it, and the server holds it as null (compared
    // above); no row lacks the first (address).
    RowGenerator g = new RowGenerator(profile, 14);
    int vval = profile.columnNames().indexOf("vval");
    int address = profile.columnNames().indexOf("address");
    long rows = 0;
    long nulls = 0;
    for (long b = 0; b < inserts; b++) {
      for (Object[] row : g.blockRows(b)) {
        rows++;
        nulls += row[vval] == null ? 1 : 0;
        assertTrue(row[address] != null);
      }
    }
    assertTrue(nulls > 0.7 * rows && nulls < 0.97 * rows, nulls + " of " + rows);
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
