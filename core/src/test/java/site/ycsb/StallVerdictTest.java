package site.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import site.ycsb.workloads.CoreWorkload;
import site.ycsb.testsupport.StallingDB;

/**
 * Whole runs whose operations were held up for 1.2 s, once inside the database call and once in the client around
 * it: only the first is a database stall. The client-side case is what a loaded machine does to a thread (seen:
 * 1.3 s around calls that each took under 25 us), which the verdict must not blame on the database.
 */
class StallVerdictTest {
  /** Every caller waits out a 1.2 s window that opens 3 s after the first call (after the start-up window). */
  static final class Gate {
    static final AtomicLong FIRST_NS = new AtomicLong();

    static void pass() {
      long now = System.nanoTime();
      FIRST_NS.compareAndSet(0, now);
      long open = FIRST_NS.get() + TimeUnit.SECONDS.toNanos(3);
      long close = open + TimeUnit.MILLISECONDS.toNanos(1200);
      if (now >= open && now < close) {
        try {
          TimeUnit.NANOSECONDS.sleep(close - now);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    }
  }

  /** A database that stalls inside its calls during the gate's window (its other calls answer at once). */
  public static class StallingInsideDB extends StallingDB {
    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
      Gate.pass();
      return Status.OK;
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
      Gate.pass();
      return Status.OK;
    }
  }

  /** A database that answers every call at once. */
  public static class QuickDB extends StallingInsideDB {
    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
      return Status.OK;
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
      return Status.OK;
    }
  }

  /** A workload whose threads are held up around the database call, never inside it. */
  public static class HeldUpWorkload extends CoreWorkload {
    @Override
    public boolean doTransaction(DB db, Object threadstate) {
      Gate.pass();
      return super.doTransaction(db, threadstate);
    }
  }

  @BeforeEach
  void resetGate() {
    Gate.FIRST_NS.set(0);
  }

  private static ClientRunner run(String db, String workload) {
    return ClientRunner.run("-t", "-db", db, "-p", "workload=" + workload, "-p", "recordcount=100",
        "-p", "operationcount=3000", "-target", "500", "-threads", "4", "-p", "async=false");
  }

  @Test
  void should_call_it_a_database_stall_when_the_calls_themselves_took_the_time() {
    ClientRunner r = run(StallingInsideDB.class.getName(), CoreWorkload.class.getName());
    assertEquals(ExitCode.OK, r.exitCode, r.toString());
    assertTrue(r.err.contains("the database stalled: one operation took 1."), r.err);
  }

  @Test
  void should_not_blame_the_database_when_the_client_was_held_up_around_quick_calls() {
    ClientRunner r = run(QuickDB.class.getName(), HeldUpWorkload.class.getName());
    assertEquals(ExitCode.OK, r.exitCode, r.toString());
    assertTrue(r.err.contains("the schedule was not kept"), r.err);
    assertFalse(r.err.contains("database stalled"), r.err);
  }
}
