package site.ycsb.engine.verdict;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Map;
import java.util.TreeMap;

import site.ycsb.Status;
import site.ycsb.cli.EngineOptions;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.OperationRecorder;
import site.ycsb.output.SummaryFields.Errors;

/**
 * The run's failed operations judged against {@code errors.budget}: how many of the measured operations failed, by
 * operation type and status, whether that is more than the budget allows, and the verdict line naming them. Failed
 * means every status but the answers ({@link OperationRecorder#answered(String)}: OK, BATCHED_OK, NOT_FOUND,
 * NOT_APPLIED), counted from the {@code Return=} counts, so the blocking and the asynchronous path, the load and the
 * transaction phase are judged alike. The data-integrity checks ({@code VERIFY}) are no operations of the database
 * and are left out.
 *
 * <p>Immutable once built; thread-safe.
 */
public final class ErrorBudget {
  /** The measurement that holds the data-integrity checks' statuses. */
  static final String VERIFY = "VERIFY";

  /** The budget, a share of the attempted operations (0.001 is 0.1%). */
  public final double budget;
  /** Measured operations, every status counted. */
  public final long attempted;
  /** Measured operations that failed. */
  public final long failed;
  /** The failed operations by operation type, then status (both sorted by name). */
  public final Map<String, Map<String, Long>> failedByOperation;

  private ErrorBudget(double budget, long attempted, long failed, Map<String, Map<String, Long>> failedByOperation) {
    this.budget = budget;
    this.attempted = attempted;
    this.failed = failed;
    this.failedByOperation = failedByOperation;
  }

  /**
   * Judges {@code statusCounts} (operation type, then status name, then count) against {@code budget}, NOT_FOUND
   * counted as an answer.
   */
  public static ErrorBudget judge(double budget, Map<String, Map<String, Long>> statusCounts) {
    return judge(budget, statusCounts, true);
  }

  /**
   * Judges {@code statusCounts} against {@code budget}; {@code notFoundIsAnswer} false counts NOT_FOUND as a failure
   * (a workload that reads only keys it loaded: see site.ycsb.cli.WorkloadHooks#notFoundIsAnswer).
   */
  public static ErrorBudget judge(double budget, Map<String, Map<String, Long>> statusCounts,
      boolean notFoundIsAnswer) {
    long attempted = 0;
    long failed = 0;
    Map<String, Map<String, Long>> byOp = new TreeMap<>();
    for (Map.Entry<String, Map<String, Long>> op : statusCounts.entrySet()) {
      if (op.getKey().startsWith(Measurements.INTENDED_PREFIX) || op.getKey().equals(VERIFY)) {
        continue;
      }
      for (Map.Entry<String, Long> st : op.getValue().entrySet()) {
        attempted += st.getValue();
        boolean answer = OperationRecorder.answered(st.getKey())
            && (notFoundIsAnswer || !Status.NOT_FOUND.getName().equals(st.getKey()));
        if (!answer && st.getValue() > 0) {
          failed += st.getValue();
          byOp.computeIfAbsent(op.getKey(), k -> new TreeMap<>()).put(st.getKey(), st.getValue());
        }
      }
    }
    return new ErrorBudget(budget, attempted, failed, byOp);
  }

  /** Whether more operations failed than the budget allows (with a budget of 0: whether any failed). */
  public boolean exceeded() {
    return failed > allowed();
  }

  /** The failed operations the budget allows (rounded down; a product a hair below a whole number is that number). */
  long allowed() {
    return (long) Math.floor(budget * attempted * (1 + 1e-12));
  }

  /** The share of the attempted operations that failed (0 when none were attempted). */
  public double failedShare() {
    return attempted == 0 ? 0 : (double) failed / attempted;
  }

  /** The failures as {@code READ UNAVAILABLE=85, UPDATE ERROR=3}, or "" when none failed. */
  public String failures() {
    StringBuilder sb = new StringBuilder();
    for (Map.Entry<String, Map<String, Long>> op : failedByOperation.entrySet()) {
      for (Map.Entry<String, Long> st : op.getValue().entrySet()) {
        sb.append(sb.length() == 0 ? "" : ", ").append(op.getKey()).append(' ').append(st.getKey()).append('=')
            .append(st.getValue());
      }
    }
    return sb.toString();
  }

  /**
   * The verdict line: null when nothing failed; else how many failed, of which types and statuses, and whether that
   * is within the budget or over it (then the exit code says so).
   */
  public String verdict() {
    if (failed == 0) {
      return null;
    }
    String what = String.format("%d of %d operations failed (%s: %s)", failed, attempted, percent(failedShare()),
        failures());
    if (!exceeded()) {
      return what + ", within " + EngineOptions.ERRORS_BUDGET + "=" + percent(budget) + ".";
    }
    // no exit code here: a run that also failed otherwise (max_consecutive_errors, errors.giveup) exits 1
    return what + ", over " + EngineOptions.ERRORS_BUDGET + "=" + percent(budget) + ": the figures describe failures "
        + "as well as the database's performance; see the binding's messages above.";
  }

  /** summary.json's {@code errors} section. */
  public String json(double successfulThroughput) {
    SummaryJson byOp = new SummaryJson();
    for (Map.Entry<String, Map<String, Long>> op : failedByOperation.entrySet()) {
      SummaryJson statuses = new SummaryJson();
      for (Map.Entry<String, Long> st : op.getValue().entrySet()) {
        statuses.field(st.getKey(), st.getValue());
      }
      byOp.raw(op.getKey(), statuses.toString());
    }
    String verdict = verdict();
    return new SummaryJson().field(Errors.BUDGET, budget).field(Errors.BUDGET_TEXT, percent(budget))
        .field(Errors.ATTEMPTED, attempted).field(Errors.FAILED, failed).field(Errors.FAILED_SHARE, failedShare())
        .field(Errors.EXCEEDED, exceeded()).field(Errors.SUCCESSFUL_THROUGHPUT, successfulThroughput)
        .raw(Errors.FAILED_BY_OPERATION, byOp.toString())
        .raw(Errors.VERDICT, verdict == null ? "null" : site.ycsb.measurements.exporter.JsonText.quote(verdict))
        .toString();
  }

  /** A share as a percentage of up to four significant digits: {@code 0.1%}, {@code 42.5%}, {@code 0%}. */
  public static String percent(double share) {
    return new BigDecimal(share * 100).round(new MathContext(4)).stripTrailingZeros().toPlainString() + "%";
  }
}
