package site.ycsb.db.cql.driver;

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
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

import org.junit.jupiter.api.Test;

import site.ycsb.db.cql.profile.Profile;
import site.ycsb.db.cql.profile.RowGenerator;
import site.ycsb.testserver.cassandra.CassandraTestServer;
import site.ycsb.testserver.cassandra.CqlResult;
import site.ycsb.testsupport.ChildProcess;

/**
 * The memo's cassandra-stress profile (workloads/cassandra-stress/test01.yaml) run by the engine's client in a
 * forked JVM against the project's real local Cassandra, through one CQL binding: the schema is created from the
 * profile, inserts are UNLOGGED batches of 10 partitions, every select1 finds its row, the server holds exactly the
 * partitions and rows the generator promised (recomputed here from the seed and the number of successful inserts),
 * the cassandra-stress summary counts what was done, and bad profiles or queries stop before the run with exit 2 and
 * one line naming file and key. What does not depend on the driver (a run after a load queries the loaded
 * partitions: the workload's choice of blocks) is checked once, in CassandraStressProfileIT.
 */
public abstract class AbstractStressProfileIT {
  protected static final Path PROFILE = Paths.get("..", "workloads", "cassandra-stress", "test01.yaml");
  /** Every generated type but counter: date/time/duration, frozen collections as keys, nested collections. */
  protected static final Path TYPES = Paths.get("..", "workloads", "cassandra-stress", "types.yaml");
  /** A counter table whose rows recur, so that updates add up. */
  protected static final Path COUNTERS = Paths.get("..", "workloads", "cassandra-stress", "counters.yaml");
  private static final int OPERATIONS = 400;

  protected abstract BindingUnderTest binding();

  protected List<String> args(CassandraTestServer server, String phase, String... extra) {
    return args(server, phase, 1, extra);
  }

