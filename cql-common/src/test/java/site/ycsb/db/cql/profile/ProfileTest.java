package site.ycsb.db.cql.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.Date;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Profile parsing, its one-line errors (file, key, problem), and the seeded row generator. */
class ProfileTest {
  static final Path MEMO = Paths.get("..", "workloads", "cassandra-stress", "test01.yaml");

  @TempDir
  Path dir;

  @Test
  void should_read_the_memo_profile() {
    Profile p = Profile.load(MEMO.toString());
    assertEquals("stresstest", p.keyspace());
    assertEquals("test01", p.table());
    assertEquals(6, p.columns.size());
    assertEquals("name", p.partitionKey.get(0).name);
    assertEquals("date", p.clustering.get(0).name);
    assertEquals(10, p.partitions.min());
    assertEquals(10, p.partitions.max());
    assertEquals(Profile.BatchType.UNLOGGED, p.batchType);
    Profile.Query q = p.queries.get("select1");
    assertTrue(q.sameRow);
    assertEquals("name", q.bindings.get(0).name);
    assertEquals("date", q.bindings.get(1).name);
    assertEquals("uniform(4..8)", p.columns.get(5).size.toString()); // uid: the default size
  }

  @Test
  void should_generate_the_same_rows_from_the_same_seed_and_others_from_another() {
    Profile p = Profile.load(MEMO.toString());
    RowGenerator a = new RowGenerator(p, 1);
    RowGenerator b = new RowGenerator(p, 1);
    RowGenerator c = new RowGenerator(p, 2);
    assertEquals(10, a.partitionsInBlock(7));
    assertEquals(1, a.rows(RowGenerator.partition(7, 3)));
    Object[] row = a.row(700_003, 0);
    assertTrue(Arrays.deepEquals(row, b.row(700_003, 0)));
    assertFalse(Arrays.deepEquals(row, c.row(700_003, 0)));
    String name = (String) row[0];
    assertTrue(name.length() >= 1 && name.length() <= 20, name);
    assertTrue(row[1] instanceof Date);
    assertTrue(row[2] instanceof InetAddress);
    assertTrue(row[3] instanceof Integer && (Integer) row[3] >= 1 && (Integer) row[3] <= 1000);
    assertEquals(8, ((String) row[4]).length());
    assertEquals(1, ((java.util.UUID) row[5]).version());
  }

  @Test
  void should_draw_only_population_many_distinct_values() {
    Profile p = Profile.load(MEMO.toString());
    RowGenerator g = new RowGenerator(p, 1);
    Set<Object> addresses = new HashSet<>();
    Set<Object> inames = new HashSet<>();
    Set<Object> names = new HashSet<>();
    for (long part = 0; part < 5000; part++) {
      Object[] row = g.row(part, 0);
      addresses.add(row[2]);
      inames.add(row[4]);
      names.add(row[0]);
    }
    assertEquals(4, addresses.size());
    assertEquals(5, inames.size());
    assertTrue(names.size() > 4500, "names " + names.size());
  }

  @Test
  void should_give_each_row_of_a_partition_its_own_clustering_values() throws IOException {
    Path f = write("keyspace: k\ntable: t\ntable_definition: CREATE TABLE t (a int, b int, c text, v blob, "
        + "PRIMARY KEY ((a), b, c))\ncolumnspec:\n  - name: b\n    cluster: fixed(3)\n  - name: c\n"
        + "    cluster: uniform(2..4)\n");
    Profile p = Profile.load(f.toString());
    RowGenerator g = new RowGenerator(p, 9);
    long rows = g.rows(5);
    assertTrue(rows >= 6 && rows <= 12, "rows " + rows);
    Set<String> keys = new HashSet<>();
    for (long r = 0; r < rows; r++) {
      Object[] row = g.row(5, r);
      assertEquals(g.row(5, 0)[0], row[0]);
      keys.add(row[1] + "/" + row[2]);
    }
    assertEquals(rows, keys.size());
    assertNotEquals(g.row(5, 0)[3], g.row(5, 1)[3]);
  }

