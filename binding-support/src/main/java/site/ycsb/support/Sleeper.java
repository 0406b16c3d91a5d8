package site.ycsb.support;

/** Waits between retries; an interface so unit tests can record the back-off instead of (or while) sleeping. */
@FunctionalInterface
public interface Sleeper {
  /** The real thing: {@link Thread#sleep(long)}. */
  Sleeper THREAD_SLEEP = Thread::sleep;

  void sleep(long millis) throws InterruptedException;
}
