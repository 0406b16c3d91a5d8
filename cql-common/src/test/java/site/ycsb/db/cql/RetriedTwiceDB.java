package site.ycsb.db.cql;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.support.Backoff;
import site.ycsb.support.RateLimitedLog;
import site.ycsb.support.Sleeper;
import site.ycsb.testsupport.OkDB;

/**
 * Unit-test double of a CQL binding: every read fails twice with a (fake) timeout and succeeds on the third
 * attempt, through the real {@link RetryingExecutor} with real sleeping. Used by {@link RetryLatencyThroughClientTest}
 * to see what YCSB's own client measures for such an operation.
 */
public class RetriedTwiceDB extends OkDB {
  /** Back-off of the two retries with the random factor fixed at 0.999: 49 ms + 99 ms. */
  public static final long BACKOFF_MILLIS = 148;

  private final RetryingExecutor executor = new RetryingExecutor(2, Backoff.exponential(50, 1000),
      failure -> ErrorKind.TIMEOUT, Sleeper.THREAD_SLEEP, OpType.retryCounters(),
      new RateLimitedLog(line -> { }, 1, TimeUnit.SECONDS, System::nanoTime), () -> 0.999);

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    int[] attempts = {0};
    Outcome<String> outcome = executor.execute(OpType.READ, true, () -> {
      if (++attempts[0] <= 2) {
        throw new IllegalStateException("fake timeout");
      }
      return "ok";
    });
    return outcome.isSuccess() && outcome.retries() == 2 ? Status.OK : Status.ERROR;
  }
}
