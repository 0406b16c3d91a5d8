package site.ycsb.engine.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;

/** The client's own measures (CPU, pauses, the threads' wait for a CPU) and what it judges before the lateness. */
class ClientHealthTest {
  private static LagVerdict.Measures lateRun() {
    LagVerdict.Measures m = new LagVerdict.Measures();
    m.runtimeSec = 0.114;
    m.throughput = 1000;
    m.target = 2000;
    m.lagP99Us = 50_000;
    m.lagMaxUs = 90_000;
    return m;
  }

  private static ClientHealth.Context failures(double budget, long failed, long all) {
    ClientHealth.Context c = new ClientHealth.Context();
    Map<String, Map<String, Long>> counts = new java.util.TreeMap<>();
    Map<String, Long> inserts = new java.util.TreeMap<>();
    inserts.put("ERROR", failed);
    inserts.put("OK", all - failed);
    counts.put("INSERT", inserts);
    c.errors = ErrorBudget.judge(budget, counts);
    return c;
  }

  @Test
  void should_name_the_error_statuses_and_nothing_else_when_failures_exceed_the_budget() {
    ClientHealth h = new ClientHealth();
    h.start(null);
    h.finish(lateRun(), failures(0.001, 100, 116));
    assertEquals(1, h.warnings.size(), h.warnings.toString());
    assertTrue(h.warnings.get(0).startsWith("100 of 116 operations failed (86.21%: INSERT ERROR=100), over "
        + "errors.budget=0.1%:"), h.warnings.get(0));
    assertEquals(LagVerdict.Cause.FAILURES, h.cause);
    assertFalse(h.clientLimited);
  }

  @Test
  void should_name_the_failures_and_still_judge_the_lateness_when_they_are_within_the_budget() {
    ClientHealth h = new ClientHealth();
    h.start(null);
    h.finish(lateRun(), failures(0.5, 10, 116));
    assertTrue(h.warnings.get(0).startsWith("10 of 116 operations failed (8.621%: INSERT ERROR=10), within "
        + "errors.budget=50%."), h.warnings.toString());
    assertTrue(h.cause != LagVerdict.Cause.FAILURES, "within the budget the lateness is judged: " + h.cause);
  }

  @Test
  void should_measure_a_pause_of_the_process_when_every_thread_stopped() throws Exception {
    PauseMeter m = new PauseMeter();
    m.start();
    Thread.sleep(50);
    // A stop-the-world pause of every thread: a full collection of a heap full of live objects.
    Object[] live = new Object[2_000_000];
    for (int i = 0; i < live.length; i++) {
      live[i] = new long[4];
    }
    long gcUs = 0;
    for (int attempt = 0; attempt < 5 && gcUs < 20_000; attempt++) {
      long before = System.nanoTime();
      System.gc();
      gcUs = Math.max(gcUs, (System.nanoTime() - before) / 1000);
    }
    Thread.sleep(30);
    m.stop();
    assertTrue(live[live.length - 1] != null);
    assertTrue(gcUs >= 20_000, "the collection paused only " + gcUs + " us: no pause to measure");
    assertTrue(m.maxPauseUs() >= gcUs / 2, "meter " + m.maxPauseUs() + " us, gc " + gcUs + " us");
  }

  @Test
  void should_give_no_cpu_or_gc_verdict_when_the_run_lasted_a_few_seconds() {
    LagVerdict.Measures m = new LagVerdict.Measures();
    m.runtimeSec = 3;
    m.throughput = 100_000;
    ClientHealth h = new ClientHealth();
    h.start(null);
    h.finish(m, new ClientHealth.Context());
    assertTrue(h.warnings.isEmpty(), h.warnings.toString());
    assertTrue(h.cpuUtilisation < 0, "no CPU figure for a short run: " + h.cpuUtilisation);
    assertEquals(LagVerdict.Cause.NONE, h.cause);
  }

