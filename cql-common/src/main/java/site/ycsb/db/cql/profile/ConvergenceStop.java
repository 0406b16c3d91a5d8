package site.ycsb.db.cql.profile;

import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

/**
 * cassandra-stress's statistical stop ({@code err<}, {@code n>}, {@code n<}): the row rate is sampled once per
 * interval (rows written by measured inserts plus rows returned by measured queries, per second of that interval);
 * after each sample the uncertainty is the standard deviation of the samples (population form) over the square root
 * of their number, relative to their mean, and the run stops once there are at least {@code min} samples and the
 * uncertainty is below {@code err}, or once there are {@code max} samples. The sampling thread starts with the first
 * measured operation (a warm-up is not sampled). Thread-safe: operations add rows from any thread; one daemon thread
 * samples.
 */
final class ConvergenceStop {
  private final double err;
  private final int min;
  private final int max;
  private final long intervalMs;
  private final Runnable stop;
  private final LongAdder rows = new LongAdder();
  private final AtomicBoolean started = new AtomicBoolean();
  private volatile ScheduledExecutorService sampler;
  private int samples;
  private double sum;
  private double sumSquares;
  private double uncertainty = Double.NaN;
  private volatile String verdict;

  ConvergenceStop(double err, int min, int max, long intervalMs, Runnable stop) {
    this.err = err;
    this.min = min;
    this.max = max;
    this.intervalMs = intervalMs;
    this.stop = stop;
  }

  /** Counts {@code n} rows of a measured operation; the first call starts the sampling. */
  void rows(long n) {
    rows.add(n);
    if (!started.get() && started.compareAndSet(false, true)) {
      ScheduledExecutorService s = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "profile-convergence");
        t.setDaemon(true);
        return t;
      });
      sampler = s;
      long[] last = {System.nanoTime(), 0};
      s.scheduleAtFixedRate(() -> {
        long now = System.nanoTime();
        long total = rows.sum();
        double rate = (total - last[1]) / ((now - last[0]) / 1e9);
        last[0] = now;
        last[1] = total;
        if (sample(rate)) {
          stop.run();
          s.shutdown();
        }
      }, intervalMs, intervalMs, TimeUnit.MILLISECONDS);
    }
  }

  /** Adds one interval's row rate; true when the run should stop now. */
  synchronized boolean sample(double rate) {
    if (verdict != null) {
      return false;
    }
    samples++;
    sum += rate;
    sumSquares += rate * rate;
    double mean = sum / samples;
    double stdev = Math.sqrt(Math.max(0, sumSquares / samples - mean * mean));
    uncertainty = stdev / Math.sqrt(samples) / mean;
    boolean converged = samples >= min && uncertainty < err;
    if (converged || samples >= max) {
      verdict = String.format(Locale.ROOT, "%s after %d intervals of %d ms: the row rate's standard error is %.2f%% of"
          + " its mean %.1f rows/s (%s=%s, %s=%d, %s=%d)", converged ? "converged" : "not converged, stopped",
          samples, intervalMs, uncertainty * 100, mean, ProfileOptions.ERR.name(), err,
          ProfileOptions.N_MIN.name(), min, ProfileOptions.N_MAX.name(), max);
      return true;
    }
    return false;
  }

  /** The intervals sampled so far. */
  synchronized int samples() {
    return samples;
  }

  /** The last uncertainty (NaN before the first sample or while the mean is 0). */
  synchronized double uncertainty() {
    return uncertainty;
  }

  /** Why the run was stopped, or null if this condition did not stop it. */
  String verdict() {
    return verdict;
  }

  /** Stops sampling (at cleanup). */
  void close() {
    ScheduledExecutorService s = sampler;
    if (s != null) {
      s.shutdownNow();
    }
  }
}
