package site.ycsb.fleet.findmax;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import site.ycsb.results.DatabaseNodeFiles;
import site.ycsb.results.ResultDir;

/**
 * The whitepaper's load levels, measured: {@code findmax --at cpu=60%,80%} runs a follow-up step at each rate where
 * the database nodes' mean CPU reaches that share — interpolated linearly between the two measured steps whose CPU
 * lies on either side of it (the rate each achieved against its nodes' mean CPU), then measured, so that the table
 * shows the CPU the follow-up really had. A level below every step's CPU is extrapolated from the two lowest steps;
 * a level above every step's CPU has no rate (the database never got there within the search): one line says so.
 * And the table of every step's server CPU, appended to findmax.md and printed.
 *
 * <p>Stateless; thread-safe.
 */
final class FindmaxCpuLevels {
  private FindmaxCpuLevels() {
  }

  /** A measured step's rate and its nodes' mean CPU. */
  static final class Point {
    final double rate;
    final double cpu;
    final int step;

    Point(double rate, double cpu, int step) {
      this.rate = rate;
      this.cpu = cpu;
      this.step = step;
    }
  }

  /** The steps' nodes' mean CPU, or null for a step without (no node sampled, no result). */
  static Double cpu(Path out, FindmaxStep s) {
    if (s.dir.isEmpty()) {
      return null;
    }
    try {
      return DatabaseNodeFiles.meanCpu(ResultDir.load(out.resolve(s.dir)));
    } catch (site.ycsb.results.UsageException e) {
      return null;
    }
  }

  /** The measured points of the search (follow-ups excluded), by rising rate. */
  static List<Point> points(Path out, List<FindmaxStep> steps) {
    List<Point> points = new ArrayList<>();
    for (int i = 0; i < steps.size(); i++) {
      FindmaxStep s = steps.get(i);
      Double cpu = cpu(out, s);
      if (cpu != null && s.achieved > 0 && !s.kind.startsWith("at ")) {
        points.add(new Point(s.achieved, cpu, i + 1));
      }
    }
    points.sort(Comparator.comparingDouble((Point p) -> p.rate));
    return points;
  }

  /**
   * The rate at which the nodes' CPU reaches {@code level} (percent), from the measured points, with how it was found
   * in {@code how[0]}; a negative number (and the reason in {@code how[0]}) when it cannot be told.
   */
  static double rateAt(List<Point> points, double level, String[] how) {
    if (points.isEmpty()) {
      how[0] = "no step recorded the database nodes' CPU (name them with --db-hosts, or run against a local server "
          + "the engine finds)";
      return -1;
    }
    for (int i = 0; i + 1 < points.size(); i++) {
      Point a = points.get(i);
      Point b = points.get(i + 1);
      if (a.cpu <= level && level <= b.cpu && b.cpu > a.cpu) {
        how[0] = String.format(Locale.ROOT, "interpolated between step %d (%.0f ops/s, CPU %.1f%%) and step %d (%.0f "
            + "ops/s, CPU %.1f%%)", a.step, a.rate, a.cpu, b.step, b.rate, b.cpu);
        return a.rate + (level - a.cpu) * (b.rate - a.rate) / (b.cpu - a.cpu);
      }
    }
    Point low = points.get(0);
    Point high = points.get(points.size() - 1);
    double maxCpu = 0;
    Point atMax = low;
    for (Point p : points) {
      if (p.cpu > maxCpu) {
        maxCpu = p.cpu;
        atMax = p;
      }
    }
    if (level > maxCpu) {
      how[0] = String.format(Locale.ROOT, "the database nodes' CPU reached at most %.1f%% (step %d, %.0f ops/s): "
          + "no measured rate loads them to %s", maxCpu, atMax.step, atMax.rate, FindmaxSearch.percent(level / 100));
      return -1;
    }
    if (points.size() >= 2 && level < low.cpu) {
      Point next = points.get(1);
      double slope = (next.cpu - low.cpu) / (next.rate - low.rate);
      double rate = slope > 0 ? low.rate - (low.cpu - level) / slope : -1;
      if (rate >= 1) {
        how[0] = String.format(Locale.ROOT, "extrapolated below step %d (%.0f ops/s, CPU %.1f%%) from step %d (%.0f "
            + "ops/s, CPU %.1f%%)", low.step, low.rate, low.cpu, next.step, next.rate, next.cpu);
        return rate;
      }
    }
    how[0] = String.format(Locale.ROOT, "the lowest step (%d, %.0f ops/s) already had the nodes at %.1f%% CPU",
        low.step, low.rate, low.cpu) + (high == low ? "" : "");
    return -1;
  }

