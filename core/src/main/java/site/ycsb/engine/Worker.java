package site.ycsb.engine;

/**
 * What the run's main thread and status reporter read from whatever executes operations — a blocking
 * {@link ClientThread} or an asynchronous {@link AsyncClientThread}. Counts may be read while the run goes on
 * (approximately) and exactly after the run's operations latch.
 *
 * <p>What implementations return is read by the main thread and the status sampler while they run: it must be
 * thread-safe to read.
 */
interface Worker {
  /** Operations completed so far, warm-up included. */
  long operationsSoFar();

  /** Measured operations completed. */
  long measuredOps();

  /** Time spent inside measured operations, summed over what ran concurrently (throttled runs). */
  long busyNs();

  /**
   * How long measured operations waited, past their intended start, for a free thread (or in-flight place) — in
   * total and the longest one — ns (throttled runs): the part of the schedule lag that queueing caused, apart from
   * the part a free thread started late.
   */
  long queuedNs();

  long maxQueuedNs();

  /** The earliest start of a measured operation, or {@code Long.MAX_VALUE}. */
  long firstMeasuredStartNs();

  /** The latest completion of an operation, or {@code Long.MIN_VALUE}. */
  long lastOpEndNs();

  /**
   * Operations this unit has started and not finished at this moment, read from a count it keeps anyway (nothing is
   * added to an operation's path); -1 where it keeps none (a blocking thread: {@link RunState#inFlightNow} counts the
   * threads instead).
   */
  long inFlightNow();
}
