package site.ycsb.engine.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The lateness verdict on given measures: each cause is named when its own measure accounts for the lag, with its
 * number, and never when its measure contradicts it. (Whole runs that produce each cause for real: LagCauseTest.)
 */
class LagVerdictTest {
  /** A throttled run of 10 s at 2000 ops/s that kept its rate, whose later operations (p99, max) were late. */
  private static LagVerdict.Measures late(long lagP99Us, long lagMaxUs) {
    LagVerdict.Measures m = new LagVerdict.Measures();
    m.runtimeSec = 10;
    m.target = 2000;
    m.throughput = 1995;
    m.lagP99Us = lagP99Us;
    m.lagMaxUs = lagMaxUs;
    m.steadyLagP99Us = lagP99Us;
    m.steadyCount = 20_000;
    m.threads = 16;
    m.busyFraction = 0.2;
    m.busyNs = (long) (0.2 * 16 * 10e9);
    m.cpuUtilisation = 0.2;
    m.cpuWaitNs = 50_000_000;
    m.cpuRunNs = 1_000_000_000;
    m.loadAverage = 1.5;
    m.cores = 2;
    m.longestCallUs = 3_000;
    m.serviceP999Us = 2_000;
    m.processPauseUs = 4_000;
    return m;
  }

  @Test
  void should_say_nothing_when_the_schedule_was_kept() {
    LagVerdict.Measures m = late(900, 5_000);
    m.cpuWaitNs = 5_000_000_000L; // a busy machine that still ran the client on time
    LagVerdict v = LagVerdict.judge(m);
    assertEquals(LagVerdict.Cause.NONE, v.cause);
    assertNull(v.text);
    assertTrue(m.machineBusy(), "the measure still says the machine was busy");
  }

  @Test
  void should_call_it_a_start_up_backlog_with_the_warmup_advice_when_only_the_first_seconds_were_late() {
    LagVerdict.Measures m = late(25_000, 800_000);
    m.steadyLagP99Us = 900;
    m.startupLagP99Us = 300_000;
    m.startupLagMaxUs = 800_000;
    LagVerdict v = LagVerdict.judge(m);
    assertEquals(LagVerdict.Cause.STARTUP, v.cause);
    assertTrue(v.text.startsWith("start-up backlog:") && v.text.contains("-p warmup=5s"), v.text);
  }

  @Test
  void should_name_the_database_with_its_service_times_when_its_calls_took_about_as_long_as_the_worst_lag() {
    // A server paused for 5 s at 2000 ops/s: one operation took ~5 s, the schedule fell ~4.9 s behind.
    LagVerdict.Measures m = late(3_000_000, 4_900_000);
    m.longestCallUs = 5_000_000;
    m.serviceP999Us = 4_800_000;
    m.heldEveryThreadUs = 4_990_000; // the stall held every thread
    LagVerdict v = LagVerdict.judge(m);
    assertEquals(LagVerdict.Cause.DATABASE, v.cause);
    assertTrue(v.text.startsWith("the database was slow: service p99.9 4.80 s, longest call 5.00 s"), v.text);
    assertFalse(v.clientLimited, "a stall is not the client's limit");
  }

  @Test
  void should_name_the_machine_not_the_database_when_a_few_slow_calls_left_most_threads_free() {
    // The findmax step beside busy loops: a co-hosted Cassandra answered a handful of calls in 300 ms, but
    // 16 threads at 28% busy always had free ones; the threads waited 6.94 s for a CPU and ran 0.66 s.
    LagVerdict.Measures m = late(250_000, 330_000);
    m.longestCallUs = 303_000;
    m.serviceP999Us = 300_000;
    m.processPauseUs = 116_000;
    m.busyFraction = 0.28;
    m.heldEveryThreadUs = 150_000; // the 16th longest call
    m.cpuWaitNs = 6_940_000_000L;
    m.cpuRunNs = 660_000_000L;
    m.loadAverage = 19.2;
    LagVerdict v = LagVerdict.judge(m);
    assertEquals(LagVerdict.Cause.MACHINE, v.cause, v.text);
    assertTrue(v.text.contains("waited 6.94 s in total for a CPU (they ran 0.66 s; load average 19.2 on 2 cores)"),
        v.text);
    m.heldEveryThreadUs = 300_000; // had 16 calls taken 300 ms, the database would explain the lag
    assertEquals(LagVerdict.Cause.DATABASE, LagVerdict.judge(m).cause);
  }

