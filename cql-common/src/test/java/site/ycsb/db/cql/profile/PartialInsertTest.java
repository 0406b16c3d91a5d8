package site.ycsb.db.cql.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import site.ycsb.Status;

/**
 * insert.select ratios below 1 and profile.visits (a partition written part by part), and {@code IN ?} markers:
 * which rows each insert block writes (a function of the seed, so a check can recompute the table), that the rows
 * of a visit are written with the drawn chance, that the visits of a group complete its partitions, and that queries
 * (also their IN lists) only name rows an insert wrote.
 */
class PartialInsertTest {
  @TempDir
  Path dir;

  /** A wide-row table: partition key a, clustering b (cluster: 40 rows), one regular column c. */
  private static final String WIDE = "keyspace: k\ntable: t\n"
      + "table_definition: CREATE TABLE t (a text, b int, c text, PRIMARY KEY (a, b))\n"
      + "columnspec:\n  - name: a\n    size: fixed(12)\n  - name: b\n    cluster: fixed(40)\n"
      + "    population: uniform(1..1b)\n";

  private Profile profile(String insert, String queries) throws IOException {
    Path f = dir.resolve("p.yaml");
    Files.write(f, (WIDE + insert + queries).getBytes(StandardCharsets.UTF_8));
    return Profile.load(f.toString());
  }

  /** Rows kept by (a, b); a query matches its a and b values (each a value or a list of values). */
  static final class Table extends NamedOnlyDb {
    final Set<List<Object>> rows = new HashSet<>();
    final List<Object[]> queried = new ArrayList<>();
    int notFound;
    int batches;

    @Override
    public Status executeNamed(String name, Object request) {
      ProfileRequest r = (ProfileRequest) request;
      if (r.kind() != ProfileRequest.Kind.QUERY) {
        batches++;
        assertFalse(r.rows().isEmpty(), "an insert sends rows");
        for (Object[] row : r.rows()) {
          assertTrue(rows.add(Arrays.asList(row[0], row[1])), "no row is written twice");
        }
        return Status.OK;
      }
      Object[] v = r.rows().get(0);
      queried.add(v);
      long n = 0;
      for (Object a : values(v[0])) {
        for (Object b : values(v[1])) {
          n += rows.contains(Arrays.asList(a, b)) ? 1 : 0;
        }
      }
      r.resultRows(n);
      notFound += n == 0 ? 1 : 0;
      return n == 0 ? Status.NOT_FOUND : Status.OK;
    }

    private static Collection<?> values(Object v) {
      return v instanceof List ? (List<?>) v : Collections.singletonList(v);
    }
  }

  @Test
  void should_write_each_row_of_a_visit_with_the_select_chance_when_select_is_below_one() throws IOException {
    RowGenerator g = new RowGenerator(profile("insert:\n  select: fixed(1)/4\n", ""), 5);
    long written = 0;
    for (long block = 0; block < 500; block++) {
      List<Object[]> rows = g.blockRows(block);
      written += rows.size();
      for (Object[] row : rows) {
        assertEquals(g.row(RowGenerator.partition(block, 0), 0)[0], row[0], "only the block's partition");
      }
    }
    // 500 partitions of 40 rows, each row with chance 1/4: 5000 expected, standard deviation 43.
    assertEquals(5000, written, 200);
  }

  @Test
  void should_draw_the_ratio_per_partition_and_visit_when_select_is_a_distribution() throws IOException {
    RowGenerator g = new RowGenerator(profile("insert:\n  select: uniform(1..4)/4\n", ""), 5);
    int[] perPartition = new int[41];
    for (long block = 0; block < 4000; block++) {
      perPartition[g.blockRows(block).size()]++;
    }
    // The ratio is 1/4, 2/4, 3/4 or 1 for a whole visit, so a quarter of the partitions get all 40 rows (a per-row
    // draw of the mean chance, 5/8, would give 40 almost never: 5e-9), and the mean is 40 * 5/8 = 25 rows.
    assertEquals(1000, perPartition[40], 120);
    long sum = 0;
    for (int n = 0; n <= 40; n++) {
      sum += (long) n * perPartition[n];
    }
    assertEquals(25, sum / 4000.0, 0.5);
  }

  @Test
  void should_complete_every_partition_over_its_visits_when_visits_is_above_one() throws IOException {
    Profile p = profile("insert:\n  partitions: fixed(3)\n", "");
    RowGenerator g = new RowGenerator(p, 5, 3);
    for (long group = 0; group < 20; group++) {
      Set<List<Object>> all = new HashSet<>();
      int total = 0;
      for (long block = 3 * group; block < 3 * group + 3; block++) {
        assertEquals(group, g.group(block));
        List<Object[]> rows = g.blockRows(block);
        // Rows 0..12, 13..25, 26..39 of each of the three partitions.
        assertEquals(3 * (g.visit(block) == 2 ? 14 : 13), rows.size(), "block " + block);
        for (Object[] row : rows) {
          all.add(Arrays.asList(row[0], row[1]));
        }
        total += rows.size();
      }
      assertEquals(3 * 40, total);
      assertEquals(3 * 40, all.size(), "the three visits write disjoint rows and together all of them");
    }
  }

