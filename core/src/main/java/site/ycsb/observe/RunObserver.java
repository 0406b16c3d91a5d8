package site.ycsb.observe;

/**
 * Watches one run live. The engine calls {@link #interval} from its status thread after each interval it takes (at
 * least every second), {@link #ended} once the run's results are written, then {@link #close}. An implementation
 * has a public constructor taking ({@link java.util.Properties}, {@link RunLabels}) that starts what it serves or
 * throws {@link site.ycsb.cli.UsageException} with one line (the run then exits 2 before anything runs).
 *
 * <p>Implementations must be thread-safe: the status thread feeds it while its server reads it.
 */
public interface RunObserver {
  /** The figures of the interval just taken; must return at once (it holds up the status thread). */
  void interval(LiveFigures figures);

  /** The run has ended: its final figures were given to {@link #interval}; {@code verdict} names its cause. */
  void ended(String verdict, int exitCode);

  /** Makes the final figures available for a bounded time if it needs to, then stops serving; never throws. */
  void close();
}