  @Test
  void should_not_name_the_database_when_free_threads_started_the_operations_late() {
    // 90% of the lateness was operations whose thread was free in time: no call, however long, held them
    LagVerdict.Measures m = late(250_000, 330_000);
    m.lagSumUs = 20_000L * 50_000;
    m.queuedUs = m.lagSumUs / 10;
    m.maxQueuedUs = 40_000;
    m.longestCallUs = 5_000_000;
    m.heldEveryThreadUs = 4_000_000;
    m.cpuWaitNs = 3_000_000_000L;
    LagVerdict v = LagVerdict.judge(m);
    assertEquals(LagVerdict.Cause.MACHINE, v.cause, v.text);
    assertTrue(v.text.contains("90% of the lateness was operations a free thread started late"), v.text);
    m.cpuWaitNs = 10_000_000L; // and with a quiet machine nothing measured explains it: still not the database
    v = LagVerdict.judge(m);
    assertEquals(LagVerdict.Cause.UNEXPLAINED, v.cause, v.text);
    assertTrue(v.text.contains("10% of the lateness was operations waiting for a free thread"), v.text);
  }

  @Test
  void should_name_the_database_when_operations_waited_for_threads_it_held_as_long_as_the_longest_wait() {
    LagVerdict.Measures m = late(3_000_000, 4_900_000);
    m.lagSumUs = 20_000L * 400_000;
    m.queuedUs = m.lagSumUs * 95 / 100;
    m.maxQueuedUs = 4_850_000;
    m.longestCallUs = 5_000_000;
    m.heldEveryThreadUs = 4_900_000;
    assertEquals(LagVerdict.Cause.DATABASE, LagVerdict.judge(m).cause);
    m.heldEveryThreadUs = 1_000_000; // the 16th longest call: the database did not hold them all that long
    assertFalse(LagVerdict.judge(m).cause == LagVerdict.Cause.DATABASE, LagVerdict.judge(m).text);
  }

  @Test
  void should_keep_the_database_when_the_client_process_paused_only_briefly() {
    LagVerdict.Measures m = late(3_000_000, 4_900_000);
    m.longestCallUs = 5_000_000;
    m.processPauseUs = 40_000;
    assertEquals(LagVerdict.Cause.DATABASE, LagVerdict.judge(m).cause);
  }

  @Test
  void should_name_the_machine_not_the_database_when_the_os_did_not_run_the_process_for_as_long_as_the_call() {
    // The basic run beside a CPU hog: the OS held the process 1.3 s, so a call that spanned it took 1.3 s.
    LagVerdict.Measures m = late(600_000, 1_310_000);
    m.longestCallUs = 1_300_000;
    m.processPauseUs = 1_290_000;
    m.cpuWaitNs = 9_000_000_000L;
    m.loadAverage = 9;
    LagVerdict v = LagVerdict.judge(m);
    assertEquals(LagVerdict.Cause.MACHINE, v.cause);
    assertTrue(v.text.startsWith("the machine did not run the client on time: for up to 1.29 s the client process "
        + "did not run"), v.text);
    assertTrue(v.text.contains("waited 9.00 s in total for a CPU; load average 9.0 on 2 cores"), v.text);
    assertFalse(v.text.contains("database was slow") || v.text.contains("Raise -threads"), v.text);
    assertFalse(v.clientLimited, "the machine is not the client's limit");
  }

