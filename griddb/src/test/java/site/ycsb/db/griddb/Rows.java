package site.ycsb.db.griddb;

import site.ycsb.ByteIterator;
import site.ycsb.StringByteIterator;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/** Field values for the binding's tests: YCSB's value maps built from and compared as plain strings. */
final class Rows {
  private Rows() {
  }

  /** The values of {@code field, value, field, value, ...}, as the engine passes them to insert and update. */
  static Map<String, ByteIterator> values(String... kv) {
    Map<String, ByteIterator> m = new HashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], new StringByteIterator(kv[i + 1]));
    }
    return m;
  }

  /** What a read returned, as strings sorted by field name. */
  static Map<String, String> strings(Map<String, ByteIterator> m) {
    Map<String, String> out = new TreeMap<>();
    for (Map.Entry<String, ByteIterator> e : m.entrySet()) {
      out.put(e.getKey(), e.getValue().toString());
    }
    return out;
  }

  /** The expected result of a read, {@code field, value, ...}, to compare with {@link #strings}. */
  static Map<String, String> expect(String... kv) {
    Map<String, String> out = new TreeMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      out.put(kv[i], kv[i + 1]);
    }
    return out;
  }
}
