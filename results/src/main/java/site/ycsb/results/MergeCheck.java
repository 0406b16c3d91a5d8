package site.ycsb.results;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

import site.ycsb.cli.ExitCode;
import site.ycsb.output.SummaryFields;

/**
 * Decides whether result directories may be merged: refuses (UsageException) when they describe different
 * experiments or never ran at the same time, and collects one-line warnings for doubtful but usable sets.
 */
final class MergeCheck {
  /** Below this share of common run time the merged throughput no longer describes "all clients together". */
  static final double MIN_OVERLAP = 0.90;

  private final List<String> warnings = new ArrayList<>();
  private double overlapFraction;

  List<String> warnings() {
    return warnings;
  }

  /** Common run time / merged run time, in [0, 1]. */
  double overlapFraction() {
    return overlapFraction;
  }

  void check(List<ResultDir> dirs) throws UsageException {
    requireDistinctRuns(dirs);
    requireSame(dirs, SummaryFields.PHASE, ResultDir::phase);
    requireSame(dirs, SummaryFields.WORKLOAD, ResultDir::workload);
    requireSame(dirs, SummaryFields.WORKLOAD_NAME, ResultDir::workloadName);
    requireSame(dirs, SummaryFields.DB, ResultDir::db);
    checkWindows(dirs);
    for (ResultDir d : dirs) {
      int exit = d.summary().path(SummaryFields.EXIT_CODE).asInt(ExitCode.OK);
      if (exit != ExitCode.OK) {
        warnings.add(d.host() + " did not complete: exit code " + exit + " (" + d.text(SummaryFields.EXIT_REASON)
            + ") in " + d);
      }
    }
    warnIfDifferent(dirs, "thread counts", d -> Long.toString(d.threads()));
    warnIfDifferent(dirs, "versions", ResultDir::version);
    warnIfDifferent(dirs, "labels", ResultDir::label);
    warnIfDifferent(dirs, SummaryFields.MEASUREMENT_INTERVAL, d -> d.text(SummaryFields.MEASUREMENT_INTERVAL));
    warnIfDifferent(dirs, "status intervals (ms)", d -> Long.toString(d.statusIntervalMs()));
  }

  /**
   * The same run given twice would double its counts: refused. Two inputs overlap when any client run of one (a
   * result's own run, or the sources of a merged result) is a client run of the other, by {@code runId} or, whatever
   * the runId says (a copy whose runId was removed or edited), by {@link ResultDir#fingerprint}. A merged
   * result written before merges recorded their sources cannot be checked, and is refused.
   */
  static void requireDistinctRuns(List<ResultDir> dirs) throws UsageException {
    java.util.Map<String, ResultDir> seen = new java.util.HashMap<>();
    for (ResultDir d : dirs) {
      List<String[]> runs = d.sourceRuns();
      if (runs == null) {
        throw new UsageException("refusing to merge: " + d + " is a merged result that does not list the runs it "
            + "was merged from (written by an older version); merge its client result directories instead");
      }
      java.util.Set<String> keys = new java.util.LinkedHashSet<>();
      for (String[] run : runs) {
        if (!run[0].isEmpty()) {
          keys.add("run id " + run[0]);
        }
        keys.add("host|start|end|operations|figures " + run[1]);
      }
      for (String key : keys) {
        ResultDir earlier = seen.get(key);
        if (earlier != null && earlier != d) {
          throw new UsageException("refusing to merge: " + earlier + " and " + d + " hold the same client run ("
              + key + ")" + (earlier.isMerged() || d.isMerged() ? ", one as a source of a merged result" : "")
              + "; merging them would count its operations twice");
        }
        seen.put(key, d);
      }
    }
  }

  private static void requireSame(List<ResultDir> dirs, String field, Function<ResultDir, String> get)
      throws UsageException {
    String first = get.apply(dirs.get(0));
    for (ResultDir d : dirs) {
      String value = get.apply(d);
      if (!value.equals(first)) {
        throw new UsageException("refusing to merge: different " + field + ": '" + first + "' in " + dirs.get(0)
            + " but '" + value + "' in " + d);
      }
    }
  }

  private void warnIfDifferent(List<ResultDir> dirs, String what, Function<ResultDir, String> get) {
    Set<String> values = new LinkedHashSet<>();
    for (ResultDir d : dirs) {
      values.add(d.host() + "=" + get.apply(d));
    }
    Set<String> distinct = new LinkedHashSet<>();
    for (ResultDir d : dirs) {
      distinct.add(get.apply(d));
    }
    if (distinct.size() > 1) {
      warnings.add("different " + what + " across clients: " + String.join(", ", values));
    }
  }

  private void checkWindows(List<ResultDir> dirs) throws UsageException {
    long minStart = Long.MAX_VALUE;
    long maxStart = Long.MIN_VALUE;
    long minEnd = Long.MAX_VALUE;
    long maxEnd = Long.MIN_VALUE;
    ResultDir latestStart = null;
    ResultDir earliestEnd = null;
    for (ResultDir d : dirs) {
      if (d.endEpochMs() < d.startEpochMs()) {
        throw new UsageException(d + ": endEpochMs is before startEpochMs");
      }
      minStart = Math.min(minStart, d.startEpochMs());
      maxEnd = Math.max(maxEnd, d.endEpochMs());
      if (d.startEpochMs() > maxStart) {
        maxStart = d.startEpochMs();
        latestStart = d;
      }
      if (d.endEpochMs() < minEnd) {
        minEnd = d.endEpochMs();
        earliestEnd = d;
      }
    }
    if (dirs.size() > 1 && maxStart >= minEnd) {
      throw new UsageException("refusing to merge: time windows do not overlap: " + earliestEnd.host() + " ended "
          + Instant.ofEpochMilli(minEnd) + " before " + latestStart.host() + " started "
          + Instant.ofEpochMilli(maxStart) + " (" + earliestEnd + ", " + latestStart + ")");
    }
    long union = maxEnd - minStart;
    overlapFraction = union <= 0 ? 1.0 : Math.max(0, minEnd - maxStart) / (double) union;
    if (overlapFraction < MIN_OVERLAP) {
      warnings.add(String.format(Locale.ROOT, "client time windows overlap only %.1f%% of the merged run "
          + "(%s to %s); the merged throughput understates the rate of all clients running together",
          100 * overlapFraction, Instant.ofEpochMilli(minStart), Instant.ofEpochMilli(maxEnd)));
    }
  }
}