  private StressProfileWorkload workload(String... kv) throws Exception {
    Properties props = new Properties();
    props.setProperty("profile", dir.resolve("p.yaml").toString());
    for (String s : kv) {
      props.setProperty(s.substring(0, s.indexOf('=')), s.substring(s.indexOf('=') + 1));
    }
    StressProfileWorkload w = new StressProfileWorkload();
    w.init(props);
    return w;
  }

  @Test
  void should_query_only_rows_an_insert_wrote_when_select_is_below_one_and_partitions_take_several_visits()
      throws Exception {
    profile("insert:\n  partitions: fixed(2)\n  select: uniform(1..10)/20\n",
        "queries:\n  one:\n    cql: select * from t where a = ? and b = ?\n    fields: multirow\n");
    StressProfileWorkload w = workload("ops=insert=1,one=4", "profile.visits=4");
    Table db = new Table();
    Object t = w.initThread(new Properties(), 0, 1);
    for (int i = 0; i < 1000; i++) {
      assertTrue(w.doTransaction(db, t));
    }
    assertTrue(db.queried.size() > 600, "queries " + db.queried.size());
    assertEquals(0, db.notFound, "every query named a written row");
    // The table holds exactly the rows the generator says blocks 0..batches-1 write (none was empty).
    RowGenerator g = w.generator();
    Set<List<Object>> expected = new HashSet<>();
    int nonEmpty = 0;
    for (long block = 0; nonEmpty < db.batches; block++) {
      List<Object[]> rows = g.blockRows(block); // an empty block (no row drawn) is skipped by the insert
      nonEmpty += rows.isEmpty() ? 0 : 1;
      for (Object[] row : rows) {
        expected.add(Arrays.asList(row[0], row[1]));
      }
    }
    assertEquals(expected, db.rows);
    assertTrue(db.rows.size() < db.batches * 2 * 10 * 0.5, "about a quarter of each visit's 10 rows is written");
  }

  @Test
  void should_bind_lists_of_written_values_when_the_query_has_in_markers() throws Exception {
    Profile p = profile("insert:\n  select: fixed(1)/2\n",
        "queries:\n  dates:\n    cql: select * from t where a = ? and b IN ?\n"
            + "  names:\n    cql: select * from t where a in ? and b = ?\n");
    assertEquals(Arrays.asList("a", "in(b)"), p.queryColumns("dates"));
    assertEquals(Arrays.asList("in(a)", "b"), p.queryColumns("names"));
    StressProfileWorkload w = workload("ops=insert=1,dates=2,names=2", "profile.inlist=fixed(4)");
    Table db = new Table();
    Object t = w.initThread(new Properties(), 0, 1);
    for (int i = 0; i < 30; i++) {
      w.doInsert(db, t);
    }
    int clusteringLists = 0;
    int keyLists = 0;
    for (int i = 0; i < 400; i++) {
      w.doTransaction(db, t);
    }
    assertEquals(0, db.notFound);
    for (Object[] v : db.queried) {
      boolean keyList = v[0] instanceof List;
      List<?> list = (List<?>) (keyList ? v[0] : v[1]);
      assertEquals(4, list.size(), "four distinct values (20 written rows per partition, 30 partitions)");
      assertEquals(4, new HashSet<>(list).size());
      for (Object x : list) {
        Object a = keyList ? x : v[0];
        boolean exists = false;
        for (List<Object> row : db.rows) {
          exists |= row.get(0).equals(a) && (keyList || row.get(1).equals(x));
        }
        assertTrue(exists, "IN value " + x + " names a written " + (keyList ? "partition" : "row"));
      }
      clusteringLists += keyList ? 0 : 1;
      keyLists += keyList ? 1 : 0;
    }
    assertTrue(clusteringLists > 50 && keyLists > 50, clusteringLists + " / " + keyLists);
  }

  @Test
  void should_refuse_with_one_line_naming_the_property_when_visits_or_inlist_is_bad() throws Exception {
    profile("", "");
    String[][] cases = {
        {"profile.visits=0", "between 1 and"}, {"profile.visits=-2", "between 1 and"},
        {"profile.visits=x", "not a whole number"}, {"profile.visits=1.5", "not a whole number"},
        {"profile.visits=99999999", "between 1 and"},
        {"profile.inlist=fixed(0)", "within 1..1000"}, {"profile.inlist=uniform(1..5000)", "within 1..1000"},
        {"profile.inlist=zipf(1..3)", "unknown distribution"}, {"profile.inlist=3", "not a distribution"},
        {"profile.inlist=uniform(5..2)", "empty"},
    };
    for (String[] c : cases) {
      IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
          () -> workload(c[0]), c[0]);
      String m = e.getMessage();
      assertTrue(m.startsWith(c[0]) && m.contains(c[1]) && !m.contains("\n"), c[0] + " -> " + m);
    }
  }
}
