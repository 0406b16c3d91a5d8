package site.ycsb.engine;

import java.util.concurrent.atomic.AtomicLong;

import site.ycsb.DBFactory;
import site.ycsb.DBWrapper;
import site.ycsb.Workload;
import site.ycsb.measurements.Measurements;

/**
 * One client thread: initialises its own binding instance, then repeatedly claims a slot of the shared
 * {@link OperationSchedule}, waits for the slot's intended time (when throttled), runs one workload operation
 * and marks whether it is measured (warm-up) — and finally cleans up once every thread has stopped.
 *
 * <p>Thread-safe where it is shared: the main thread and the status sampler read its counters while it runs (atomic, or
 * published when it ends); the operations run on this thread alone.
 */
final class ClientThread extends EngineThread {
  /** Slots claimed at once by an unthrottled thread, so that threads do not contend on the slot counter. */
  static final int BLOCK = 64;
  private final int id;
  private final int threadCount;
  /** Created by this thread (see {@link Counters} for why), before its init. */
  private DBWrapper db;
  /**
   * This thread's counters, allocated by this thread when it starts: objects written on every operation must
   * not share a cache line with another thread's (objects allocated one after another by the main thread would).
   */
  private volatile Counters counters = Counters.EMPTY;

  /** Per-thread counters, written only by their thread. */
  static final class Counters {
    static final Counters EMPTY = new Counters();
    /** Operations done (warm-up included); set with lazySet, read by the status thread while running. */
    final AtomicLong opsDone = new AtomicLong();
    /** Measured operations; set with lazySet (a plain store), read by the status thread while running. */
    final AtomicLong measuredOps = new AtomicLong();
    /** Time inside measured operations; kept for throttled runs only (unthrottled threads are always busy). */
    long busyNs;
    /** The longest measured operation of this thread (throttled runs; written only by its thread). */
    long maxServiceNs;
    /** How long measured slots had been due when this thread claimed them, in total and the longest (throttled). */
    long queuedNs;
    long maxQueuedNs;
    volatile long firstMeasuredStartNs = Long.MAX_VALUE;
    long lastOpEndNs = Long.MIN_VALUE;
  }

  ClientThread(int id, int threadCount, RunConfig config, Workload workload, OperationSchedule schedule,
               Warmup warmup, RunState run) {
    super("ycsb-client-" + id, config, workload, schedule, warmup, run);
    this.id = id;
    this.threadCount = threadCount;
    run.register(this);
  }

  @Override
  public long operationsSoFar() {
    return counters.opsDone.get();
  }

  @Override
  public long measuredOps() {
    return counters.measuredOps.get();
  }

  @Override
  public long busyNs() {
    return counters.busyNs;
  }

  @Override
  public long queuedNs() {
    return counters.queuedNs;
  }

  @Override
  public long maxQueuedNs() {
    return counters.maxQueuedNs;
  }

  @Override
  public long firstMeasuredStartNs() {
    return counters.firstMeasuredStartNs;
  }

  @Override
  public long lastOpEndNs() {
    return counters.lastOpEndNs;
  }

  /** Not counted per thread: the run counts its threads in an operation (see {@link RunState#inFlightNow}). */
  @Override
  public long inFlightNow() {
    return -1;
  }

