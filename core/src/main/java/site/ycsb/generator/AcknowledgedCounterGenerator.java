package site.ycsb.generator;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A {@link CounterGenerator} whose {@link #lastValue()} only moves past values that have been acknowledged: it is
 * the highest value {@code v} such that every value from the start up to {@code v} was passed to
 * {@link #acknowledge(long)}. Readers use it as "the highest key that is certainly inserted".
 *
 * <p>Acknowledgements may arrive in any order and any number may be outstanding: they are kept in a sparse bitmap
 * (64 Ki values per segment, a segment is dropped once the limit has passed it), so memory is proportional to the
 * spread of outstanding values, never a fixed window. Acknowledging is lock-free except that one thread at a time
 * slides the limit (with {@code tryLock}, so nobody waits); the thread that slid it re-checks after releasing the
 * lock, so once the last {@code acknowledge} call has returned the limit covers every contiguous acknowledged run.
 *
 * <p>Thread-safe: every client thread draws and acknowledges at once.
 */
public class AcknowledgedCounterGenerator extends CounterGenerator {
  private static final int SEGMENT_BITS = 16;
  private static final int SEGMENT_SIZE = 1 << SEGMENT_BITS;
  private static final long OFFSET_MASK = SEGMENT_SIZE - 1;
  private static final int WORDS_PER_SEGMENT = SEGMENT_SIZE / Long.SIZE;

  private final ConcurrentHashMap<Long, AtomicLongArray> segments = new ConcurrentHashMap<>();
  private final ReentrantLock slideLock = new ReentrantLock();
  private volatile long limit;
  /** Test hook run while the slide lock is held, after the scan; null in normal use. */
  volatile Runnable whileSliding;

  /** @param countstart the first value handed out; the limit starts at {@code countstart - 1} */
  public AcknowledgedCounterGenerator(long countstart) {
    super(countstart);
    limit = countstart - 1;
  }

  /** The highest value up to which every value has been acknowledged ({@code countstart - 1} initially). */
  @Override
  public Long lastValue() {
    return limit;
  }

  /** Marks {@code value} as done (e.g. inserted). Acknowledging the same value twice is harmless. */
  public void acknowledge(long value) {
    if (value <= limit) {
      return;
    }
    mark(value);
    slide();
  }

  private void mark(long value) {
    long segmentIndex = value >> SEGMENT_BITS;
    AtomicLongArray segment = segments.get(segmentIndex);
    if (segment == null) {
      AtomicLongArray fresh = new AtomicLongArray(WORDS_PER_SEGMENT);
      segment = segments.putIfAbsent(segmentIndex, fresh);
      if (segment == null) {
        segment = fresh;
      }
    }
    int offset = (int) (value & OFFSET_MASK);
    int word = offset >>> 6;
    long bit = 1L << (offset & 63);
    long old;
    do {
      old = segment.get(word);
      if ((old & bit) != 0) {
        return;
      }
    } while (!segment.compareAndSet(word, old, old | bit));
  }

  private boolean isMarked(long value) {
    AtomicLongArray segment = segments.get(value >> SEGMENT_BITS);
    if (segment == null) {
      return false;
    }
    int offset = (int) (value & OFFSET_MASK);
    return (segment.get(offset >>> 6) & (1L << (offset & 63))) != 0;
  }

  private void slide() {
    while (slideLock.tryLock()) {
      try {
        limit = firstUnmarkedFrom(limit + 1) - 1;
        Runnable hook = whileSliding;
        if (hook != null) {
          hook.run();
        }
      } finally {
        slideLock.unlock();
      }
      // A value marked while we held the lock may have lost its tryLock to us: look once more after releasing.
      if (!isMarked(limit + 1)) {
        return;
      }
    }
  }

  /** Scans forward over set bits; drops segments that are entirely behind the new limit. */
  private long firstUnmarkedFrom(long from) {
    long segmentIndex = from >> SEGMENT_BITS;
    int offset = (int) (from & OFFSET_MASK);
    while (true) {
      AtomicLongArray segment = segments.get(segmentIndex);
      if (segment == null) {
        return (segmentIndex << SEGMENT_BITS) + offset;
      }
      while (offset < SEGMENT_SIZE) {
        int shift = offset & 63;
        long bits = segment.get(offset >>> 6) >>> shift;
        int run = Long.numberOfTrailingZeros(~bits);
        int rest = Long.SIZE - shift;
        if (run < rest) {
          return (segmentIndex << SEGMENT_BITS) + offset + run;
        }
        offset += rest;
      }
      segments.remove(segmentIndex);
      segmentIndex++;
      offset = 0;
    }
  }
}
