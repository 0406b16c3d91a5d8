package site.ycsb.fleet.findmax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code findmax --at cpu=60%,80%}: the rate where the database nodes' mean CPU reaches a level, interpolated from
 * the measured steps, then measured; levels the steps never reached are said, not invented.
 */
class FindmaxCpuLevelsTest {
  private static List<FindmaxCpuLevels.Point> points(double... rateCpu) {
    List<FindmaxCpuLevels.Point> p = new ArrayList<>();
    for (int i = 0; i < rateCpu.length; i += 2) {
      p.add(new FindmaxCpuLevels.Point(rateCpu[i], rateCpu[i + 1], i / 2 + 1));
    }
    return p;
  }

  @Test
  void should_interpolate_between_the_steps_on_either_side_of_the_level() {
    String[] how = new String[1];
    List<FindmaxCpuLevels.Point> p = points(1000, 20, 2000, 40, 4000, 90);
    assertEquals(3600, FindmaxCpuLevels.rateAt(p, 80, how), 1e-9);
    assertEquals("interpolated between step 2 (2000 ops/s, CPU 40.0%) and step 3 (4000 ops/s, CPU 90.0%)", how[0]);
    assertEquals(2800, FindmaxCpuLevels.rateAt(p, 60, how), 1e-9);
    assertEquals(2000, FindmaxCpuLevels.rateAt(p, 40, how), 1e-9);
    // the first crossing when the CPU does not rise steadily with the rate
    assertEquals(1000 + 28 * 1000 / 30.0, FindmaxCpuLevels.rateAt(points(1000, 20, 2000, 50, 3000, 45, 4000, 90), 48,
        how), 1e-9);
  }

  @Test
  void should_extrapolate_below_the_lowest_step_and_refuse_above_the_highest_cpu() {
    String[] how = new String[1];
    List<FindmaxCpuLevels.Point> p = points(1000, 20, 2000, 40, 4000, 90);
    assertEquals(500, FindmaxCpuLevels.rateAt(p, 10, how), 1e-9);
    assertTrue(how[0].startsWith("extrapolated below step 1"), how[0]);
    assertEquals(-1, FindmaxCpuLevels.rateAt(p, 95, how), 0);
    assertEquals("the database nodes' CPU reached at most 90.0% (step 3, 4000 ops/s): no measured rate loads them to "
        + "95%", how[0]);
    assertEquals(-1, FindmaxCpuLevels.rateAt(points(1000, 20), 10, how), 0);
    assertEquals("the lowest step (1, 1000 ops/s) already had the nodes at 20.0% CPU", how[0]);
    assertEquals(-1, FindmaxCpuLevels.rateAt(Collections.<FindmaxCpuLevels.Point>emptyList(), 80, how), 0);
    assertTrue(how[0].startsWith("no step recorded the database nodes' CPU"), how[0]);
  }

  /** A database whose two nodes' CPU is rate / 50 percent, recorded as the engine records it. */
  private static final class CpuModel implements FindmaxSearch.Stepper {
    final Path out;
    final List<Double> rates = new ArrayList<>();

    CpuModel(Path out) {
      this.out = out;
    }

    @Override
    public FindmaxStep run(int index, double rate) throws java.io.IOException {
      rates.add(rate);
      String dir = String.format(Locale.ROOT, "step-%02d-%.0f", index, rate);
      Files.createDirectories(out.resolve(dir));
      double cpu = Math.min(100, rate / 50);
      String node = "{\"node\": \"%s\", \"cpuMeanPct\": %s}";
      Files.write(out.resolve(dir).resolve("summary.json"), String.format(Locale.ROOT, "{\"format\": \"ycsb-result/1\","
          + " \"phase\": \"run\", \"startEpochMs\": 1, \"endEpochMs\": 2, \"databaseNodes\": {\"nodes\": [" + node
          + ", " + node + "]}}", "10.0.0.1", cpu - 5, "10.0.0.2", cpu + 5).getBytes(StandardCharsets.UTF_8));
      FindmaxStep s = new FindmaxStep(rate, rate, false, 0);
      s.dir = dir;
      return s;
    }
  }

