package site.ycsb.fleet;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Writes the findmax table: every step (target, achieved, intended avg/p95/p99/p99.9 per operation, verdict). */
final class FindmaxReport {
  private FindmaxReport() {
  }

  static void write(Path out, FindmaxSearch.Outcome o, List<FindmaxSla> slas) throws IOException {
    List<String> ops = new ArrayList<>();
    for (FindmaxStep s : o.steps) {
      for (String op : s.intended.keySet()) {
        if (!ops.contains(op)) {
          ops.add(op);
        }
      }
    }
    StringBuilder md = new StringBuilder("# findmax\n\n");
    md.append(String.format(Locale.ROOT, "Highest passing rate: **%.0f ops/s**%s. SLA on intended latency (coordinated "
        + "omission corrected): %s. %s.%n%n", o.maximum, o.lowerBound ? " (a lower bound: the client limited a step)"
        : "", slas, o.ending));
    StringBuilder csv = new StringBuilder("step,target_ops,achieved_ops,operation,avg_us,p95_us,p99_us,p999_us,"
        + "passed,reason,dir\n");
    md.append("| step | target (ops/s) | achieved (ops/s) |");
    for (String op : ops) {
      md.append(' ').append(op).append(" avg / p95 / p99 / p99.9 (ms) |");
    }
    md.append(" verdict |\n|---:|---:|---:|");
    for (int i = 0; i < ops.size(); i++) {
      md.append("---|");
    }
    md.append("---|\n");
    int index = 0;
    for (FindmaxStep s : o.steps) {
      index++;
      md.append(String.format(Locale.ROOT, "| %d | %.0f | %.0f |", index, s.target, s.achieved));
      for (String op : ops) {
        Map<String, Long> f = s.intended.get(op);
        md.append(' ').append(f == null ? "" : ms(f.get("avg")) + " / " + ms(f.get("p95")) + " / "
            + ms(f.get("p99")) + " / " + ms(f.get("p999"))).append(" |");
        if (f != null) {
          csv.append(String.format(Locale.ROOT, "%d,%.0f,%.1f,%s,%s,%s,%s,%s,%s,\"%s\",%s%n", index, s.target,
              s.achieved, op, num(f.get("avg")), num(f.get("p95")), num(f.get("p99")), num(f.get("p999")), s.passed,
              s.reason.replace("\"", "'"), s.dir));
        }
      }
      md.append(' ').append(s.passed ? "pass" : "fail: " + s.reason).append(" |\n");
    }
    md.append("\nEach step is a fresh engine run at a fixed target rate (open loop) with a warm-up; its full record "
        + "is in the step's directory. A step passes when every operation meets every SLA, the achieved rate is "
        + "within 1% of the target, no operation failed and the client was not the limit.\n");
    Files.write(out.resolve("findmax.md"), md.toString().getBytes(StandardCharsets.UTF_8));
    Files.write(out.resolve("findmax.csv"), csv.toString().getBytes(StandardCharsets.UTF_8));
  }

  private static String ms(Long us) {
    return us == null ? "-" : String.format(Locale.ROOT, "%.2f", us / 1000.0);
  }

  private static String num(Long v) {
    return v == null ? "" : Long.toString(v);
  }
}
