package site.ycsb.db.griddb;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.HashSet;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Unit tests of the choice of container names over partitions (with a stand-in name-to-partition hash). */
class ContainerLayoutTest {

  @ParameterizedTest
  @CsvSource({"128,128", "64,128", "200,128", "256,128", "1,128", "10,1", "32,7"})
  void should_spread_containers_evenly_over_partitions_when_choosing_names(int count, int partitions)
      throws Exception {
    FakeStore store = new FakeStore(partitions);
    List<String> names = ContainerLayout.choose("usertable", count, partitions, store::partitionOfName);
    assertEquals(count, names.size());
    assertEquals(count, new HashSet<>(names).size(), "names are distinct");
    int[] load = new int[partitions];
    for (String n : names) {
      assertTrue(n.startsWith("usertable_"), n);
      load[store.partitionOfName(n)]++;
    }
    int min = Integer.MAX_VALUE;
    int max = 0;
    for (int l : load) {
      min = Math.min(min, l);
      max = Math.max(max, l);
    }
    assertTrue(max - min <= 1, "partition loads differ by at most one: min=" + min + " max=" + max);
    // The same inputs give the same names: every client machine routes alike.
    assertEquals(names, ContainerLayout.choose("usertable", count, partitions, store::partitionOfName));
  }
}
