package site.ycsb.db.cql;

import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;

/**
 * Decides per request whether to ask the server for a trace. Tracing every request (YCSB's behaviour) writes
 * several trace rows per operation into system_traces and distorts the very latency being measured.
 *
 * <p>Thread-safe: one instance (in the binding's shared runtime) is asked by every client thread; with the default
 * random source each thread draws from its own {@code ThreadLocalRandom}.
 */
public final class TracingSampler {
  private final double fraction;
  private final DoubleSupplier random;

  public TracingSampler(double fraction) {
    this(fraction, () -> ThreadLocalRandom.current().nextDouble());
  }

  public TracingSampler(double fraction, DoubleSupplier random) {
    if (!(fraction >= 0 && fraction <= 1)) {
      throw new IllegalArgumentException("fraction must be in [0, 1], got " + fraction);
    }
    this.fraction = fraction;
    this.random = random;
  }

  public boolean shouldTrace() {
    return fraction > 0 && random.getAsDouble() < fraction;
  }
}
