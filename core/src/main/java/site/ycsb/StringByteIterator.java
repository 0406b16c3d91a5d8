package site.ycsb;

import java.util.HashMap;
import java.util.Map;

/**
 * A resettable {@link ByteIterator} over a String. Each char becomes one byte ({@code (byte) c}), as in YCSB, so
 * characters beyond Latin-1 are not preserved byte-wise; {@link #toString()} returns the original String
 * unchanged when nothing has been read yet.
 *
 * <p>Not thread-safe: an iterator is consumed by one thread, as every {@link ByteIterator}.
 */
public class StringByteIterator extends ByteIterator {
  private final String str;
  private int off;

  public StringByteIterator(String s) {
    this.str = s;
    this.off = 0;
  }

  /** Puts every entry of {@code in} into {@code out} as a {@link StringByteIterator}. */
  public static void putAllAsByteIterators(Map<String, ByteIterator> out, Map<String, String> in) {
    for (Map.Entry<String, String> entry : in.entrySet()) {
      out.put(entry.getKey(), new StringByteIterator(entry.getValue()));
    }
  }

  /** Puts every entry of {@code in} into {@code out} as a String (consuming the iterators). */
  public static void putAllAsStrings(Map<String, String> out, Map<String, ByteIterator> in) {
    for (Map.Entry<String, ByteIterator> entry : in.entrySet()) {
      out.put(entry.getKey(), entry.getValue().toString());
    }
  }

  /** Returns a new map of {@link StringByteIterator}s over the values of {@code m}. */
  public static Map<String, ByteIterator> getByteIteratorMap(Map<String, String> m) {
    HashMap<String, ByteIterator> ret = new HashMap<>();
    putAllAsByteIterators(ret, m);
    return ret;
  }

  /** Returns a new map of Strings decoded from the values of {@code m} (consuming the iterators). */
  public static Map<String, String> getStringMap(Map<String, ByteIterator> m) {
    HashMap<String, String> ret = new HashMap<>();
    putAllAsStrings(ret, m);
    return ret;
  }

  @Override
  public boolean hasNext() {
    return off < str.length();
  }

  @Override
  public byte nextByte() {
    return (byte) str.charAt(off++);
  }

  @Override
  public long bytesLeft() {
    return str.length() - off;
  }

  @Override
  public void reset() {
    off = 0;
  }

  @Override
  public byte[] toArray() {
    byte[] bytes = new byte[(int) bytesLeft()];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = (byte) str.charAt(off + i);
    }
    off = str.length();
    return bytes;
  }

  /** Returns the remaining characters; the original String itself when nothing was consumed. */
  @Override
  public String toString() {
    if (off > 0) {
      String rest = str.substring(off);
      off = str.length();
      return rest;
    }
    off = str.length();
    return str;
  }
}
