package site.ycsb.db.griddb;

import java.util.ArrayList;
import java.util.List;

/**
 * {@link RangeReader} over one scan-index container: keys {@code >= fromKey} in key order, found with TQL
 * {@code where ycsb_ord >= ord(fromKey) order by ycsb_ord limit L} (see {@link ScanOrder}).
 *
 * <p>Keys sharing an ord value come back in no particular order, and a limit may cut such a group. After a read of
 * L keys whose largest ord is M, every key with ord {@code < M} is known; if enough of those are {@code >= fromKey}
 * they are the answer, else L doubles and the read repeats. A read that returns fewer than L keys saw the rest of
 * the container. Rows hold only the key: the caller fetches the data rows.
 */
public final class IndexRangeReader implements RangeReader {
  private final StoreSession session;

  public IndexRangeReader(StoreSession session) {
    this.session = session;
  }

  @Override
  public List<String[]> read(String container, String fromKey, boolean inclusive, int limit, int[] columns)
      throws StoreException {
    List<String[]> out = new ArrayList<>();
    if (limit <= 0) {
      return out;
    }
    long from = ScanOrder.of(fromKey);
    int ask = limit + 8;
    while (true) {
      List<String> keys = session.indexKeys(container, from, ask);
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
      if (exhausted || known.size() >= limit) {
        known.sort(KeyOrder.BY_CODE_POINT);
        for (int i = 0; i < known.size() && i < limit; i++) {
          out.add(new String[] {known.get(i)});
        }
        return out;
      }
      ask = ask > Integer.MAX_VALUE / 2 ? Integer.MAX_VALUE : ask * 2;
    }
  }

  @Override
  public void close() {
    // The session belongs to the client thread and is closed with it.
  }
}
