package site.ycsb;

import java.util.Properties;

/**
 * What the client threads execute: one instance per run, shared by all threads, so implementations must be
 * thread-safe. Per-thread state is created by {@link #initThread} and passed back on every call.
 *
 * <p>Lifecycle: {@link #init} once, {@link #initThread} once per thread, then {@link #doInsert} (load phase)
 * or {@link #doTransaction} (run phase) repeatedly from each thread, then {@link #cleanup} once.
 */
public abstract class Workload {
  /** Alias of {@link EngineOptions#INSERT_START}: the first key number this client inserts. */
  public static final String INSERT_START_PROPERTY = "insertstart";
  /** Alias of {@link EngineOptions#INSERT_COUNT}: how many records this client inserts. */
  public static final String INSERT_COUNT_PROPERTY = "insertcount";
  /** Default of {@link #INSERT_START_PROPERTY}. */
  public static final String INSERT_START_PROPERTY_DEFAULT = "0";

  private volatile boolean stopRequested = false;
  private volatile boolean failed = false;

  /** The kinds of operation a workload can issue (kept for API compatibility). */
  public enum Operation {
    READ,
    UPDATE,
    INSERT,
    SCAN,
    DELETE
  }

  /** Initialises the workload from the merged properties; called once, before any thread starts. */
  public void init(Properties p) throws WorkloadException {
  }

  /**
   * Creates the per-thread state for one client thread.
   *
   * @return an object handed back to {@link #doInsert}/{@link #doTransaction} of that thread, or null
   */
  public Object initThread(Properties p, int mythreadid, int threadcount) throws WorkloadException {
    return null;
  }

  /** Called once after all threads have finished. */
  public void cleanup() throws WorkloadException {
  }

  /**
   * Performs one insert of the load phase.
   *
   * @return false if the thread must stop (the insert failed for good)
   */
  public abstract boolean doInsert(DB db, Object threadstate);

  /**
   * Performs one operation of the run phase.
   *
   * @return false if the thread must stop
   */
  public abstract boolean doTransaction(DB db, Object threadstate);

  /** Asks all threads to stop after their current operation (maximum execution time reached, or an error). */
  public void requestStop() {
    stopRequested = true;
  }

  /** Whether {@link #requestStop()} or {@link #requestStopBecauseOfError()} has been called. */
  public boolean isStopRequested() {
    return stopRequested;
  }

  /** Stops all threads and marks the run as failed, so that the client exits non-zero. */
  public void requestStopBecauseOfError() {
    failed = true;
    stopRequested = true;
  }

  /** Whether the run was stopped because of an error. */
  public boolean hasFailed() {
    return failed;
  }
}
