package site.ycsb.db.cql.profile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The keys of cassandra-stress's profile format beyond the basics (ProfileTest): a table read from the server, the
 * insert's condition, row-population and batch types, query kinds and levels, token-range queries, extra
 * definitions, specname, and the file's size limit.
 */
class ProfileKeysTest {
  @TempDir
  Path dir;

  private static final String HEAD = "keyspace: ks\ntable: posts\n";
  /** Apache Cassandra's LWT example profile, as cassandra-stress ships it (tools/cqlstress-lwt-example.yaml). */
  static final String BLOG = HEAD
      + "table_definition: |\n  CREATE TABLE posts (\n    domain text,\n    published_date timeuuid,\n"
      + "    url text,\n    author text,\n    title text,\n    body text,\n    PRIMARY KEY(domain, published_date)\n"
      + "  ) WITH CLUSTERING ORDER BY (published_date DESC)\n"
      + "    AND compaction = { 'class':'LeveledCompactionStrategy' }"
      + "\n    AND comment='A table (of) posts, with ? and ;'\n"
      + "columnspec:\n  - name: domain\n    size: gaussian(5..100)\n    population: uniform(1..10M)\n"
      + "  - name: published_date\n    cluster: fixed(1000)\n"
      + "insert:\n  partitions: fixed(1)\n  select:    fixed(1)/1000\n  batchtype: UNLOGGED\n"
      + "  condition: IF body = NULL       # LWT: Do not override\n"
      + "queries:\n   singlepost:\n      cql: select * from posts where domain = ? LIMIT 1\n      fields: samerow\n"
      + "   timeline:\n      cql: select url, title, published_date from posts where domain = ? LIMIT 10\n";

  private Path write(String text) throws IOException {
    Path f = dir.resolve("p.yaml");
    Files.write(f, text.getBytes(StandardCharsets.UTF_8));
    return f;
  }

  private Profile load(String text) throws IOException {
    return Profile.load(write(text).toString());
  }

  @Test
  void should_write_conditional_updates_as_cassandra_stress_does_when_the_insert_has_a_condition() throws IOException {
    Profile p = load(BLOG);
    assertTrue(p.conditionalInsert());
    assertEquals("UPDATE posts SET \"url\" = ?, \"author\" = ?, \"title\" = ?, \"body\" = ? WHERE \"domain\" = ? AND "
        + "\"published_date\" = ? IF body = NULL", p.insertCql());
    // SET in table order (url, author, title, body), then the key.
    assertEquals(Arrays.asList("url", "author", "title", "body", "domain", "published_date"), p.insertColumnNames());
    assertEquals(Profile.BatchType.UNLOGGED, p.batchType);
    // Without fields:, a query's values come from several rows (cassandra-stress's default: multirow).
    assertTrue(p.queries.get("singlepost").sameRow);
    assertFalse(p.queries.get("timeline").sameRow);
    RowGenerator g = new RowGenerator(p, 1);
    Object[] row = g.row(RowGenerator.partition(3, 0), 7);
    Object[] bound = g.insertValues(row);
    assertEquals(Arrays.asList(row[2], row[3], row[4], row[5], row[0], row[1]), Arrays.asList(bound));
  }

  @Test
  void should_bind_the_rows_value_to_a_marker_in_the_condition_when_the_condition_has_one() throws IOException {
    Profile p = load(BLOG.replace("IF body = NULL", "IF author = ? AND title != 'x?y'"));
    assertTrue(p.insertCql().endsWith(" IF author = ? AND title != 'x?y'"), p.insertCql());
    assertEquals(Arrays.asList("url", "author", "title", "body", "domain", "published_date", "author"),
        p.insertColumnNames());
  }

  @Test
  void should_insert_if_not_exists_when_the_condition_is_if_not_exists_or_the_table_is_all_key() throws IOException {
    Profile p = load(BLOG.replace("IF body = NULL", "if not exists"));
    assertEquals("INSERT INTO posts (\"domain\", \"published_date\", \"url\", \"author\", \"title\", \"body\") VALUES "
        + "(?, ?, ?, ?, ?, ?) IF NOT EXISTS", p.insertCql());
    Profile keys = load(HEAD + "table_definition: CREATE TABLE posts (a int, b int, PRIMARY KEY (a, b))\n"
        + "insert:\n  condition: IF NOT EXISTS\n");
    assertEquals("INSERT INTO posts (\"a\", \"b\") VALUES (?, ?) IF NOT EXISTS", keys.insertCql());
  }

