package site.ycsb;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import site.ycsb.async.AsyncDB;
import site.ycsb.testsupport.StallingDB;

/**
 * {@link StallingDB} on the asynchronous path, stalling like a server does: every {@code stall.every}-th read
 * (the first included) starts a stall of {@code stall.ms}, and every read issued while the stall lasts completes
 * with it, when it ends (on another thread, like a driver's I/O thread). Other operations complete at once.
 */
public class AsyncStallingDB extends StallingDB implements AsyncDB {
  private static final ScheduledExecutorService IO = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "async-stalling-io");
    t.setDaemon(true);
    return t;
  });
  private static final Object LOCK = new Object();
  /** Reads waiting for the current stall to end; null when the database is not stalled. Guarded by LOCK. */
  private static List<CompletableFuture<Status>> held;

  @Override
  public CompletionStage<Status> readAsync(String table, String key, Set<String> fields,
                                           Map<String, ByteIterator> result) {
    CompletableFuture<Status> f = new CompletableFuture<>();
    boolean startsStall = nextReadStalls();
    synchronized (LOCK) {
      if (held == null && !startsStall) {
        f.complete(Status.OK);
        return f;
      }
      if (held == null) {
        held = new ArrayList<>();
        long t0 = System.nanoTime();
        IO.schedule(() -> endStall(t0), stallMs(), TimeUnit.MILLISECONDS);
      }
      held.add(f);
    }
    return f;
  }

  private static void endStall(long t0) {
    List<CompletableFuture<Status>> released;
    synchronized (LOCK) {
      STALLS_NS.add(System.nanoTime() - t0);
      released = held;
      held = null;
    }
    for (CompletableFuture<Status> f : released) {
      f.complete(Status.OK);
    }
  }

  @Override
  public CompletionStage<Status> scanAsync(String table, String startkey, int recordcount, Set<String> fields,
                                           Vector<HashMap<String, ByteIterator>> result) {
    return CompletableFuture.completedFuture(Status.OK);
  }

  @Override
  public CompletionStage<Status> updateAsync(String table, String key, Map<String, ByteIterator> values) {
    return CompletableFuture.completedFuture(Status.OK);
  }

  @Override
  public CompletionStage<Status> insertAsync(String table, String key, Map<String, ByteIterator> values) {
    return CompletableFuture.completedFuture(Status.OK);
  }

  @Override
  public CompletionStage<Status> deleteAsync(String table, String key) {
    return CompletableFuture.completedFuture(Status.OK);
  }
}
