package site.ycsb.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static site.ycsb.results.RunEventsTest.of;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The hooks and findmax steps a tool ran around a run, as the timeline shows them. */
class ToolEventsTest {
  private static final long T0 = 1_790_000_000_000L;

  @TempDir
  Path tmp;

  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private Path run(String name, String host) throws Exception {
    ResultDirFixture f = new ResultDirFixture();
    f.host = host;
    f.startEpochMs = T0;
    f.intervalSec = 1;
    for (int i = 0; i < 10; i++) {
      f.interval("READ", ResultDirFixture.range(100, 2_000, 100));
    }
    return f.write(tmp.resolve(name));
  }

  private String stderr() {
    return new String(err.toByteArray(), StandardCharsets.UTF_8);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "nodetool -u admin -pw s3cret tpstats | nodetool",
      "/opt/cassandra/bin/nodetool -pw s3cret flush | nodetool",
      "PGPASSWORD=s3cret psql -c 'select 1' | psql",
      "TOKEN=s3cret API_KEY=s3cret curl https://u:s3cret@127.0.0.1/mark | curl",
      "'./snapshot.sh' --password s3cret | snapshot.sh",
      "  \"$HOME/bin/collect\" s3cret | collect",
      "(cd /tmp && ./s3cret-free.sh) | cd",
      "A=s3cret | ?"})
  void should_keep_only_the_first_word_when_a_hook_command_may_hold_a_secret(String command, String word)
      throws Exception {
    Path dir = run("r", "client-1");

    ToolEvents.hook(dir, "suite", "before", command, T0 - 4_000, T0 - 1_500, 0);

    String file = new String(Files.readAllBytes(dir.resolve(ToolEvents.NAME)), StandardCharsets.UTF_8);
    assertFalse(file.contains("s3cret"), file);
    List<TimelineEvent> hooks = of(RunEvents.of(ResultDir.load(dir)), TimelineEvent.Kind.HOOK);
    assertEquals(1, hooks.size(), hooks.toString());
    assertEquals("hook-before: " + word, hooks.get(0).label);
    assertEquals(T0 - 4_000, hooks.get(0).epochMs);
    assertEquals(T0 - 1_500, hooks.get(0).endEpochMs);
    assertTrue(hooks.get(0).detail.contains("exit code 0") && hooks.get(0).detail.contains("2.5 s"),
        hooks.get(0).detail);
  }

  @Test
  void should_draw_hooks_and_the_step_at_the_runs_edges_and_list_their_true_times_when_they_ran_around_it()
      throws Exception {
    Path dir = run("r", "client-1");
    long end = T0 + 10_000;
    ToolEvents.findmaxStep(dir, 3, "search", 2_000, 0, T0 - 6_000, end + 300, 0);
    ToolEvents.hook(dir, "suite", "before", "nodetool flush", T0 - 4_000, T0 - 1_500, 0);
    ToolEvents.hook(dir, "suite", "after", "nodetool tpstats", end + 1_000, end + 2_200, 7);
    Files.write(dir.resolve("marks.tsv"), ((T0 + 4_000) + "\tkill\n").getBytes(StandardCharsets.UTF_8));

    TimelineRun run = TimelineRun.of("r", new ReportRun(ResultDir.load(dir)));
    List<TimelineEvent> events = run.events;

    TimelineEvent step = of(events, TimelineEvent.Kind.STEP).get(0);
    List<TimelineEvent> hooks = of(events, TimelineEvent.Kind.HOOK);
    TimelineEvent mark = of(events, TimelineEvent.Kind.MARK).get(0);
    assertEquals("findmax step 3: target 2000 ops/s", step.label);
    assertEquals(2, hooks.size(), hooks.toString());
    assertEquals("hook-after: nodetool", hooks.get(1).label);
    assertTrue(hooks.get(1).detail.contains("exit code 7"), hooks.get(1).detail);
    assertEquals(0.0, TimelineChart.drawnAt(run, step), 1e-9);
    assertEquals(0.0, TimelineChart.drawnAt(run, hooks.get(0)), 1e-9);
    assertEquals(10.0, TimelineChart.drawnAt(run, hooks.get(1)), 1e-9);
    assertEquals(4.0, TimelineChart.drawnAt(run, mark), 1e-9, "a moment of the run stays where it happened");

    assertEquals(0, Report.run(new String[] {"-o", tmp.resolve("report").toString(), dir.toString()},
        new PrintStream(new ByteArrayOutputStream()), new PrintStream(err)), stderr());
    String table = new String(Files.readAllBytes(tmp.resolve("report/events-timeline-A.csv")),
        StandardCharsets.UTF_8);
    assertTrue(table.contains("-4.0,-1.5,hook-before: nodetool") && table.contains("11.0,12.2,hook-after: nodetool")
        && table.contains("-6.0,10.3,findmax step 3: target 2000 ops/s"), table);
  }

  @Test
  void should_show_the_heads_hooks_once_when_a_fleets_clients_are_merged() throws Exception {
    List<String> args = new ArrayList<>();
    args.add("-o");
    Path merged = tmp.resolve("phase");
    args.add(merged.toString());
    for (int c = 0; c < 3; c++) {
      args.add(run("clients/client-" + c, "client-" + c).toString());
    }
    assertEquals(0, Merge.run(args.toArray(new String[0]), new PrintStream(new ByteArrayOutputStream()),
        new PrintStream(err)), stderr());
    // the head ran the hook once, into the phase directory that holds the merged result
    ToolEvents.hook(merged, "fleet", "before", "nodetool -pw s3cret flush", T0 - 3_000, T0 - 1_000, 0);

    List<TimelineEvent> hooks = of(RunEvents.of(ResultDir.load(merged)), TimelineEvent.Kind.HOOK);

    assertEquals(1, hooks.size(), hooks.toString());
    assertEquals("fleet", hooks.get(0).client);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "2000 | 0 | 3: 2000 ops/s",
      "1234.5 | 0 | 3: 1234.5 ops/s",
      "0 | 16 | 3: 16 threads",
      "0 | 0 | 3: unthrottled"})
  void should_label_a_steps_mark_with_what_it_ran_at_when_findmax_recorded_the_step(double rate, int threads,
      String mark) throws Exception {
    Path dir = run("r", "client-1");
    ToolEvents.findmaxStep(dir, 3, rate > 0 ? "search" : "threads", rate, threads, T0 - 2_000, T0 + 10_300, 0);

    TimelineEvent step = of(RunEvents.of(ResultDir.load(dir)), TimelineEvent.Kind.STEP).get(0);

    assertEquals(mark, TimelineChart.markText(3, step));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {"STEP | findmax step 2", "STEP | step 2: target 500 ops/s",
      "HOOK | hook-before: nodetool", "MARK | findmax step 2: target 500 ops/s"})
  void should_label_a_mark_with_its_number_only_when_it_is_not_a_findmax_steps_record(String kind, String label) {
    TimelineEvent e = new TimelineEvent(T0, T0 + 1_000, TimelineEvent.Kind.valueOf(kind), label, "", "client-1");

    assertEquals("7", TimelineChart.markText(7, e));
  }

  @Test
  void should_skip_a_line_when_it_is_damaged_or_of_an_unknown_kind() throws Exception {
    Path dir = run("r", "client-1");
    Files.write(dir.resolve(ToolEvents.NAME), ("not a line\n" + "x\t1\thook\tsuite\tl\td\n"
        + T0 + "\t" + T0 + "\tsnapshot\tsuite\tl\td\n" + T0 + "\t" + T0 + "\thook\tsuite\tok\td\n")
        .getBytes(StandardCharsets.UTF_8));

    List<TimelineEvent> events = RunEvents.of(ResultDir.load(dir));

    assertEquals(1, events.size(), events.toString());
    assertEquals("ok", events.get(0).label);
  }
}
