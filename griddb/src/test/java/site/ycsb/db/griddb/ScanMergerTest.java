package site.ycsb.db.griddb;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Unit tests of the cross-container scan against an in-memory test double of the SQL range reads. */
class ScanMergerTest {

  private static List<String> fill(FakeStore store, TableSchema schema, int containers, int rows, long seed,
                                   boolean skewed) {
    FakeStore.Session s = store.session();
    List<String> names = new ArrayList<>();
    for (int i = 0; i < containers; i++) {
      names.add("t_" + i);
      s.createContainer("t_" + i, schema);
    }
    Random rnd = new Random(seed);
    for (int i = 0; i < rows; i++) {
      String key = "user" + Math.abs(rnd.nextLong());
      String[] row = schema.newRow(key);
      row[1] = "v" + key;
      // Skewed: most rows in container 0, to force the top-up rounds.
      int c = skewed && rnd.nextInt(10) < 8 ? 0 : ContainerRouter.indexOf(key, containers);
      try {
        s.put(names.get(c), row);
      } catch (StoreException e) {
        throw new AssertionError(e);
      }
    }
    return names;
  }

  @ParameterizedTest
  @CsvSource({"16,2000,1,false", "16,2000,100,false", "16,2000,1000,false", "128,3000,100,false",
      "8,500,100,true", "4,50,100,false", "1,300,10,false"})
  void should_return_the_smallest_keys_at_or_after_start_in_order_when_scanning(int containers, int rows, int n,
                                                                               boolean skewed) throws Exception {
    TableSchema schema = new TableSchema(2, "field");
    FakeStore store = new FakeStore(16);
    List<String> names = fill(store, schema, containers, rows, 42, skewed);
    TreeMap<String, String[]> all = store.allRows("t");
    Random rnd = new Random(7);
    for (int trial = 0; trial < 20; trial++) {
      String start = trial == 0 ? "user" : trial == 1 ? "zzz" : "user" + Math.abs(rnd.nextLong());
      if (trial == 2) {
        start = all.keySet().toArray(new String[0])[rows / 2];
      }
      List<String> expected = new ArrayList<>();
      for (String k : all.tailMap(start, true).keySet()) {
        if (expected.size() == n) {
          break;
        }
        expected.add(k);
      }
      List<String[]> got = new ScanMerger(store).scan(names, start, n, new int[] {1});
      List<String> keys = new ArrayList<>();
      for (String[] r : got) {
        keys.add(r[0]);
        assertEquals("v" + r[0], r[1]);
      }
      assertEquals(expected, keys, "start=" + start);
    }
  }

  @Test
  void should_read_each_container_once_when_keys_are_spread_evenly() throws Exception {
    TableSchema schema = new TableSchema(1, "field");
    FakeStore store = new FakeStore(16);
    List<String> names = fill(store, schema, 32, 20000, 3, false);
    store.rangeReads.set(0);
    new ScanMerger(store).scan(names, "user5", 100, new int[] {1});
    assertTrue(store.rangeReads.get() <= 34, "range reads: " + store.rangeReads.get());
  }

  @Test
  void should_return_nothing_when_count_is_zero() throws Exception {
    FakeStore store = new FakeStore(4);
    assertTrue(new ScanMerger(store).scan(new ArrayList<>(), "a", 0, new int[0]).isEmpty());
  }
}