  @Test
  void should_name_the_database_too_when_its_calls_held_the_threads_far_longer_than_the_process_was_paused() {
    // A 1.2 s stall inside the database calls, and the OS took the client off the CPU for 0.6 s meanwhile.
    LagVerdict.Measures m = late(1_000_000, 1_190_000);
    m.processPauseUs = 620_000;
    m.longestCallUs = 1_200_000;
    m.heldEveryThreadUs = 1_180_000;
    LagVerdict v = LagVerdict.judge(m);
    assertEquals(LagVerdict.Cause.MACHINE, v.cause);
    assertTrue(v.text.contains("The database was slow too: its calls held every thread for 1.18 s"), v.text);
    // a call no longer than the pause explains: the database is cleared
    m.heldEveryThreadUs = 640_000;
    m.longestCallUs = 650_000;
    v = LagVerdict.judge(m);
    assertTrue(v.text.endsWith("it was not the database."), v.text);
  }

  @Test
  void should_blame_the_garbage_collector_not_the_database_when_a_collection_paused_the_process() {
    LagVerdict.Measures m = late(1_500_000, 1_990_000);
    m.longestCallUs = 2_050_000;
    m.processPauseUs = 2_000_000;
    m.gcPauseUs = 2_000_000;
    LagVerdict v = LagVerdict.judge(m);
    assertEquals(LagVerdict.Cause.CLIENT, v.cause);
    assertTrue(v.text.startsWith("the client's garbage collector paused it for up to 2.00 s"), v.text);
    assertTrue(v.clientLimited);
  }

  @Test
  void should_name_the_threads_with_their_busy_share_when_they_were_busy_nearly_all_the_time() {
    // Two threads, 10 ms per operation (with a noisy 80 ms outlier), asked for more than they can do.
    LagVerdict.Measures m = late(140_000, 145_000);
    m.threads = 2;
    m.busyFraction = 0.97;
    m.busyNs = (long) (0.97 * 2 * 10e9);
    m.longestCallUs = 80_000;
    LagVerdict v = LagVerdict.judge(m);
    assertEquals(LagVerdict.Cause.CLIENT, v.cause);
    assertTrue(v.text.contains("all 2 threads were busy in database calls 97% of the time"), v.text);
    assertTrue(v.text.contains("Raise -threads"), v.text);
    assertTrue(v.clientLimited);
  }

  @Test
  void should_name_the_threads_or_the_in_flight_bound_when_they_were_busy_most_of_the_time() {
    // A load phase against a co-hosted database: 16 threads, 7-14 ms per insert, busy 85% of the time.
    for (boolean async : new boolean[] {false, true}) {
      LagVerdict.Measures m = late(400_000, 900_000);
      m.inFlightBound = async;
      m.busyFraction = 0.85;
      m.busyNs = (long) (0.85 * 16 * 10e9);
      m.longestCallUs = 60_000;
      LagVerdict v = LagVerdict.judge(m);
      assertEquals(LagVerdict.Cause.CLIENT, v.cause);
      assertTrue(v.text.contains("85%") && v.text.contains("Raise -threads"), v.text);
      assertTrue(v.text.contains(async ? "in-flight bound" : "all 16 threads"), v.text);
    }
  }

  @Test
  void should_name_the_threads_and_say_the_machine_was_busy_too_when_both_were() {
    // Busy 85% of the time, and the threads waited for a CPU longer than they ran, but the calls less that wait (10 s)
    // still need the threads 79% of the time at the target rate: operations waited for a free thread (raising -threads
    // helps), and the verdict says the machine's wait is in the calls' times too.
    LagVerdict.Measures m = late(400_000, 900_000);
    m.busyFraction = 0.85;
    m.busyNs = (long) (0.85 * 16 * 10e9);
    m.cpuWaitNs = 10_000_000_000L;
    m.cpuRunNs = 2_000_000_000L;
    LagVerdict v = LagVerdict.judge(m);
    assertEquals(LagVerdict.Cause.CLIENT, v.cause);
    assertTrue(v.text.contains("busy in database calls 85% of the time (at the target rate the calls, less the "
        + "client's 10.00 s wait for a CPU, need them 79% of the time)"), v.text);
    assertTrue(v.text.contains("Raise -threads") && v.text.contains("The client's machine was busy too: its threads "
        + "waited 10.00 s for a CPU and ran 2.00 s"), v.text);
  }

