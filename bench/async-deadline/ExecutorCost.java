import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import site.ycsb.db.cql.AsyncRetryingExecutor;
import site.ycsb.db.cql.ErrorKind;
import site.ycsb.db.cql.OpType;
import site.ycsb.db.cql.RetryRules;
import site.ycsb.support.Backoff;
import site.ycsb.support.DeadlineWatch;
import site.ycsb.support.RateLimitedLog;

/**
 * The per-request cost of the CQL bindings' attempt deadline: AsyncRetryingExecutor.execute on attempts that the
 * "driver" completes at once, without a watch and with one (its thread running, as in production), in alternating
 * rounds in one JVM; prints ns per request per round and the medians. Run by run.sh.
 */
public final class ExecutorCost {
  public static void main(String[] args) {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
    int perRound = args.length > 1 ? Integer.parseInt(args[1]) : 2_000_000;
    RetryRules rules = new RetryRules(5, Backoff.exponential(100, 5000), e -> ErrorKind.OTHER, OpType.retryCounters(),
        new RateLimitedLog(l -> { }, 10, TimeUnit.SECONDS, System::nanoTime));
    AsyncRetryingExecutor.Delayer never = (ms, task) -> {
      throw new IllegalStateException("no retry expected");
    };
    DeadlineWatch watch = DeadlineWatch.start("bench-deadlines", 100, TimeUnit.MILLISECONDS);
    AsyncRetryingExecutor bare = new AsyncRetryingExecutor(rules, never);
    AsyncRetryingExecutor watched = new AsyncRetryingExecutor(rules, never, watch, 18_000);
    CompletableFuture<String> answered = CompletableFuture.completedFuture("row");
    AsyncRetryingExecutor.AsyncAttempt<String> attempt = () -> answered;
    double[] bareNs = new double[rounds];
    double[] watchedNs = new double[rounds];
    long sink = 0;
    for (int r = -2; r < rounds; r++) { // two warm-up rounds, not counted
      for (int which = 0; which < 2; which++) {
        AsyncRetryingExecutor e = (r + which) % 2 == 0 ? bare : watched;
        long t0 = System.nanoTime();
        for (int i = 0; i < perRound; i++) {
          sink += e.execute(OpType.READ, true, attempt).toCompletableFuture().join().retries();
        }
        double ns = (System.nanoTime() - t0) / (double) perRound;
        if (r >= 0) {
          (e == bare ? bareNs : watchedNs)[r] = ns;
        }
      }
    }
    watch.close();
    for (int r = 0; r < rounds; r++) {
      System.out.printf("round %d: without watch %.1f ns, with watch %.1f ns%n", r + 1, bareNs[r], watchedNs[r]);
    }
    Arrays.sort(bareNs);
    Arrays.sort(watchedNs);
    System.out.printf("median: without watch %.1f ns (range %.1f-%.1f), with watch %.1f ns (range %.1f-%.1f), "
        + "difference %.1f ns per request%n", median(bareNs), bareNs[0], bareNs[rounds - 1], median(watchedNs),
        watchedNs[0], watchedNs[rounds - 1], median(watchedNs) - median(bareNs));
    if (sink != 0) {
      System.out.println("unexpected retries: " + sink);
    }
  }

  private static double median(double[] sorted) {
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}
