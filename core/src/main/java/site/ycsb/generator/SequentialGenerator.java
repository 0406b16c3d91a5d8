package site.ycsb.generator;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Hands out {@code countstart, countstart + 1, ..., countend} in turn, then starts again at {@code countstart}.
 *
 * <p>Thread-safe: every client thread draws at once (an atomic counter).
 */
public class SequentialGenerator extends NumberGenerator {
  private final long start;
  private final long end;
  private final long interval;
  private final AtomicLong counter = new AtomicLong();

  /** @throws IllegalArgumentException when {@code countstart > countend} */
  public SequentialGenerator(long countstart, long countend) {
    long n = countend - countstart + 1;
    if (countend < countstart || n <= 0) {
      throw new IllegalArgumentException("SequentialGenerator: need start <= end, got " + countstart + " > "
          + countend);
    }
    this.start = countstart;
    this.end = countend;
    this.interval = n;
  }

  /** The next value of the cycle. */
  public long nextLong() {
    return start + Math.floorMod(counter.getAndIncrement(), interval);
  }

  @Override
  public Number nextValue() {
    return nextLong();
  }

  /** The value most recently handed out by any thread ({@code countstart - 1} before the first). */
  @Override
  public Number lastValue() {
    long drawn = counter.get();
    return drawn == 0 ? start - 1 : start + Math.floorMod(drawn - 1, interval);
  }

  @Override
  public double mean() {
    return ((double) start + (double) end) / 2.0;
  }
}
