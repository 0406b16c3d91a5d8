package site.ycsb.measurements;

import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.Properties;
import java.util.Set;

import site.ycsb.Status;
import site.ycsb.cli.EngineOptions;
import site.ycsb.cli.PropertyReader;


/**
 * Records one finished operation — service time, intended time, return status — from any thread, with no
 * thread-local state: what the asynchronous path needs, where operations complete on the client library's I/O
 * threads. The naming of failed operations ({@code OP-FAILED}, or {@code OP-<STATUS>} with
 * {@code reportlatencyforeacherror} or {@code latencytrackederrors}) is the one {@code DBWrapper} uses.
 *
 * <p>Thread-safe: immutable configuration; the measurements it writes to are thread-safe.
 */
public final class OperationRecorder {
  private final Measurements measurements;
  private final boolean reportEachError;
  private final Set<String> trackedErrors;

  public OperationRecorder(Measurements measurements, Properties p) {
    this.measurements = measurements;
    // validated before the run (RunConfig); parsed by the same reader, so the two can never disagree
    this.reportEachError = new PropertyReader(p).get(EngineOptions.REPORT_LATENCY_FOR_EACH_ERROR);
    this.trackedErrors = trackedErrors(p, reportEachError);
  }

  /** The statuses whose latency is measured under their own name ({@code latencytrackederrors}). */
  static Set<String> trackedErrors(Properties p, boolean reportEachError) {
    String tracked = new PropertyReader(p).get(EngineOptions.LATENCY_TRACKED_ERRORS);
    if (reportEachError || tracked.isEmpty()) {
      return Collections.emptySet();
    }
    return new HashSet<>(Arrays.asList(tracked.split("\\s*,\\s*")));
  }

  /**
   * Whether the database answered as asked, so that the status is no failure (for max_consecutive_errors, and for the
   * measurement it is kept under): OK, NOT_FOUND, and NOT_APPLIED (a conditional write whose condition did not hold;
   * the CQL bindings' status, known here by its name since 0.17.0's Status has no such constant).
   */
  public static boolean answered(Status status) {
    return status.isOk() || status == Status.NOT_FOUND || "NOT_APPLIED".equals(status.getName());
  }

  /** {@link #answered(Status)} for a status known by its name (a {@code Return=} count's): the same four answers. */
  public static boolean answered(String statusName) {
    return Status.OK.getName().equals(statusName) || Status.BATCHED_OK.getName().equals(statusName)
        || Status.NOT_FOUND.getName().equals(statusName) || "NOT_APPLIED".equals(statusName);
  }

  /**
   * The measurement name of an operation that ended with {@code status}. A conditional write whose condition did not
   * hold (NOT_APPLIED, see {@link #answered}) is an answer, not a failure: its latency is kept apart under
   * {@code <op>-NOT_APPLIED}, never mixed into {@code <op>-FAILED}.
   */
  static String name(String op, Status status, boolean reportEachError, Set<String> trackedErrors) {
    if (status.isOk()) {
      return op;
    }
    if (status != Status.NOT_FOUND && answered(status)) {
      return op + "-" + status.getName();
    }
    return reportEachError || trackedErrors.contains(status.getName()) ? op + "-" + status.getName()
        : op + "-FAILED";
  }

  /** The measurement name of {@code op} ended with {@code status}, under this run's error-naming settings. */
  public String nameOf(String op, Status status) {
    return name(op, status, reportEachError, trackedErrors);
  }

  /** The settings line the client prints once (0.17.0's wording). */
  public String describe() {
    return "report latency for each error is " + reportEachError + " and specific error codes to track for latency"
        + " are: " + trackedErrors;
  }

  /** Records an operation that was intended to start at {@code intendedNs}, started at {@code startNs}. */
  public void record(String op, Status status, long intendedNs, long startNs, long endNs) {
    measurements.noteCallNs(endNs - startNs);
    recordLatency(nameOf(op, status), intendedNs, startNs, endNs);
    measurements.statusMeasurement(op).reportStatus(status);
  }

  /**
   * Records an operation the binding never answered (the engine gave up on it at {@code endNs}): its latency and
   * status, but not as a call's time, which it never had (the longest call is what the stall verdict judges).
   */
  public void recordUnanswered(String op, Status status, long intendedNs, long startNs, long endNs) {
    recordLatency(nameOf(op, status), intendedNs, startNs, endNs);
    measurements.statusMeasurement(op).reportStatus(status);
  }

  /** Records a latency under {@code name} (a workload's own measurement, e.g. READ-MODIFY-WRITE). */
  public void recordLatency(String name, long intendedNs, long startNs, long endNs) {
    OneMeasurement service = measurements.serviceMeasurement(name);
    if (service != null) {
      service.measure((endNs - startNs) / 1000);
    }
    OneMeasurement intended = measurements.intendedMeasurement(name);
    if (intended != null) {
      intended.measure((endNs - intendedNs) / 1000);
    }
  }
}
