package site.ycsb.results;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * A findmax output directory as {@code bin/ycsb findmax} writes it: findmax.json and one result directory per step,
 * for a database of capacity {@code capacity} ops/s whose latency rises as the rate approaches it.
 */
final class FindmaxFixture {
  static final double[] TARGETS = {250, 500, 1000, 2000, 1500, 1750};

  private FindmaxFixture() {
  }

  /** Intended latency (µs) of the i-th operation of a step at {@code rate}, deterministic. */
  static long latencyUs(double rate, double capacity, int i) {
    double load = Math.min(rate / capacity, 0.99);
    double base = 500 / (1 - load);
    return Math.round(base * (1 + (i % 100) / 25.0));
  }

  static Path write(Path out, double capacity) throws IOException {
    ObjectNode root = Json.object();
    root.put("format", FindmaxFields.FORMAT_VALUE);
    root.put("mode", "rate");
    ArrayNode slas = root.putArray("slas");
    slas.addObject().put("text", "p99<10ms").put("statistic", "p99").put("limitUs", 10_000);
    double maximum = 0;
    ArrayNode steps = root.putArray("steps");
    for (int s = 0; s < TARGETS.length; s++) {
      double target = TARGETS[s];
      double achieved = Math.min(target, capacity * 0.98);
      int n = 200;
      long[] intended = new long[n];
      long[] service = new long[n];
      for (int i = 0; i < n; i++) {
        intended[i] = latencyUs(target, capacity, i);
        service[i] = Math.max(1, intended[i] / 2);
      }
      ResultDirFixture f = new ResultDirFixture();
      f.startEpochMs = ReportFixtures.T0 + s * 60_000L;
      f.interval("READ", service).interval("Intended-READ", intended);
      String dir = String.format(java.util.Locale.ROOT, "step-%02d-%.0f", s + 1, target);
      f.write(out.resolve(dir));
      // as findmax records each step for the timeline: its engine started a second before its schedule opened
      ToolEvents.findmaxStep(out.resolve(dir), s + 1, "search", target, 0, f.startEpochMs - 1_000,
          f.endEpochMs() + 200, 0);
      long p99 = ResultDirFixture.histogram(intended).getValueAtPercentile(99);
      boolean passed = p99 < 10_000 && achieved >= 0.99 * target;
      if (passed) {
        maximum = Math.max(maximum, target);
      }
      steps.addObject().put("index", s + 1).put("kind", "search").put("target", target).put("achieved", achieved)
          .put("passed", passed).put("reason", passed ? "pass" : "p99 too high").put("dir", dir);
    }
    root.put("maximum", maximum);
    root.put("lowerBound", false);
    root.put("ending", "resolved");
    Json.write(out.resolve(FindmaxFields.FILE), root);
    return out;
  }

  static double maximum(Path out) throws IOException {
    return Json.read(out.resolve(FindmaxFields.FILE)).path("maximum").asDouble();
  }

  static String targets() {
    return Arrays.toString(TARGETS);
  }
}