  protected List<String> args(CassandraTestServer server, String phase, int threads, String... extra) {
    List<String> args = new ArrayList<>(Arrays.asList(phase, "-db", binding().dbClassName(),
        "-threads", Integer.toString(threads), "-target", "200", "-s", "-p", "workload=site.ycsb.db.cql.profile.StressProfileWorkload",
        "-p", "measurement.interval=both", "-p", "measurementtype=hdrhistogram"));
    // The profile's keyspace: the binding accepts a keyspace property that names the same keyspace.
    Properties connection = binding().connection(server, "stresstest");
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

  private static String number(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }

  @Test
  void should_find_every_selected_row_and_write_exactly_the_promised_rows_when_running_the_memo_profile()
      throws Exception {
    CassandraTestServer server = CassandraTestServer.shared();
    Path dir = ItSupport.workDir(getClass().getSimpleName());
    String cp = System.getProperty("java.class.path");
    Path results = Files.createTempDirectory(dir, "results"); // a fresh one: the engine refuses to overwrite a result
    ChildProcess.Result run = ItSupport.java(cp, "site.ycsb.Client", args(server, "-t", "profile=" + PROFILE.toAbsolutePath(),
        "ops=insert=1,select1=1", "profile.schema=true", "profile.truncate=true", "profile.seed=7",
        "operationcount=" + OPERATIONS, "profile.summary=true", "results.dir=" + results), dir, 300);

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

    // The client's inserts write insert blocks 0, 1, 2, ... in order.
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

    // The closing line and the cassandra-stress summary count what the run did: 10 partitions (of one row) per
    // insert, one partition and the one row it returned per select.
    assertTrue(run.stderr.contains("seed 7: " + inserts + " inserts attempted, insert blocks 0.." + (inserts - 1)
        + " (partition numbers block*100000+0..n-1), 0 failed"), run.stderr);
    assertTrue(run.stderr.contains("Total partitions          : " + number(10 * inserts + selects) + " [insert: "
        + number(10 * inserts) + ", select1: " + number(selects) + "]"), run.stderr);
    assertTrue(run.stderr.contains("Total errors              : 0 [insert: 0, select1: 0]"), run.stderr);
    for (String label : new String[] {"Op rate", "Partition rate", "Row rate", "Latency mean", "Latency median",
        "Latency 95th percentile", "Latency 99th percentile", "Latency 99.9th percentile", "Latency max",
        "Total GC count", "Total GC time", "Total operation time", "Intended mean", "Intended 99.9th"}) {
      assertTrue(run.stderr.contains(String.format(Locale.ROOT, "%-26s: ", label)), label + ": " + run.stderr);
    }
    // Its op rate is the engine's throughput (both over the span of the measured operations; the text is rounded).
    // The engine's span starts at the first operation's intended time, the summary's when the workload issues it:
    // a late first operation on a loaded machine (the -target run lasts 2 s) parts them by up to a few hundred ms,
    // so 15%; a span that took in the init or the warm-up, or a count that missed an operation type, is far more.
    java.util.regex.Matcher rate = java.util.regex.Pattern.compile("Op rate +: ([0-9,]+) op/s").matcher(run.stderr);
    assertTrue(rate.find(), run.stderr);
    double engine = ItSupport.metric(run.stdout, "OVERALL", "Throughput(ops/sec)");
    assertEquals(engine, Double.parseDouble(rate.group(1).replace(",", "")), Math.max(2, engine * 0.15),
        run.stderr + run.stdout);
    // The same summary is kept in results.dir with the run's record.
    String kept = new String(Files.readAllBytes(results.resolve("stress-summary.txt")), "UTF-8");
    assertTrue(kept.startsWith("Results (cassandra-stress summary of this run):"), kept);
    assertTrue(run.stderr.contains(kept.trim()), kept);
  }

  @Test
  void should_exit_2_with_one_line_naming_the_file_and_key_when_the_profile_or_a_query_is_bad() throws Exception {
    CassandraTestServer server = CassandraTestServer.shared();
    Path dir = ItSupport.workDir(getClass().getSimpleName() + "-bad");
    Path bad = dir.resolve("bad.yaml");
    Files.write(bad, ("keyspace: stresstest\ntable: t\ntable_definition: CREATE TABLE t (a int PRIMARY KEY)\n"
        + "columnspec:\n  - name: a\n    population: zipf(1..9)\n").getBytes("UTF-8"));
    // A query the server refuses (a table that does not exist), found when it is prepared at init.
    Path refused = dir.resolve("refused.yaml");
    Files.write(refused, (new String(Files.readAllBytes(PROFILE), "UTF-8")
        + "  missing:\n    cql: select address from nosuchtable where name = ?\n    fields: samerow\n")
        .getBytes("UTF-8"));
    String cp = System.getProperty("java.class.path");
    String[][] cases = {
        {dir.resolve("absent.yaml").toString(), "insert=1", ": cannot be read"},
        {bad.toString(), "insert=1", ": columnspec.a.population: "},
        {refused.toString(), "insert=1,missing=1", ": queries.missing.cql: the query "},
    };
    for (String[] c : cases) {
      ChildProcess.Result run = ItSupport.java(cp, "site.ycsb.Client", args(server, "-t", "profile=" + c[0],
          "ops=" + c[1], "profile.schema=true", "operationcount=10"), dir, 120);
      assertEquals(2, run.exitCode, run.toString());
      assertTrue(run.stderr.contains("profile " + c[0] + c[2]), run.toString());
      assertFalse(run.stderr.contains("\tat "), run.toString());
    }
  }

  /** A value as the driver read it, with its dates and durations as the profile generator makes them. */
  private static Object neutral(Object v) {
    if (v instanceof com.datastax.driver.core.LocalDate) {
      return java.time.LocalDate.ofEpochDay(((com.datastax.driver.core.LocalDate) v).getDaysSinceEpoch());
    }
    if (v instanceof com.datastax.driver.core.Duration) {
      com.datastax.driver.core.Duration d = (com.datastax.driver.core.Duration) v;
      return new site.ycsb.db.cql.profile.CqlDuration(d.getMonths(), d.getDays(), d.getNanoseconds());
    }
    if (v instanceof List) {
      List<Object> out = new ArrayList<>();
      for (Object o : (List<?>) v) {
        out.add(neutral(o));
      }
      return out;
    }
    if (v instanceof Set) {
      Set<Object> out = new HashSet<>();
      for (Object o : (Set<?>) v) {
        out.add(neutral(o));
      }
      return out;
    }
    if (v instanceof Map) {
      Map<Object, Object> out = new java.util.HashMap<>();
      for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
        out.put(neutral(e.getKey()), neutral(e.getValue()));
      }
      return out;
    }
    return v;
  }

