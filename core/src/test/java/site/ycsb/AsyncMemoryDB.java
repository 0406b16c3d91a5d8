package site.ycsb;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import site.ycsb.async.AsyncDB;

/**
 * {@link MemoryDB} with asynchronous operations that complete on other threads (like a driver's I/O threads) after
 * {@code asyncmemory.delayms} (default 0), or before the call returns with {@code asyncmemory.inline=true}: a test
 * double for the engine's asynchronous path, not a database. It counts the operations in flight across the
 * process ({@link #maxInFlight}). With {@code asyncmemory.lose.every=N} every N-th call (the first included) returns a
 * future that never completes, as a driver that loses a request does.
 */
public class AsyncMemoryDB extends MemoryDB implements AsyncDB {
  private static final ScheduledExecutorService IO = Executors.newScheduledThreadPool(2, r -> {
    Thread t = new Thread(r, "async-memory-io");
    t.setDaemon(true);
    return t;
  });
  private static final AtomicInteger IN_FLIGHT = new AtomicInteger();
  private static final java.util.concurrent.atomic.AtomicLong CALLS = new java.util.concurrent.atomic.AtomicLong();
  private static final AtomicInteger MAX_IN_FLIGHT = new AtomicInteger();
  private long delayMs;
  private boolean inline;
  /** Every this-many-th call (process-wide, from the first) returns a future that never completes; 0: none. */
  private long loseEvery;

  /** The most operations that were in flight at once since {@link #resetInFlight}. */
  static int maxInFlight() {
    return MAX_IN_FLIGHT.get();
  }

  static void resetInFlight() {
    CALLS.set(0);
    IN_FLIGHT.set(0);
    MAX_IN_FLIGHT.set(0);
  }

  @Override
  public void init() throws DBException {
    super.init();
    delayMs = Long.parseLong(getProperties().getProperty("asyncmemory.delayms", "0"));
    inline = Boolean.parseBoolean(getProperties().getProperty("asyncmemory.inline", "false"));
    loseEvery = Long.parseLong(getProperties().getProperty("asyncmemory.lose.every", "0"));
  }

  private CompletionStage<Status> later(Supplier<Status> op) {
    if (loseEvery > 0 && CALLS.getAndIncrement() % loseEvery == 0) {
      return new CompletableFuture<>(); // a future the "driver" lost: nothing will ever complete it
    }
    MAX_IN_FLIGHT.accumulateAndGet(IN_FLIGHT.incrementAndGet(), Math::max);
    if (inline) {
      Status status = op.get();
      IN_FLIGHT.decrementAndGet();
      return CompletableFuture.completedFuture(status);
    }
    CompletableFuture<Status> f = new CompletableFuture<>();
    IO.schedule(() -> {
      Status status = op.get();
      // before completing: completing may issue the next operation on this thread
      IN_FLIGHT.decrementAndGet();
      f.complete(status);
    }, delayMs, TimeUnit.MILLISECONDS);
    return f;
  }

  @Override
  public CompletionStage<Status> readAsync(String table, String key, Set<String> fields,
                                           Map<String, ByteIterator> result) {
    return later(() -> read(table, key, fields, result));
  }

  @Override
  public CompletionStage<Status> scanAsync(String table, String startkey, int recordcount, Set<String> fields,
                                           Vector<HashMap<String, ByteIterator>> result) {
    return later(() -> scan(table, startkey, recordcount, fields, result));
  }

  @Override
  public CompletionStage<Status> updateAsync(String table, String key, Map<String, ByteIterator> values) {
    return later(() -> update(table, key, values));
  }

  @Override
  public CompletionStage<Status> insertAsync(String table, String key, Map<String, ByteIterator> values) {
    return later(() -> insert(table, key, values));
  }

  @Override
  public CompletionStage<Status> deleteAsync(String table, String key) {
    return later(() -> delete(table, key));
  }
}
