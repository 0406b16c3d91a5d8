package site.ycsb.support;

/**
 * Waits between retries; an interface so unit tests can record the back-off instead of (or while) sleeping.
 *
 * <p>Implementations are called by every client thread that retries, at once: they must be thread-safe ({@link
 * #THREAD_SLEEP} is).
 */
@FunctionalInterface
public interface Sleeper {
  /** The real thing: {@link Thread#sleep(long)}. */
  Sleeper THREAD_SLEEP = Thread::sleep;

  void sleep(long millis) throws InterruptedException;
}
