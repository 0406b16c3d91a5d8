package site.ycsb.fleet.findmax;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import site.ycsb.results.FindmaxFields;
import site.ycsb.results.FindmaxFields.Step;

/**
 * Writes the findmax record: the table of every step (target, achieved, intended avg/p95/p99/p99.9 per operation,
 * verdict) as findmax.md and findmax.csv, and findmax.json, which {@code bin/ycsb report} reads (with the steps'
 * result directories) for the HTML report and the latency-versus-throughput curve.
 */
final class FindmaxReport {
  /** The steps' table for people, in the output directory (the CPU levels' table is appended to it). */
  static final String MARKDOWN = "findmax.md";

  private FindmaxReport() {
  }

  static void write(Path out, FindmaxSearch.Outcome o, List<FindmaxSla> slas, double errorBudget) throws IOException {
    List<String> ops = new ArrayList<>();
    for (FindmaxStep s : o.steps) {
      for (String op : s.intended.keySet()) {
        if (!ops.contains(op)) {
          ops.add(op);
        }
      }
    }
    boolean ramp = o.mode.equals("threads");
    StringBuilder md = new StringBuilder("# findmax\n\n");
    md.append(String.format(Locale.ROOT, "%s: **%.0f ops/s**%s. SLA on intended latency (coordinated "
        + "omission corrected): %s. %s.%n%n", ramp ? "Highest throughput of a passing step (thread ramp, closed loop)"
        : "Highest passing rate", o.maximum, o.lowerBound ? ramp ? " (a lower bound)"
        : " (a lower bound: " + (o.ending.startsWith("inconclusive") ? "the machine did not run the client on time"
        : "the client limited a step") + ")" : "", slas.isEmpty() ? "none" : slas, o.ending));
    md.append(String.format(Locale.ROOT, "Error budget: %s.%n%n", errorBudget > 0 ? FindmaxSearch.budgetText(errorBudget)
        : "no operation may fail"));
    String note = o.machineNote();
    if (!note.isEmpty()) {
      md.append("**Note:** ").append(note).append(".\n\n");
    }
    StringBuilder csv = new StringBuilder("step,target_ops,achieved_ops,operation,avg_us,p95_us,p99_us,p999_us,"
        + "passed,reason,dir,kind,threads,inconclusive,cause,client_measures\n");
    md.append(ramp ? "| step | threads | achieved (ops/s) |" : "| step | target (ops/s) | achieved (ops/s) |");
    for (String op : ops) {
      md.append(' ').append(op).append(" avg / p95 / p99 / p99.9 (ms) |");
    }
    md.append(" verdict | client: cause of lateness (measures) |\n|---:|---:|---:|");
    for (int i = 0; i < ops.size(); i++) {
      md.append("---|");
    }
    md.append("---|---|\n");
    int index = 0;
    for (FindmaxStep s : o.steps) {
      index++;
      String step = s.kind.equals("search") || s.kind.equals("threads") ? Integer.toString(index)
          : index + " (" + s.kind + ")";
      md.append(String.format(Locale.ROOT, "| %s | %s | %.0f |", step, ramp ? Integer.toString(s.threads)
          : String.format(Locale.ROOT, "%.0f", s.target), s.achieved));
      for (String op : ops) {
        Map<String, Long> f = s.intended.get(op);
        md.append(' ').append(f == null ? "" : ms(f.get("avg")) + " / " + ms(f.get("p95")) + " / "
            + ms(f.get("p99")) + " / " + ms(f.get("p999"))).append(" |");
        if (f != null) {
          csv.append(String.format(Locale.ROOT, "%d,%.0f,%.1f,%s,%s,%s,%s,%s,%s,\"%s\",%s,%s,%d,%s,%s,\"%s\"%n",
              index, s.target, s.achieved, op, num(f.get("avg")), num(f.get("p95")), num(f.get("p99")),
              num(f.get("p999")), s.passed, s.reason.replace("\"", "'"), s.dir, s.kind, s.threads, s.inconclusive,
              s.cause, s.measures.replace("\"", "'")));
        }
      }
      md.append(' ').append(s.passed ? "pass" : s.inconclusive ? s.reason : "fail: " + s.reason).append(" | ")
          .append(clientColumn(s).replace("|", "/")).append(" |\n");
    }
    md.append(ramp ? "\nEach step is a fresh unthrottled engine run (closed loop) at one thread count with a warm-up; "
        + "its full record is in the step's directory. A step passes when no operation failed and every operation "
        + "meets every SLA.\n"
        : "\nEach step is a fresh engine run at a fixed target rate (open loop) with a warm-up; its full record "
        + "is in the step's directory. A step passes when it meets its bounds: every operation within every SLA, "
        + "failed operations within the error budget and the achieved rate within 1% of the target. A step that "
        + "missed them while the machine did not run the client on time (the engine's verdict) is repeated once and "
        + "then inconclusive; one the client limited makes the maximum a lower bound. The last column is the client's "
        + "verdict on the step's lateness and its measures. Steps marked \"at N%\" are follow-up runs at that share "
        + "of the maximum.\n");
    Files.write(out.resolve(MARKDOWN), md.toString().getBytes(StandardCharsets.UTF_8));
    Files.write(out.resolve("findmax.csv"), csv.toString().getBytes(StandardCharsets.UTF_8));
    writeJson(out, o, slas, errorBudget);
  }

