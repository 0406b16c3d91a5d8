package site.ycsb.db.cql.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Column types beyond the scalars of the memo: date, time, duration, counter, list/set/map (frozen, nested); how
 * their type text is read, which types are refused and why (one line naming file, key and column), and how values
 * are generated from seeds.
 */
class ProfileTypesTest {
  @TempDir
  Path dir;

  private Path write(String text) throws IOException {
    Path f = dir.resolve("p.yaml");
    Files.write(f, text.getBytes(StandardCharsets.UTF_8));
    return f;
  }

  private Profile load(String columns, String columnspec) throws IOException {
    // A block scalar keeps the line breaks of the column text.
    return Profile.load(write("keyspace: k\ntable: t\ntable_definition: |\n  CREATE TABLE t ("
        + columns.replace("\n", "\n  ") + ")\n" + (columnspec.isEmpty() ? "" : "columnspec:\n" + columnspec))
        .toString());
  }

  private static Profile.Column column(Profile p, String name) {
    for (Profile.Column c : p.columns) {
      if (c.name.equals(name)) {
        return c;
      }
    }
    throw new AssertionError(name);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "int", "text", "varchar", "ascii", "blob", "bigint", "smallint", "tinyint", "varint", "float", "double",
      "decimal", "boolean", "timestamp", "inet", "uuid", "timeuuid", "date", "time", "duration",
      "list<int>", "set<text>", "map<text, int>", "frozen<list<int>>", "map<text, frozen<set<int>>>",
      "list<frozen<map<int, frozen<list<date>>>>>", "frozen<list<list<int>>>", "list<duration>",
      "map<int, duration>"})
  void should_read_every_native_type_and_collections_of_them(String type) {
    assertEquals(type, CqlType.parse(type).toString());
  }

  @Test
  void should_read_the_shipped_types_and_counters_profiles() {
    Profile types = Profile.load(ProfileTest.MEMO.resolveSibling("types.yaml").toString());
    assertEquals("frozen<list<int>>", types.clustering.get(1).type.toString());
    assertEquals("map<text, frozen<set<int>>>", column(types, "props").type.toString());
    assertTrue(types.neutralValues());
    Profile counters = Profile.load(ProfileTest.MEMO.resolveSibling("counters.yaml").toString());
    assertTrue(counters.counterTable());
    assertEquals(Arrays.asList("views", "clicks", "page", "hour"), counters.insertColumnNames());
  }

  @Test
  void should_read_types_in_any_case_and_spacing() {
    assertEquals("map<text, frozen<set<int>>>", CqlType.parse(" MAP < Text ,FROZEN< set<INT> > > ").toString());
    assertEquals("varchar", CqlType.parse("VarChar").toString());
  }

  /** Each type profiles cannot generate, or malformed type text: the column and a specific reason, on one line. */
  static Stream<Arguments> badTypes() {
    return Stream.of(
        Arguments.of("x map<int", "ends where ',' or '>' was expected"),
        Arguments.of("x list<>", "'>' where a type name was expected"),
        Arguments.of("x list<int, int>", "list<...> takes 1 type, got 2"),
        Arguments.of("x map<int>", "map<...> takes 2 types, got 1"),
        Arguments.of("x list int", "list needs a type in <...>"),
        Arguments.of("x map<int, int>>", "unexpected '>' after the type"),
        Arguments.of("x list<int> garbage", "unexpected 'garbage' after the type"),
        Arguments.of("x int static", "static columns are not supported"),
        Arguments.of("x int<text>", "'int' takes no type parameters"),
        Arguments.of("x list<list<int>>", "a list inside a collection must be frozen<list<...>>"),
        Arguments.of("x map<text, set<int>>", "a set inside a collection must be frozen<set<...>>"),
        Arguments.of("x frozen<int>", "frozen<...> takes a collection"),
        Arguments.of("x set<duration>", "set elements cannot be durations"),
        Arguments.of("x map<duration, int>", "map keys cannot be durations"),
        Arguments.of("x set<frozen<list<duration>>>", "set elements cannot be durations"),
        Arguments.of("x list<counter>", "a counter cannot be inside a collection"),
        Arguments.of("x tuple<int, text>", "tuple types are not supported"),
        Arguments.of("x frozen<tuple<int, text>>", "tuple types are not supported"),
        Arguments.of("x vector<float, 3>", "vector types are not supported"),
        Arguments.of("x address", "'address' is not a native CQL type; user-defined types are not supported"),
        Arguments.of("x frozen<address>", "'address' is not a native CQL type"),
        Arguments.of("x \"MyType\"", "\"MyType\" is a user-defined type"),
        Arguments.of("x 'org.apache.cassandra.db.marshal.UTF8Type'", "custom types"),
        Arguments.of("x list<\"int", "unclosed \" in the type"),
        Arguments.of("x int-2", "'int-2' is not a native CQL type"),
        // Keys: CQL's own rules, checked before the server sees the table.
        Arguments.of("k list<int>, PRIMARY KEY (a, k)", "column 'k' (list<int>): a collection in the PRIMARY KEY "
            + "must be frozen"),
        Arguments.of("k duration, PRIMARY KEY (a, k)", "column 'k' (duration): a duration cannot be in the PRIMARY"),
        Arguments.of("k frozen<list<duration>>, PRIMARY KEY ((a, k))", "a duration cannot be in the PRIMARY KEY"),
        Arguments.of("k counter, PRIMARY KEY (a, k)", "a counter cannot be in the PRIMARY KEY"),
        Arguments.of("n counter, v int", "counter column 'n' and non-counter column 'v': a table's columns "
            + "outside the PRIMARY KEY are all counters or none"));
  }

  @ParameterizedTest
  @MethodSource("badTypes")
  void should_name_the_file_key_column_and_reason_when_a_type_cannot_be_generated(String columns, String problem)
      throws IOException {
    String defs = columns.contains("PRIMARY KEY") ? "a int, " + columns : "a int PRIMARY KEY, " + columns;
    Path f = write("keyspace: k\ntable: t\ntable_definition: CREATE TABLE t (" + defs + ")\n");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Profile.load(f.toString()));
    String m = e.getMessage();
    assertTrue(m.startsWith("profile " + f + ": table_definition: "), m);
    String column = columns.substring(0, columns.indexOf(' '));
    assertTrue(m.contains("column '" + column + "'") || m.contains("column 'n'"), m);
    assertTrue(m.contains(problem), m);
    assertFalse(m.contains("\n"), m);
  }

  /**
   * Hostile type text (random sequences of type names, brackets, commas, quotes and junk, and very deep nesting): a
   * type that reads back as itself, or an IllegalArgumentException with one line — never another exception.
   */
  @Test
  void should_read_a_type_or_give_one_line_for_any_token_soup_and_any_depth() {
    String[] pieces = {"list", "set", "map", "frozen", "tuple", "int", "text", "date", "duration", "counter", "<",
        ">", ",", " ", "\"", "'", "x", "static", "vector", "3", "INT", "Map", "\t", "\n", "<<", ">>", "-", ""};
    java.util.SplittableRandom random = new java.util.SplittableRandom(17);
    int parsed = 0;
    for (int i = 0; i < 20_000; i++) {
      StringBuilder text = new StringBuilder();
      for (int k = 0, n = 1 + random.nextInt(12); k < n; k++) {
        text.append(pieces[random.nextInt(pieces.length)]);
      }
      try {
        CqlType t = CqlType.parse(text.toString());
        assertEquals(t.toString(), CqlType.parse(t.toString()).toString(), text.toString());
        parsed++;
      } catch (IllegalArgumentException e) {
        assertFalse(e.getMessage() == null || e.getMessage().contains("\n"), text + ": " + e.getMessage());
      }
    }
    assertTrue(parsed > 100, "some soups are types: " + parsed);
    StringBuilder deep = new StringBuilder("list<");
    for (int i = 0; i < 100_000; i++) {
      deep.append("frozen<list<");
    }
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CqlType.parse(deep.toString()));
    assertTrue(e.getMessage().contains("nested deeper than 16 levels"), e.getMessage());
    StringBuilder ok = new StringBuilder("int");
    for (int i = 0; i < CqlType.MAX_NESTING / 2; i++) {
      ok.insert(0, "frozen<list<").append(">>"); // two levels each
    }
    assertEquals(ok.toString(), CqlType.parse(ok.toString()).toString());
  }

  @Test
  void should_take_a_quoted_lower_case_column_name_and_refuse_other_quoted_names_with_one_line() throws IOException {
    Profile p = load("\"a\" int PRIMARY KEY, \"when\"   frozen<list<date>>", "");
    assertEquals(Arrays.asList("a", "when"), p.columnNames());
    assertEquals("frozen<list<date>>", p.columns.get(1).type.toString());
    for (String[] bad : new String[][] {{"\"My Col\" int", "column \"My Col\": quoted names must be lower-case words"},
        {"\"Upper\" list<int>", "column \"Upper\": quoted names"},
        {"\"a\"\"b\" int", "column \"a\"b\": quoted names"},
        {"\"open int", "column definition '\"open int' has an unclosed \" in its name"},
        {"\"two\nlines\" int", "column \"two lines\": quoted names"},
        {"\"broken\n  name\"", "column \"broken name\": quoted names"}}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> load("a int PRIMARY KEY, " + bad[0], ""));
      assertTrue(e.getMessage().contains(": table_definition: " + bad[1]), e.getMessage());
      assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }
  }

  @Test
  void should_refuse_a_collection_size_beyond_the_element_limit_counting_nested_levels() throws IOException {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> load(
        "a int PRIMARY KEY, l list<int>", "  - name: l\n    size: fixed(100001)\n"));
    assertTrue(e.getMessage().contains(": columnspec.l.size: is the element count of list<int>"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> load(
        "a int PRIMARY KEY, l list<frozen<list<int>>>", "  - name: l\n    size: uniform(1..400)\n"));
    assertTrue(e.getMessage().contains("at most 100000 elements in all") && e.getMessage().contains("at 2 levels"),
        e.getMessage());
    // A text column's size is its length: the element limit does not apply.
    load("a int PRIMARY KEY, s text", "  - name: s\n    size: fixed(200000)\n");
  }

  @Test
  void should_generate_the_same_collections_from_the_same_seed_and_others_from_another() throws IOException {
    Profile p = load("a int, b frozen<list<int>>, m map<text, frozen<set<int>>>, d date, PRIMARY KEY (a, b)",
        "  - name: b\n    cluster: fixed(3)\n");
    RowGenerator g1 = new RowGenerator(p, 1);
    RowGenerator g2 = new RowGenerator(p, 2);
    Object[] row = g1.row(42, 1);
    assertTrue(Arrays.deepEquals(row, new RowGenerator(p, 1).row(42, 1)));
    assertFalse(Arrays.deepEquals(row, g2.row(42, 1)));
    assertTrue(row[1] instanceof List && row[2] instanceof Map && row[3] instanceof LocalDate, Arrays.toString(row));
    // Each row of a partition has its own clustering list.
    Set<Object> lists = new HashSet<>();
    for (long r = 0; r < 3; r++) {
      lists.add(g1.row(42, r)[1]);
    }
    assertEquals(3, lists.size());
  }

  @Test
  void should_draw_element_counts_from_size_and_text_element_lengths_from_it_too() throws IOException {
    Profile p = load("a int PRIMARY KEY, l list<int>, m map<bigint, frozen<set<bigint>>>, e list<text>, "
        + "f list<text>", "  - name: l\n    size: uniform(2..6)\n  - name: m\n    size: fixed(3)\n"
        + "  - name: e\n    size: fixed(0)\n  - name: f\n    size: fixed(4)\n");
    RowGenerator g = new RowGenerator(p, 5);
    Set<Integer> counts = new HashSet<>();
    for (long part = 0; part < 2000; part++) {
      Object[] row = g.row(part, 0);
      int n = ((List<?>) row[1]).size();
      assertTrue(n >= 2 && n <= 6, "count " + n);
      counts.add(n);
      Map<?, ?> m = (Map<?, ?>) row[2];
      assertEquals(3, m.size(), m.toString());
      for (Map.Entry<?, ?> e : m.entrySet()) {
        assertTrue(e.getKey() instanceof Long);
        assertEquals(3, ((Set<?>) e.getValue()).size());
        assertTrue(((Set<?>) e.getValue()).iterator().next() instanceof Long);
      }
      assertEquals(0, ((List<?>) row[3]).size());
      List<?> texts = (List<?>) row[4];
      assertEquals(4, texts.size());
      for (Object t : texts) {
        assertEquals(4, ((String) t).length(), "a text element's length is drawn from size too");
      }
    }
    assertEquals(new HashSet<>(Arrays.asList(2, 3, 4, 5, 6)), counts);
  }

  @Test
  void should_hold_distinct_elements_and_fewer_than_size_only_when_element_values_collide() throws IOException {
    Profile p = load("a int PRIMARY KEY, s set<int>, b set<boolean>, m map<boolean, int>, t set<tinyint>",
        "  - name: s\n    size: fixed(50)\n  - name: b\n    size: fixed(5)\n  - name: m\n    size: fixed(4)\n"
            + "  - name: t\n    size: fixed(200)\n");
    RowGenerator g = new RowGenerator(p, 3);
    for (long part = 0; part < 200; part++) {
      Object[] row = g.row(part, 0);
      assertEquals(50, ((Set<?>) row[1]).size(), "no int collides");
      int booleans = ((Set<?>) row[2]).size();
      assertTrue(booleans >= 1 && booleans <= 2, "booleans " + booleans);
      int keys = ((Map<?, ?>) row[3]).size();
      assertTrue(keys >= 1 && keys <= 2, "keys " + keys);
      int bytes = ((Set<?>) row[4]).size();
      assertTrue(bytes < 200 && bytes > 100, "200 draws of 256 byte values collide: " + bytes);
    }
  }

  @Test
  void should_draw_only_population_many_distinct_collections_and_dates() throws IOException {
    Profile p = load("a int PRIMARY KEY, l list<text>, d date, u duration, t time",
        "  - name: l\n    population: uniform(1..3)\n  - name: d\n    population: uniform(1..5)\n");
    RowGenerator g = new RowGenerator(p, 8);
    Set<Object> lists = new HashSet<>();
    Set<Object> dates = new HashSet<>();
    Set<Object> durations = new HashSet<>();
    Set<Object> times = new HashSet<>();
    for (long part = 0; part < 3000; part++) {
      Object[] row = g.row(part, 0);
      lists.add(row[1]);
      dates.add(row[2]);
      durations.add(row[3]);
      times.add(row[4]);
    }
    assertEquals(3, lists.size());
    assertEquals(5, dates.size());
    assertTrue(durations.size() > 2900 && times.size() > 2900, durations.size() + " " + times.size());
  }

  @Test
  void should_keep_dates_times_and_durations_within_their_ranges() throws IOException {
    Profile p = load("a int PRIMARY KEY, d date, t time, u duration, ld list<date>", "");
    RowGenerator g = new RowGenerator(p, 4);
    LocalDate min = LocalDate.of(2000, 1, 1);
    LocalDate max = min.plusDays(ColumnType.DATE_SPAN_DAYS);
    Set<Integer> months = new HashSet<>();
    for (long part = 0; part < 5000; part++) {
      Object[] row = g.row(part, 0);
      LocalDate d = (LocalDate) row[1];
      assertTrue(!d.isBefore(min) && d.isBefore(max), d.toString());
      long t = (Long) row[2];
      assertTrue(t >= 0 && t < ColumnType.NANOS_PER_DAY, "time " + t);
      CqlDuration u = (CqlDuration) row[3];
      assertTrue(u.months() >= 0 && u.months() < 24 && u.days() >= 0 && u.days() < 31 && u.nanos() >= 0
          && u.nanos() < ColumnType.NANOS_PER_DAY, u.toString());
      months.add(u.months());
      for (Object e : (List<?>) row[4]) {
        assertTrue(!((LocalDate) e).isBefore(min) && ((LocalDate) e).isBefore(max), e.toString());
      }
    }
    assertEquals(24, months.size());
    assertTrue(p.neutralValues());
    assertFalse(Profile.load(ProfileTest.MEMO.toString()).neutralValues());
    assertTrue(load("a int PRIMARY KEY, m map<int, frozen<list<duration>>>", "").neutralValues());
  }

  @Test
  void should_write_counters_as_updates_of_increments_drawn_from_population_in_counter_batches()
      throws IOException {
    Path f = write(ProfileTest.COUNTERS + "columnspec:\n  - name: n\n    population: uniform(1..10)\n");
    Profile p = Profile.load(f.toString());
    assertTrue(p.counterTable());
    assertEquals(Profile.BatchType.COUNTER, p.batchType);
    assertEquals("UPDATE t SET \"n\" = \"n\" + ?, \"m\" = \"m\" + ? WHERE \"a\" = ? AND \"b\" = ?", p.insertCql());
    assertEquals(Arrays.asList("n", "m", "a", "b"), p.insertColumnNames());
    RowGenerator g = new RowGenerator(p, 6);
    Set<Object> increments = new HashSet<>();
    for (long part = 0; part < 500; part++) {
      Object[] row = g.row(part, 0); // table order: a, n, b, m
      Object[] bound = g.insertValues(row);
      assertEquals(Arrays.asList(row[1], row[3], row[0], row[2]), Arrays.asList(bound));
      long n = (Long) row[1];
      assertTrue(n >= 1 && n <= 10, "increment " + n);
      increments.add(n);
    }
    assertEquals(10, increments.size());
    // A table without counters binds its row as it is.
    Profile memo = Profile.load(ProfileTest.MEMO.toString());
    Object[] row = new RowGenerator(memo, 1).row(3, 0);
    assertEquals(row, new RowGenerator(memo, 1).insertValues(row));
    assertFalse(memo.counterTable());
    assertNotEquals(memo.insertCql(), p.insertCql());
  }
}
