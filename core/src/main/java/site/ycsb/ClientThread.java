package site.ycsb;

import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;

import site.ycsb.measurements.Measurements;

/**
 * One client thread: initialises its own binding instance, then repeatedly claims a slot of the shared
 * {@link OperationSchedule}, waits for the slot's intended time (when throttled), runs one workload operation
 * and marks whether it is measured (warm-up) — and finally cleans up once every thread has stopped.
 */
final class ClientThread extends Thread {
  /** Slots claimed at once by an unthrottled thread, so that threads do not contend on the slot counter. */
  static final int BLOCK = 64;
  private final int id;
  private final int threadCount;
  private final DBWrapper db;
  private final Workload workload;
  private final Properties props;
  private final boolean doTransactions;
  private final OperationSchedule schedule;
  private final Warmup warmup;
  private final RunState run;
  private final long maxConsecutiveErrors;
  private final boolean keepGoingOnInsertFailure;
  private volatile long cleanupNs;
  /** Operations done (warm-up included); written only by this thread with lazySet, read by the status thread. */
  private final AtomicLong opsDone = new AtomicLong();
  // Written only by this thread; read by others after the run's opsDone latch (which orders the reads).
  private long measuredOps;
  private long busyNs;
  private volatile long firstMeasuredStartNs = Long.MAX_VALUE;
  private long lastOpEndNs = Long.MIN_VALUE;

  ClientThread(int id, int threadCount, DBWrapper db, Workload workload, Properties props, boolean doTransactions,
               OperationSchedule schedule, Warmup warmup, RunState run, long maxConsecutiveErrors,
               boolean keepGoingOnInsertFailure) {
    super("ycsb-client-" + id);
    this.id = id;
    this.threadCount = threadCount;
    this.db = db;
    this.workload = workload;
    this.props = props;
    this.doTransactions = doTransactions;
    this.schedule = schedule;
    this.warmup = warmup;
    this.run = run;
    this.maxConsecutiveErrors = maxConsecutiveErrors;
    this.keepGoingOnInsertFailure = keepGoingOnInsertFailure;
    setDaemon(true);
    run.register(this);
  }

  long operationsSoFar() {
    return opsDone.get();
  }

  long measuredOps() {
    return measuredOps;
  }

  long busyNs() {
    return busyNs;
  }

  long firstMeasuredStartNs() {
    return firstMeasuredStartNs;
  }

  long lastOpEndNs() {
    return lastOpEndNs;
  }

  /** Wall time this thread's DB cleanup took, in nanoseconds. */
  long cleanupNs() {
    return cleanupNs;
  }

  @Override
  public void run() {
    Object state;
    try {
      db.init();
      state = workload.initThread(props, id, threadCount);
    } catch (Throwable e) {
      run.initFailed(describe(e));
      run.initDone.countDown();
      run.opsDone.countDown();
      return;
    }
    run.initDone.countDown();
    if (run.await(run.startGate)) {
      runOperations(state);
    }
    run.opsDone.countDown();
    run.await(run.cleanupGate);
    long st = System.nanoTime();
    try {
      Measurements.getMeasurements().setIntendedStartTimeNs(0);
      db.cleanup();
    } catch (Throwable e) {
      run.runFailed("cleanup failed: " + describe(e));
    }
    cleanupNs = System.nanoTime() - st;
  }

  /**
   * The operation loop. Everything it writes per operation is owned by this thread (no shared counter is
   * touched per operation), except the schedule's slot counter: one increment per operation when throttled, one
   * per block of {@link #BLOCK} slots when not.
   */
  private void runOperations(Object state) {
    Measurements measurements = Measurements.getMeasurements();
    boolean throttled = schedule.isThrottled();
    long scheduleStart = schedule.startNs();
    long nextInBlock = 0;
    long blockEnd = 0;
    long done = 0;
    try {
      while (!workload.isStopRequested()) {
        long slot;
        long opStart;
        if (throttled) {
          slot = schedule.claim();
          if (slot == OperationSchedule.NONE) {
            break;
          }
          long intended = schedule.intendedStartNs(slot);
          schedule.awaitTime(intended, workload);
          if (workload.isStopRequested()) {
            break;
          }
          measurements.setIntendedStartTimeNs(intended);
          opStart = intended;
        } else {
          if (nextInBlock == blockEnd) {
            nextInBlock = schedule.claimBlock(BLOCK);
            if (nextInBlock == OperationSchedule.NONE) {
              break;
            }
            blockEnd = Math.min(nextInBlock + BLOCK, schedule.limit());
          }
          slot = nextInBlock++;
          opStart = System.nanoTime();
          if (schedule.isPastDeadline(opStart)) {
            break;
          }
        }
        boolean measured = warmup.isMeasured(slot, opStart, scheduleStart);
        measurements.setRecording(measured);
        long begin = throttled ? System.nanoTime() : opStart;
        if (measured) {
          if (firstMeasuredStartNs == Long.MAX_VALUE) {
            firstMeasuredStartNs = opStart;
          }
          if (throttled) {
            run.scheduleLagUs.recordValue(Math.max(0, begin - opStart) / 1000);
          }
        }
        boolean ok = doTransactions ? workload.doTransaction(db, state) : workload.doInsert(db, state);
        long end = System.nanoTime();
        lastOpEndNs = end;
        opsDone.lazySet(++done);
        if (measured) {
          measuredOps++;
          busyNs += end - begin;
        }
        if (!ok) {
          if (!doTransactions) {
            run.failedInserts.incrementAndGet();
            if (keepGoingOnInsertFailure) {
              continue;
            }
            run.runFailed("an insert failed after all retries; thread " + id + " stopped (set "
                + "core_workload_insertion_retry_limit to retry, or core_workload_insertion_keep_going_on_error=true"
                + " to continue)");
          }
          break;
        }
        if (maxConsecutiveErrors > 0 && db.consecutiveErrors() >= maxConsecutiveErrors) {
          run.runFailed("stopped after " + db.consecutiveErrors() + " consecutive failed operations on thread " + id
              + " (max_consecutive_errors=" + maxConsecutiveErrors + ")");
          workload.requestStopBecauseOfError();
          break;
        }
      }
    } catch (Throwable e) {
      run.runFailed("client thread " + id + " failed: " + describe(e));
      e.printStackTrace();
      workload.requestStopBecauseOfError();
    } finally {
      measurements.setRecording(true);
    }
  }

  static String describe(Throwable e) {
    Throwable t = e;
    StringBuilder sb = new StringBuilder();
    while (t != null) {
      if (sb.length() > 0) {
        sb.append(": ");
      }
      String msg = t.getMessage();
      sb.append(msg == null || msg.isEmpty() ? t.getClass().getName() : msg);
      if (t.getCause() == t) {
        break;
      }
      t = t.getCause();
      if (t != null && msg != null && t.getMessage() != null && msg.contains(t.getMessage())) {
        break;
      }
    }
    return sb.toString();
  }
}