  @Test
  void should_write_the_same_rows_into_a_partition_when_partition_numbers_draw_the_same_key() throws IOException {
    // Three keys, four rows each, hours drawn from 24: as in cassandra-stress, a partition holds its four rows
    // however many partition numbers map onto it (before, each number added its own four hours).
    Path f = write("keyspace: k\ntable: t\ntable_definition: CREATE TABLE t (a int, hour int, v int, "
        + "PRIMARY KEY ((a), hour))\ncolumnspec:\n  - name: a\n    population: uniform(1..3)\n"
        + "  - name: hour\n    cluster: fixed(4)\n    population: uniform(0..23)\n");
    RowGenerator g = new RowGenerator(Profile.load(f.toString()), 5);
    Map<Object, Set<List<Object>>> rowsByKey = new HashMap<>();
    for (long part = 0; part < 300; part++) {
      assertEquals(4, g.rows(part));
      Set<List<Object>> rows = new HashSet<>();
      for (long r = 0; r < 4; r++) {
        rows.add(Arrays.asList(g.row(part, r)));
      }
      Set<List<Object>> earlier = rowsByKey.putIfAbsent(g.row(part, 0)[0], rows);
      if (earlier != null) {
        assertEquals(earlier, rows, "partition number " + part);
      }
    }
    assertEquals(3, rowsByKey.size());
    assertEquals(3, new HashSet<>(rowsByKey.values()).size(), "each key its own rows: " + rowsByKey);
  }

