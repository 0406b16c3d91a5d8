package site.ycsb.db.griddb;

import java.util.List;

/**
 * Reads rows of one container in key order from a start key: what a scan needs and TQL cannot do.
 *
 * <p>Implementations are not thread-safe: they read through one client thread's session, on that thread.
 */
public interface RangeReader {
  /**
   * Rows with key {@code >= fromKey} (or {@code > fromKey} if not inclusive), in {@link KeyOrder}, at most
   * {@code limit}. Each returned row holds the key at [0] followed by the values of {@code columns} in order.
   */
  List<String[]> read(String container, String fromKey, boolean inclusive, int limit, int[] columns)
      throws StoreException;

  /** {@link #read} on each container, in order (an implementation may send them together). */
  default List<List<String[]>> readAll(List<String> containers, String fromKey, boolean inclusive, int limit,
                                       int[] columns) throws StoreException {
    List<List<String[]>> out = new java.util.ArrayList<>(containers.size());
    for (String c : containers) {
      out.add(read(c, fromKey, inclusive, limit, columns));
    }
    return out;
  }

  /** Rows the merge first asks each of {@code containers} containers for, for a scan of {@code n} rows. */
  default int firstBatch(int n, int containers) {
    return ScanMerger.firstBatch(n, containers);
  }

  void close();
}
