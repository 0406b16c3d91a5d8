package site.ycsb;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A test database with a realistic bad-day latency profile: most operations take a few hundred microseconds,
 * some take much longer. {@code gbudb.delays} lists five delays in microseconds (default
 * {@code 200,1000,10000,50000,100000}) taken with probabilities 90%, 9%, 0.9%, 0.09%, 0.01%.
 *
 * <p>One instance per client thread, as every binding; it shares nothing with the others.
 */
public class GoodBadUglyDB extends DB {
  public static final String SIMULATE_DELAY = "gbudb.delays";
  public static final String SIMULATE_DELAY_DEFAULT = "200,1000,10000,50000,100000";
  private static final double[] SHARES = {0.9, 0.09, 0.009, 0.0009, 0.0001};
  private long[] delaysUs;

  @Override
  public void init() throws DBException {
    String[] parts = getProperties().getProperty(SIMULATE_DELAY, SIMULATE_DELAY_DEFAULT).split(",");
    if (parts.length != 5) {
      throw new DBException(SIMULATE_DELAY + " needs five comma-separated delays in microseconds");
    }
    delaysUs = new long[5];
    for (int i = 0; i < 5; i++) {
      try {
        delaysUs[i] = Long.parseLong(parts[i].trim());
      } catch (NumberFormatException e) {
        throw new DBException(SIMULATE_DELAY + ": '" + parts[i] + "' is not a whole number");
      }
    }
  }

  private void delay() {
    double r = ThreadLocalRandom.current().nextDouble();
    int i = 0;
    double cumulative = SHARES[0];
    while (r >= cumulative && i < 4) {
      cumulative += SHARES[++i];
    }
    long deadline = System.nanoTime() + TimeUnit.MICROSECONDS.toNanos(delaysUs[i]);
    long left;
    while ((left = deadline - System.nanoTime()) > 0) {
      LockSupport.parkNanos(left);
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    delay();
    return Status.OK;
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    delay();
    return Status.OK;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    delay();
    return Status.OK;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    delay();
    return Status.OK;
  }

  @Override
  public Status delete(String table, String key) {
    delay();
    return Status.OK;
  }
}
