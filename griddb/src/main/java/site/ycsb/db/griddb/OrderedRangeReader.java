package site.ycsb.db.griddb;

import java.util.ArrayList;
import java.util.List;

/**
 * {@link RangeReader} over ordered containers (the data containers of a {@link ScanLayout#ROWS} table, or scan-index
 * containers): rows with key {@code >= fromKey} in key order, found with TQL
 * {@code where ycsb_ord >= ord(fromKey) order by ycsb_ord limit L} (see {@link ScanOrder}).
 *
 * <p>Rows sharing an ord value come back in no particular order, and a limit may cut such a group. After a read of
 * L rows whose largest ord is M, every row with ord {@code < M} is known; if enough of those are {@code >= fromKey}
 * they are the answer, else L doubles and the read repeats. A read that returns fewer than L rows saw the rest of
 * the container. {@link #readAll} sends the reads of every container in one request ({@code GridStore.fetchAll}),
 * and the repeats of a round together again.
 *
 * <p>Two sizings: index reads return a key only, so they ask generously ({@link ScanMerger#firstBatch} and 8 rows of
 * slack for ties); row reads return whole rows, whose transfer and decoding is most of a scan's cost, so they ask for
 * about a container's share plus 1.5 standard deviations and one row of slack, and let the merge ask again in the
 * rare case that was too few.
 *
 * <p>Not thread-safe: it reads through one client thread's session, on that thread.
 */
public final class OrderedRangeReader implements RangeReader {
  private final StoreSession session;
  private final boolean wholeRows;
  private final int slack;

  private OrderedRangeReader(StoreSession session, boolean wholeRows) {
    this.session = session;
    this.wholeRows = wholeRows;
    this.slack = wholeRows ? 1 : 8;
  }

  /** A reader of scan-index containers (rows hold only the key). */
  public static OrderedRangeReader ofIndex(StoreSession session) {
    return new OrderedRangeReader(session, false);
  }

  /** A reader of a {@link ScanLayout#ROWS} table's data containers. */
  public static OrderedRangeReader ofRows(StoreSession session) {
    return new OrderedRangeReader(session, true);
  }

  @Override
  public int firstBatch(int n, int containers) {
    if (!wholeRows) {
      return ScanMerger.firstBatch(n, containers);
    }
    double share = (double) n / containers;
    return (int) Math.ceil(share + 1.5 * Math.sqrt(share)) + 1;
  }

  @Override
  public List<String[]> read(String container, String fromKey, boolean inclusive, int limit, int[] columns)
      throws StoreException {
    return project(readFrom(container, fromKey, inclusive, limit, limit + slack), columns);
  }

  @Override
  public List<List<String[]>> readAll(List<String> containers, String fromKey, boolean inclusive, int limit,
                                      int[] columns) throws StoreException {
    int c = containers.size();
    List<List<String[]>> out = new ArrayList<>(c);
    for (int i = 0; i < c; i++) {
      out.add(new ArrayList<>());
    }
    if (limit <= 0) {
      return out;
    }
    long from = ScanOrder.of(fromKey);
    // Containers whose read did not settle their first rows (a limit cut a group of equal numbers) are asked
    // again together, with twice the limit: one request per round, not one per container.
    List<Integer> open = new ArrayList<>(c);
    for (int i = 0; i < c; i++) {
      open.add(i);
    }
    int ask = limit + slack;
    while (!open.isEmpty()) {
      List<String> names = new ArrayList<>(open.size());
      for (int i : open) {
        names.add(containers.get(i));
      }
      List<List<String[]>> got = session.orderedRows(names, from, ask);
      List<Integer> still = new ArrayList<>();
      for (int j = 0; j < open.size(); j++) {
        List<String[]> done = resolve(got.get(j), ask, fromKey, inclusive, limit);
        if (done == null) {
          still.add(open.get(j));
        } else {
          out.set(open.get(j), project(done, columns));
        }
      }
      open = still;
      ask = grow(ask);
    }
    return out;
  }

  private List<String[]> readFrom(String container, String fromKey, boolean inclusive, int limit, int ask)
      throws StoreException {
    if (limit <= 0) {
      return new ArrayList<>();
    }
    long from = ScanOrder.of(fromKey);
    while (true) {
      List<String[]> done = resolve(session.orderedRows(container, from, ask), ask, fromKey, inclusive, limit);
      if (done != null) {
        return done;
      }
      ask = grow(ask);
    }
  }

  /** The first {@code limit} rows in key order if {@code rows} (a read of {@code ask}) settles them, else null. */
  private static List<String[]> resolve(List<String[]> rows, int ask, String fromKey, boolean inclusive,
                                        int limit) {
    boolean exhausted = rows.size() < ask;
    long maxOrd = Long.MIN_VALUE;
    for (String[] r : rows) {
      maxOrd = Math.max(maxOrd, ScanOrder.of(r[0]));
    }
    List<String[]> known = new ArrayList<>();
    for (String[] r : rows) {
      int cmp = KeyOrder.compare(r[0], fromKey);
      if ((inclusive ? cmp >= 0 : cmp > 0) && (exhausted || ScanOrder.of(r[0]) < maxOrd)) {
        known.add(r);
      }
    }
    if (!exhausted && known.size() < limit) {
      return null;
    }
    known.sort((a, b) -> KeyOrder.compare(a[0], b[0]));
    return known.size() > limit ? new ArrayList<>(known.subList(0, limit)) : known;
  }

  /** Each row as the key followed by the values of {@code columns} (a column the row lacks reads as null). */
  private static List<String[]> project(List<String[]> rows, int[] columns) {
    List<String[]> out = new ArrayList<>(rows.size());
    for (String[] r : rows) {
      String[] p = new String[columns.length + 1];
      p[0] = r[0];
      for (int i = 0; i < columns.length; i++) {
        p[i + 1] = columns[i] < r.length ? r[columns[i]] : null;
      }
      out.add(p);
    }
    return out;
  }

  private static int grow(int ask) {
    return ask > Integer.MAX_VALUE / 2 ? Integer.MAX_VALUE : ask * 2;
  }

  @Override
  public void close() {
    // The session belongs to the client thread and is closed with it.
  }
}