  @Test
  void should_name_the_machine_not_the_threads_when_their_time_in_calls_was_mostly_the_clients_wait_for_a_cpu() {
    // A findmax step against a co-hosted Cassandra on a machine at load 38: 16 in-flight places 71% busy, most of the
    // lateness spent waiting for a free place, but the client's threads waited 27.1 s for a CPU and ran 1.06 s in a
    // 4 s step, so the calls' 45 s hold 27 s of that wait: less it, 200 ops/s would need 48% of the places. Raising
    // -threads would not help.
    LagVerdict.Measures m = late(2_500_000, 2_600_000);
    m.runtimeSec = 4;
    m.target = 200;
    m.throughput = 120;
    m.inFlightBound = true;
    m.busyFraction = 0.71;
    m.busyNs = (long) (0.71 * 16 * 4e9);
    m.lagSumUs = 1_000_000_000L;
    m.queuedUs = 930_000_000L;
    m.maxQueuedUs = 2_470_000;
    m.longestCallUs = 307_000;
    m.heldEveryThreadUs = 252_000;
    m.cpuWaitNs = 27_100_000_000L;
    m.cpuRunNs = 1_060_000_000L;
    m.loadAverage = 38.5;
    LagVerdict v = LagVerdict.judge(m);
    assertEquals(LagVerdict.Cause.MACHINE, v.cause, v.text);
    assertFalse(v.clientLimited);
    assertTrue(v.text.contains("waited 27.10 s in total for a CPU") && v.text.contains("load average 38.5"), v.text);
    assertFalse(v.text.contains("Raise -threads") || v.text.contains("database was slow"), v.text);
    assertEquals(0.287 * 200 / 120, LagVerdict.busyBeyondCpuWait(m), 0.01);

    // on the blocking path the calls hold the operation threads' own wait (2 s): less it, the target needs 113%
    m.inFlightBound = false;
    m.workerCpuWaitNs = 2_000_000_000L;
    v = LagVerdict.judge(m);
    assertEquals(LagVerdict.Cause.CLIENT, v.cause, v.text);
    assertTrue(v.text.contains("71% of the time (at the target rate the calls, less the operation threads' 2.00 s wait "
        + "for a CPU, need them 113% of the time)"), v.text);

    // the same step with the machine's wait not measured: the threads' busy share names the client
    m.inFlightBound = true;
    m.cpuWaitNs = -1;
    m.cpuRunNs = -1;
    assertEquals(LagVerdict.Cause.CLIENT, LagVerdict.judge(m).cause);
  }

  @Test
  void should_name_the_machine_with_the_threads_wait_for_a_cpu_when_cpu_and_threads_had_room() {
    LagVerdict.Measures m = late(40_000, 90_000);
    m.cpuWaitNs = 1_200_000_000;
    m.cpuRunNs = 400_000_000;
    m.loadAverage = 9;
    LagVerdict v = LagVerdict.judge(m);
    assertEquals(LagVerdict.Cause.MACHINE, v.cause);
    assertTrue(v.text.startsWith("the machine did not run the client on time:"), v.text);
    assertTrue(v.text.contains("waited 1.20 s in total for a CPU (they ran 0.40 s; load average 9.0 on 2 cores)"),
        v.text);
  }

