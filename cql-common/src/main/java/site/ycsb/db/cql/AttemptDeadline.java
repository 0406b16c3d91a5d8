package site.ycsb.db.cql;

/**
 * How long one attempt of a request may take before the binding stops waiting for the driver's answer: the
 * driver's own timeouts, which should have answered first, plus a margin. The driver bounds an attempt by its
 * request (read) timeout once the request is written, after a wait for a pooled connection (the pool timeout),
 * and, with speculative executions, the last execution starts {@code delay x (max - 1)} after the first; a future
 * still pending {@link #MARGIN_MILLIS} after all of that will not be completed by the driver.
 *
 * <p>Stateless and thread-safe.
 */
public final class AttemptDeadline {
  /** Beyond the driver's own bound: scheduling and a loaded machine must not turn an answer into a timeout. */
  public static final long MARGIN_MILLIS = 1000;

  private AttemptDeadline() {
  }

  /**
   * The deadline of one attempt, in milliseconds.
   *
   * @param driverReadTimeoutMillis the driver's default read timeout, used when the settings set none
   * @param poolTimeoutMillis how long the driver waits for a pooled connection
   */
  public static long millis(CqlSettings s, long driverReadTimeoutMillis, long poolTimeoutMillis) {
    long request = s.requestTimeoutMillis() != null ? s.requestTimeoutMillis()
        : s.readTimeoutMillis() != null ? s.readTimeoutMillis() : driverReadTimeoutMillis;
    long speculative = s.speculativeDelayMillis() > 0 ? s.speculativeDelayMillis() * (s.speculativeMaxExecutions() - 1)
        : 0;
    return request + speculative + poolTimeoutMillis + MARGIN_MILLIS;
  }

  /**
   * The longest a request can take with every attempt at its deadline and every back-off at its cap: what the
   * caller of an asynchronous operation waits at most.
   */
  public static long worstCaseMillis(CqlSettings s, long attemptMillis) {
    return (s.maxRetries() + 1L) * attemptMillis + s.maxRetries() * s.backoffMaxMillis();
  }
}
