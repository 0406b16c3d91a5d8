package site.ycsb.engine;

import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

import site.ycsb.AsyncWorkload;
import site.ycsb.DB;
import site.ycsb.DBFactory;
import site.ycsb.Workload;
import site.ycsb.async.AsyncDB;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.OperationRecorder;
import site.ycsb.support.DeadlineWatch;

/**
 * The asynchronous path: operations issued through a binding's {@link AsyncDB} without a thread waiting for each,
 * at most {@code maxInFlight} in flight. With {@code -target} this thread issues each operation at its intended
 * time on the shared open-loop {@link OperationSchedule}; when the bound is reached it waits for a completion, the
 * operation starts late, and its intended latency (and the schedule lag) show it, so coordinated omission stays
 * corrected. Unthrottled, there is no time to keep: {@link Lanes} keep the bound full by issuing the next
 * operation from the thread that completed the previous one. Latency is recorded on completion
 * ({@link AsyncDBWrapper}) from both the actual and the intended start.
 *
 * <p>Nothing here waits without a deadline: each dispatcher keeps a {@link DeadlineWatch} (one daemon thread) on
 * its calls, and a call the binding has not completed within {@code async.deadline.s} completes as lost
 * ({@link AsyncDBWrapper#LOST}), so a lost future frees its in-flight place and the run's end (the drain) comes at
 * most that long after the last operation started; an interrupted run stops waiting earlier (see {@link #drain}).
 *
 * <p>Counters are written by completion threads (the client library's I/O threads) and read by the main thread:
 * adders and atomics. This is where the asynchronous path issues and counts operations.
 *
 * <p>Thread-safe where it is shared: its counters are read by the main thread and the status sampler while completion
 * threads write them (adders and atomics); the dispatching itself runs on this thread alone.
 */
final class AsyncClientThread extends EngineThread {
  private final int id;
  private final int dispatchers;
  private final AsyncWorkload operations;
  private final int maxInFlight;
  private final Semaphore inFlight;
  private final Runnable releaseSlot;
  private final long windowNs;
  /** How long after its start a call the binding has not completed is recorded as lost ({@code async.deadline.s}). */
  private final long deadlineNs;
  private DB binding;

  private final LongAdder done = new LongAdder();
  private final LongAdder measured = new LongAdder();
  private final LongAdder busyNs = new LongAdder();
  /** How long the dispatcher waited for a free in-flight place for measured operations (total, longest; its own). */
  private long queuedNs;
  private long maxQueuedNs;
  /** When the dispatcher last got a place it had to wait for (ns; the schedule's start before any wait). */
  private long placeFreedNs;
  private volatile long firstMeasuredStartNs = Long.MAX_VALUE;
  private final AtomicLong lastOpEndNs = new AtomicLong(Long.MIN_VALUE);

  AsyncClientThread(int id, int dispatchers, RunConfig config, Workload workload, AsyncWorkload operations,
                    OperationSchedule schedule, Warmup warmup, RunState run, int maxInFlight) {
    super("ycsb-async-" + id, config, workload, schedule, warmup, run);
    this.id = id;
    this.dispatchers = dispatchers;
    this.operations = operations;
    this.maxInFlight = maxInFlight;
    this.inFlight = new Semaphore(maxInFlight);
    this.releaseSlot = inFlight::release;
    this.windowNs = config.asyncWindowNs;
    this.deadlineNs = config.asyncDeadlineNs;
    run.register(this);
  }

  @Override
  public long operationsSoFar() {
    return done.sum();
  }

  @Override
  public long measuredOps() {
    return measured.sum();
  }

  @Override
  public long busyNs() {
    return busyNs.sum();
  }

  @Override
  public long queuedNs() {
    return queuedNs;
  }

  @Override
  public long maxQueuedNs() {
    return maxQueuedNs;
  }

  @Override
  public long firstMeasuredStartNs() {
    return firstMeasuredStartNs;
  }

  @Override
  public long lastOpEndNs() {
    return lastOpEndNs.get();
  }

  /** The in-flight places taken: the bound less the semaphore's free permits (a volatile read, no new count). */
  @Override
  public long inFlightNow() {
    return Math.max(0, maxInFlight - inFlight.availablePermits());
  }

  /** How often the deadline watch looks for lost calls: a tenth of the deadline, at most every 100 ms. */
  static long watchTickNs(long deadlineNs) {
    return Math.max(1, Math.min(TimeUnit.MILLISECONDS.toNanos(100), deadlineNs / 10));
  }

  @Override
  public void run() {
    DeadlineWatch watch = DeadlineWatch.start("ycsb-async-deadline-" + id, watchTickNs(deadlineNs),
        TimeUnit.NANOSECONDS);
    try {
      runWatched(watch);
    } finally {
      watch.close();
    }
  }