  @Test
  void should_run_and_measure_a_follow_up_at_each_reachable_level(@TempDir Path out) throws Exception {
    CpuModel db = new CpuModel(out);
    FindmaxSearch.Outcome o = new FindmaxSearch.Outcome();
    for (double rate : new double[] {1000, 2000, 4000}) {
      o.steps.add(db.run(o.steps.size() + 1, rate));
    }
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    FindmaxSearch search = new FindmaxSearch(Collections.<FindmaxSla>emptyList(), 0.05, 20);
    FindmaxCpuLevels.followUps(o, Arrays.asList(60.0, 100.0), search, db, out, new PrintStream(err, true));
    String said = new String(err.toByteArray(), StandardCharsets.UTF_8);
    assertEquals(Arrays.asList(1000.0, 2000.0, 4000.0, 3000.0), db.rates, said);
    assertEquals("at cpu 60%", o.steps.get(3).kind);
    assertTrue(said.contains("findmax: --at cpu=60%: 3000 ops/s (interpolated between step 2 (2000 ops/s, CPU 40.0%) "
        + "and step 3 (4000 ops/s, CPU 80.0%))"), said);
    assertTrue(said.contains("findmax: --at cpu=60%: the step at 3000 ops/s measured the nodes at 60.0% CPU"), said);
    assertTrue(said.contains("findmax: --at cpu=100%: the database nodes' CPU reached at most 80.0% (step 3, 4000 "
        + "ops/s): no measured rate loads them to 100%; no follow-up step"), said);

    Files.write(out.resolve("findmax.md"), "# findmax\n".getBytes(StandardCharsets.UTF_8));
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    FindmaxCpuLevels.writeTable(out, o, new PrintStream(printed, true));
    String table = new String(Files.readAllBytes(out.resolve("findmax.md")), StandardCharsets.UTF_8);
    assertTrue(table.contains("| 4 (at cpu 60%) | 3000 | 3000 | 60.0 | 10.0.0.1 55.0%, 10.0.0.2 65.0% | pass |"),
        table);
    assertTrue(new String(printed.toByteArray(), StandardCharsets.UTF_8).contains("## Server CPU per step"));
  }

  @Test
  void should_call_a_step_inconclusive_in_the_cpu_table_when_the_machine_disturbed_it(@TempDir Path out)
      throws Exception {
    CpuModel db = new CpuModel(out);
    FindmaxSearch.Outcome o = new FindmaxSearch.Outcome();
    for (double rate : new double[] {1000, 2000, 4000}) {
      o.steps.add(db.run(o.steps.size() + 1, rate));
    }
    o.steps.get(0).passed = true;
    o.steps.get(1).inconclusive = true;
    Files.write(out.resolve("findmax.md"), "# findmax\n".getBytes(StandardCharsets.UTF_8));
    FindmaxCpuLevels.writeTable(out, o, new PrintStream(new ByteArrayOutputStream(), true));
    String table = new String(Files.readAllBytes(out.resolve("findmax.md")), StandardCharsets.UTF_8);
    assertTrue(table.matches("(?s).*\\| 1 \\| 1000 \\|[^\n]*\\| pass \\|\n.*"), table);
    assertTrue(table.matches("(?s).*\\| 2 \\| 2000 \\|[^\n]*\\| inconclusive \\|\n.*"), table);
    assertTrue(table.matches("(?s).*\\| 3 \\| 4000 \\|[^\n]*\\| fail \\|\n.*"), table);
  }

  @Test
  void should_refuse_cpu_levels_that_are_not_percentages_with_one_line() {
    for (String bad : new String[] {"cpu=", "cpu=0%", "cpu=120%", "cpu=abc", "cpu=80%,", "cpu=-5%"}) {
      IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
          () -> Findmax.Options.parse(new String[] {"basic", "--sla", "p99<10ms", "--at", bad}), bad);
      assertTrue(e.getMessage().startsWith("--at") && !e.getMessage().contains("\n"), e.getMessage());
    }
    Findmax.Options o = Findmax.Options.parse(new String[] {"basic", "--sla", "p99<10ms", "--at", "cpu=60%,80"});
    assertEquals(Arrays.asList(60.0, 80.0), o.atCpu);
    assertTrue(o.at.isEmpty());
  }
}
