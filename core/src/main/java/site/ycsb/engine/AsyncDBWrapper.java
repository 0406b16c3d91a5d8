package site.ycsb.engine;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;

import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.async.AsyncDB;
import site.ycsb.measurements.OperationRecorder;
import site.ycsb.support.DeadlineWatch;

/**
 * Times the asynchronous operations of a binding, as {@link DBWrapper} times the blocking ones: the service time
 * runs from the call to the completion, the intended time from the operation's scheduled start to the completion,
 * and both are recorded on completion (whichever thread completes it) together with the return status. A
 * binding's exception or exceptional completion counts as {@code ERROR}.
 *
 * <p>No call is waited for without a deadline: each is watched ({@link DeadlineWatch}, one daemon thread per
 * dispatcher) from its start, and one the binding has not completed within {@code async.deadline.s} is recorded
 * as {@link #LOST} with that time as its service time (its intended latency up to the deadline), counted, and
 * completed for the workload, so that its in-flight place is freed and the run can end. A late completion of a
 * lost call is ignored.
 *
 * <p>The intended start and whether the operation is measured belong to one workload operation, which may issue
 * several calls (read-modify-write), so they are bound in a {@link #scope}. Thread-safe.
 */
final class AsyncDBWrapper {
  /** A call the binding never completed within the engine's deadline (its future was lost). */
  static final Status LOST = new Status("LOST", "The binding did not complete the operation within async.deadline.s.");
  private static final String[] OPS = {"READ", "SCAN", "UPDATE", "INSERT", "DELETE"};
  private final AsyncDB db;
  private final OperationRecorder recorder;
  private final DeadlineWatch watch;
  private final long deadlineNs;
  private final LongAdder lost;
  private final BooleanSupplier abandoned;
  private final AtomicLong consecutiveErrors = new AtomicLong();

  /**
   * @param watch keeps the deadline of every call
   * @param deadlineNs how long after its start a call the binding has not completed is recorded as lost
   * @param lost counts the lost calls
   * @param abandoned true once the run no longer waits for its operations (an interrupted run being reported): a
   *     call that expires then is neither recorded nor completed, as the run's figures are being taken
   */
  AsyncDBWrapper(AsyncDB db, OperationRecorder recorder, DeadlineWatch watch, long deadlineNs, LongAdder lost,
                 BooleanSupplier abandoned) {
    this.db = db;
    this.recorder = recorder;
    this.watch = watch;
    this.deadlineNs = deadlineNs;
    this.lost = lost;
    this.abandoned = abandoned;
  }

  /** Failed operations in a row (NOT_FOUND does not count; any success resets it). */
  long consecutiveErrors() {
    return consecutiveErrors.get();
  }

  /** The binding's operations for one workload operation intended to start at {@code intendedNs}. */
  AsyncDB scope(long intendedNs, boolean measured) {
    return new Scope(intendedNs, measured);
  }

  private final class Scope implements AsyncDB {
    private final long intendedNs;
    private final boolean measured;

    Scope(long intendedNs, boolean measured) {
      this.intendedNs = intendedNs;
      this.measured = measured;
    }

    @Override
    public CompletionStage<Status> readAsync(String table, String key, Set<String> fields,
                                             Map<String, ByteIterator> result) {
      Call call = new Call(this, 0);
      try {
        return call.follow(db.readAsync(table, key, fields, result));
      } catch (RuntimeException e) {
        return call.follow(null);
      }
    }

    @Override
    public CompletionStage<Status> scanAsync(String table, String startkey, int recordcount, Set<String> fields,
                                             Vector<HashMap<String, ByteIterator>> result) {
      Call call = new Call(this, 1);
      try {
        return call.follow(db.scanAsync(table, startkey, recordcount, fields, result));
      } catch (RuntimeException e) {
        return call.follow(null);
      }
    }

    @Override
    public CompletionStage<Status> updateAsync(String table, String key, Map<String, ByteIterator> values) {
      Call call = new Call(this, 2);
      try {
        return call.follow(db.updateAsync(table, key, values));
      } catch (RuntimeException e) {
        return call.follow(null);
      }
    }

    @Override
    public CompletionStage<Status> insertAsync(String table, String key, Map<String, ByteIterator> values) {
      Call call = new Call(this, 3);
      try {
        return call.follow(db.insertAsync(table, key, values));
      } catch (RuntimeException e) {
        return call.follow(null);
      }
    }

    @Override
    public CompletionStage<Status> deleteAsync(String table, String key) {
      Call call = new Call(this, 4);
      try {
        return call.follow(db.deleteAsync(table, key));
      } catch (RuntimeException e) {
        return call.follow(null);
      }
    }
  }

  /**
   * One call into the binding, watched from its start (before the binding is called, which may complete it at
   * once): the binding's completion and the deadline race, and the watch lets exactly one of them report it.
   */
  private final class Call extends DeadlineWatch.Entry implements BiConsumer<Status, Throwable> {
    private final Scope scope;
    private final int op;
    private final long st;
    private final boolean watched;
    /** What the workload sees: completed once, by the binding's completion or by the deadline. */
    private final CompletableFuture<Status> result = new CompletableFuture<>();

    Call(Scope scope, int op) {
      this.scope = scope;
      this.op = op;
      this.st = System.nanoTime();
      // false only once the dispatcher has closed its watch (its run is over): then nothing is left to wait for
      this.watched = watch.watch(this, st + deadlineNs);
    }

    /** Follows the binding's stage, or, if the call threw or returned null, completes as ERROR. */
    CompletionStage<Status> follow(CompletionStage<Status> stage) {
      if (stage == null) {
        accept(Status.ERROR, null);
      } else {
        stage.whenComplete(this);
      }
      return result;
    }

    @Override
    public void accept(Status status, Throwable error) {
      if (watched && !watch.unwatch(this)) {
        return; // already reported as lost at its deadline
      }
      result.complete(finish(error != null || status == null ? Status.ERROR : status, System.nanoTime()));
    }

    @Override
    protected void expired() {
      if (abandoned.getAsBoolean()) {
        return;
      }
      lost.increment();
      result.complete(finish(LOST, st + deadlineNs));
    }

    private Status finish(Status status, long en) {
      if (OperationRecorder.answered(status)) {
        if (consecutiveErrors.get() != 0) {
          consecutiveErrors.set(0);
        }
      } else {
        consecutiveErrors.incrementAndGet();
      }
      if (scope.measured) {
        if (status == LOST) {
          recorder.recordUnanswered(OPS[op], status, scope.intendedNs, st, en);
        } else {
          recorder.record(OPS[op], status, scope.intendedNs, st, en);
        }
      }
      return status;
    }
  }
}