  @Test
  void should_send_counters_in_counter_batches_with_one_notice_when_the_profile_says_logged() throws IOException {
    String counters = HEAD + "table_definition: CREATE TABLE posts (name text PRIMARY KEY, count counter)\n";
    // One row per insert (Apache Cassandra's counter example): sent alone, as cassandra-stress sends it; nothing
    // is adjusted, so nothing is said.
    Profile single = load(counters + "insert:\n  batchtype: LOGGED\n");
    assertEquals(Profile.BatchType.COUNTER, single.batchType);
    assertEquals(Collections.emptyList(), single.notices());
    Profile logged = load(counters + "insert:\n  batchtype: LOGGED\n  partitions: uniform(1..2)\n");
    assertEquals(Profile.BatchType.COUNTER, logged.batchType);
    assertEquals(1, logged.notices().size());
    String notice = logged.notices().get(0);
    assertTrue(notice.contains("insert.batchtype: LOGGED on counter table 'posts'") && notice.contains("COUNTER "
        + "batch") && !notice.contains("\n"), notice);
    Profile unlogged = load(counters + "insert:\n  batchtype: UNLOGGED\n");
    assertEquals(Profile.BatchType.UNLOGGED, unlogged.batchType);
    assertEquals(Collections.emptyList(), unlogged.notices());
    assertEquals(Profile.BatchType.COUNTER, load(counters).batchType);
  }

  @Test
  void should_read_the_columns_from_the_servers_definition_when_the_profile_has_no_table_definition()
      throws IOException {
    Profile p = load(HEAD + "columnspec:\n  - name: body\n    size: fixed(3)\n"
        + "queries:\n  q1:\n    cql: select * from posts where domain = ?\n"
        + "token_range_queries:\n  all:\n    columns: '*'\n");
    assertFalse(p.complete());
    assertNull(p.tableDefinition());
    assertEquals(Arrays.asList("insert", "q1", "all"), Arrays.asList(p.operationNames().toArray()));
    // What the driver's TableMetadata.asCQLQuery() gives for the table.
    String server = "CREATE TABLE ks.posts (\n    domain text,\n    published_date timeuuid,\n    body text,\n"
        + "    PRIMARY KEY (domain, published_date)\n) WITH CLUSTERING ORDER BY (published_date DESC)\n"
        + "    AND additional_write_policy = '99p'\n    AND caching = {'keys': 'ALL', 'rows_per_partition': 'NONE'}\n"
        + "    AND comment = ''\n    AND compression = {'chunk_length_in_kb': '16', 'class': 'org.apache.cassandra."
        + "io.compress.LZ4Compressor'};";
    Profile c = p.complete(server);
    assertTrue(c.complete());
    assertEquals(Arrays.asList("domain", "published_date", "body"), c.columnNames());
    assertEquals("fixed(3)", c.columns.get(2).size.toString());
    assertEquals(Arrays.asList("domain"), c.queryColumns("q1"));
    assertEquals("SELECT token(\"domain\"), \"domain\", \"published_date\", \"body\" FROM posts WHERE "
        + "token(\"domain\") > "
        + "? AND token(\"domain\") <= ?", c.tokenRangeCql("all"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> p.complete(server.replace("body text", "text text")));
    assertTrue(e.getMessage().contains(": columnspec: names column 'body', which table 'posts' does not have"),
        e.getMessage());
  }

  @Test
  void should_tell_reads_writes_lightweight_transactions_and_condition_reads_apart() throws IOException {
    Profile p = load(BLOG
        + "   append:\n      cql: update posts set title = ? where domain = ? and published_date = ?\n"
        + "   cas:\n      cql: UPDATE posts SET author = ?, title = ? WHERE domain = ? AND published_date = ? "
        + "IF author = ? AND title = ?\n      fields: samerow\n      serialConsistencyLevel: local_serial\n"
        + "   gone:\n      cql: delete from posts where domain = ? and published_date = ? if exists\n"
        + "      consistencylevel: quorum\n"
        + "   static:\n      cql: update posts set body = ? where domain = ? and published_date = ? if body = null\n"
        + "   count-up:\n      cql: update posts set body = body + ? where domain = ? and published_date = ?\n");
    Profile.Query read = p.queries.get("singlepost");
    assertFalse(read.text.write);
    assertTrue(read.text.idempotent);
    Profile.Query write = p.queries.get("append");
    assertTrue(write.text.write && !write.text.conditional && write.text.idempotent);
    assertNull(write.casReadCql);
    Profile.Query cas = p.queries.get("cas");
    assertTrue(cas.text.write && cas.text.conditional && !cas.text.idempotent);
    assertEquals("SELECT \"author\", \"title\" FROM posts WHERE \"domain\" = ? AND \"published_date\" = ?",
        cas.casReadCql);
    // Markers: author, title, domain, published_date, author, title: the last of each column takes the value read.
    assertArrayEquals(new int[] {4, 5}, cas.casTargets);
    assertEquals("LOCAL_SERIAL", cas.serialConsistency);
    assertNull(cas.consistency);
    Profile.Query gone = p.queries.get("gone");
    assertTrue(gone.text.conditional);
    assertNull(gone.casReadCql); // IF EXISTS reads nothing first
    assertEquals("QUORUM", gone.consistency);
    assertNull(p.queries.get("static").casReadCql); // a condition without markers neither
    assertTrue(p.queries.get("static").text.conditional);
    Profile inserts = load(BLOG + "   put:\n      cql: INSERT INTO posts (domain, \"published_date\", title, body) "
        + "VALUES (?, ?, 'a, (b)?', ?) IF NOT EXISTS\n      fields: samerow\n");
    assertEquals(Arrays.asList("domain", "published_date", "body"), inserts.queryColumns("put"));
    assertTrue(inserts.queries.get("put").text.conditional);
    assertNull(inserts.queries.get("put").casReadCql);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> load(BLOG + "   json:\n      cql: INSERT INTO posts JSON ?\n"));
    assertTrue(e.getMessage().contains("queries.json.cql: the ? at 'INSERT INTO posts JSON ?' does not follow"),
        e.getMessage());
    Profile.Query add = p.queries.get("count-up");
    assertFalse(add.text.idempotent); // an addition applied twice adds twice
    assertEquals(Arrays.asList("body", "domain", "published_date"), p.queryColumns("count-up"));
  }