  /** Runs the follow-ups at the CPU levels (percent) and appends them to the outcome's steps. */
  static void followUps(FindmaxSearch.Outcome o, List<Double> levels, FindmaxSearch search,
      FindmaxSearch.Stepper stepper, Path out, PrintStream err) throws IOException, InterruptedException {
    if (levels.isEmpty()) {
      return;
    }
    List<Point> points = points(out, o.steps);
    for (double level : levels) {
      String[] how = new String[1];
      double rate = rateAt(points, level, how);
      String name = "cpu=" + FindmaxSearch.percent(level / 100);
      if (rate < 0) {
        err.println("findmax: --at " + name + ": " + how[0] + "; no follow-up step");
        continue;
      }
      rate = Math.max(1, Math.round(rate));
      err.println(String.format(Locale.ROOT, "findmax: --at %s: %.0f ops/s (%s)", name, rate, how[0]));
      FindmaxStep r = stepper.run(o.steps.size() + 1, rate, "at cpu " + FindmaxSearch.percent(level / 100));
      if (!(r.achieved == 0 && !r.reason.isEmpty())) {
        search.judge(r);
      }
      o.steps.add(r);
      Double measured = cpu(out, r);
      err.println(String.format(Locale.ROOT, "findmax: --at %s: the step at %.0f ops/s measured the nodes at %s CPU",
          name, rate, measured == null ? "an unknown" : String.format(Locale.ROOT, "%.1f%%", measured)));
    }
  }

  /**
   * The server CPU of every step as a markdown table, appended to findmax.md and printed on {@code print}; nothing
   * when no step sampled a database node.
   */
  static void writeTable(Path out, FindmaxSearch.Outcome o, PrintStream print) throws IOException {
    StringBuilder rows = new StringBuilder();
    boolean any = false;
    for (int i = 0; i < o.steps.size(); i++) {
      FindmaxStep s = o.steps.get(i);
      Double cpu = cpu(out, s);
      String byNode = "";
      if (cpu != null) {
        any = true;
        try {
          byNode = DatabaseNodeFiles.cpuByNode(ResultDir.load(out.resolve(s.dir)));
        } catch (site.ycsb.results.UsageException e) {
          byNode = "";
        }
      }
      String step = s.kind.equals("search") || s.kind.equals("threads") ? Integer.toString(i + 1)
          : (i + 1) + " (" + s.kind + ")";
      rows.append(String.format(Locale.ROOT, "| %s | %s | %.0f | %s | %s | %s |%n", step, s.target > 0
          ? String.format(Locale.ROOT, "%.0f", s.target) : s.threads + " threads", s.achieved, cpu == null ? "-"
          : String.format(Locale.ROOT, "%.1f", cpu), byNode, s.outcome()));
    }
    if (!any) {
      return;
    }
    String md = "\n## Server CPU per step\n\n| step | target (ops/s) | achieved (ops/s) | server CPU % (mean of the "
        + "nodes) | per node | verdict |\n|---:|---:|---:|---:|---|---|\n" + rows;
    Files.write(out.resolve(FindmaxReport.MARKDOWN), md.getBytes(StandardCharsets.UTF_8), StandardOpenOption.APPEND);
    print.print(md);
  }
}
