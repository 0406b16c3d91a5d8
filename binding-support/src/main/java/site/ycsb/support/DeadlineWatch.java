package site.ycsb.support;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Deadlines for many pending operations, kept by one shared daemon thread: an operation that has not been
 * {@link #unwatch unwatched} by its deadline {@link Entry#expired expires}, so that whoever waits for it gets an
 * answer even when the library it called never completes its future. The cost per operation is one link into and
 * out of an intrusive list under a short lock: no thread, no timer task and no allocation of its own per operation.
 * The thread looks at the list every tick, so an entry expires between its deadline and one tick later.
 *
 * <p>Exactly one of the two happens to a watched entry: {@link #unwatch} returns true (the operation completed in
 * time: its owner reports it), or {@link Entry#expired} runs once (the owner must then ignore a late completion,
 * which it learns from {@code unwatch} returning false). Thread-safe.
 */
public final class DeadlineWatch implements AutoCloseable {
  /** One watched operation; subclassed by the owner, which completes the operation in {@link #expired}. */
  public abstract static class Entry {
    private Entry prev;
    private Entry next;
    /** The next entry of a chain of expired entries, outside the list (so a re-watch cannot break the chain). */
    private Entry chain;
    private long deadlineNs;
    private boolean watched;

    /**
     * The deadline passed before the entry was unwatched, or the watch was closed: called once, on the watch's
     * thread (or the thread that closes it), never under its lock. Must not block; an exception is ignored.
     */
    protected abstract void expired();
  }

  private final Object lock = new Object();
  /** Sentinel of the circular list of watched entries. Guarded by lock. */
  private final Entry head = new Entry() {
    @Override
    protected void expired() {
    }
  };
  private final long tickNanos;
  private final Thread thread;
  private boolean closed;
  private int size;

  private DeadlineWatch(String threadName, long tickNanos) {
    head.prev = head;
    head.next = head;
    this.tickNanos = tickNanos;
    if (threadName == null) {
      thread = null;
      return;
    }
    thread = new Thread(this::keepWatch, threadName);
    thread.setDaemon(true);
    thread.start();
  }

  /**
   * A watch whose daemon thread, named {@code threadName}, expires due entries every {@code tick} (the precision of
   * the deadlines). Close it when the operations it watches are over.
   */
  public static DeadlineWatch start(String threadName, long tick, TimeUnit unit) {
    if (threadName == null || tick <= 0) {
      throw new IllegalArgumentException("a watch needs a thread name and a tick > 0");
    }
    return new DeadlineWatch(threadName, unit.toNanos(tick));
  }

  /** A watch without a thread: its owner calls {@link #expireDue} (tests, or an owner with a loop of its own). */
  public static DeadlineWatch manual() {
    return new DeadlineWatch(null, 0);
  }

  /**
   * Watches {@code entry} until {@code deadlineNs} ({@link System#nanoTime()} time). Returns false, watching
   * nothing, when the watch is closed: the caller must then complete the operation itself.
   *
   * @throws IllegalStateException if the entry is already watched (an entry watches one operation at a time)
   */
  public boolean watch(Entry entry, long deadlineNs) {
    synchronized (lock) {
      if (entry.watched) {
        throw new IllegalStateException("entry already watched");
      }
      if (closed) {
        return false;
      }
      entry.deadlineNs = deadlineNs;
      entry.watched = true;
      entry.prev = head.prev;
      entry.next = head;
      head.prev.next = entry;
      head.prev = entry;
      size++;
      return true;
    }
  }

  /**
   * Stops watching {@code entry}: true if it was watched and had not expired (its operation completed in time);
   * false if it expired (or was never watched), in which case {@link Entry#expired} has run or is running.
   */
  public boolean unwatch(Entry entry) {
    synchronized (lock) {
      if (!entry.watched) {
        return false;
      }
      unlink(entry);
      return true;
    }
  }

  /** Expires every entry whose deadline is at or before {@code nowNs}; returns how many expired. */
  public int expireDue(long nowNs) {
    return expire(nowNs, false);
  }

  private int expire(long nowNs, boolean all) {
    Entry first = null;
    Entry last = null;
    int n = 0;
    synchronized (lock) {
      for (Entry e = head.next; e != head; ) {
        Entry next = e.next;
        if (all || e.deadlineNs - nowNs <= 0) {
          unlink(e);
          if (last == null) {
            first = e;
          } else {
            last.chain = e;
          }
          last = e;
          n++;
        }
        e = next;
      }
    }
    runExpired(first);
    return n;
  }

  /** Entries watched now. */
  public int size() {
    synchronized (lock) {
      return size;
    }
  }

  /** How long {@link #close} waits for the watch's thread to finish the expiries it has begun. */
  static final long CLOSE_WAIT_MS = 10_000;

  /**
   * Stops the thread and expires every entry still watched, on the calling thread; later watches are refused. When
   * it returns, the {@link Entry#expired} of every entry the thread had already taken has run too (it waits at most
   * {@link #CLOSE_WAIT_MS} for that), so an owner that counts completions and expiries after close sees them all.
   */
  @Override
  public void close() {
    synchronized (lock) {
      if (closed) {
        return;
      }
      closed = true;
    }
    if (thread != null) {
      LockSupport.unpark(thread);
    }
    expire(0, true);
    if (thread != null && thread != Thread.currentThread()) {
      try {
        thread.join(CLOSE_WAIT_MS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private void unlink(Entry e) {
    e.prev.next = e.next;
    e.next.prev = e.prev;
    e.prev = null;
    e.next = null;
    e.watched = false;
    size--;
  }

  private static void runExpired(Entry chain) {
    for (Entry e = chain; e != null; ) {
      Entry next = e.chain;
      e.chain = null;
      try {
        e.expired();
      } catch (RuntimeException | Error ignored) {
        // One owner's failure must not stop the others from expiring, nor the watch itself.
      }
      e = next;
    }
  }

  private void keepWatch() {
    while (true) {
      LockSupport.parkNanos(this, tickNanos);
      synchronized (lock) {
        if (closed) {
          return;
        }
      }
      expireDue(System.nanoTime());
    }
  }
}
