package site.ycsb.db.griddb;

import java.util.Locale;

/**
 * How a table answers scans; chosen when the table is created ({@code griddb.scanlayout}) and recorded with it.
 * The cost model of each is in the module README ("Scan and what it costs").
 *
 * <p>Immutable and thread-safe.
 */
public enum ScanLayout {
  /**
   * The data containers carry an order-preserving number of the key ({@link ScanOrder}) with a TREE index, and a
   * scan asks every data container for its first rows from the start key with TQL: one request, no second copy.
   */
  ROWS,
  /** A separate scan index of K small containers (key and its number); a scan reads them, then multi-gets rows. */
  INDEX,
  /** No scan support in the containers: one SQL range SELECT per data container. */
  SQL;

  /** The property value naming this layout. */
  public String propertyValue() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The layout a property value names (any case), or null if it names none. */
  static ScanLayout parse(String value) {
    for (ScanLayout l : values()) {
      if (l.propertyValue().equalsIgnoreCase(value.trim())) {
        return l;
      }
    }
    return null;
  }
}