  @Override
  public void run() {
    Object state;
    try {
      db = (DBWrapper) DBFactory.newDB(dbClass, props);
      db.init();
      state = workload.initThread(props, id, threadCount);
    } catch (Throwable e) {
      if (Failures.isConfigurationMistake(e)) {
        run.configurationRefused(e.getCause().getMessage());
      } else {
        run.initFailed(Failures.describe(e));
      }
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
    try {
      Measurements.getMeasurements().setIntendedStartTimeNs(0);
      db.cleanup();
    } catch (Throwable e) {
      run.runFailed("cleanup failed: " + Failures.describe(e));
    }
  }

  /**
   * The operation loop. Everything it writes per operation is owned by this thread (no shared counter is
   * touched per operation), except the schedule's slot counter: one increment per operation when throttled, one
   * per block of {@link #BLOCK} slots when not.
   */
  private void runOperations(Object state) {
    Counters c = new Counters();
    counters = c;
    Measurements measurements = Measurements.getMeasurements();
    // this thread's operation state, held instead of looked up (a thread-local lookup per operation)
    Measurements.ThreadState opState = measurements.threadState();
    boolean throttled = schedule.isThrottled();
    boolean noWarmup = warmup.isNone();
    // Unthrottled, the clock is read per operation only when something needs it (a time-based warm-up or a
    // time limit); the end of the thread's last operation is taken once, when it leaves the loop.
    boolean clockPerOp = throttled || warmup.durationNs() > 0 || schedule.hasDeadline();
    long scheduleStart = schedule.startNs();
    long nextInBlock = 0;
    long blockEnd = 0;
    long done = 0;
    long measuredDone = 0;
    ClockWaiters waiters = schedule.waiters(); // null when unthrottled
    ClockWaiters.Idle me = new ClockWaiters.Idle();
    long lastOpNs = Long.MAX_VALUE; // how long this thread's last operation took; none yet counts as slow
    try {
      while (!workload.isStopRequested()) {
        long slot;
        long opStart = 0;
        long queued = 0;
        if (throttled) {
          // Only a few threads wait on the clock; the others wait to be called in (see ClockWaiters)
          if (!waiters.shouldClaim() && !waiters.awaitCall(me, workload)) {
            break;
          }
          slot = schedule.claim();
          if (slot == OperationSchedule.NONE) {
            waiters.close();
            break;
          }
          long intended = schedule.intendedStartNs(slot);
          waiters.startWaiting();
          queued = schedule.awaitTime(intended, workload);
          waiters.endWaiting(lastOpNs, queued == 0); // 0: the time still lay ahead, this thread was on time
          if (workload.isStopRequested()) {
            break;
          }
          opState.setIntendedStartNs(intended);
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
          if (clockPerOp) {
            opStart = System.nanoTime();
            if (schedule.isPastDeadline(opStart)) {
              break;
            }
          }
        }
        boolean measured = noWarmup || warmup.isMeasured(slot, opStart, scheduleStart);
        if (!noWarmup) {
          opState.setRecording(measured);
        }
        long begin = throttled ? System.nanoTime() : opStart;
        if (measured) {
          if (c.firstMeasuredStartNs == Long.MAX_VALUE) {
            c.firstMeasuredStartNs = clockPerOp ? opStart : System.nanoTime();
          }
          if (throttled) {
            run.recordLag(opStart, begin, scheduleStart);
            c.queuedNs += queued;
            if (queued > c.maxQueuedNs) {
              c.maxQueuedNs = queued;
            }
          }
        }
        boolean ok = doTransactions ? workload.doTransaction(db, state) : workload.doInsert(db, state);
        if (clockPerOp) {
          long end = System.nanoTime();
          c.lastOpEndNs = end;
          lastOpNs = end - begin;
          if (measured && throttled) {
            c.busyNs += end - begin;
            if (end - begin > c.maxServiceNs) {
              c.maxServiceNs = end - begin;
              run.maxServiceNs.accumulateAndGet(c.maxServiceNs, Math::max);
            }
          }
        }
        c.opsDone.lazySet(++done);
        if (measured) {
          c.measuredOps.lazySet(++measuredDone);
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
              + " (max_consecutive_errors=" + maxConsecutiveErrors + "): the database is failing every request;"
              + " see the Return= counts and the binding's messages above");
          workload.requestStopBecauseOfError();
          break;
        }
      }
    } catch (Throwable e) {
      run.runFailed("client thread " + id + " failed: " + Failures.describe(e));
      e.printStackTrace();
      workload.requestStopBecauseOfError();
    } finally {
      opState.setRecording(true);
      if (done > 0 && !clockPerOp) {
        c.lastOpEndNs = System.nanoTime();
      }
    }
  }
}
