package site.ycsb.db.cql;

import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

import site.ycsb.DBException;

/**
 * One resource (a driver session) shared by all client threads of a binding: created by the first
 * {@link #acquire}, reference counted, closed by the {@link #release} that drops the count to zero.
 *
 * <p>A failed creation is remembered for a few seconds for the same configuration, so that N client threads
 * starting together report one failure (one login attempt against the cluster, one log line) instead of N.
 *
 * <p>Thread-safe: every method synchronizes on the instance, so a creation (a cluster connection, seconds long)
 * blocks the other threads' {@code acquire} until it is done — deliberately, as they need its result. The
 * resource itself must be safe for concurrent use by the threads that acquired it.
 */
public final class SharedResource<T> {
  /** Creates the resource; its exception message is shown to the user as is. */
  public interface Factory<T> {
    T create() throws DBException;
  }

  /** Closes the resource. */
  public interface Closer<T> {
    void close(T resource);
  }

  private static final long FAILURE_MEMORY_NANOS = TimeUnit.SECONDS.toNanos(5);

  private final LongSupplier nanoClock;
  private T resource;
  private String fingerprint;
  private int references;
  private String failedFingerprint;
  private DBException failure;
  private long failedAtNanos;

  public SharedResource() {
    this(System::nanoTime);
  }

  SharedResource(LongSupplier nanoClock) {
    this.nanoClock = nanoClock;
  }

  /**
   * Returns the shared resource, creating it on first use.
   *
   * @param configFingerprint identifies the configuration; a different one while the resource is open is an error
   */
  public synchronized T acquire(String configFingerprint, Factory<T> factory) throws DBException {
    if (resource != null) {
      if (!fingerprint.equals(configFingerprint)) {
        throw new DBException("Another configuration of this binding is already connected in this JVM; "
            + "all client threads must use the same connection properties.");
      }
      references++;
      return resource;
    }
    if (failure != null && configFingerprint.equals(failedFingerprint)
        && nanoClock.getAsLong() - failedAtNanos < FAILURE_MEMORY_NANOS) {
      throw new DBException(failure.getMessage());
    }
    try {
      resource = factory.create();
    } catch (DBException e) {
      failure = e;
      failedFingerprint = configFingerprint;
      failedAtNanos = nanoClock.getAsLong();
      throw e;
    }
    failure = null;
    fingerprint = configFingerprint;
    references = 1;
    return resource;
  }

  /**
   * Drops one reference; the last one closes the resource.
   *
   * @return true if this call closed the resource
   */
  public synchronized boolean release(Closer<T> closer) {
    if (resource == null || references == 0) {
      return false;
    }
    references--;
    if (references > 0) {
      return false;
    }
    T closing = resource;
    resource = null;
    fingerprint = null;
    closer.close(closing);
    return true;
  }

  /** Current number of holders (for tests and diagnostics). */
  public synchronized int references() {
    return references;
  }
}
