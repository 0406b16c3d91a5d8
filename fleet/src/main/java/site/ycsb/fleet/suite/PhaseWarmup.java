package site.ycsb.fleet.suite;

import java.util.Locale;
import java.util.Properties;

/**
 * The warm-up {@code suite} and {@code fleet} give every phase unless the user set {@code warmup} (on the command
 * line or in a -P file; {@code warmup=0} turns it off). The engine runs these operations but does not measure them
 * (the measured run time starts after them, and summary.json records them under {@code warmup}).
 *
 * <p>With a target rate the warm-up is a duration: {@link #SHARE} of the phase, but at least {@link #FLOOR_SECONDS}
 * and at most {@link #CAP_SECONDS}, and never more than {@link #MAX_SHARE} of the phase. The phase lasts
 * operations / rate, or {@code maxexecutiontime} when that is shorter or the operations are unlimited. The floor is
 * there because a short phase's tenth is shorter than the client's own start-up: measured against a local
 * Cassandra at 2,000 ops/s (bench/startup), operations due in the first 2 s of a fresh JVM started late, and a 1 s
 * warm-up left that backlog in the measurement while a 5 s one did not (one run each; an interleaved A/B of 3 runs
 * each at 1,000 ops/s had a lower median lag in five of six phases: bench/startup/ab-20261126). Unthrottled, the
 * warm-up is a number of operations: {@link #SHARE} of them, at most {@link #CAP_OPERATIONS} (the rate, so a
 * duration, is not known).
 */
public final class PhaseWarmup {
  static final double SHARE = 0.10;
  static final double FLOOR_SECONDS = 5;
  static final double CAP_SECONDS = 10;
  static final double MAX_SHARE = 0.5;
  static final long CAP_OPERATIONS = 100_000;
  /** The documented default, for messages. */
  public static final String DESCRIPTION = "default: the first 10% of the phase, at least 5 s, at most 10 s and "
      + "at most half the phase (unthrottled: 10% of the operations, at most 100000); -p warmup=0 turns it off";

  private PhaseWarmup() {
  }

  /**
   * The value for {@code -p warmup=} of a phase, or null when the user chose one or there is nothing to warm up.
   *
   * @param effective the properties the engine will see (files and -p), to find a user's own warmup
   * @param operations the operations of the phase on this client (load: records; run: operationcount; 0 unknown)
   * @param target this client's rate in ops/s, 0 when unthrottled
   * @param maxExecutionSec maxexecutiontime, 0 when none
   */
  public static String choose(Properties effective, long operations, double target, long maxExecutionSec) {
    if (effective.getProperty(site.ycsb.cli.EngineOptions.WARMUP.name()) != null) {
      return null;
    }
    if (target <= 0 && operations > 0) {
      long ops = Math.min((long) Math.floor(SHARE * operations), CAP_OPERATIONS);
      return ops > 0 ? ops + "ops" : null;
    }
    double phaseSeconds = target > 0 && operations > 0 ? operations / target : Double.POSITIVE_INFINITY;
    if (maxExecutionSec > 0) {
      phaseSeconds = Math.min(phaseSeconds, maxExecutionSec);
    }
    if (Double.isInfinite(phaseSeconds)) {
      return null; // neither a known number of operations at a known rate nor a time limit: no length to share
    }
    double seconds = Math.min(Math.min(Math.max(SHARE * phaseSeconds, FLOOR_SECONDS), CAP_SECONDS),
        MAX_SHARE * phaseSeconds);
    long ms = (long) Math.floor(seconds * 1000);
    return ms > 0 ? ms + "ms" : null;
  }

  /** The line the suite prints for a phase. */
  static String describe(String tool, String phase, String warmup) {
    return String.format(Locale.ROOT, "%s: %s: warm-up %s, not measured (%s)", tool, phase,
        warmup.endsWith("ops") ? warmup.substring(0, warmup.length() - 3) + " operations" : warmup, DESCRIPTION);
  }
}
