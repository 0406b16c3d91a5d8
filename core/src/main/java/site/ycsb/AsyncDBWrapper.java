package site.ycsb;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicLong;

import site.ycsb.async.AsyncDB;

/**
 * Times the asynchronous operations of a binding, as {@link DBWrapper} times the blocking ones: the service time
 * runs from the call to the completion, the intended time from the operation's scheduled start to the completion,
 * and both are recorded on completion (whichever thread completes it) together with the return status. A
 * binding's exception or exceptional completion counts as {@code ERROR}.
 *
 * <p>The intended start and whether the operation is measured belong to one workload operation, which may issue
 * several calls (read-modify-write), so they are bound in a {@link #scope}. Thread-safe.
 */
final class AsyncDBWrapper {
  private static final String[] OPS = {"READ", "SCAN", "UPDATE", "INSERT", "DELETE"};
  private final AsyncDB db;
  private final OperationRecorder recorder;
  private final AtomicLong consecutiveErrors = new AtomicLong();

  AsyncDBWrapper(AsyncDB db, OperationRecorder recorder) {
    this.db = db;
    this.recorder = recorder;
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
      long st = System.nanoTime();
      CompletionStage<Status> stage;
      try {
        stage = db.readAsync(table, key, fields, result);
      } catch (RuntimeException e) {
        stage = null;
      }
      return timed(0, st, stage);
    }

    @Override
    public CompletionStage<Status> scanAsync(String table, String startkey, int recordcount, Set<String> fields,
                                             Vector<HashMap<String, ByteIterator>> result) {
      long st = System.nanoTime();
      CompletionStage<Status> stage;
      try {
        stage = db.scanAsync(table, startkey, recordcount, fields, result);
      } catch (RuntimeException e) {
        stage = null;
      }
      return timed(1, st, stage);
    }

    @Override
    public CompletionStage<Status> updateAsync(String table, String key, Map<String, ByteIterator> values) {
      long st = System.nanoTime();
      CompletionStage<Status> stage;
      try {
        stage = db.updateAsync(table, key, values);
      } catch (RuntimeException e) {
        stage = null;
      }
      return timed(2, st, stage);
    }

    @Override
    public CompletionStage<Status> insertAsync(String table, String key, Map<String, ByteIterator> values) {
      long st = System.nanoTime();
      CompletionStage<Status> stage;
      try {
        stage = db.insertAsync(table, key, values);
      } catch (RuntimeException e) {
        stage = null;
      }
      return timed(3, st, stage);
    }

    @Override
    public CompletionStage<Status> deleteAsync(String table, String key) {
      long st = System.nanoTime();
      CompletionStage<Status> stage;
      try {
        stage = db.deleteAsync(table, key);
      } catch (RuntimeException e) {
        stage = null;
      }
      return timed(4, st, stage);
    }

    private CompletionStage<Status> timed(int op, long st, CompletionStage<Status> stage) {
      if (stage == null) {
        return CompletableFuture.completedFuture(finish(op, Status.ERROR, st));
      }
      return stage.handle((status, error) -> finish(op, error != null || status == null ? Status.ERROR : status, st));
    }

    private Status finish(int op, Status status, long st) {
      long en = System.nanoTime();
      if (DBWrapper.answered(status)) {
        if (consecutiveErrors.get() != 0) {
          consecutiveErrors.set(0);
        }
      } else {
        consecutiveErrors.incrementAndGet();
      }
      if (measured) {
        recorder.record(OPS[op], status, intendedNs, st, en);
      }
      return status;
    }
  }
}