  /**
   * Hostile statement text (random sequences of names, quotes, operators, markers and keywords): the markers read, or
   * an IllegalArgumentException with one line, never another exception; and each marker that is read names the
   * column written right before its operator.
   */
  @Test
  void should_read_the_markers_of_any_statement_or_give_one_line() {
    String[] pieces = {"a", "bb", "\"Q\"", "\"x\"\"y\"", "=", "<", ">", "!", "+", "-", "?", " in ", "IN", " ", "(", ")",
        "'", "''", "if", ",", "\"", "limit", "$$", "--", "\n", "update t set ", "select * from t where ", "/*", "*/"};
    java.util.SplittableRandom random = new java.util.SplittableRandom(5);
    int read = 0;
    for (int i = 0; i < 30_000; i++) {
      StringBuilder text = new StringBuilder();
      for (int k = 0, n = 1 + random.nextInt(14); k < n; k++) {
        text.append(pieces[random.nextInt(pieces.length)]);
      }
      try {
        QueryText q = QueryText.parse(text.toString());
        for (QueryText.Marker m : q.markers) {
          assertFalse(m.column.isEmpty(), text.toString());
        }
        read += q.markers.isEmpty() ? 0 : 1;
      } catch (IllegalArgumentException e) {
        assertFalse(e.getMessage() == null || e.getMessage().contains("\n"), text + ": " + e.getMessage());
      }
    }
    assertTrue(read > 100, "some soups have markers: " + read);
    QueryText q = QueryText.parse("update t set \"Odd\"\"Name\" = ?, n = n - ?, l = ? + l where k in ? and c >= ? "
        + "and d != ? and e<?");
    assertEquals(Arrays.asList("Odd\"Name", "n", "l", "k", "c", "d", "e"),
        q.markers.stream().map(m -> m.column).collect(java.util.stream.Collectors.toList()));
    assertEquals(Arrays.asList(false, false, false, true, false, false, false),
        q.markers.stream().map(m -> m.in).collect(java.util.stream.Collectors.toList()));
    assertFalse(q.idempotent);
  }

  @Test
  void should_accept_the_operation_under_its_specname_and_in_any_case_when_ops_qualify_it() throws IOException {
    Profile p = load(BLOG);
    assertEquals("ks.posts", p.specName());
    assertEquals("singlepost", p.operation("ks.posts.singlepost"));
    assertEquals("insert", p.operation("KS.POSTS.insert"));
    assertEquals("timeline", p.operation("Timeline"));
    assertNull(p.operation("other.singlepost"));
    Profile named = load("specname: blog\n" + BLOG);
    assertEquals("insert", named.operation("blog.insert"));
    assertNull(named.operation("ks.posts.insert"));
  }

