package site.ycsb;

/**
 * A resettable {@link ByteIterator} over (a slice of) a byte array. The array is not copied.
 *
 * <p>Not thread-safe: an iterator is consumed by one thread, as every {@link ByteIterator}.
 */
public class ByteArrayByteIterator extends ByteIterator {
  private final int originalOffset;
  private final byte[] str;
  private int off;
  private final int len;

  public ByteArrayByteIterator(byte[] s) {
    this(s, 0, s.length);
  }

  public ByteArrayByteIterator(byte[] s, int off, int len) {
    this.str = s;
    this.off = off;
    this.len = off + len;
    this.originalOffset = off;
  }

  @Override
  public boolean hasNext() {
    return off < len;
  }

  @Override
  public byte nextByte() {
    return str[off++];
  }

  @Override
  public long bytesLeft() {
    return len - off;
  }

  @Override
  public void reset() {
    off = originalOffset;
  }

  @Override
  public byte[] toArray() {
    int size = len - off;
    byte[] ret = new byte[size];
    System.arraycopy(str, off, ret, 0, size);
    off = len;
    return ret;
  }
}
