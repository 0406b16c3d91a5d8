package site.ycsb;

import java.util.concurrent.ThreadLocalRandom;

/**
 * A {@link ByteIterator} of {@code len} pseudo-random printable ASCII bytes (values 32..95), generated lazily.
 *
 * <p>Unlike YCSB 0.17.0, {@link #reset()} replays exactly the same bytes: the sequence is a pure function of a
 * seed drawn once at construction, so a retried write resends the value it first tried to write. Bytes that
 * a binding never reads are never generated.
 *
 * <p>Not thread-safe: an iterator is consumed by one thread, as every {@link ByteIterator}.
 */
public class RandomByteIterator extends ByteIterator {
  private static final int BYTES_PER_WORD = 10;
  private final long len;
  private final long seed;
  private long off;
  private long state;
  private long word;
  private int wordLeft;

  public RandomByteIterator(long len) {
    this(len, ThreadLocalRandom.current().nextLong());
  }

  /** Creates an iterator whose bytes are determined by {@code seed} (useful for reproducible tests). */
  public RandomByteIterator(long len, long seed) {
    this.len = len;
    this.seed = seed;
    reset();
  }

  @Override
  public boolean hasNext() {
    return off < len;
  }

  @Override
  public byte nextByte() {
    if (wordLeft == 0) {
      word = nextWord();
      wordLeft = BYTES_PER_WORD;
    }
    byte b = (byte) (' ' + (word & 63));
    word >>>= 6;
    wordLeft--;
    off++;
    return b;
  }

  @Override
  public int nextBuf(byte[] buf, int bufOff) {
    int end = (int) Math.min(buf.length, bufOff + bytesLeft());
    for (int i = bufOff; i < end; i++) {
      buf[i] = nextByte();
    }
    return end;
  }

  @Override
  public long bytesLeft() {
    return len - off;
  }

  @Override
  public final void reset() {
    off = 0;
    state = seed;
    wordLeft = 0;
  }

  /** SplitMix64: cheap, statistically good, and reproducible from the seed. */
  private long nextWord() {
    long z = (state += 0x9E3779B97F4A7C15L);
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
