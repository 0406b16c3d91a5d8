package site.ycsb.db.griddb;

import java.util.ArrayList;
import java.util.List;

/**
 * Chooses the names of a table's containers so that they cover the cluster's partitions evenly.
 *
 * <p>GridDB places a container in the partition given by a hash of its name, so {@code <table>_0..C-1} would land
 * unevenly (several on one partition, none on others). Instead candidates {@code <table>_0, <table>_1, ...} are
 * tried in order, and a candidate is kept only if its partition holds fewer containers than the current fill level
 * ({@code floor(kept / P) + 1}): the first P kept names sit on P distinct partitions, the next P again one per
 * partition, and so on. The result depends only on the table, C and the cluster's name-to-partition hash, so every
 * client machine computes the same list.
 *
 * <p>Stateless and thread-safe (the {@code PartitionOf} given is called on the caller's thread only).
 */
public final class ContainerLayout {
  /** Gives the partition a container name lands on. */
  public interface PartitionOf {
    int of(String containerName) throws StoreException;
  }

  private ContainerLayout() {
  }

  /**
   * @param table          table name (container name prefix)
   * @param count          number of containers C
   * @param partitionCount the cluster's partition count P
   * @param partitionOf    the cluster's name-to-partition mapping
   */
  public static List<String> choose(String table, int count, int partitionCount, PartitionOf partitionOf)
      throws StoreException {
    return choose(table, count, partitionCount, partitionOf, null);
  }

  /**
   * As {@link #choose(String, int, int, PartitionOf)}, and, when {@code nodeOfPartition} is given, a candidate is
   * also kept only if its node holds fewer containers than the node fill level ({@code floor(kept / N) + 1}, N
   * nodes): with C below P the containers then spread evenly over the nodes as well. The result depends on which
   * node owns which partition at the time, so it must be recorded, not recomputed (see {@link TableLayouts}).
   *
   * @param nodeOfPartition node index (0..N-1) of each partition, or null to ignore nodes
   */
  public static List<String> choose(String table, int count, int partitionCount, PartitionOf partitionOf,
                                    int[] nodeOfPartition) throws StoreException {
    int[] load = new int[partitionCount];
    int nodes = nodeOfPartition == null ? 1 : nodes(nodeOfPartition);
    int[] nodeLoad = new int[nodes];
    List<String> names = new ArrayList<>(count);
    // Bound the search: past it (never expected: ~P ln P candidates fill a level) any name is accepted.
    long budget = 200L * Math.max(count, partitionCount) + 10_000;
    for (long candidate = 0; names.size() < count; candidate++) {
      String name = table + "_" + candidate;
      int p = partitionOf.of(name);
      boolean known = p >= 0 && p < partitionCount;
      int level = names.size() / partitionCount + 1;
      int node = known && nodeOfPartition != null ? nodeOfPartition[p] : 0;
      boolean nodeRoom = nodeOfPartition == null || !known || nodeLoad[node] < names.size() / nodes + 1;
      if (!known || (load[p] < level && nodeRoom) || candidate >= budget) {
        if (known) {
          load[p]++;
          nodeLoad[node]++;
        }
        names.add(name);
      }
    }
    return names;
  }

  /** The number of nodes in a partition-to-node-index map (indexes 0..N-1). */
  static int nodes(int[] nodeOfPartition) {
    int n = 1;
    for (int i : nodeOfPartition) {
      n = Math.max(n, i + 1);
    }
    return n;
  }
}
