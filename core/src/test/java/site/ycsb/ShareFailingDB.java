package site.ycsb;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@link AsyncMemoryDB} (so the blocking and the asynchronous path alike) whose operations fail by rule, counted per
 * operation type across the process: {@code failing.read=UNAVAILABLE/10} makes every 10th read return the status
 * UNAVAILABLE (the 10th, 20th, ...; {@code /1}: every read), likewise {@code failing.update} and {@code
 * failing.insert}; {@code failing.from=N} makes every operation fail with {@code failing.status} (default ERROR) from
 * the N-th call on (counted over every type), as a database that goes away mid-run, until the {@code failing.until}-th
 * call (0: for good), as one that comes back. A test double, not a database.
 */
public class ShareFailingDB extends AsyncMemoryDB {
  private static final Map<String, AtomicLong> CALLS = new ConcurrentHashMap<>();
  private static final AtomicLong ALL_CALLS = new AtomicLong();

  /** Starts the counts again (each test's run counts from its first call). */
  public static void reset() {
    CALLS.clear();
    ALL_CALLS.set(0);
  }

  /** The status this call of {@code op} fails with, or null when it does not fail. */
  private Status failure(String op) {
    long all = ALL_CALLS.incrementAndGet();
    long from = Long.parseLong(getProperties().getProperty("failing.from", "0"));
    long until = Long.parseLong(getProperties().getProperty("failing.until", "0"));
    if (from > 0 && all >= from && (until == 0 || all < until)) {
      return new Status(getProperties().getProperty("failing.status", "ERROR"), "failing by rule (test)");
    }
    String rule = getProperties().getProperty("failing." + op);
    if (rule == null) {
      return null;
    }
    String[] parts = rule.split("/");
    long every = Long.parseLong(parts[1]);
    long n = CALLS.computeIfAbsent(op, k -> new AtomicLong()).incrementAndGet();
    return n % every == 0 ? new Status(parts[0], "failing by rule (test)") : null;
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    Status s = failure("read");
    return s != null ? s : super.read(table, key, fields, result);
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    Status s = failure("update");
    return s != null ? s : super.update(table, key, values);
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    Status s = failure("insert");
    return s != null ? s : super.insert(table, key, values);
  }
}