  @Test
  void should_measure_the_threads_wait_for_a_cpu_when_more_threads_want_one_than_there_are_cores()
      throws Exception {
    CpuWaitMeter meter = new CpuWaitMeter();
    assumeTrue(meter.measured(), "no /proc/self/task/*/schedstat here");
    // Two more spinning threads than cores, for 500 ms: each is always either on a core or ready and waiting for
    // one, and only `cores` of them can run, so together they wait at least (spinners - cores) x 500 ms, whatever
    // else the machine runs (other load only makes them wait longer).
    int cores = Runtime.getRuntime().availableProcessors();
    int spinners = cores + 2;
    AtomicBoolean stop = new AtomicBoolean();
    CountDownLatch started = new CountDownLatch(spinners);
    Thread[] threads = new Thread[spinners];
    for (int i = 0; i < spinners; i++) {
      // two of them named as the engine names its operation threads
      threads[i] = new Thread(() -> {
        started.countDown();
        long x = 0;
        while (!stop.get()) {
          x += x * 31 + 7;
        }
        assertTrue(x != 42, "keep the loop");
      }, i < 2 ? "ycsb-client-" + (90 + i) : "spinner-" + i);
      threads[i].start();
    }
    started.await();
    CpuWaitMeter.Totals before = meter.sample();
    long begin = System.nanoTime();
    Thread.sleep(500);
    CpuWaitMeter.Totals during = meter.sample().since(before);
    long wallNs = System.nanoTime() - begin;
    stop.set(true);
    for (Thread t : threads) {
      t.join();
    }
    assertTrue(during.runNs > 0, "the spinners ran: " + during.runNs + " ns");
    // the two named ones are counted as operation threads, and only they: about 2 of the spinners' share
    double workers = during.workerRunNs + during.workerWaitNs;
    double all = during.runNs + during.waitNs;
    assertTrue(workers > 0.2 * all && workers < 0.8 * all, "operation threads " + workers / 1e6 + " ms of " + all / 1e6
        + " ms (" + spinners + " spinners, 2 of them named ycsb-client-N)");
    assertTrue(during.waitNs >= 0.8 * (spinners - cores) * wallNs, "the spinners waited " + during.waitNs / 1e6
        + " ms for a core in " + wallNs / 1e6 + " ms; at least " + (spinners - cores) + " of them were always waiting");
  }

  /** Keeps this thread on a core until it has used {@code ms} of CPU time (a warm-up's JIT and start-up work). */
  private static void burnCpu(long ms) {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long until = threads.getCurrentThreadCpuTime() + TimeUnit.MILLISECONDS.toNanos(ms);
    long x = 0;
    while (threads.getCurrentThreadCpuTime() < until) {
      for (int i = 0; i < 10_000; i++) {
        x += i * 31L ^ x;
      }
    }
    assertTrue(x != 42, "keep the loop");
  }

  @Test
  void should_count_cpu_from_the_first_measured_operation_when_the_run_warms_up() throws Exception {
    AtomicBoolean measuring = new AtomicBoolean();
    ClientHealth h = new ClientHealth();
    h.start(measuring::get);
    burnCpu(1000);
    measuring.set(true);
    h.watcher().join(10_000);
    assertFalse(h.watcher().isAlive(), "counting did not restart when measurement started");
    h.stop();
    assertTrue(h.cpuUsedSec >= 0 && h.cpuUsedSec < 0.5, "the warm-up's 1 s of CPU was charged to the measured run: "
        + h.cpuUsedSec + " s");
  }

  @Test
  void should_count_cpu_from_the_start_when_there_is_no_warm_up() {
    ClientHealth h = new ClientHealth();
    h.start(null);
    burnCpu(1000);
    h.stop();
    assertTrue(h.cpuUsedSec >= 0.9, "1 s of CPU in the measured run, counted " + h.cpuUsedSec + " s");
    assertNull(h.watcher(), "no warm-up: nothing waits for its end");
  }

  @Test
  void should_not_restart_counting_after_the_run_stopped() throws Exception {
    AtomicBoolean measuring = new AtomicBoolean();
    ClientHealth h = new ClientHealth();
    h.start(measuring::get);
    h.stop();
    Map<String, Long[]> gcAtStart = h.gcStatsAtStart();
    measuring.set(true);
    h.watcher().join(5000);
    assertFalse(h.watcher().isAlive(), "the watcher outlived the run");
    assertSame(gcAtStart, h.gcStatsAtStart(), "counting restarted after the run stopped");
  }

  @Test
  void should_end_the_watcher_when_the_run_stops_inside_the_warm_up() throws Exception {
    ClientHealth h = new ClientHealth();
    h.start(() -> false);
    h.stop();
    h.watcher().join(5000);
    assertFalse(h.watcher().isAlive(), "a warm-up that covered the whole run left its watcher running");
  }

  @Test
  void should_end_the_old_measuring_thread_when_the_pause_meter_restarts() throws Exception {
    PauseMeter m = new PauseMeter();
    m.start();
    Thread first = m.thread();
    Thread.sleep(30);
    m.start();
    Thread second = m.thread();
    first.join(2000);
    assertFalse(first.isAlive(), "a restart left the first measuring thread running");
    assertTrue(second.isAlive() && second != first);
    m.stop();
    second.join(2000);
    assertFalse(second.isAlive(), "stop left the measuring thread running");
  }
}
