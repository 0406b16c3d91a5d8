package site.ycsb;

/**
 * A {@link ByteIterator} holding one long or double as 8 big-endian bytes, used by time-series workloads so that a
 * binding can store the number natively ({@link #getLong()}, {@link #getDouble()}).
 *
 * <p>Not thread-safe: an iterator is consumed by one thread, as every {@link ByteIterator}.
 */
public class NumericByteIterator extends ByteIterator {
  private final byte[] payload;
  private final boolean floatingPoint;
  private int off;

  public NumericByteIterator(long value) {
    floatingPoint = false;
    payload = Utils.longToBytes(value);
    off = 0;
  }

  public NumericByteIterator(double value) {
    floatingPoint = true;
    payload = Utils.doubleToBytes(value);
    off = 0;
  }

  @Override
  public boolean hasNext() {
    return off < payload.length;
  }

  @Override
  public byte nextByte() {
    return payload[off++];
  }

  @Override
  public long bytesLeft() {
    return payload.length - off;
  }

  @Override
  public void reset() {
    off = 0;
  }

  /** The stored value as a long; only meaningful when {@link #isFloatingPoint()} is false. */
  public long getLong() {
    if (floatingPoint) {
      throw new IllegalStateException("Byte iterator is of the type double");
    }
    return Utils.bytesToLong(payload);
  }

  /** The stored value as a double; only meaningful when {@link #isFloatingPoint()} is true. */
  public double getDouble() {
    if (!floatingPoint) {
      throw new IllegalStateException("Byte iterator is of the type long");
    }
    return Utils.bytesToDouble(payload);
  }

  public boolean isFloatingPoint() {
    return floatingPoint;
  }
}
