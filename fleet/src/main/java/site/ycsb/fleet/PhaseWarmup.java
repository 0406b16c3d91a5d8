package site.ycsb.fleet;

import java.util.Locale;
import java.util.Properties;

/**
 * The warm-up {@code suite} and {@code fleet} give every phase unless the user set {@code warmup} (on the command
 * line or in a -P file; {@code warmup=0} turns it off): the first {@link #SHARE} of the phase's operations, at most
 * {@link #CAP_SECONDS} — as a duration when the phase has a target rate (operations / rate), else as a number of
 * operations, at most {@link #CAP_OPERATIONS}. The engine runs these operations but does not measure them (the
 * measured run time starts after them, and summary.json records them under {@code warmup}).
 */
final class PhaseWarmup {
  static final double SHARE = 0.10;
  static final double CAP_SECONDS = 10;
  static final long CAP_OPERATIONS = 100_000;
  /** The documented default, for messages. */
  static final String DESCRIPTION = "default: the first 10% of the operations, at most 10 s (unthrottled: at most "
      + "100000 operations); -p warmup=0 turns it off";

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
  static String choose(Properties effective, long operations, double target, long maxExecutionSec) {
    if (effective.getProperty("warmup") != null) {
      return null;
    }
    double capSeconds = maxExecutionSec > 0 ? Math.min(CAP_SECONDS, SHARE * maxExecutionSec) : CAP_SECONDS;
    if (target > 0) {
      double seconds = operations > 0 ? Math.min(SHARE * operations / target, capSeconds)
          : maxExecutionSec > 0 ? capSeconds : 0;
      long ms = (long) Math.floor(seconds * 1000);
      return ms > 0 ? ms + "ms" : null;
    }
    if (operations > 0) {
      long ops = Math.min((long) Math.floor(SHARE * operations), CAP_OPERATIONS);
      return ops > 0 ? ops + "ops" : null;
    }
    long ms = (long) Math.floor(capSeconds * 1000);
    return maxExecutionSec > 0 && ms > 0 ? ms + "ms" : null;
  }

  /** The line the suite prints for a phase. */
  static String describe(String tool, String phase, String warmup) {
    return String.format(Locale.ROOT, "%s: %s: warm-up %s, not measured (%s)", tool, phase,
        warmup.endsWith("ops") ? warmup.substring(0, warmup.length() - 3) + " operations" : warmup, DESCRIPTION);
  }
}
