package site.ycsb;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;

/**
 * A single-pass source of bytes: the value type of every field that the workload writes and a binding reads back.
 *
 * <p>Reading consumes the bytes. {@link #toString()} and {@link #toArray()} consume what is left, so call one of
 * them once and keep the result. A binding that must send the same value twice (a retry) calls {@link #reset()}
 * first, or materialises the value once. Instances are not thread-safe.
 */
public abstract class ByteIterator implements Iterator<Byte> {

  @Override
  public abstract boolean hasNext();

  @Override
  public Byte next() {
    throw new UnsupportedOperationException("use nextByte()");
  }

  /** Returns the next byte; call only when {@link #hasNext()} is true. */
  public abstract byte nextByte();

  /**
   * Copies as many remaining bytes as fit into {@code buf} starting at {@code off}.
   *
   * @return the offset just after the last byte written
   */
  public int nextBuf(byte[] buf, int off) {
    int i = off;
    while (i < buf.length && hasNext()) {
      buf[i++] = nextByte();
    }
    return i;
  }

  /** Copies as many remaining bytes as fit into {@code buf}. */
  public void nextBuf(ByteBuffer buf) {
    while (buf.hasRemaining() && hasNext()) {
      buf.put(nextByte());
    }
  }

  /** The number of bytes still to be read. */
  public abstract long bytesLeft();

  @Override
  public void remove() {
    throw new UnsupportedOperationException();
  }

  /**
   * Rewinds to the first byte, so that the same value can be read again.
   *
   * @throws UnsupportedOperationException if this iterator cannot rewind
   */
  public void reset() {
    throw new UnsupportedOperationException("Not implemented");
  }

  /** Consumes the remaining bytes and decodes them as UTF-8. */
  @Override
  public String toString() {
    return new String(toArray(), StandardCharsets.UTF_8);
  }

  /**
   * Consumes the remaining bytes and returns them as a new array.
   *
   * @throws ArrayIndexOutOfBoundsException if more than 2^31-1 bytes are left
   */
  public byte[] toArray() {
    long left = bytesLeft();
    if (left != (int) left) {
      throw new ArrayIndexOutOfBoundsException("Too much data to fit in one array!");
    }
    byte[] ret = new byte[(int) left];
    int off = 0;
    while (off < ret.length) {
      off = nextBuf(ret, off);
    }
    return ret;
  }
}
