package site.ycsb;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * A {@link ByteIterator} over the next {@code len} bytes of an InputStream. It can be reset only if the stream
 * supports {@link InputStream#mark(int)}; the mark is set at construction.
 *
 * <p>Not thread-safe: an iterator is consumed by one thread, as every {@link ByteIterator}.
 */
public class InputStreamByteIterator extends ByteIterator {
  private final long len;
  private final InputStream ins;
  private final boolean resettable;
  private long off;

  public InputStreamByteIterator(InputStream ins, long len) {
    this.len = len;
    this.ins = ins;
    this.off = 0;
    this.resettable = ins.markSupported();
    if (resettable) {
      ins.mark((int) Math.min(len, Integer.MAX_VALUE));
    }
  }

  @Override
  public boolean hasNext() {
    return off < len;
  }

  @Override
  public byte nextByte() {
    int ret;
    try {
      ret = ins.read();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (ret == -1) {
      throw new IllegalStateException("Past EOF!");
    }
    off++;
    return (byte) ret;
  }

  @Override
  public long bytesLeft() {
    return len - off;
  }

  @Override
  public void reset() {
    if (!resettable) {
      throw new UnsupportedOperationException("the underlying stream does not support mark/reset");
    }
    try {
      ins.reset();
    } catch (IOException e) {
      throw new IllegalStateException("Failed to reset the input stream", e);
    }
    off = 0;
  }
}
