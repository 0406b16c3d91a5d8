package site.ycsb.db.cql;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.TimeUnit;

import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.support.Backoff;
import site.ycsb.support.RateLimitedLog;
import site.ycsb.support.RetryCounters;
import site.ycsb.support.Sleeper;

/**
 * Unit-test double of a CQL binding: every read fails twice with a (fake) timeout and succeeds on the third
 * attempt, through the real {@link RetryingExecutor} with real sleeping. Used by {@link RetryLatencyThroughClientTest}
 * to see what YCSB's own client measures for such an operation.
 */
public class RetriedTwiceDB extends DB {
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

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    return Status.NOT_IMPLEMENTED;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return Status.OK;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return Status.OK;
  }

  @Override
  public Status delete(String table, String key) {
    return Status.OK;
  }
}
