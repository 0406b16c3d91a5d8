package site.ycsb.db.cql;

import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

import site.ycsb.ByteIterator;

/**
 * Turns YCSB's single-use {@link ByteIterator} values into strings exactly once, before the first attempt, so a
 * retry (of the binding, or of YCSB's insert retry with the same map) sends the real values, not the empty
 * remainder of consumed iterators.
 *
 * <p>Stateless and thread-safe.
 */
public final class Values {
  private Values() {
  }

  /**
   * The values as strings, sorted by field name (a stable order gives one prepared statement per field set).
   * A null iterator stays a null value (written as a CQL null).
   */
  public static SortedMap<String, String> materialise(Map<String, ByteIterator> values) {
    SortedMap<String, String> out = new TreeMap<>();
    for (Map.Entry<String, ByteIterator> entry : values.entrySet()) {
      ByteIterator value = entry.getValue();
      // toString(): a StringByteIterator gives back its exact String (its bytes are a lossy Latin-1 view);
      // other iterators decode their bytes as UTF-8.
      out.put(entry.getKey(), value == null ? null : value.toString());
    }
    return Collections.unmodifiableSortedMap(out);
  }
}
