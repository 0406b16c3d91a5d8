package site.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.cli.ExitCode;

/**
 * Throttled runs with many more threads than operations in flight: only a few threads wait on the schedule's
 * clock ({@link ClockWaiters}), yet every thread is put to work when slow operations need them.
 */
class ManyThreadsRunTest {
  @TempDir
  Path tmp;
  private String workload;

  @BeforeEach
  void setUp() throws IOException {
    SlowDB.clear();
    Path p = tmp.resolve("workload");
    Files.write(p, ("workload=site.ycsb.workloads.CoreWorkload\nrecordcount=100\nreadproportion=1\n"
        + "updateproportion=0\n").getBytes(StandardCharsets.UTF_8));
    workload = p.toString();
  }

  @Test
  void should_run_as_many_operations_at_once_as_the_database_needs_when_operations_are_slow() {
    // 1,000 ops/s of 40 ms each: about 40 in flight, ten times the clock's waiters at this rate
    ClientRunner r = ClientRunner.run("-t", "-db", SlowDB.class.getName(), "-P", workload, "-threads", "64",
        "-target", "1000", "-p", "operationcount=3000", "-p", "slow.ms=40");
    assertEquals(ExitCode.OK, r.exitCode, r.toString());
    assertEquals(3000, r.longValue("READ", "Operations"));
    assertTrue(SlowDB.MAX_IN_FLIGHT.get() >= 30, "at most " + SlowDB.MAX_IN_FLIGHT + " in flight\n" + r);
    double throughput = Double.parseDouble(r.value("OVERALL", "Throughput(ops/sec)"));
    assertTrue(throughput > 900, "the schedule was kept: " + throughput + " ops/s\n" + r);
  }

  @Test
  void should_put_every_thread_to_work_when_quick_operations_meet_a_database_pause() {
    // 2,000 quick ops/s, then the database holds every operation for 1 s: the 2,000 slots due meanwhile need every
    // one of the 64 threads, though quick operations gave the waiters no reason to call anyone in beforehand
    ClientRunner r = ClientRunner.run("-t", "-db", SlowDB.class.getName(), "-P", workload, "-threads", "64",
        "-target", "2000", "-p", "operationcount=5000", "-p", "slow.pause.at=1000", "-p", "slow.pause.ms=1000");
    assertEquals(ExitCode.OK, r.exitCode, r.toString());
    assertEquals(5000, r.longValue("READ", "Operations"));
    assertEquals(64, SlowDB.MAX_IN_FLIGHT.get(), "every thread held an operation of the pause\n" + r);
  }

  @Test
  void should_run_quick_operations_on_few_threads_when_few_are_needed() {
    // 2,000 ops/s that take no time: every slot is started by one of a few waiters; the other threads stay idle
    ClientRunner r = ClientRunner.run("-t", "-db", SlowDB.class.getName(), "-P", workload, "-threads", "64",
        "-target", "2000", "-p", "operationcount=6000", "-p", "slow.skip=2000");
    assertEquals(ExitCode.OK, r.exitCode, r.toString());
    assertEquals(6000, r.longValue("READ", "Operations"));
    // every free thread waiting for a slot of its own would have run all 64 of them, each in turn
    assertTrue(SlowDB.THREADS_AFTER_SKIP.size() <= 32, SlowDB.THREADS_AFTER_SKIP.size() + " threads ran the last"
        + " 4,000 operations\n" + r);
  }
}
