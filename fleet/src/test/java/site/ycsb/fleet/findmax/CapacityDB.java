package site.ycsb.fleet.findmax;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * A test database with a known capacity: one server that serves operations one after another, each taking
 * 1/{@code capacitydb.opspersec} seconds, queued in arrival order — below that rate latency stays at the service
 * time, above it the queue (and the latency) grows without bound. {@code capacitydb.latencyms} adds a fixed
 * latency outside the queue (a client with few threads then cannot keep up: client-limited). Not a database.
 */
public class CapacityDB extends DB {
  private static final AtomicLong NEXT_FREE_NS = new AtomicLong();
  private long serviceNs;
  private long extraNs;

  @Override
  public void init() {
    serviceNs = (long) (1e9 / Double.parseDouble(getProperties().getProperty("capacitydb.opspersec", "1000")));
    extraNs = (long) (1e6 * Double.parseDouble(getProperties().getProperty("capacitydb.latencyms", "0")));
  }

  private Status serve() {
    long now = System.nanoTime();
    long done = NEXT_FREE_NS.updateAndGet(free -> Math.max(free, now) + serviceNs) + extraNs;
    long left;
    while ((left = done - System.nanoTime()) > 0) {
      LockSupport.parkNanos(left);
    }
    return Status.OK;
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return serve();
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    return serve();
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return serve();
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return serve();
  }

  @Override
  public Status delete(String table, String key) {
    return serve();
  }
}