  @Test
  void should_name_the_workload_not_the_machine_when_the_threads_were_held_outside_their_calls() {
    // All 16 threads held 1.2 s by the workload's own code around quick calls on a busy machine (they waited 20 s for
    // a CPU in all, mostly when they woke for their slots, and ran 1 s): one operation took 1.2 s outside its call.
    LagVerdict.Measures m = late(1_100_000, 1_200_000);
    m.lagSumUs = 20_000L * 300_000;
    m.queuedUs = m.lagSumUs * 9 / 10;
    m.maxQueuedUs = 1_190_000;
    m.cpuWaitNs = 20_000_000_000L;
    m.workerCpuWaitNs = 15_000_000_000L;
    m.loopBusyNs = m.busyNs + 16 * 1_200_000_000L;
    m.longestLoopOpUs = 1_201_000;
    LagVerdict v = LagVerdict.judge(m);
    assertEquals(LagVerdict.Cause.CLIENT, v.cause, v.text);
    assertTrue(v.text.startsWith("the client's own work held its threads:") && v.text.contains("one operation took "
        + "1.20 s in the loop against a longest database call of 3.0 ms"), v.text);
    // the same loop time, but no operation was held long: the wait for a CPU spread over all of them (the machine)
    m.longestLoopOpUs = 90_000;
    v = LagVerdict.judge(m);
    assertEquals(LagVerdict.Cause.MACHINE, v.cause, v.text);
    assertTrue(v.text.contains("(the operation threads 15.00 s; they ran 1.00 s"), v.text);
  }

  /** Runs with nothing to judge: nothing measured, or no operation that started late; a cause needs lateness. */
  @Test
  void should_name_no_cause_when_nothing_was_measured_whatever_the_other_measures_say() {
    LagVerdict.Measures m = late(40_000, 90_000);
    m.operations = 0; // a signal during the warm-up: the schedule's figures are of nothing
    m.throughput = 0;
    m.gcPauseUs = 500_000;
    m.processPauseUs = 500_000;
    m.cpuUtilisation = 0.97;
    for (double target : new double[] {2000, 0}) {
      m.target = target;
      LagVerdict v = LagVerdict.judge(m);
      assertEquals(LagVerdict.Cause.NONE, v.cause, "target " + target + ": " + v.text);
      assertNull(v.text);
    }
  }

  @Test
  void should_name_no_cause_when_the_rate_was_missed_but_no_operation_started_late() {
    for (long lagMaxUs : new long[] {0, 900, 10_000}) {
      LagVerdict.Measures m = late(0, lagMaxUs);
      m.operations = 1000;
      m.throughput = 100; // a run that outlasted its last operation: the rate is missed, the schedule was kept
      m.gcPauseUs = 300_000; // a pause that would otherwise explain "falling behind by up to 0 us"
      m.processPauseUs = 300_000;
      m.busyFraction = 0.95;
      LagVerdict v = LagVerdict.judge(m);
      assertEquals(LagVerdict.Cause.NONE, v.cause, "lag max " + lagMaxUs + ": " + v.text);
    }
  }

  @Test
  void should_leave_the_lateness_to_the_outage_and_not_blame_the_threads_when_the_cluster_was_unreachable() {
    LagVerdict.Measures m = late(2_000_000, 9_000_000);
    m.operations = 500;
    m.busyFraction = 0.99; // every thread held by calls to a cluster that is gone
    m.busyNs = (long) (0.99 * 16 * 10e9);
    m.throughput = 500;
    LagVerdict before = LagVerdict.judge(m);
    assertEquals(LagVerdict.Cause.CLIENT, before.cause, "without the outage's fact: " + before.text);
    m.clusterUnreachable = true;
    LagVerdict v = LagVerdict.judge(m);
    assertEquals(LagVerdict.Cause.DATABASE, v.cause);
    assertNull(v.text, "the cluster's verdict says it; no second line names another cause");
  }

  @Test
  void should_name_no_cause_when_no_measure_accounts_for_the_lag() {
    LagVerdict.Measures m = late(40_000, 90_000); // waited 0.05 s for a CPU, ran 1 s
    LagVerdict v = LagVerdict.judge(m);
    assertEquals(LagVerdict.Cause.UNEXPLAINED, v.cause);
    assertTrue(v.text.contains("no measured cause accounts for it") && v.text.contains("waited 0.05 s for a CPU"),
        v.text);
    m.cpuWaitNs = -1;
    m.cpuRunNs = -1;
    v = LagVerdict.judge(m);
    assertEquals(LagVerdict.Cause.UNEXPLAINED, v.cause, "an unmeasured wait is not evidence of the machine");
    assertTrue(v.text.contains("not measured"), v.text);
  }

