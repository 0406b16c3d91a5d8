import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import com.datastax.driver.core.BoundStatement;
import com.datastax.driver.core.Cluster;
import com.datastax.driver.core.ConsistencyLevel;
import com.datastax.driver.core.PreparedStatement;
import com.datastax.driver.core.ResultSet;
import com.datastax.driver.core.ResultSetFuture;
import com.datastax.driver.core.Session;
import com.google.common.util.concurrent.FutureCallback;
import com.google.common.util.concurrent.Futures;
import com.google.common.util.concurrent.MoreExecutors;

/**
 * The driver-only floor of the CQL client-CPU benchmark: issues workload A's statements (read all fields by key,
 * update one random field with a 100-byte value) with nothing but the DataStax driver, so that the engine's and
 * the bindings' own cost per operation can be read as the difference to this program's.
 *
 * <p>Usage: {@code DriverFloor sync|async host port ops rate concurrency records [seconds]}. {@code rate} 0 =
 * unthrottled; {@code concurrency} = threads (sync) or operations in flight (async); {@code seconds} (optional)
 * ends the run after that time, like YCSB's {@code maxexecutiontime}. Every second it prints
 * {@code N sec: M operations;} to stderr (completed operations, as YCSB's status lines with {@code -s}), and at the
 * end {@code [OVERALL], Throughput(ops/sec), x} like YCSB, so the benchmark script parses both the same way.
 */
public final class DriverFloor {
  private static final int FIELDS = 10;
  private static final int FIELD_LENGTH = 100;
  private static final long FNV_OFFSET = 0xCBF29CE484222325L;
  private static final long FNV_PRIME = 1099511628211L;

  private final Session session;
  private final PreparedStatement read;
  private final PreparedStatement[] updates = new PreparedStatement[FIELDS];
  private final long ops;
  private final long intervalNs;
  private final long records;
  private final AtomicLong next = new AtomicLong();
  private final AtomicLong failures = new AtomicLong();
  private final AtomicLong completed = new AtomicLong();
  private long startNs;
  private long endNs = Long.MAX_VALUE;

  private DriverFloor(Session session, long ops, double rate, long records) {
    this.session = session;
    this.ops = ops;
    this.intervalNs = rate > 0 ? (long) (1e9 / rate) : 0;
    this.records = records;
    read = session.prepare("SELECT * FROM usertable WHERE y_id = ?").setConsistencyLevel(ConsistencyLevel.ONE);
    for (int i = 0; i < FIELDS; i++) {
      updates[i] = session.prepare("UPDATE usertable SET field" + i + " = ? WHERE y_id = ?")
          .setConsistencyLevel(ConsistencyLevel.ONE);
    }
  }

  public static void main(String[] args) throws Exception {
    if (args.length != 7 && args.length != 8) {
      System.err.println("usage: DriverFloor sync|async host port ops rate concurrency records [seconds]");
      System.exit(2);
    }
    boolean async = args[0].equals("async");
    long ops = Long.parseLong(args[3]);
    double rate = Double.parseDouble(args[4]);
    int concurrency = Integer.parseInt(args[5]);
    long records = Long.parseLong(args[6]);
    try (Cluster cluster = Cluster.builder().addContactPoint(args[1]).withPort(Integer.parseInt(args[2]))
        .withoutJMXReporting().withoutMetrics().build();
         Session session = cluster.connect("ycsb")) {
      DriverFloor floor = new DriverFloor(session, ops, rate, records);
      floor.startNs = System.nanoTime();
      if (args.length == 8) {
        floor.endNs = floor.startNs + (long) (Double.parseDouble(args[7]) * 1e9);
      }
      floor.startStatus();
      if (async) {
        floor.runAsync(concurrency);
      } else {
        floor.runSync(concurrency);
      }
      long ns = System.nanoTime() - floor.startNs;
      System.out.println("[OVERALL], RunTime(ms), " + ns / 1_000_000);
      System.out.println("[OVERALL], Throughput(ops/sec), " + floor.completed.get() * 1e9 / ns);
      System.out.println("[FLOOR], Failures, " + floor.failures.get());
    }
  }

  private void runSync(int threads) throws InterruptedException {
    List<Thread> all = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      Thread thread = new Thread(() -> {
        long n;
        while ((n = next.getAndIncrement()) < ops && awaitSlot(n)) {
          try {
            session.execute(statement());
          } catch (RuntimeException e) {
            failures.incrementAndGet();
          }
          completed.incrementAndGet();
        }
      });
      thread.start();
      all.add(thread);
    }
    for (Thread thread : all) {
      thread.join();
    }
  }

  private void runAsync(int inflight) throws InterruptedException {
    Semaphore permits = new Semaphore(inflight);
    FutureCallback<ResultSet> release = new FutureCallback<ResultSet>() {
      @Override
      public void onSuccess(ResultSet rs) {
        completed.incrementAndGet();
        permits.release();
      }

      @Override
      public void onFailure(Throwable t) {
        failures.incrementAndGet();
        completed.incrementAndGet();
        permits.release();
      }
    };
    for (long n = 0; n < ops && awaitSlot(n); n++) {
      permits.acquire();
      ResultSetFuture f = session.executeAsync(statement());
      Futures.addCallback(f, release, MoreExecutors.directExecutor());
    }
    permits.acquire(inflight);
  }

  /** Waits for slot {@code n}'s time; false when the run's time is up (then the slot is not run). */
  private boolean awaitSlot(long n) {
    if (intervalNs == 0) {
      return System.nanoTime() < endNs;
    }
    long due = startNs + n * intervalNs;
    if (due >= endNs) {
      return false;
    }
    long wait;
    while ((wait = due - System.nanoTime()) > 0) {
      LockSupport.parkNanos(wait);
    }
    return true;
  }

  /** Prints the completed operations every second (a daemon thread), as YCSB's status lines do. */
  private void startStatus() {
    Thread status = new Thread(() -> {
      for (long sec = 1; ; sec++) {
        long due = startNs + sec * 1_000_000_000L;
        long wait;
        while ((wait = due - System.nanoTime()) > 0) {
          LockSupport.parkNanos(wait);
        }
        System.err.println(sec + " sec: " + completed.get() + " operations;");
      }
    }, "floor-status");
    status.setDaemon(true);
    status.start();
  }

  private BoundStatement statement() {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    String key = "user" + fnv(random.nextLong(records));
    if (random.nextBoolean()) {
      return read.bind(key);
    }
    byte[] value = new byte[FIELD_LENGTH];
    for (int i = 0; i < value.length; i++) {
      value[i] = (byte) (' ' + random.nextInt(95));
    }
    return updates[random.nextInt(FIELDS)].bind(new String(value, StandardCharsets.US_ASCII), key);
  }

  /** YCSB's key hash (64-bit FNV-1a over the eight bytes of the number, low byte first), so reads find rows. */
  private static long fnv(long value) {
    long v = value;
    long hash = FNV_OFFSET;
    for (int i = 0; i < 8; i++) {
      hash ^= v & 0xff;
      hash *= FNV_PRIME;
      v >>= 8;
    }
    return Math.abs(hash);
  }
}
