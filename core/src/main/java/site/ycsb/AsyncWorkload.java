package site.ycsb;

import java.util.concurrent.CompletionStage;

import site.ycsb.async.AsyncDB;

/**
 * A workload the engine's asynchronous path can drive ({@code async}, see {@link AsyncClientThread}): its operations
 * issued without blocking, against a binding that implements {@link AsyncDB}. A {@link Workload} implements it: the
 * workload keeps its thread state and stop flags, and adds the two operations and whether they are the ones its
 * blocking methods issue ({@link #runsAsync}). The core workload is one.
 *
 * <p>Implementations are shared by the dispatching threads, as a {@link Workload} is: they must be thread-safe.
 */
public interface AsyncWorkload {
  /**
   * Whether this instance issues, asynchronously, the same operations as its blocking {@code doInsert} and
   * {@code doTransaction} (false, for example, for a subclass that changed what an operation does).
   */
  boolean runsAsync();

  /** One insert, completing with whether the record was inserted. */
  CompletionStage<Boolean> doInsertAsync(AsyncDB db, Object threadState);

  /** One transaction, completing with false when the workload has nothing more to do. */
  CompletionStage<Boolean> doTransactionAsync(AsyncDB db, Object threadState);

  /** {@code workload}'s asynchronous operations when it offers them and they are its own, else null. */
  static AsyncWorkload of(Workload workload) {
    if (workload instanceof AsyncWorkload && ((AsyncWorkload) workload).runsAsync()) {
      return (AsyncWorkload) workload;
    }
    return null;
  }
}