  @Test
  void should_name_the_clients_cpu_when_it_used_nearly_all_the_cores() {
    LagVerdict.Measures m = late(40_000, 90_000);
    m.cpuUtilisation = 0.95;
    m.cpuWaitNs = 3_000_000_000L; // its own threads queue for the cores it saturates
    m.processPauseUs = 80_000;
    LagVerdict v = LagVerdict.judge(m);
    assertEquals(LagVerdict.Cause.CLIENT, v.cause);
    assertTrue(v.text.startsWith("client-limited run:") && v.text.contains("95% of 2 cores"), v.text);
    m.target = 0;
    assertEquals(LagVerdict.Cause.CLIENT, LagVerdict.judge(m).cause, "unthrottled too");
  }

  @Test
  void should_format_times_in_the_unit_that_reads_best() {
    assertEquals("25 us", LagVerdict.time(25));
    assertEquals("12.5 ms", LagVerdict.time(12_500));
    assertEquals("2.10 s", LagVerdict.time(2_100_000));
  }

  /** A 20 s partition of one node at 200 ops/s: its calls held the in-flight places until they were given up. */
  private static LagVerdict.Measures partitioned() {
    LagVerdict.Measures m = late(2_000_000, 2_100_000);
    m.inFlightBound = true;
    m.threads = 32;
    m.longestCallUs = 2_200_000;
    m.serviceP999Us = 2_100_000;
    m.heldEveryThreadUs = 1_900_000;
    m.queuedUs = m.lagSumUs = 40_000_000;
    m.maxQueuedUs = 2_000_000;
    m.busyFraction = 0.95; // a full in-flight bound: on its own the client's limit
    m.busyNs = (long) (0.95 * 32 * 10e9);
    m.silentNodeUs = 20_000_000;
    m.silentNodes = "127.0.0.3:9042 from +4.0 s to +24.0 s";
    return m;
  }

  @Test
  void should_blame_the_silent_node_not_the_in_flight_bound_when_a_node_stopped_answering() {
    LagVerdict v = LagVerdict.judge(partitioned());
    assertEquals(LagVerdict.Cause.DATABASE, v.cause);
    assertTrue(v.text.startsWith("a database node stopped answering: 127.0.0.3:9042 from +4.0 s to +24.0 s"), v.text);
    assertTrue(v.text.contains("held in-flight places"), v.text);
    assertFalse(v.text.contains("Raise -threads"), v.text);
    assertFalse(v.clientLimited);
  }

  @Test
  void should_blame_the_silent_node_and_add_the_busy_machine_when_the_threads_also_waited_for_a_cpu() {
    LagVerdict.Measures m = partitioned();
    m.cpuWaitNs = 3_000_000_000L;
    m.cpuRunNs = 1_000_000_000L;
    assertTrue(m.machineBusy());
    LagVerdict v = LagVerdict.judge(m);
    assertEquals(LagVerdict.Cause.DATABASE, v.cause);
    assertTrue(v.text.startsWith("a database node stopped answering:"), v.text);
    assertTrue(v.text.contains("The client's machine was busy too: its threads waited 3.00 s for a CPU"), v.text);
  }

  @Test
  void should_judge_as_before_when_the_silence_was_too_short_to_explain_the_lag() {
    LagVerdict.Measures m = partitioned();
    m.silentNodeUs = 900_000; // under half the 2.1 s worst lag
    LagVerdict v = LagVerdict.judge(m);
    assertFalse(v.text.startsWith("a database node stopped answering"), v.text);
  }

  @Test
  void should_name_the_process_pause_not_the_silent_node_when_the_process_stood_still_longer() {
    LagVerdict.Measures m = partitioned();
    m.silentNodeUs = 2_000_000;
    m.processPauseUs = 2_500_000;
    m.gcPauseUs = 2_500_000;
    LagVerdict v = LagVerdict.judge(m);
    assertEquals(LagVerdict.Cause.CLIENT, v.cause);
    assertTrue(v.text.contains("garbage collector paused it"), v.text);
  }
}
