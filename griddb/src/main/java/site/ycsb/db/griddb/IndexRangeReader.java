package site.ycsb.db.griddb;

import java.util.ArrayList;
import java.util.List;

/**
 * {@link RangeReader} over scan-index containers: keys {@code >= fromKey} in key order, found with TQL
 * {@code where ycsb_ord >= ord(fromKey) order by ycsb_ord limit L} (see {@link ScanOrder}).
 *
 * <p>Keys sharing an ord value come back in no particular order, and a limit may cut such a group. After a read of
 * L keys whose largest ord is M, every key with ord {@code < M} is known; if enough of those are {@code >= fromKey}
 * they are the answer, else L doubles and the read repeats. A read that returns fewer than L keys saw the rest of
 * the container. Rows hold only the key: the caller fetches the data rows. {@link #readAll} sends the first read of
 * every container in one request ({@code GridStore.fetchAll}).
 */
public final class IndexRangeReader implements RangeReader {
  private static final int SLACK = 8;
  private final StoreSession session;

  public IndexRangeReader(StoreSession session) {
    this.session = session;
  }

  @Override
  public List<String[]> read(String container, String fromKey, boolean inclusive, int limit, int[] columns)
      throws StoreException {
    return readFrom(container, fromKey, inclusive, limit, limit + SLACK);
  }

  @Override
  public List<List<String[]>> readAll(List<String> containers, String fromKey, boolean inclusive, int limit,
                                      int[] columns) throws StoreException {
    List<List<String[]>> out = new ArrayList<>(containers.size());
    if (limit <= 0) {
      for (int i = 0; i < containers.size(); i++) {
        out.add(new ArrayList<>());
      }
      return out;
    }
    int ask = limit + SLACK;
    List<List<String>> first = session.indexKeys(containers, ScanOrder.of(fromKey), ask);
    for (int i = 0; i < containers.size(); i++) {
      List<String[]> done = resolve(first.get(i), ask, fromKey, inclusive, limit);
      out.add(done != null ? done : readFrom(containers.get(i), fromKey, inclusive, limit, grow(ask)));
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
      List<String[]> done = resolve(session.indexKeys(container, from, ask), ask, fromKey, inclusive, limit);
      if (done != null) {
        return done;
      }
      ask = grow(ask);
    }
  }

  /** The first {@code limit} keys in order if {@code keys} (a read of {@code ask}) settles them, else null. */
  private static List<String[]> resolve(List<String> keys, int ask, String fromKey, boolean inclusive, int limit) {
    boolean exhausted = keys.size() < ask;
    long maxOrd = Long.MIN_VALUE;
    for (String k : keys) {
      maxOrd = Math.max(maxOrd, ScanOrder.of(k));
    }
    List<String> known = new ArrayList<>();
    for (String k : keys) {
      int cmp = KeyOrder.compare(k, fromKey);
      if ((inclusive ? cmp >= 0 : cmp > 0) && (exhausted || ScanOrder.of(k) < maxOrd)) {
        known.add(k);
      }
    }
    if (!exhausted && known.size() < limit) {
      return null;
    }
    known.sort(KeyOrder.BY_CODE_POINT);
    List<String[]> out = new ArrayList<>();
    for (int i = 0; i < known.size() && i < limit; i++) {
      out.add(new String[] {known.get(i)});
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
