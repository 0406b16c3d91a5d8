package site.ycsb.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The events a run's record holds, as the timeline shows them. */
class RunEventsTest {
  private static final long T0 = 1_790_000_000_000L;

  @TempDir
  Path tmp;

  private ResultDirFixture run() {
    ResultDirFixture f = new ResultDirFixture();
    f.startEpochMs = T0;
    f.intervalSec = 1;
    for (int i = 0; i < 10; i++) {
      f.interval("READ", ResultDirFixture.range(100, 2_000, 100));
    }
    return f;
  }

  /** status.log lines as the engine writes them, its clock in the given zone; figures per second i: wait, busy, pause. */
  private static List<String> statusLog(ZoneOffset zone, double[][] figures) {
    DateTimeFormatter stamp = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss:SSS").withZone(zone);
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < figures.length; i++) {
      // the engine's clock reads a few ms after the second's tick
      lines.add(stamp.format(Instant.ofEpochMilli(T0 + (i + 1) * 1000L + 7)) + " " + (i + 1) + " sec: 19 operations;"
          + " 19 current ops/sec; [READ: Count=19, Max=2000] " + String.format(Locale.ROOT,
          "[HEALTH: CpuWait=%.2fs, ThreadsBusy=%.0f%%, LongestCall=2.0ms, MaxPause=%.1fms]", figures[i][0],
          figures[i][1], figures[i][2]));
    }
    return lines;
  }

  /** The events of one kind, in their order. */
  static List<TimelineEvent> of(List<TimelineEvent> events, TimelineEvent.Kind kind) {
    List<TimelineEvent> out = new ArrayList<>();
    for (TimelineEvent e : events) {
      if (e.kind == kind) {
        out.add(e);
      }
    }
    return out;
  }

  @ParameterizedTest
  @ValueSource(strings = {"Z", "+05:30", "-08:00", "+13:45"})
  void should_find_the_busy_window_on_the_run_clock_when_the_machine_ran_in_another_time_zone(String zone)
      throws Exception {
    ResultDirFixture f = run();
    f.cause = "machine";
    f.cpuWaitSec = 5;
    f.cpuRunSec = 1;
    f.statusLog = statusLog(ZoneOffset.of(zone), new double[][] {{0.1, 10, 1}, {1.5, 10, 1}, {2.5, 10, 1},
        {0.2, 10, 1}, {0, 10, 1}});

    List<TimelineEvent> busy = of(RunEvents.of(ResultDir.load(f.write(tmp.resolve("r")))), TimelineEvent.Kind
        .MACHINE_BUSY);

    assertEquals(1, busy.size(), busy.toString());
    assertEquals(T0 + 1_007, busy.get(0).epochMs);
    assertEquals(T0 + 3_007, busy.get(0).endEpochMs);
  }

  @Test
  void should_draw_no_busy_window_when_the_verdict_does_not_name_the_machine() throws Exception {
    ResultDirFixture f = run();
    f.cause = "database";
    f.cpuWaitSec = 0.1;
    f.cpuRunSec = 1;
    f.statusLog = statusLog(ZoneOffset.UTC, new double[][] {{1.5, 95, 1}, {2.5, 95, 1}});

    List<TimelineEvent> events = RunEvents.of(ResultDir.load(f.write(tmp.resolve("r"))));

    assertTrue(of(events, TimelineEvent.Kind.MACHINE_BUSY).isEmpty(), events.toString());
    assertTrue(of(events, TimelineEvent.Kind.CLIENT_LIMITED).isEmpty(), events.toString());
  }

  @Test
  void should_mark_the_client_limited_window_when_the_verdict_names_the_client() throws Exception {
    ResultDirFixture f = run();
    f.cause = "client";
    f.statusLog = statusLog(ZoneOffset.UTC, new double[][] {{0, 50, 1}, {0, 92, 1}, {0, 99, 1}, {0, 91, 1},
        {0, 40, 1}, {0, 95, 1}});

    List<TimelineEvent> limited = of(RunEvents.of(ResultDir.load(f.write(tmp.resolve("r")))),
        TimelineEvent.Kind.CLIENT_LIMITED);

    assertEquals(2, limited.size(), limited.toString());
    assertEquals(T0 + 4_007, limited.get(0).endEpochMs);
    assertEquals(T0 + 5_007, limited.get(1).epochMs);
  }

  @Test
  void should_list_pauses_at_the_threshold_and_above_when_the_process_stood_still() throws Exception {
    ResultDirFixture f = run();
    f.statusLog = statusLog(ZoneOffset.UTC, new double[][] {{0, 5, 99.9}, {0, 5, 100}, {0, 5, 2300}, {0, 5, 3}});

    List<TimelineEvent> pauses = of(RunEvents.of(ResultDir.load(f.write(tmp.resolve("r")))),
        TimelineEvent.Kind.PAUSE);

    assertEquals(2, pauses.size(), pauses.toString());
    assertEquals("pause 100 ms", pauses.get(0).label);
    assertEquals("pause 2300 ms", pauses.get(1).label);
  }

  @Test
  void should_show_each_node_change_and_the_stalled_windows_when_the_verdict_blames_the_database()
      throws Exception {
    ResultDirFixture f = run();
    f.cause = "database";
    f.nodeEvents.add(new Object[] {"127.0.0.3:9042", "down", T0 + 2_000});
    f.nodeEvents.add(new Object[] {"127.0.0.2:9042", "silent", T0 + 2_500});
    f.nodeEvents.add(new Object[] {"127.0.0.2:9042", "answering", T0 + 4_000});
    f.nodeEvents.add(new Object[] {"127.0.0.1:9042", "slow", T0 + 5_000});
    f.nodeEvents.add(new Object[] {"127.0.0.1:9042", "normal", T0 + 6_000});

    List<TimelineEvent> events = RunEvents.of(ResultDir.load(f.write(tmp.resolve("r"))));

    assertEquals(5, of(events, TimelineEvent.Kind.NODE).size(), events.toString());
    assertEquals("127.0.0.3:9042 down", of(events, TimelineEvent.Kind.NODE).get(0).label);
    List<TimelineEvent> stalled = of(events, TimelineEvent.Kind.DATABASE_STALLED);
    assertEquals(2, stalled.size(), stalled.toString());
    // the node that never came back: stalled until the run's end
    assertEquals(T0 + 2_000, stalled.get(0).epochMs);
    assertEquals(f.endEpochMs(), stalled.get(0).endEpochMs);
    assertEquals(T0 + 2_500, stalled.get(1).epochMs);
    assertEquals(T0 + 4_000, stalled.get(1).endEpochMs);
  }

  @Test
  void should_show_node_changes_without_stalled_windows_when_the_verdict_blames_something_else() throws Exception {
    ResultDirFixture f = run();
    f.cause = "machine";
    f.nodeEvents.add(new Object[] {"127.0.0.3:9042", "down", T0 + 2_000});
    f.nodeEvents.add(new Object[] {"127.0.0.3:9042", "up", T0 + 3_000});

    List<TimelineEvent> events = RunEvents.of(ResultDir.load(f.write(tmp.resolve("r"))));

    assertEquals(2, of(events, TimelineEvent.Kind.NODE).size());
    assertTrue(of(events, TimelineEvent.Kind.DATABASE_STALLED).isEmpty());
  }

  @Test
  void should_mark_the_warmup_end_at_the_measured_start_when_the_run_warmed_up() throws Exception {
    ResultDirFixture f = run();
    f.warmupMs = 5_000;
    f.warmupOps = 900;

    List<TimelineEvent> warmup = of(RunEvents.of(ResultDir.load(f.write(tmp.resolve("r")))),
        TimelineEvent.Kind.WARMUP);

    assertEquals(1, warmup.size());
    assertEquals(T0, warmup.get(0).epochMs);
    assertFalse(warmup.get(0).isWindow());
  }
}