  @Test
  void should_keep_extra_definitions_in_order_when_the_profile_has_them() throws IOException {
    Profile p = load(BLOG + "extra_definitions:\n  - CREATE INDEX IF NOT EXISTS ON posts (author)\n"
        + "  - CREATE INDEX IF NOT EXISTS ON posts (title)\n");
    assertEquals(Arrays.asList("CREATE INDEX IF NOT EXISTS ON posts (author)",
        "CREATE INDEX IF NOT EXISTS ON posts (title)"), p.extraDefinitions());
  }

  @Test
  void should_null_the_later_columns_of_a_row_by_its_share_when_row_population_is_below_one() throws IOException {
    Profile p = load(HEAD + "table_definition: CREATE TABLE posts (k int PRIMARY KEY, d int, c int, b int, a int)\n"
        + "insert:\n  row-population: fixed(1)/2\n");
    RowGenerator g = new RowGenerator(p, 4);
    for (long part = 0; part < 50; part++) {
      Object[] row = g.row(part, 0); // table order k, d, c, b, a; by name a, b, c, d: the first half has values
      assertTrue(row[0] != null && row[4] != null && row[3] != null, Arrays.toString(row));
      assertNull(row[1]);
      assertNull(row[2]);
    }
    Profile uniform = load(HEAD + "table_definition: CREATE TABLE posts (k int PRIMARY KEY, a int, b int, c int)\n"
        + "insert:\n  row-population: uniform(0..3)/3\n");
    RowGenerator u = new RowGenerator(uniform, 4);
    int[] filled = new int[4];
    for (long part = 0; part < 4000; part++) {
      Object[] row = u.row(part, 0);
      int n = 0;
      for (int i = 1; i < 4; i++) {
        n += row[i] == null ? 0 : 1;
        assertTrue(row[i] != null || i == 3 || row[i + 1] == null, "filled in name order: " + Arrays.toString(row));
      }
      filled[n]++;
    }
    for (int n = 0; n < 4; n++) {
      assertEquals(1000, filled[n], 120, "rows with " + n + " columns filled");
    }
  }

  @Test
  void should_clamp_the_chance_at_one_when_select_can_exceed_it() throws IOException {
    Profile p = load(BLOG.replace("fixed(1)/1000", "uniform(1..10)/5").replace("fixed(1000)", "fixed(200)"));
    RowGenerator g = new RowGenerator(p, 2);
    int written = 0;
    for (long b = 0; b < 40; b++) {
      written += g.blockRows(b).size();
    }
    // Draws 1..10 over 5: 0.2, 0.4, 0.6, 0.8, then 1 for six draws in ten: mean 0.8 of 200 rows.
    assertEquals(0.8 * 200 * 40, written, 0.06 * 200 * 40);
    assertEquals(1.0, Ratio.parse("fixed(3)/2").sample(0.5));
    assertEquals(0.0, Ratio.parse("uniform(-5..1)/1").sample(0.1));
    assertEquals(0.002, Ratio.parse("fixed(2)/1k").sample(0.3), 1e-12);
  }

  @Test
  void should_read_sequences_and_ranges_with_more_dots_as_cassandra_stress_does() {
    Distribution seq = Distribution.parse("seq(1..4)");
    assertEquals(1, seq.min());
    assertEquals(4, seq.max());
    assertEquals(1, seq.sample(0.0));
    assertEquals(4, seq.sample(0.99));
    assertEquals(10, Distribution.parse("uniform(1...10)").max());
    assertEquals(2_000, Distribution.parse("UNIFORM(1..2k)").max());
  }