  /** The client's verdict on a step's lateness and its measures, e.g. "machine (CPU wait 1.20 s ...)". */
  static String clientColumn(FindmaxStep s) {
    String cause = s.cause.isEmpty() ? "" : s.cause.equals("none") ? "on time" : s.cause;
    return s.measures.isEmpty() ? cause : cause + " (" + s.measures + ")";
  }

  /** findmax.json ({@link FindmaxFields}): the outcome and every step, with its directory relative to OUT. */
  static void writeJson(Path out, FindmaxSearch.Outcome o, List<FindmaxSla> slas, double errorBudget)
      throws IOException {
    ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode root = mapper.createObjectNode();
    root.put(FindmaxFields.FORMAT, FindmaxFields.FORMAT_VALUE);
    root.put(FindmaxFields.MODE, o.mode);
    ArrayNode bounds = root.putArray(FindmaxFields.SLAS);
    for (FindmaxSla sla : slas) {
      bounds.addObject().put(FindmaxFields.Sla.TEXT, sla.toString()).put(FindmaxFields.Sla.STATISTIC, sla.statistic)
          .put(FindmaxFields.Sla.LIMIT_US, sla.limitUs);
    }
    root.put(FindmaxFields.ERROR_BUDGET, errorBudget);
    root.put(FindmaxFields.MAXIMUM, o.maximum);
    root.put(FindmaxFields.MACHINE_NOTE, o.machineNote());
    root.put(FindmaxFields.LOWER_BOUND, o.lowerBound);
    root.put(FindmaxFields.ENDING, o.ending);
    ArrayNode steps = root.putArray(FindmaxFields.STEPS);
    int index = 0;
    for (FindmaxStep s : o.steps) {
      ObjectNode n = steps.addObject();
      n.put(Step.INDEX, ++index).put(Step.KIND, s.kind).put(Step.TARGET, s.target).put(Step.THREADS, s.threads)
          .put(Step.ACHIEVED, s.achieved).put(Step.PASSED, s.passed).put(Step.REASON, s.reason)
          .put(Step.DIR, s.dir).put(Step.CLIENT_LIMITED, s.clientLimited).put(Step.FAILED_OPERATIONS, s.failedOps)
          .put(Step.INCONCLUSIVE, s.inconclusive).put(Step.CAUSE, s.cause).put(Step.MACHINE_BUSY, s.machineBusy)
          .put(Step.VERDICT, s.verdict).put(Step.MEASURES, s.measures);
    }
    Files.write(out.resolve(FindmaxFields.FILE), (mapper.writeValueAsString(root) + "\n")
        .getBytes(StandardCharsets.UTF_8));
  }

  private static String ms(Long us) {
    return us == null ? "-" : String.format(Locale.ROOT, "%.2f", us / 1000.0);
  }

  private static String num(Long v) {
    return v == null ? "" : Long.toString(v);
  }
}
