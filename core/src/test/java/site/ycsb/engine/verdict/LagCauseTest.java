package site.ycsb.engine.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import site.ycsb.ByteIterator;
import site.ycsb.ClientRunner;
import site.ycsb.CpuHog;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.cli.ExitCode;
import site.ycsb.workloads.CoreWorkload;

/**
 * Whole runs in which each party makes the operations start late for real — a CPU hog beside a client that needs
 * CPU (the machine), two threads asked for five times what they can do (the client), a database that stalls inside
 * its calls (the database) — and one in which the client is held up around quick calls: each verdict names its
 * cause with the measure behind it, and none names another. The causes are produced strongly (a lag of seconds), so
 * that a machine already busy with other work cannot change the verdict, and the assertions are on the measures in
 * summary.json, not on times.
 */
class LagCauseTest {
  @TempDir
  Path tmp;

  /** Every caller waits out a window that opens 3 s after the first call (after the start-up window). */
  static final class Gate {
    static final AtomicLong FIRST_NS = new AtomicLong();
    static volatile long closedMs = 1200;

    static void pass() {
      long now = System.nanoTime();
      FIRST_NS.compareAndSet(0, now);
      long open = FIRST_NS.get() + TimeUnit.SECONDS.toNanos(3);
      long close = open + TimeUnit.MILLISECONDS.toNanos(closedMs);
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
  public static class StallingInsideDB extends site.ycsb.testsupport.OkDB {
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

  /**
   * A cluster one of whose three nodes goes silent during the gate's window, as a binding sees a partitioned node: the
   * calls for its keys (a third) wait until the window closes, the others answer at once, and the binding reports
   * the node stopped answering when the window opens and answering again when it closes.
   */
  public static class SilentNodeDB extends StallingInsideDB {
    static final java.util.concurrent.atomic.AtomicInteger REPORTED = new java.util.concurrent.atomic.AtomicInteger();

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
      return call(key);
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
      return call(key);
    }

    private static Status call(String key) {
      long now = System.nanoTime();
      Gate.FIRST_NS.compareAndSet(0, now);
      long open = Gate.FIRST_NS.get() + TimeUnit.SECONDS.toNanos(3);
      boolean inWindow = now >= open && now < open + TimeUnit.MILLISECONDS.toNanos(Gate.closedMs);
      if (inWindow && REPORTED.compareAndSet(0, 1)) {
        site.ycsb.support.DatabaseReports.nodeSilence("nodetest", "127.0.0.3:9042", true, 2, 3,
            "no answer for 2.0 s to 12 requests");
      } else if (now >= open && !inWindow && REPORTED.compareAndSet(1, 2)) {
        site.ycsb.support.DatabaseReports.nodeSilence("nodetest", "127.0.0.3:9042", false, 3, 3, "answered a probe");
      }
      if (Math.floorMod(key.hashCode(), 3) == 2) {
        Gate.pass();
      }
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

  /** A database whose every call takes 100 ms. */
  public static class SlowCallDB extends QuickDB {
    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
      return sleep();
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
      return sleep();
    }

    private static Status sleep() {
      try {
        Thread.sleep(100);
        return Status.OK;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return Status.ERROR;
      }
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

  /**
   * A client that needs CPU: 750 µs of its own work before each operation, so at 2000 ops/s one and a half cores'
   * worth — which its two threads get on a quiet 2-core machine, and not beside three busy loops that want every core
   * (a fair share of two cores among five busy threads is 0.8 of a core for the client's two).
   */
  public static class CpuNeedingWorkload extends CoreWorkload {
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    @Override
    public boolean doTransaction(DB db, Object threadstate) {
      long until = CPU.getCurrentThreadCpuTime() + TimeUnit.MICROSECONDS.toNanos(750);
      long x = 0;
      while (CPU.getCurrentThreadCpuTime() < until) {
        for (int i = 0; i < 1000; i++) {
          x += x * 31 + i;
        }
      }
      return super.doTransaction(db, threadstate) && x != 42;
    }
  }

  @BeforeEach
  void resetGate() {
    SilentNodeDB.REPORTED.set(0);
    Gate.FIRST_NS.set(0);
    Gate.closedMs = 1200;
  }

  /** The run's exit, its stderr and its summary.json. */
  private static final class Run {
    final ClientRunner client;
    final JsonNode summary;

    Run(ClientRunner client, JsonNode summary) {
      this.client = client;
      this.summary = summary;
    }

    String cause() {
      return summary.path("health").path("verdict").path("cause").asText();
    }

    String verdict() {
      return summary.path("health").path("verdict").path("text").asText();
    }

    JsonNode causes() {
      return summary.path("health").path("causes");
    }

    @Override
    public String toString() {
      return client + "\n--- health\n" + summary.path("health");
    }
  }

  private Run run(String db, String workload, String... more) throws IOException {
    File dir = tmp.resolve("r" + System.nanoTime()).toFile();
    List<String> args = new ArrayList<>(Arrays.asList("-t", "-db", db, "-p", "workload=" + workload, "-p",
        "recordcount=100", "-p", "async=false", "-p", "results.dir=" + dir));
    args.addAll(Arrays.asList(more));
    ClientRunner r = ClientRunner.run(args.toArray(new String[0]));
    assertEquals(ExitCode.OK, r.exitCode, r.toString());
    return new Run(r, new ObjectMapper().readTree(new File(dir, "summary.json")));
  }

  /** Asserts that the verdict names {@code cause} only: no other party's words. */
  private static void namesOnly(Run r, String cause) {
    assertEquals(cause, r.cause(), r.toString());
    String text = r.verdict();
    if (!cause.equals("database")) {
      assertFalse(text.contains("database was slow"), text);
    }
    if (!cause.equals("client")) {
      assertFalse(text.contains("Raise -threads") || text.contains("garbage collector"), text);
      assertFalse(r.summary.path("health").path("clientLimited").asBoolean(), "not the client's limit: " + r);
    }
    if (!cause.equals("machine")) {
      assertFalse(text.contains("machine did not run the client"), text);
    }
  }

  @Test
  void should_name_the_machine_with_the_threads_wait_for_a_cpu_when_busy_loops_take_the_cores() throws Exception {
    Run r;
    try (CpuHog hog = new CpuHog()) {
      r = run(QuickDB.class.getName(), CpuNeedingWorkload.class.getName(), "-target", "2000", "-threads", "2",
          "-p", "operationcount=0", "-p", "maxexecutiontime=6");
    }
    namesOnly(r, "machine");
    JsonNode c = r.causes();
    // the measure behind it: the threads were ready to run longer than they ran
    assertTrue(c.path("cpuWaitMeasured").asBoolean(), r.toString());
    assertTrue(c.path("cpuWaitSec").asDouble() >= c.path("cpuRunSec").asDouble(), r.toString());
    assertTrue(r.summary.path("health").path("verdict").path("machineBusy").asBoolean(), r.toString());
    assertTrue(r.verdict().contains("in total for a CPU"), r.verdict());
    // and the others' measures did not account for it: calls were quick, the client's CPU had room
    assertTrue(c.path("threadsBusyInCalls").asDouble() < LagVerdict.THREADS_QUEUEING, r.toString());
  }

  @Test
  void should_name_the_client_threads_with_their_busy_share_when_two_threads_are_asked_for_five_times_their_rate()
      throws Exception {
    // 2 threads, 100 ms per call: at most 20 ops/s, asked for 100
    Run r = run(SlowCallDB.class.getName(), CoreWorkload.class.getName(), "-target", "100", "-threads", "2",
        "-p", "operationcount=0", "-p", "maxexecutiontime=5");
    namesOnly(r, "client");
    assertTrue(r.verdict().contains("all 2 threads were busy in database calls"), r.verdict());
    assertTrue(r.causes().path("threadsBusyInCalls").asDouble() >= LagVerdict.THREADS_QUEUEING, r.toString());
    assertTrue(r.causes().path("lagQueuedShare").asDouble() >= LagVerdict.EXPLAINS, "operations waited for a "
        + "free thread: " + r);
    assertTrue(r.summary.path("health").path("clientLimited").asBoolean(), r.toString());
  }

  @Test
  void should_name_the_database_with_its_service_times_when_the_calls_themselves_took_the_time() throws Exception {
    Gate.closedMs = 4000;
    Run r = run(StallingInsideDB.class.getName(), CoreWorkload.class.getName(), "-target", "500", "-threads", "4",
        "-p", "operationcount=3500");
    namesOnly(r, "database");
    assertTrue(r.verdict().startsWith("the database was slow: service p99.9 "), r.verdict());
    assertTrue(r.verdict().contains("all 4 threads held at once"), r.verdict());
    assertTrue(r.causes().path("longestCallUs").asLong() >= 3_900_000, r.toString());
    assertTrue(r.causes().path("heldEveryThreadUs").asLong() >= 3_900_000, "all 4 threads held: " + r);
  }

  @Test
  void should_name_the_clients_own_work_not_the_database_when_the_workload_held_the_threads_around_quick_calls()
      throws Exception {
    // the lag a loaded machine's scheduler can cause to a thread, but caused by the workload's own code (all four
    // threads held 1.2 s outside their calls): neither the database nor the machine
    Run r = run(QuickDB.class.getName(), HeldUpWorkload.class.getName(), "-target", "500", "-threads", "4",
        "-p", "operationcount=3000");
    namesOnly(r, "client");
    assertTrue(r.verdict().startsWith("the client's own work held its threads:"), r.verdict());
    assertTrue(r.causes().path("longestCallUs").asLong() < 1_000_000, "the calls were quick: " + r);
    assertTrue(r.causes().path("workloadOutsideCallsSec").asDouble() >= 4 * 1.0, "4 threads x 1.2 s: " + r);
  }

  @Test
  void should_name_the_silent_node_and_blame_the_database_when_a_busy_machine_and_a_silent_node_come_at_once()
      throws Exception {
    // a third of the calls wait 4 s on the silent node, and busy loops take the cores all the while: the held threads
    // are the node's doing, and the busy machine is a second fact, not the cause
    Gate.closedMs = 4000;
    Run r;
    try (CpuHog hog = new CpuHog()) {
      r = run(SilentNodeDB.class.getName(), CoreWorkload.class.getName(), "-target", "500", "-threads", "4",
          "-p", "operationcount=4000");
    }
    namesOnly(r, "database");
    assertTrue(r.verdict().startsWith("a database node stopped answering: 127.0.0.3:9042 from +"), r.verdict());
    assertTrue(r.verdict().contains("calls sent to it held threads"), r.verdict());
    assertTrue(r.causes().path("silentNodeUs").asLong() >= 3_500_000, r.toString());
    assertTrue(r.client.err.contains("nodetest: node 127.0.0.3:9042 stopped answering (no answer for 2.0 s"),
        r.client.err);
    assertTrue(r.summary.path("health").path("warnings").toString().contains("database node stopped answering during"
        + " the run"), r.toString());
    // both at once: the busy loops kept the client's threads waiting for a CPU longer than they ran
    assertTrue(r.summary.path("health").path("verdict").path("machineBusy").asBoolean(), r.toString());
    assertTrue(r.verdict().contains("The client's machine was busy too"), r.verdict());
  }
}