  @Test
  void should_refuse_with_one_line_a_profile_larger_than_the_property_file_limit_before_reading_it()
      throws IOException, InterruptedException {
    Path big = dir.resolve("big.yaml");
    try (RandomAccessFile f = new RandomAccessFile(big.toFile(), "rw")) {
      f.setLength(Profile.MAX_FILE_BYTES + 1); // sparse: nothing is written
    }
    long start = System.nanoTime();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Profile.load(big.toString()));
    assertTrue(e.getMessage().startsWith("profile " + big + ": cannot be read (") && e.getMessage().contains(
        (Profile.MAX_FILE_BYTES + 1) + " bytes is more than " + Profile.MAX_FILE_BYTES), e.getMessage());
    assertFalse(e.getMessage().contains("\n"));
    assertTrue(System.nanoTime() - start < 5_000_000_000L, "refused without reading it");
    Path fifo = dir.resolve("fifo");
    if (new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start().waitFor() == 0 || Files.exists(fifo)) {
      e = assertThrows(IllegalArgumentException.class, () -> Profile.load(fifo.toString()));
      assertTrue(e.getMessage().contains("not a regular file"), e.getMessage());
    }
  }

  @Test
  void should_refuse_with_one_line_a_profile_whose_yaml_expands_without_bound() throws IOException {
    StringBuilder bomb = new StringBuilder("a: &a [x, x, x, x, x, x, x, x, x]\n");
    for (int i = 1; i < 10; i++) {
      bomb.append("b").append(i).append(": &b").append(i).append(" [");
      for (int k = 0; k < 9; k++) {
        bomb.append(k == 0 ? "" : ", ").append(i == 1 ? "*a" : "*b" + (i - 1));
      }
      bomb.append("]\n");
    }
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> load(bomb + HEAD));
    assertTrue(e.getMessage().contains(": is not valid YAML: ") && e.getMessage().contains("aliases"), e.getMessage());
    StringBuilder deep = new StringBuilder(HEAD + "insert: ");
    for (int i = 0; i < 200; i++) {
      deep.append('[');
    }
    e = assertThrows(IllegalArgumentException.class, () -> load(deep.toString()));
    assertTrue(e.getMessage().contains(": is not valid YAML: ") && !e.getMessage().contains("\n"), e.getMessage());
  }

  @Test
  void should_parse_a_profile_once_per_content_when_it_is_loaded_again() throws IOException {
    Path f = write(BLOG);
    Profile first = Profile.load(f.toString());
    assertTrue(first == Profile.load(f.toString()), "the same content: the same (immutable) profile");
    Files.write(f, BLOG.replace("fixed(1000)", "fixed(999)").getBytes(StandardCharsets.UTF_8));
    Profile changed = Profile.load(f.toString());
    assertFalse(first == changed, "a changed file is read again");
    assertEquals("fixed(999)", changed.columns.get(1).cluster.toString());
  }

  @Test
  void should_read_a_file_uri_as_cassandra_stress_takes_it_and_refuse_other_uris_with_one_line() throws IOException {
    Path f = write(BLOG);
    assertEquals("ks", Profile.load(f.toUri().toString()).keyspace()); // file:///...
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Profile.load("http://example.org/p.yaml"));
    assertEquals("profile http://example.org/p.yaml: cannot be read (IOException: only a local file is read (a path "
        + "or a file: URI); download it first)", e.getMessage());
  }

  @Test
  void should_read_keyspace_and_table_names_as_cql_reads_them_when_they_have_capitals() throws IOException {
    Profile p = load(BLOG.replace("keyspace: ks\ntable: posts", "keyspace: Ks\ntable: Posts")
        .replace("CREATE TABLE posts", "CREATE TABLE POSTS"));
    assertEquals("ks", p.keyspace());
    assertEquals("posts", p.table());
    assertTrue(p.insertCql().startsWith("UPDATE posts SET"), p.insertCql());
    Profile quoted = load("keyspace: '\"Ks\"'\ntable: '\"My Table\"'\n"
        + "table_definition: CREATE TABLE \"My Table\" (a int PRIMARY KEY)\n");
    assertEquals("Ks", quoted.keyspace());
    assertEquals("My Table", quoted.table());
    assertEquals("INSERT INTO \"My Table\" (\"a\") VALUES (?)", quoted.insertCql());
  }

  @Test
  void should_refuse_a_key_cassandra_stress_does_not_know_with_the_list_of_known_ones() throws IOException {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> load(BLOG + "queryz: {}\n"));
    assertTrue(e.getMessage().endsWith(": queryz: unknown key (known: specname, keyspace, keyspace_definition, table, "
        + "table_definition, extra_definitions, columnspec, insert, queries, token_range_queries)"), e.getMessage());
  }

  @Test
  void should_take_a_hyphenated_query_name_as_cassandra_stress_profiles_write_them() throws IOException {
    Profile p = load(BLOG.replace("singlepost:", "get-a-post:"));
    assertTrue(p.queryNames().contains("get-a-post"));
    List<String> names = Arrays.asList(p.operationNames().toArray(new String[0]));
    assertEquals(Arrays.asList("insert", "get-a-post", "timeline"), names);
    assertEquals(1.0, ProfileProperties.ops("ops(insert=1,get-a-post=1)").get("get-a-post"));
  }
}
