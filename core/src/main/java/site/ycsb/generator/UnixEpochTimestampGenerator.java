package site.ycsb.generator;

import java.time.Instant;
import java.util.concurrent.TimeUnit;

/**
 * Unix-epoch timestamps, expressed in {@code timeUnits}, that advance by {@code interval} units on every
 * {@link #nextValue()}: the first call returns the start timestamp, the next one start + interval, and so on.
 *
 * <p>As in YCSB, {@link #currentValue()} is the timestamp most recently returned and {@link #lastValue()} the one
 * before it. Calls are synchronized (the state lives in protected fields that subclasses use).
 *
 * <p>Thread-safe: drawing and reading are synchronized.
 */
public class UnixEpochTimestampGenerator extends Generator<Long> {
  /** The first timestamp returned. */
  protected long startTimestamp;
  /** The timestamp most recently returned ({@code start - interval} before the first call). */
  protected long currentTimestamp;
  /** The timestamp returned before {@link #currentTimestamp}. */
  protected long lastTimestamp;
  /** Step between timestamps, in {@link #timeUnits}. */
  protected long interval;
  /** Unit of every timestamp and of the interval. */
  protected TimeUnit timeUnits;

  /** One timestamp a minute, in seconds, starting now. */
  public UnixEpochTimestampGenerator() {
    this(60, TimeUnit.SECONDS);
  }

  /** Starting now (in {@code timeUnits} since the epoch). */
  public UnixEpochTimestampGenerator(long interval, TimeUnit timeUnits) {
    this(interval, timeUnits, now(checkUnits(timeUnits)));
  }

  /** Starting at {@code startTimestamp} (in {@code timeUnits} since the epoch). */
  public UnixEpochTimestampGenerator(long interval, TimeUnit timeUnits, long startTimestamp) {
    if (interval <= 0) {
      throw new IllegalArgumentException("timestamp interval must be positive, got " + interval);
    }
    this.interval = interval;
    this.timeUnits = checkUnits(timeUnits);
    restartAt(startTimestamp);
  }

  private static TimeUnit checkUnits(TimeUnit units) {
    if (units == null) {
      throw new IllegalArgumentException("timestamp units must not be null");
    }
    return units;
  }

  /** The current time in {@code units} since the epoch. */
  static long now(TimeUnit units) {
    Instant t = Instant.now();
    long nanos = TimeUnit.SECONDS.toNanos(t.getEpochSecond()) + t.getNano();
    return units.convert(nanos, TimeUnit.NANOSECONDS);
  }

  private synchronized void restartAt(long first) {
    startTimestamp = first;
    currentTimestamp = first - getOffset(1);
    lastTimestamp = currentTimestamp - getOffset(1);
  }

  /** Restarts so that the next {@link #nextValue()} returns now + {@code intervalOffset} intervals. */
  public void initalizeTimestamp(long intervalOffset) {
    restartAt(now(timeUnits) + getOffset(intervalOffset));
  }

  @Override
  public synchronized Long nextValue() {
    lastTimestamp = currentTimestamp;
    currentTimestamp += getOffset(1);
    return currentTimestamp;
  }

  /** {@code intervalOffset} intervals, in {@link #timeUnits}. */
  public long getOffset(long intervalOffset) {
    return intervalOffset * interval;
  }

  /** The timestamp returned before the most recent one. */
  @Override
  public synchronized Long lastValue() {
    return lastTimestamp;
  }

  /** The timestamp most recently returned. */
  public synchronized long currentValue() {
    return currentTimestamp;
  }
}
