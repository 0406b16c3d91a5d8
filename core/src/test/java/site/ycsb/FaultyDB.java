package site.ycsb;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A test database whose behaviour is chosen by properties: {@code faulty.init} (fail init),
 * {@code faulty.badconfig} (refuse the configuration, as the bindings do for a bad property value),
 * {@code faulty.throw} (throw from read), {@code faulty.status} (status name every op returns),
 * {@code faulty.insertfailures} (the first N inserts fail with ERROR, then delegate to {@link MemoryDB}),
 * {@code faulty.initdelayms} (init takes that long, as a slow connection does; it says so on stderr first).
 */
public class FaultyDB extends MemoryDB {
  public static final AtomicInteger INSERT_CALLS = new AtomicInteger();
  private int insertFailures;

  @Override
  public void init() throws DBException {
    long delayMs = Long.parseLong(getProperties().getProperty("faulty.initdelayms", "0"));
    if (delayMs > 0) {
      System.err.println("faulty: init takes " + delayMs + " ms");
      try {
        Thread.sleep(delayMs);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    if (Boolean.parseBoolean(getProperties().getProperty("faulty.init", "false"))) {
      throw new DBException("cannot connect to 10.0.0.1:9042 (test)");
    }
    String bad = getProperties().getProperty("faulty.badconfig");
    if (bad != null) {
      // The bindings' convention for a configuration mistake.
      String message = "Property 'faulty.port' must be an integer, got '" + bad + "'.";
      throw new DBException(message, new IllegalArgumentException(message));
    }
    insertFailures = Integer.parseInt(getProperties().getProperty("faulty.insertfailures", "0"));
  }

  private Status forced() {
    String s = getProperties().getProperty("faulty.status");
    return s == null ? null : new Status(s, "forced by test");
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    if (Boolean.parseBoolean(getProperties().getProperty("faulty.throw", "false"))) {
      throw new IllegalStateException("binding bug (test)");
    }
    Status s = forced();
    return s != null ? s : super.read(table, key, fields, result);
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    Status s = forced();
    return s != null ? s : super.update(table, key, values);
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    Status s = forced();
    return s != null ? s : super.scan(table, startkey, recordcount, fields, result);
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    if (INSERT_CALLS.incrementAndGet() <= insertFailures) {
      // consume the values, as a real driver would, so that a retry without reset would send nothing
      for (ByteIterator v : values.values()) {
        v.toArray();
      }
      return Status.ERROR;
    }
    return super.insert(table, key, values);
  }
}
