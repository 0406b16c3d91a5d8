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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
  /** Conditional inserts of 40 accounts and an UPDATE ... IF balance = ? (lightweight transactions). */
  protected static final Path LWT = Paths.get("..", "workloads", "cassandra-stress", "lwt.yaml");
  /** A counter table whose profile says batchtype: LOGGED, with multi-row inserts and a counter query. */
  protected static final Path PAGEVIEWS = Paths.get("..", "workloads", "cassandra-stress", "pageviews.yaml");
  private static final int OPERATIONS = 400;
  private static final Pattern ATTEMPTED = Pattern.compile("seed \\d+: (\\d+) inserts attempted");
  private static final Pattern RETURN = Pattern.compile("(?m)^\\[([^\\]]+)\\], Return=([A-Z_]+), (\\d+)$");

  protected abstract BindingUnderTest binding();

  protected List<String> args(CassandraTestServer server, String phase, String... extra) {
    return args(server, phase, 1, extra);
  }

  protected List<String> args(CassandraTestServer server, String phase, int threads, String... extra) {
    List<String> args = new ArrayList<>(Arrays.asList(phase, "-db", binding().dbClassName(),
        "-threads", Integer.toString(threads), "-target", "200", "-s", "-p", "workload=site.ycsb.db.cql.profile.StressProfileWorkload",
        "-p", "measurement.interval=both", "-p", "measurementtype=hdrhistogram"));
    // The profile's keyspace: the binding accepts a keyspace property that names the same keyspace.
    Properties connection = binding().connection(server, keyspaceOf(extra));
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

  /** The keyspace of the profile among {@code extra} (stresstest when there is none or it cannot be read). */
  private static String keyspaceOf(String... extra) {
    for (String x : extra) {
      if (x.startsWith("profile=")) {
        try {
          return Profile.load(x.substring("profile=".length())).keyspace();
        } catch (IllegalArgumentException e) {
          return "stresstest"; // a bad profile: the run is refused before the keyspace matters
        }
      }
    }
    return "stresstest";
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
    // What Cassandra 5 refuses in a profile's definitions (from profiles written for older versions): one line with
    // the server's reason, and the keyspace the run had created for it dropped again.
    String ddl = "keyspace: stressrefused\nkeyspace_definition: |\n  CREATE KEYSPACE stressrefused WITH replication = "
        + "{'class': 'SimpleStrategy', 'replication_factor': 1}\ntable: t\ntable_definition: |\n  CREATE TABLE t "
        + "(a int PRIMARY KEY, b text) WITH ";
    Path dtcs = dir.resolve("dtcs.yaml");
    Files.write(dtcs, (ddl + "compaction = {'class': 'DateTieredCompactionStrategy'}\n").getBytes("UTF-8"));
    Path repair = dir.resolve("repair.yaml");
    Files.write(repair, (ddl + "dclocal_read_repair_chance = 0.1\n").getBytes("UTF-8"));
    Path syntax = dir.resolve("syntax.yaml");
    Files.write(syntax, (ddl.replace("stressrefused WITH", "stressrefused WIHT") + "comment = 'x'\n")
        .getBytes("UTF-8"));
    Path index = dir.resolve("index.yaml");
    Files.write(index, (ddl + "comment = 'x'\nextra_definitions:\n  - CREATE INDEX ON t (nosuch)\n")
        .getBytes("UTF-8"));
    Path noTable = dir.resolve("notable.yaml");
    Files.write(noTable, "keyspace: system_traces\ntable: nosuchtable\n".getBytes("UTF-8"));
    String cp = System.getProperty("java.class.path");
    String[][] cases = {
        {dir.resolve("absent.yaml").toString(), "insert=1", ": cannot be read"},
        {bad.toString(), "insert=1", ": columnspec.a.population: "},
        {refused.toString(), "insert=1,missing=1", ": queries.missing.cql: the query "},
        {dtcs.toString(), "insert=1", ": table_definition: refused by the server: "
            + "InvalidConfigurationInQueryException: Unable to find compaction strategy class "},
        {repair.toString(), "insert=1", ": table_definition: refused by the server: SyntaxError: Unknown property "
            + "'dclocal_read_repair_chance' (keyspace \"stressrefused\", created by this run, was dropped again)"},
        {syntax.toString(), "insert=1", ": keyspace_definition: refused by the server: SyntaxError: "},
        {index.toString(), "insert=1", ": extra_definitions[0]: refused by the server: "},
        {noTable.toString(), "insert=1", ": table_definition: missing, and table system_traces.nosuchtable does "
            + "not exist"},
    };
    for (String[] c : cases) {
      ChildProcess.Result run = ItSupport.java(cp, "site.ycsb.Client", args(server, "-t", "profile=" + c[0],
          "ops=" + c[1], "profile.schema=true", "operationcount=10"), dir, 120);
      assertEquals(2, run.exitCode, run.toString());
      assertTrue(run.stderr.contains("profile " + c[0] + c[2]), run.toString());
      assertFalse(run.stderr.contains("\tat "), run.toString());
      // A refused run prints no results: not even the binding's retry summary.
      assertEquals("", run.stdout.trim(), run.toString());
      assertEquals(0, server.query("SELECT keyspace_name FROM system_schema.keyspaces WHERE keyspace_name = "
          + "'stressrefused'").rowCount(), "nothing half-created is left: " + run);
    }
  }

  /** Runs {@code profile} with the schema created and the table truncated first; checks that it ended well. */
  protected ChildProcess.Result runProfile(CassandraTestServer server, String name, Path profile, long seed, int threads,
                                     int operations, String ops, String... extra) throws Exception {
    Path dir = ItSupport.workDir(getClass().getSimpleName() + "-" + name);
    List<String> props = new ArrayList<>(Arrays.asList("profile=" + profile.toAbsolutePath(), "ops=" + ops,
        "profile.schema=true", "profile.truncate=true", "profile.seed=" + seed, "operationcount=" + operations));
    props.addAll(Arrays.asList(extra));
    ChildProcess.Result run = ItSupport.java(System.getProperty("java.class.path"), "site.ycsb.Client",
        args(server, "-t", threads, props.toArray(new String[0])), dir, 300);
    assertEquals(0, run.exitCode, run.toString());
    assertFalse(run.stderr.contains("\tat "), run.toString());
    return run;
  }

  /** The inserts the run attempted (blocks 0..n-1), from the workload's closing line. */
  protected static long attempted(ChildProcess.Result run) {
    Matcher m = ATTEMPTED.matcher(run.stderr);
    assertTrue(m.find(), run.stderr);
    return Long.parseLong(m.group(1));
  }

  /**
   * Checks that every operation of the run was answered: OK, or for a lightweight transaction NOT_APPLIED (its
   * condition did not hold), never an error, a timeout or NOT_FOUND; returns the statuses by operation.
   */
  protected static Map<String, Map<String, Long>> answered(ChildProcess.Result run) {
    Map<String, Map<String, Long>> out = new java.util.TreeMap<>();
    Matcher m = RETURN.matcher(run.stdout);
    while (m.find()) {
      assertTrue(m.group(2).equals("OK") || m.group(2).equals("NOT_APPLIED"), m.group() + "\n" + run);
      out.computeIfAbsent(m.group(1), k -> new java.util.TreeMap<>()).put(m.group(2), Long.parseLong(m.group(3)));
    }
    assertFalse(run.stdout.contains("-FAILED]"), run.toString());
    return out;
  }

  private static long count(Map<String, Map<String, Long>> statuses, String op, String status) {
    return statuses.getOrDefault(op, java.util.Collections.emptyMap()).getOrDefault(status, 0L);
  }

  /** The distinct primary keys (and partition keys) of the rows that blocks 0..blocks-1 write. */
  protected static Set<List<Object>>[] keys(Profile profile, long seed, long blocks) {
    RowGenerator g = new RowGenerator(profile, seed);
    List<String> columns = profile.columnNames();
    List<String> key = profile.keyColumnNames();
    int partitionColumns = key.size() - profile.clusteringColumnNames().size();
    @SuppressWarnings("unchecked")
    Set<List<Object>>[] out = new Set[] {new HashSet<>(), new HashSet<>()};
    for (long b = 0; b < blocks; b++) {
      for (Object[] row : g.blockRows(b)) {
        List<Object> k = new ArrayList<>();
        for (String c : key) {
          k.add(row[columns.indexOf(c)]);
        }
        out[0].add(k);
        out[1].add(k.subList(0, partitionColumns));
      }
    }
    return out;
  }

  /** Checks that the server holds exactly the rows and partitions that blocks 0..blocks-1 write. */
  protected static void assertServerHolds(CassandraTestServer server, Profile profile, long seed, long blocks) {
    Set<List<Object>>[] expected = keys(profile, seed, blocks);
    String table = profile.keyspace() + "." + profile.table();
    assertEquals(expected[0].size(), server.countRows(profile.keyspace(), profile.table()), "rows of " + table);
    List<String> key = profile.keyColumnNames();
    String partitionKey = String.join(", ", key.subList(0, key.size() - profile.clusteringColumnNames().size()));
    assertEquals(expected[1].size(), server.query("SELECT DISTINCT " + partitionKey + " FROM " + table).rowCount(),
        "partitions of " + table);
  }

  @Test
  void should_apply_each_account_once_and_count_later_inserts_not_applied_when_inserts_are_lightweight_transactions()
      throws Exception {
    CassandraTestServer server = CassandraTestServer.shared();
    ChildProcess.Result run = runProfile(server, "lwt", LWT, 3, 2, 240, "ops(insert=4,read=1,move=1,open=1)");
    long inserts = attempted(run);
    Profile profile = Profile.load(LWT.toString());
    Set<List<Object>> accounts = keys(profile, 3, inserts)[0];
    assertTrue(accounts.size() < inserts && accounts.size() > 20, accounts.size() + " accounts in " + inserts);
    // Whatever the order of the threads, the first insert of each account applies and every later one does not.
    Map<String, Map<String, Long>> statuses = answered(run);
    assertEquals(accounts.size(), count(statuses, "insert", "OK"), run.toString());
    assertEquals(inserts - accounts.size(), count(statuses, "insert", "NOT_APPLIED"), run.toString());
    assertTrue(run.stderr.contains(inserts + " inserts attempted, insert blocks 0.." + (inserts - 1)
        + " (partition numbers block*100000+0..n-1), 0 failed, " + (inserts - accounts.size()) + " not applied"),
        run.stderr);
    assertTrue(count(statuses, "read", "OK") > 0, run.toString());
    // A move reads the balance and updates it if it is still that: applied unless another thread moved it first.
    assertTrue(count(statuses, "move", "OK") > 0, run.toString());
    // An INSERT ... IF NOT EXISTS of an account that exists: not applied, every time.
    assertTrue(count(statuses, "open", "NOT_APPLIED") > 0 && count(statuses, "open", "OK") == 0, run.toString());
    assertServerHolds(server, profile, 3, inserts);
  }

  @Test
  void should_send_multi_row_counter_inserts_in_counter_batches_with_one_notice_when_the_profile_says_logged()
      throws Exception {
    CassandraTestServer server = CassandraTestServer.shared();
    ChildProcess.Result run = runProfile(server, "pageviews", PAGEVIEWS, 8, 1, 150, "ops(insert=2,views=1,bump=1)");
    long inserts = attempted(run);
    Map<String, Map<String, Long>> statuses = answered(run);
    assertEquals(inserts, count(statuses, "insert", "OK"), run.toString());
    assertTrue(count(statuses, "views", "OK") > 0 && count(statuses, "bump", "OK") > 0, run.toString());
    String notice = "StressProfileWorkload: notice: profile " + PAGEVIEWS.toAbsolutePath() + ": insert.batchtype: "
        + "LOGGED on counter table 'pageviews'";
    assertEquals(1, run.stderr.split(Pattern.quote(notice), -1).length - 1, run.stderr);
    assertServerHolds(server, Profile.load(PAGEVIEWS.toString()), 8, inserts);
  }

  @Test
  void should_read_the_table_from_the_server_and_scan_every_partition_of_the_ring_when_the_profile_has_no_table()
      throws Exception {
    CassandraTestServer server = CassandraTestServer.shared();
    server.execute("CREATE KEYSPACE IF NOT EXISTS stressexisting WITH replication = {'class': 'SimpleStrategy', "
        + "'replication_factor': 1}", "CREATE TABLE IF NOT EXISTS stressexisting.events (tenant text, kind text, "
        + "at timestamp, detail text, PRIMARY KEY ((tenant, kind), at)) WITH CLUSTERING ORDER BY (at DESC)");
    Path dir = ItSupport.workDir(getClass().getSimpleName() + "-existing");
    Path profile = dir.resolve("events.yaml");
    Files.write(profile, ("# the table exists: no keyspace_definition, no table_definition\n"
        + "keyspace: stressexisting\ntable: events\n"
        + "columnspec:\n  - name: tenant\n    size: fixed(6)\n    population: uniform(1..50)\n"
        + "  - name: kind\n    size: fixed(3)\n    population: uniform(1..4)\n"
        + "  - name: at\n    cluster: uniform(1..6)\n"
        + "insert:\n  partitions: uniform(1..3)\n  batchtype: UNLOGGED\n"
        + "queries:\n  recent:\n    cql: select at, detail from events where tenant = ? and kind = ? limit 3\n"
        + "token_range_queries:\n  all:\n    columns: '*'\n    page_size: 100000\n").getBytes("UTF-8"));
    ChildProcess.Result run = runProfile(server, "existing", profile, 9, 1, 160, "insert=3,recent=1");
    long inserts = attempted(run);
    Map<String, Map<String, Long>> statuses = answered(run);
    assertEquals(inserts, count(statuses, "insert", "OK"), run.toString());
    assertTrue(count(statuses, "recent", "OK") > 0, run.toString());
    String definition;
    int ranges = 0;
    try (com.datastax.driver.core.Cluster cluster = driverCluster(server)) {
      cluster.init();
      definition = cluster.getMetadata().getKeyspace("stressexisting").getTable("events").asCQLQuery();
      for (com.datastax.driver.core.TokenRange r : cluster.getMetadata().getTokenRanges()) {
        ranges += r.isWrappedAround() ? r.unwrap().size() : 1;
      }
    }
    Profile complete = Profile.load(profile.toString()).complete(definition);
    assertServerHolds(server, complete, 9, inserts);

    // One page per range (page_size above any range's rows), one operation per range of the ring: one pass over the
    // ring, which counts each partition once.
    Path results = Files.createTempDirectory(dir, "scan");
    ChildProcess.Result scan = ItSupport.java(System.getProperty("java.class.path"), "site.ycsb.Client", args(server, "-t",
        "profile=" + profile, "ops=all=1", "profile.seed=9", "operationcount=" + ranges, "profile.summary=true",
        "results.dir=" + results), dir, 300);
    assertEquals(0, scan.exitCode, scan.toString());
    assertEquals(ranges, count(answered(scan), "all", "OK"), scan.toString());
    long partitions = keys(complete, 9, inserts)[1].size();
    assertTrue(scan.stderr.contains("Total partitions          : " + number(partitions) + " [all: "
        + number(partitions) + "]"), scan.stderr);
  }

  /** A driver connection of the test's own to the server (this binding's driver), to read what the run wrote. */
  protected static com.datastax.driver.core.Cluster driverCluster(CassandraTestServer server) {
    com.datastax.driver.core.Cluster.Builder builder = com.datastax.driver.core.Cluster.builder()
        .addContactPoint(server.host()).withPort(server.port()).withoutJMXReporting().withoutMetrics();
    if (server.username() != null) {
      builder.withCredentials(server.username(), server.password() == null ? "" : server.password());
    }
    return builder.build();
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

    assertServerValues(server, Profile.load(profile.toString()), 21, inserts);
  }

  /**
   * Checks every row on the server against the generator: blocks 0..blocks-1 recomputed from the seed, every row by
   * its key with all its values (nulls included); what the server returns is mapped back to the generator's neutral
   * date/duration values here, independently of the binding's conversion (DriverValues).
   */
  protected static void assertServerValues(CassandraTestServer server, Profile p, long seed, long blocks) {
    RowGenerator g = new RowGenerator(p, seed);
    List<String> columns = p.columnNames();
    int keyColumns = p.keyColumnNames().size();
    Map<List<Object>, List<Object>> expected = new java.util.HashMap<>();
    for (long b = 0; b < blocks; b++) {
      for (Object[] row : g.blockRows(b)) {
        List<Object> values = new ArrayList<>();
        List<Object> key = new ArrayList<>();
        for (int i = 0; i < row.length; i++) {
          values.add(row[i]);
        }
        for (String k : p.keyColumnNames()) {
          key.add(row[columns.indexOf(k)]);
        }
        expected.put(key, values);
      }
    }
    assertEquals(expected.size(), server.countRows(p.keyspace(), p.table()), "rows on the server");
    Map<List<Object>, List<Object>> actual = new java.util.HashMap<>();
    try (com.datastax.driver.core.Cluster cluster = driverCluster(server);
         com.datastax.driver.core.Session session = cluster.connect()) {
      for (com.datastax.driver.core.Row row : session.execute("SELECT " + String.join(", ", columns)
          + " FROM " + p.keyspace() + "." + p.table())) {
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
          values.add(neutral(row.getObject(i)));
        }
        List<Object> key = new ArrayList<>();
        for (String k : p.keyColumnNames()) {
          key.add(values.get(columns.indexOf(k)));
        }
        actual.put(key, values);
      }
    }
    assertEquals(keyColumns, expected.keySet().iterator().next().size());
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
