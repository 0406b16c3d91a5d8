package site.ycsb;

/**
 * A workload whose operations do nothing (and report failure): for tests that need a {@link Workload}, its stop
 * flag or its type, but not its operations.
 */
public final class NoOpWorkload extends Workload {
  @Override
  public boolean doInsert(DB db, Object threadstate) {
    return false;
  }

  @Override
  public boolean doTransaction(DB db, Object threadstate) {
    return false;
  }
}