  @Test
  void should_bind_only_the_markers_outside_string_literals() throws IOException {
    Profile p = Profile.load(write(GOOD + "queries:\n  q:\n    cql: \"select * from t where a = ? and b > ? and c = 3 "
        + "and a != 'it''s ? = x'\"\n").toString());
    assertEquals(Arrays.asList("a", "b"), p.queryColumns("q"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Profile.load(write(GOOD
        + "queries:\n  q:\n    cql: \"select * from t where a = 'x' and ? = c\"\n").toString()));
    assertTrue(e.getMessage().contains("queries.q.cql: the ? at 'ct * from t where a = 'x' and ? = c' does not "
        + "follow <column> ="), e.getMessage());
  }

  private static final String GOOD = "keyspace: k\ntable: t\n"
      + "table_definition: CREATE TABLE t (a text, b timestamp, c int, PRIMARY KEY (a, b))\n";

  /** A table whose every column is in its primary key. */
  static final String KEY_ONLY = "keyspace: k\ntable: t\n"
      + "table_definition: CREATE TABLE t (a int, b int, PRIMARY KEY (a, b))\n";

  /** A valid counter table. */
  static final String COUNTERS = "keyspace: k\ntable: t\n"
      + "table_definition: CREATE TABLE t (a text, n counter, b int, m counter, PRIMARY KEY (a, b))\n";

  private Path write(String text) throws IOException {
    Path f = dir.resolve("p.yaml");
    Files.write(f, text.getBytes(StandardCharsets.UTF_8));
    return f;
  }

  /** Each bad profile: one line naming the file, the key and (part of) the problem. */
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "table: t\\ntable_definition: CREATE TABLE t (a int PRIMARY KEY)\\n|keyspace|missing",
      "keyspace: k\\ntable_definition: CREATE TABLE t (a int PRIMARY KEY)\\n|table|missing",
      "keyspace: [a, b]\\ntable: t\\ntable_definition: CREATE TABLE t (a int PRIMARY KEY)\\n|keyspace|must be text",
      "keyspace: k\\ntable: t\\ntable_definition: SELECT * FROM t\\n|table_definition|CREATE TABLE",
      "keyspace: k\\ntable: u\\ntable_definition: CREATE TABLE t (a int PRIMARY KEY)\\n|table_definition|'u'",
      "keyspace: k\\ntable: t\\ntable_definition: CREATE TABLE t (a int, b int)\\n|table_definition|PRIMARY KEY",
      "keyspace: k\\ntable: t\\ntable_definition: CREATE TABLE t (a int, PRIMARY KEY (z))\\n|table_definition|'z'",
      "keyspace: k\\ntable: t\\ntable_definition: CREATE TABLE t (a int PRIMARY KEY, m map<int>)\\n"
          + "|table_definition|column 'm' has type 'map<int>': map<...> takes 2 types, got 1",
      "GOODinsert:\\n  batchtype: counter\\n|insert.batchtype|has no counters",
      "GOODinsert:\\n  batchtype: batched\\n|insert.batchtype|not LOGGED, UNLOGGED or COUNTER",
      "GOODcolumnspec:\\n  - name: c\\n    population: zipf(1..3)\\n|columnspec.c.population|unknown distribution",
      "GOODcolumnspec:\\n  - name: c\\n    population: uniform(9..3)\\n|columnspec.c.population|empty",
      "GOODcolumnspec:\\n  - name: a\\n    size: uniform(-1..3)\\n|columnspec.a.size|0..1000000",
      "GOODcolumnspec:\\n  - name: b\\n    cluster: fixed(0)\\n|columnspec.b.cluster|1..1000000",
      "GOODcolumnspec:\\n  - name: nope\\n|columnspec|'nope'",
      "GOODcolumnspec:\\n  - size: fixed(1)\\n|columnspec|no name",
      "GOODcolumnspec:\\n  - name: c\\n    sise: fixed(1)\\n|columnspec.c.sise|unknown key",
      "GOODcolumnspec: fixed(1)\\n|columnspec|list",
      "GOODinsert:\\n  partitions: fixed(0)\\n|insert.partitions|1..100000",
      "GOODinsert:\\n  batchtype: COUNTER\\n|insert.batchtype|has no counters",
      "GOODinsert:\\n  select: fixed(1)\\n|insert.select|<distribution>/<divisor>",
      "GOODinsert:\\n  select: 1/2\\n|insert.select|<distribution>/<divisor>",
      "GOODinsert:\\n  select: fixed(1)/0\\n|insert.select|divisor must be a number > 0",
      "GOODinsert:\\n  select: fixed(1)/-4\\n|insert.select|divisor must be a number > 0",
      "GOODinsert:\\n  select: fixed(1)/ten\\n|insert.select|'ten' is not a number",
      "GOODinsert:\\n  select: fixed(1)/1d\\n|insert.select|'1d' is not a number",
      "GOODinsert:\\n  select: fixed(1)/0x1p1\\n|insert.select|'0x1p1' is not a number",
      "GOODinsert:\\n  select: fixed(1)/1/2\\n|insert.select|<distribution>/<divisor>",
      "GOODinsert:\\n  select: fixed(1)/\\n|insert.select|not a number",
      "GOODinsert:\\n  select: fixed(0)/1\\n|insert.select|always 0",
      "GOODinsert:\\n  select: uniform(-3..0)/2\\n|insert.select|always 0",
      "GOODinsert:\\n  select: zipf(1..2)/2\\n|insert.select|unknown distribution",
      "GOODinsert:\\n  select: uniform(1..x)/2\\n|insert.select|not a distribution",
      "GOODinsert:\\n  row-populations: fixed(1)/1\\n|insert.row-populations|unknown key",
      "GOODinsert:\\n  row-population: fixed(1)\\n|insert.row-population|<distribution>/<divisor>",
      "GOODinsert:\\n  condition: body = NULL\\n|insert.condition|not an IF clause",
      "GOODinsert:\\n  condition: IF zz = ?\\n|insert.condition|'zz'",
      "GOODinsert:\\n  consistencylevel: QUORAM\\n|insert.consistencylevel|not one of",
      "GOODinsert:\\n  serialConsistencyLevel: QUORUM\\n|insert.serialconsistencylevel|not one of",
      "GOODinsert:\\n  Select: fixed(1)/1\\n  select: fixed(1)/2\\n|insert.select|given twice",
      "KEYONLYinsert:\\n  condition: IF a = 1\\n|insert.condition|only IF NOT EXISTS",
      "GOODinsert: 3\\n|insert|mapping",
      "GOODqueries:\\n  q:\\n    cql: select * from t where zz = ?\\n|queries.q.cql|'zz'",
      "GOODqueries:\\n  q:\\n    fields: samerow\\n|queries.q.cql|missing",
      "GOODqueries:\\n  q:\\n    cql: select * from t where a = ?\\n    fields: somerow\\n|queries.q.fields|samerow",
      "GOODqueries:\\n  q:\\n    cql: select * from t where a in (?)\\n|queries.q.cql|does not follow",
      "GOODqueries:\\n  q:\\n    cql: select * from t where a in (?, ?)\\n|queries.q.cql|does not follow",
      "GOODqueries:\\n  q:\\n    cql: select * from t where a = ? limit ?\\n|queries.q.cql|LIMIT ?",
      "GOODqueries:\\n  q:\\n    cql: select * from t where token(a) > ?\\n|queries.q.cql|does not follow",
      "GOODqueries:\\n  q:\\n    cql: update t set c = ? where a = ? and b = ? if c = ?\\n|queries.q.fields|samerow",
      "GOODqueries:\\n  q:\\n    cql: select * from t\\n    consistencyLevel: ONCE\\n"
          + "|queries.q.consistencylevel|not one of",
      "GOODqueries:\\n  q:\\n    cql: select * from t\\n    serialconsistencylevel: ONE\\n"
          + "|queries.q.serialconsistencylevel|not one of",
      "GOODqueries:\\n  q:\\n    cql: select * from t\\n  Q:\\n    cql: select * from t\\n|queries.q|given twice",
      "GOODqueries:\\n  a b:\\n    cql: select * from t\\n|queries.a b|letters, digits",
      "GOODtoken_range_queries:\\n  scan:\\n    page_size: 10\\n|token_range_queries.scan.columns|missing",
      "GOODtoken_range_queries:\\n  scan:\\n    columns: '*'\\n    page_size: 0\\n"
          + "|token_range_queries.scan.page_size|>= 1",
      "GOODtoken_range_queries:\\n  scan:\\n    columns: a\\n    pages: 1\\n"
          + "|token_range_queries.scan.pages|unknown key",
      "GOODqueries:\\n  scan:\\n    cql: select * from t\\ntoken_range_queries:\\n  scan:\\n"
          + "    columns: a\\n|token_range_queries.scan|also a query",
      "GOODextra_definitions: CREATE INDEX ON t (c)\\n|extra_definitions|list",
      "GOODextra_definitions:\\n  - ''\\n|extra_definitions|empty",
      "GOODseed: 3\\n|seed|unknown key",
      "keyspace: k\\nkeyspace_definition: CREATE KEYSPACE other WITH replication = {}\\ntable: t\\n"
          + "|keyspace_definition|'other'",
      "keyspace: k\\nkeyspace_definition: CREATE TABLE k.t (a int primary key)\\ntable: t\\n"
          + "|keyspace_definition|CREATE KEYSPACE",
      "keyspace: k\\ntable: t\\ntable_definition: CREATE TABLE j.t (a int PRIMARY KEY)\\n|table_definition|'j.t'",
      "GOODqueries:\\n  q:\\n    cql: select * from t where a = ? and c in ?\\n|queries.q.cql|'c' is neither",
      "GOODqueries:\\n  q:\\n    cql: select * from t where zz in ?\\n|queries.q.cql|'zz'",
      "GOODqueries:\\n  insert:\\n    cql: select * from t\\n|queries.insert|other than 'insert'",
      "GOODqueries:\\n  q:\\n    cql: x\\n    foo: 1\\n|queries.q.foo|unknown key",
      "GOODkeyspace: again\\n|YAML|duplicate",
      "keyspace: k\\n  table: : :\\n|YAML|not valid",
      "- just\\n- a list\\n|mapping|keyspace:",
      "\\n|mapping|keyspace:"})
  void should_name_the_file_key_and_problem_when_the_profile_is_bad(String yaml, String key, String problem)
      throws IOException {
    Path f = write(yaml.replace("GOOD", GOOD).replace("COUNTERS", COUNTERS).replace("KEYONLY", KEY_ONLY)
        .replace("\\n", "\n"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Profile.load(f.toString()));
    String m = e.getMessage();
    assertTrue(m.startsWith("profile " + f + ": "), m);
    assertTrue(m.contains(key) && m.contains(problem), m);
    assertFalse(m.contains("\n"), m);
  }

  @Test
  void should_say_the_file_cannot_be_read_when_it_is_missing_or_a_directory() {
    for (Path f : new Path[] {dir.resolve("absent.yaml"), dir}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Profile.load(f.toString()));
      assertTrue(e.getMessage().startsWith("profile " + f + ": cannot be read"), e.getMessage());
    }
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "insert|''", "insert=x|not a number", "insert=-1|>= 0", "insert=0|add up to 0", "=1|name=weight",
      "insert=1,insert=2|twice", "insert=1;select1=1|weight"})
  void should_reject_a_bad_ops_mix(String ops, String problem) {
    Properties p = new Properties();
    p.setProperty("profile", "x.yaml");
    p.setProperty("ops", ops);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ProfileProperties.parse(p));
    assertTrue(e.getMessage().startsWith("ops=") && e.getMessage().contains(problem), e.getMessage());
  }

  @Test
  void should_reject_an_operation_the_profile_does_not_define() {
    Properties p = new Properties();
    p.setProperty("profile", MEMO.toString());
    p.setProperty("ops", "insert=1,select2=1");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new StressProfileWorkload().init(p));
    assertTrue(e.getMessage().contains("'select2'") && e.getMessage().contains("[insert, select1]"), e.getMessage());
  }

  @Test
  void should_accept_the_stress_ops_syntax() {
    assertEquals(2, ProfileProperties.ops("ops(insert=1,select1=3)").size());
    assertEquals(3.0, ProfileProperties.ops("ops(insert=1,select1=3)").get("select1"));
  }
}
