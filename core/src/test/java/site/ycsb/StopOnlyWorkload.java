package site.ycsb;

/** A workload that does nothing: for tests of what waits on {@link Workload#isStopRequested()}. */
final class StopOnlyWorkload extends Workload {
  @Override
  public boolean doInsert(DB db, Object threadstate) {
    return false;
  }

  @Override
  public boolean doTransaction(DB db, Object threadstate) {
    return false;
  }
}
