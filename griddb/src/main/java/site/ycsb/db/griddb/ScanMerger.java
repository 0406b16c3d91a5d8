package site.ycsb.db.griddb;

import java.util.ArrayList;
import java.util.List;

/**
 * Finds the {@code n} smallest keys {@code >= startKey} over all containers of a table.
 *
 * <p>Each container is first asked for its m smallest rows from the start key ({@link RangeReader#firstBatch}; by
 * default {@code m = 2 * ceil(n / C) + 4}). Let T
 * be the smallest last key among containers that returned a full batch (they may hold more). Every row with key
 * {@code <= T} has then been seen, so if there are at least n of them, the n smallest are the answer. Otherwise
 * the container whose last key is T is asked for more rows after T, and the test repeats. With keys spread evenly
 * the first round almost always suffices: a scan costs C range reads of about m rows each.
 *
 * <p>Not thread-safe: one per scan, on the scanning client thread.
 */
public final class ScanMerger {
  private final RangeReader reader;

  public ScanMerger(RangeReader reader) {
    this.reader = reader;
  }

  /** The default first-round batch size per container (see {@link RangeReader#firstBatch}). */
  static int firstBatch(int n, int containers) {
    return 2 * ((n + containers - 1) / containers) + 4;
  }

  /** The rows (key at [0], then {@code columns}) of the n smallest keys {@code >= startKey}, in key order. */
  public List<String[]> scan(List<String> containers, String startKey, int n, int[] columns) throws StoreException {
    return scan(containers, startKey, true, n, columns);
  }

  /** As {@link #scan}, for keys strictly after {@code afterKey}. */
  public List<String[]> scanAfter(List<String> containers, String afterKey, int n, int[] columns)
      throws StoreException {
    return scan(containers, afterKey, false, n, columns);
  }

  private List<String[]> scan(List<String> containers, String startKey, boolean inclusive, int n, int[] columns)
      throws StoreException {
    if (n <= 0) {
      return new ArrayList<>();
    }
    int c = containers.size();
    int m = reader.firstBatch(n, c);
    List<List<String[]>> rows = new ArrayList<>(c);
    boolean[] more = new boolean[c];
    List<List<String[]>> first = reader.readAll(containers, startKey, inclusive, m, columns);
    for (int i = 0; i < c; i++) {
      List<String[]> got = new ArrayList<>(first.get(i));
      rows.add(got);
      more[i] = got.size() >= m;
    }
    while (true) {
      int boundIdx = -1;
      String bound = null;
      for (int i = 0; i < c; i++) {
        if (more[i]) {
          String last = last(rows.get(i));
          if (bound == null || KeyOrder.compare(last, bound) < 0) {
            bound = last;
            boundIdx = i;
          }
        }
      }
      List<String[]> seen = new ArrayList<>();
      for (List<String[]> list : rows) {
        for (String[] r : list) {
          if (bound == null || KeyOrder.compare(r[0], bound) <= 0) {
            seen.add(r);
          }
        }
      }
      if (bound == null || seen.size() >= n) {
        seen.sort((a, b) -> KeyOrder.compare(a[0], b[0]));
        return seen.size() > n ? new ArrayList<>(seen.subList(0, n)) : seen;
      }
      int want = Math.max(m, n - seen.size());
      List<String[]> next = reader.read(containers.get(boundIdx), bound, false, want, columns);
      rows.get(boundIdx).addAll(next);
      more[boundIdx] = next.size() >= want;
    }
  }

  private static String last(List<String[]> list) {
    return list.get(list.size() - 1)[0];
  }
}
