package site.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;

/** The verdicts name what happened: failures, a start-up backlog, a database stall, or the client. */
class ClientHealthTest {
  private static ClientHealth judged(double runtimeSec, double throughput, double target, long lagP99, long lagMax,
                                     double busy, ClientHealth.Context c) {
    ClientHealth h = new ClientHealth();
    h.start(null);
    h.finish(runtimeSec, throughput, target, lagP99, lagMax, busy, c);
    return h;
  }

  /** A run's context after the first seconds: schedule-lag p99 and count of the later operations, longest one. */
  private static ClientHealth.Context steady(long lagP99Us, long count, long maxServiceUs) {
    ClientHealth.Context c = new ClientHealth.Context();
    c.steadyLagP99Us = lagP99Us;
    c.steadyCount = count;
    c.maxServiceUs = maxServiceUs;
    return c;
  }

  @Test
  void should_name_the_error_statuses_and_nothing_else_when_most_operations_failed() {
    ClientHealth.Context c = new ClientHealth.Context();
    c.allOps = 116;
    c.failedOps = 100;
    c.failures = "INSERT ERROR=100";
    ClientHealth h = judged(0.114, 1000, 2000, 50_000, 90_000, 0.2, c);
    assertEquals(1, h.warnings.size(), h.warnings.toString());
    assertTrue(h.warnings.get(0).startsWith("most operations failed (100 of 116: INSERT ERROR=100)"),
        h.warnings.get(0));
    assertFalse(h.clientLimited);
  }

  @Test
  void should_call_it_a_start_up_backlog_with_the_warmup_advice_when_only_the_first_seconds_were_late() {
    ClientHealth.Context c = steady(900, 20_000, 30_000);
    c.startupLagP99Us = 300_000;
    c.startupLagMaxUs = 800_000;
    ClientHealth h = judged(10, 1990, 2000, 25_000, 800_000, 0.3, c);
    assertEquals(1, h.warnings.size(), h.warnings.toString());
    assertTrue(h.warnings.get(0).startsWith("start-up backlog:"), h.warnings.get(0));
    assertTrue(h.warnings.get(0).contains("-p warmup=5s"), h.warnings.get(0));
    assertFalse(h.warnings.get(0).contains("this machine"), h.warnings.get(0));
  }

  @Test
  void should_call_it_a_database_stall_when_one_operation_took_about_as_long_as_the_worst_lag() {
    // A server paused for 5 s at 2000 ops/s: one operation took ~5 s, the schedule fell ~4.9 s behind.
    ClientHealth.Context c = steady(3_000_000, 100_000, 5_000_000);
    c.startupLagMaxUs = 500;
    ClientHealth h = judged(60, 1995, 2000, 3_000_000, 4_900_000, 0.2, c);
    assertEquals(1, h.warnings.size(), h.warnings.toString());
    assertTrue(h.warnings.get(0).startsWith("the database stalled: one operation took 5.00 s"), h.warnings.get(0));
    assertFalse(h.clientLimited, "a stall is not the client's limit");
  }

  @Test
  void should_blame_a_pause_of_the_client_process_not_the_database_when_the_pause_meter_saw_it() {
    // A 2 s GC pause (or the OS not running the JVM): operations in flight took 2 s, like a database stall would.
    ClientHealth.Context c = steady(1_500_000, 100_000, 2_050_000);
    c.startupLagMaxUs = 500;
    c.processPauseUs = 2_000_000;
    ClientHealth h = judged(60, 1995, 2000, 1_500_000, 1_990_000, 0.2, c);
    assertEquals(1, h.warnings.size(), h.warnings.toString());
    assertTrue(h.warnings.get(0).startsWith("the client process was paused: for up to 2.00 s it did not run"),
        h.warnings.get(0));
    assertFalse(h.warnings.get(0).contains("database stalled"), h.warnings.get(0));
    assertTrue(h.clientLimited, "a paused client is the client's limit");
  }