  /**
   * Runs {@code profile} (schema created, table truncated) with inserts and {@code queries} in equal parts; checks
   * that it ended well, that every query found its row and that no insert failed; returns the inserts (blocks
   * 0..inserts-1).
   */
  private long runEveryQueryFinding(CassandraTestServer server, String name, Path profile, long seed, int operations,
                                    String... queries) throws Exception {
    Path dir = ItSupport.workDir(getClass().getSimpleName() + "-" + name);
    ChildProcess.Result run = ItSupport.java(System.getProperty("java.class.path"), "site.ycsb.Client", args(server, "-t",
        "profile=" + profile, "ops=insert=1," + String.join("=1,", queries) + "=1", "profile.schema=true",
        "profile.truncate=true", "profile.seed=" + seed, "operationcount=" + operations), dir, 300);
    assertEquals(0, run.exitCode, run.toString());
    assertFalse(run.stderr.contains("\tat "), run.toString());
    long inserts = ItSupport.metric(run.stdout, "insert", "Return=OK");
    for (String query : queries) {
      assertTrue(ItSupport.metric(run.stdout, query, "Return=OK") > 0, query + ": " + run);
      assertEquals(-1, ItSupport.metric(run.stdout, query, "Return=NOT_FOUND"), query + ": " + run);
    }
    assertTrue(run.stderr.contains(inserts + " inserts attempted, insert blocks 0.." + (inserts - 1)), run.stderr);
    assertTrue(run.stderr.contains(", 0 failed"), run.stderr);
    return inserts;
  }

  @Test
  void should_write_and_read_back_every_generated_type_when_the_table_has_collections_dates_and_durations()
      throws Exception {
    CassandraTestServer server = CassandraTestServer.shared();
    Path profile = TYPES.toAbsolutePath();
    long inserts = runEveryQueryFinding(server, "types", profile, 21, 240, "byrow", "indays");

    // Recomputed from the seed: every row by its key, with all its values; what the server returns is mapped back to
    // the generator's neutral date/duration values here, independently of the binding's conversion (DriverValues).
    Profile p = Profile.load(profile.toString());
    RowGenerator g = new RowGenerator(p, 21);
    Map<List<Object>, List<Object>> expected = new java.util.HashMap<>();
    for (long b = 0; b < inserts; b++) {
      for (Object[] row : g.blockRows(b)) {
        List<Object> values = Arrays.asList(row);
        expected.put(values.subList(0, 3), values);
      }
    }
    assertEquals(expected.size(), server.countRows("stresstest", "typed"), "rows on the server");
    List<String> columns = p.columnNames();
    Map<List<Object>, List<Object>> actual = new java.util.HashMap<>();
    com.datastax.driver.core.Cluster.Builder builder = com.datastax.driver.core.Cluster.builder()
        .addContactPoint(server.host()).withPort(server.port()).withoutJMXReporting().withoutMetrics();
    if (server.username() != null) {
      builder.withCredentials(server.username(), server.password() == null ? "" : server.password());
    }
    try (com.datastax.driver.core.Cluster cluster = builder.build();
         com.datastax.driver.core.Session session = cluster.connect()) {
      for (com.datastax.driver.core.Row row : session.execute("SELECT " + String.join(", ", columns)
          + " FROM stresstest.typed")) {
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
          values.add(neutral(row.getObject(i)));
        }
        actual.put(values.subList(0, 3), values);
      }
    }
    assertEquals(expected.keySet(), actual.keySet());
    for (Map.Entry<List<Object>, List<Object>> e : expected.entrySet()) {
      assertEquals(e.getValue(), actual.get(e.getKey()), "row " + e.getKey());
    }
  }

  @Test
  void should_add_up_every_generated_increment_when_the_table_has_counters() throws Exception {
    CassandraTestServer server = CassandraTestServer.shared();
    Path profile = COUNTERS.toAbsolutePath();
    long inserts = runEveryQueryFinding(server, "counters", profile, 4, 200, "page");

    RowGenerator g = new RowGenerator(Profile.load(profile.toString()), 4);
    Map<List<Object>, long[]> expected = new java.util.HashMap<>();
    long updates = 0;
    for (long b = 0; b < inserts; b++) {
      for (Object[] row : g.blockRows(b)) { // page, hour, views, clicks
        long[] sums = expected.computeIfAbsent(Arrays.asList(row[0], row[1]), k -> new long[2]);
        sums[0] += (Long) row[2];
        sums[1] += (Long) row[3];
        updates++;
      }
    }
    assertTrue(updates > expected.size(), "keys recur, so counters add: " + updates + " updates of "
        + expected.size() + " rows");
    assertEquals(expected.size(), server.countRows("stresstest", "hits"), "rows on the server");
    CqlResult all = server.query("SELECT page, hour, views, clicks FROM stresstest.hits");
    for (int i = 0; i < all.rowCount(); i++) {
      long[] sums = expected.get(Arrays.asList(all.string(i, 0), (int) all.longValue(i, 1)));
      assertTrue(sums != null, "unexpected row " + all.string(i, 0));
      assertEquals(sums[0], all.longValue(i, 2), "views of " + all.string(i, 0) + "/" + all.longValue(i, 1));
      assertEquals(sums[1], all.longValue(i, 3), "clicks of " + all.string(i, 0) + "/" + all.longValue(i, 1));
    }
  }
}