  private void runWatched(DeadlineWatch watch) {
    Object state;
    AsyncDBWrapper db;
    try {
      binding = DBFactory.instantiate(dbClass);
      binding.setProperties(props);
      binding.init();
      db = new AsyncDBWrapper((AsyncDB) binding, new OperationRecorder(Measurements.getMeasurements(), props), watch,
          deadlineNs, run.lostOps, run::inFlightAbandoned);
      state = workload.initThread(props, id, dispatchers);
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
      dispatch(db, state);
    }
    run.opsDone.countDown();
    run.await(run.cleanupGate);
    try {
      binding.cleanup();
    } catch (Throwable e) {
      run.runFailed("cleanup failed: " + Failures.describe(e));
    }
  }

  private void dispatch(AsyncDBWrapper db, Object state) {
    if (schedule.isThrottled()) {
      dispatchOnSchedule(db, state);
    } else {
      new Lanes(db, state).runAll();
    }
  }

  private void dispatchOnSchedule(AsyncDBWrapper db, Object state) {
    Measurements measurements = Measurements.getMeasurements();
    long scheduleStart = schedule.startNs();
    placeFreedNs = scheduleStart;
    try {
      while (!workload.isStopRequested()) {
        long slot = schedule.claim();
        if (slot == OperationSchedule.NONE) {
          break;
        }
        long intended = schedule.intendedStartNs(slot);
        schedule.awaitTime(wakeUp(intended, scheduleStart), workload);
        // The in-flight bound: waiting here delays the operation past its intended start, which is measured; how
        // long, is read only when there was a wait (a place is free at once on the usual path).
        long waitFrom = 0;
        if (!inFlight.tryAcquire()) {
          waitFrom = System.nanoTime();
          while (!inFlight.tryAcquire(50, TimeUnit.MILLISECONDS)) {
            if (workload.isStopRequested()) {
              return;
            }
          }
        }
        if (workload.isStopRequested()) {
          inFlight.release();
          break;
        }
        long begin = System.nanoTime();
        // Queued: from the intended start (or, when the dispatcher came late for another reason, from when it began
        // to wait) to the place; for an operation due while the dispatcher still waited for an earlier one's place,
        // until that place came free.
        long queued = waitFrom == 0 ? placeFreedNs - intended
            : begin - (intended < placeFreedNs ? intended : Math.max(waitFrom, intended));
        if (waitFrom != 0) {
          placeFreedNs = begin;
        }
        boolean isMeasured = warmup.isMeasured(slot, intended, scheduleStart);
        if (isMeasured) {
          run.recordLag(intended, begin, scheduleStart);
          if (queued > 0) {
            queuedNs += queued;
            maxQueuedNs = Math.max(maxQueuedNs, queued);
          }
        }
        try {
          start(db, state, measurements, intended, begin, isMeasured, releaseSlot);
        } catch (RuntimeException | Error e) {
          inFlight.release();
          throw e;
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (Throwable e) {
      failed(e);
    } finally {
      measurements.setRecording(true);
      drain();
    }
  }

  /**
   * Issues one workload operation intended to start at {@code intended} (called at {@code begin}) and, once it has
   * completed and been counted, runs {@code then} on the completing thread, whatever the counting met.
   */
  private void start(AsyncDBWrapper db, Object state, Measurements measurements, long intended, long begin,
                     boolean isMeasured, Runnable then) {
    if (isMeasured && firstMeasuredStartNs == Long.MAX_VALUE) {
      firstMeasuredStartNs = intended;
    }
    // The workload reads these on this thread when it issues the operation (read-modify-write, VERIFY).
    measurements.setIntendedStartTimeNs(intended);
    measurements.setRecording(isMeasured);
    AsyncDB scope = db.scope(intended, isMeasured);
    CompletionStage<Boolean> op = doTransactions ? operations.doTransactionAsync(scope, state)
        : operations.doInsertAsync(scope, state);
    op.whenComplete((ok, error) -> {
      try {
        completed(db, begin, isMeasured, ok != null && ok && error == null);
      } finally {
        then.run();
      }
    });
  }

  private void failed(Throwable e) {
    run.runFailed("client thread " + id + " failed: " + Failures.describe(e));
    workload.requestStopBecauseOfError();
  }

  /**
   * When to issue an operation due at {@code intended}: at that time, or with a window W at the next multiple of W
   * from the schedule's start, so that one wake-up issues every operation due in the window. Never early: an
   * operation issued before its intended start would report less than its service time as intended latency.
   */
  long wakeUp(long intended, long scheduleStart) {
    if (windowNs == 0) {
      return intended;
    }
    long sinceStart = intended - scheduleStart;
    return scheduleStart + (sinceStart + windowNs - 1) / windowNs * windowNs;
  }

  private void completed(AsyncDBWrapper db, long begin, boolean isMeasured, boolean ok) {
    long end = System.nanoTime();
    lastOpEndNs.accumulateAndGet(end, Math::max);
    done.increment();
    if (isMeasured) {
      measured.increment();
      long serviceNs = end - begin;
      busyNs.add(serviceNs);
      // read first: the shared maximum is written only when this operation beats it (rare after the start)
      if (serviceNs > run.maxServiceNs.get()) {
        run.maxServiceNs.accumulateAndGet(serviceNs, Math::max);
      }
    }
    if (!ok && !doTransactions) {
      run.failedInserts.incrementAndGet();
      if (!keepGoingOnInsertFailure) {
        run.runFailed("an insert failed after all retries; dispatcher " + id + " stopped (set "
            + "core_workload_insertion_retry_limit to retry, or core_workload_insertion_keep_going_on_error=true"
            + " to continue)");
        workload.requestStopBecauseOfError();
      }
    }
    if (maxConsecutiveErrors > 0 && db.consecutiveErrors() >= maxConsecutiveErrors && !workload.isStopRequested()) {
      run.runFailed("stopped after " + db.consecutiveErrors() + " consecutive failed operations "
          + "(max_consecutive_errors=" + maxConsecutiveErrors + "): the database is failing every request; see the "
          + "Return= counts and the binding's messages above");
      workload.requestStopBecauseOfError();
    }
  }

  /**
   * The unthrottled path: {@code maxInFlight} lanes, each with one operation in flight; the thread that completes
   * an operation (the client library's I/O thread, usually) issues its lane's next one. Waking a dispatcher for
   * every completion cost a quarter of the client's CPU per operation against Cassandra
   * (bench/cql-client-cpu/results-2026-11-24-lanes-ab.md), and a request issued on the I/O thread is written with
   * the others of that wake-up. A lane whose operation
   * completes while it is being issued (a binding that answers at once) goes on in a loop, not by recursion.
   */
  private final class Lanes {
    private final AsyncDBWrapper db;
    private final Object state;
    private final Measurements measurements = Measurements.getMeasurements();
    private final CountDownLatch ended;

    Lanes(AsyncDBWrapper db, Object state) {
      this.db = db;
      this.state = state;
      this.ended = new CountDownLatch(maxInFlight);
    }

    void runAll() {
      for (int i = 0; i < maxInFlight; i++) {
        new Lane().advance();
      }
      try {
        // The lanes end themselves (no slot left, deadline, stop request); this thread only waits for them, which
        // the deadline watch bounds (a lost call completes as LOST), unless the run stops waiting first.
        while (!ended.await(DRAIN_POLL_MS, TimeUnit.MILLISECONDS)) {
          if (run.inFlightAbandoned()) {
            // after a stop request a lane that has not ended has its operation in flight
            run.unfinishedOps.addAndGet(ended.getCount());
            return;
          }
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } finally {
        measurements.setRecording(true);
      }
    }

    private final class Lane {
      /** Issues requested and not yet handled: the one thread that takes it from 0 issues until it is 0 again. */
      private final AtomicInteger pending = new AtomicInteger();
      /** What a completion runs: the lane goes on (or ends) whatever counting the operation met. */
      private final Runnable next = this::advance;

      /** Issues the next operation, or ends the lane; re-entered by completions, which then only count. */
      void advance() {
        if (pending.getAndIncrement() != 0) {
          return;
        }
        do {
          if (!issue()) {
            ended.countDown();
            return;
          }
        } while (pending.decrementAndGet() != 0);
      }

      /** Issues this lane's next operation; false when the lane ends (nothing was issued). */
      private boolean issue() {
        try {
          if (workload.isStopRequested()) {
            return false;
          }
          long slot = schedule.claim();
          if (slot == OperationSchedule.NONE) {
            return false;
          }
          long begin = System.nanoTime();
          if (schedule.isPastDeadline(begin)) {
            return false;
          }
          start(db, state, measurements, begin, begin, warmup.isMeasured(slot, begin, schedule.startNs()), next);
          return true;
        } catch (Throwable e) {
          failed(e);
          return false;
        }
      }
    }
  }

  /** How often a draining dispatcher looks whether the run has stopped waiting for its operations. */
  private static final long DRAIN_POLL_MS = 50;

  /**
   * Waits until every operation this dispatcher issued has completed (the run's end is its last completion): at
   * most the deadline after the last one started, since a call the binding loses completes as LOST then; or until
   * the run stops waiting (an interrupted run past its grace), counting the operations still in flight.
   */
  private void drain() {
    try {
      while (!inFlight.tryAcquire(maxInFlight, DRAIN_POLL_MS, TimeUnit.MILLISECONDS)) {
        if (run.inFlightAbandoned()) {
          run.unfinishedOps.addAndGet(maxInFlight - inFlight.availablePermits());
          return;
        }
      }
      inFlight.release(maxInFlight);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