  @Test
  void should_name_both_when_an_operation_took_far_longer_than_the_process_was_paused() {
    // A 1.2 s stall inside the database calls, and the OS took the client off the CPU for 0.6 s meanwhile.
    ClientHealth.Context c = steady(1_000_000, 100_000, 1_200_000);
    c.startupLagMaxUs = 500;
    c.processPauseUs = 620_000;
    ClientHealth h = judged(60, 495, 500, 1_000_000, 1_190_000, 0.2, c);
    assertEquals(2, h.warnings.size(), h.warnings.toString());
    assertTrue(h.warnings.get(0).startsWith("the client process was paused"), h.warnings.get(0));
    assertTrue(h.warnings.get(1).startsWith("the database stalled: one operation took 1.20 s"), h.warnings.get(1));
  }

  @Test
  void should_keep_the_database_stall_when_the_client_process_paused_only_briefly() {
    ClientHealth.Context c = steady(3_000_000, 100_000, 5_000_000);
    c.startupLagMaxUs = 500;
    c.processPauseUs = 40_000;
    ClientHealth h = judged(60, 1995, 2000, 3_000_000, 4_900_000, 0.2, c);
    assertTrue(h.warnings.get(0).startsWith("the database stalled"), h.warnings.get(0));
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
  void should_still_blame_the_threads_when_they_were_busy_and_no_operation_stalled() {
    ClientHealth.Context c = steady(900_000, 200, 10_200);
    ClientHealth h = judged(2, 100, 1000, 900_000, 1_800_000, 0.99, c);
    assertTrue(h.warnings.get(0).contains("Raise -threads"), h.warnings.toString());
    assertTrue(h.clientLimited);
  }

  @Test
  void should_blame_busy_threads_not_a_stall_when_every_operation_was_slow_and_the_threads_always_busy() {
    // Two threads, 10 ms per operation (with a noisy 80 ms outlier), asked for more than they can do.
    ClientHealth.Context c = steady(140_000, 600, 80_000);
    ClientHealth h = judged(3, 191, 200, 140_000, 145_000, 0.97, c);
    assertTrue(h.warnings.get(0).contains("Raise -threads"), h.warnings.toString());
    assertTrue(h.clientLimited);
  }

  @Test
  void should_blame_the_threads_not_the_machine_when_they_were_busy_most_of_the_time() {
    // A load phase against a co-hosted database: 16 threads, 7-14 ms per insert, busy 85% of the time.
    for (boolean async : new boolean[] {false, true}) {
      ClientHealth.Context c = steady(400_000, 20_000, 60_000);
      c.inFlightBound = async;
      ClientHealth h = judged(10, 1500, 2000, 400_000, 900_000, 0.85, c);
      assertEquals(1, h.warnings.size(), h.warnings.toString());
      assertTrue(h.warnings.get(0).contains("85%") && h.warnings.get(0).contains("Raise -threads"),
          h.warnings.get(0));
      assertFalse(h.warnings.get(0).contains("this machine"), h.warnings.get(0));
      assertTrue(h.clientLimited);
    }
  }

  @Test
  void should_blame_the_machine_when_cpu_and_threads_had_room_and_nothing_stalled() {
    ClientHealth.Context c = steady(40_000, 20_000, 3_000);
    ClientHealth h = judged(10, 1900, 2000, 40_000, 90_000, 0.3, c);
    assertEquals(1, h.warnings.size(), h.warnings.toString());
    assertTrue(h.warnings.get(0).contains("this machine did not run the client threads on time"), h.warnings.get(0));
  }

  @Test
  void should_give_no_cpu_or_gc_verdict_when_the_run_lasted_a_few_seconds() {
    ClientHealth h = judged(3, 100_000, 0, 0, 0, 0.1, new ClientHealth.Context());
    assertTrue(h.warnings.isEmpty(), h.warnings.toString());
    assertTrue(h.cpuUtilisation < 0, "no CPU figure for a short run: " + h.cpuUtilisation);
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
