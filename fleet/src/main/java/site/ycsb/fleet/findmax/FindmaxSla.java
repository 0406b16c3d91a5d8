package site.ycsb.fleet.findmax;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import site.ycsb.cli.Durations;

/**
 * One latency bound a step must meet, e.g. {@code p99<10ms}: a statistic of the intended latency (coordinated
 * omission corrected) of every operation type — {@code avg}, {@code p50}, {@code p90}, {@code p95}, {@code p99},
 * {@code p999} — below a limit in {@code us}, {@code ms} or {@code s}. Immutable. (The SLA's other part, the error
 * budget {@code errors<0.1%}, is read by {@link #errorBudget}.)
 */
public final class FindmaxSla {
  private static final Pattern FORM = Pattern.compile("(avg|p50|p90|p95|p99|p999)\\s*<\\s*(.+)");

  final String statistic;
  final long limitUs;
  private final String text;

  private FindmaxSla(String statistic, long limitUs, String text) {
    this.statistic = statistic;
    this.limitUs = limitUs;
    this.text = text;
  }

  private static final Pattern ERRORS = Pattern.compile("errors\\s*<\\s*([0-9]*\\.?[0-9]+)\\s*%");

  /**
   * The error budget of an SLA such as {@code errors<0.1%} — the share of a step's operations that may fail, 0.001 —
   * or -1 when {@code text} is not of that form.
   */
  static double errorBudget(String text) {
    Matcher m = ERRORS.matcher(text.trim().toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      return -1;
    }
    double percent = Double.parseDouble(m.group(1));
    if (!(percent > 0 && percent <= 100)) {
      throw new IllegalArgumentException("--sla '" + text + "': the error budget must be above 0% and at most 100%");
    }
    return percent / 100;
  }

  /** Parses e.g. {@code p99<10ms}; throws IllegalArgumentException with one line for anything else. */
  public static FindmaxSla parse(String text) {
    Matcher m = FORM.matcher(text.trim().toLowerCase(Locale.ROOT));
    String limitText = m.matches() ? m.group(2).replaceAll("\\s+", "") : "";
    long limitNs = limitText.equals("0") ? -1 : Durations.nanos(limitText);
    if (limitNs < 0) {
      throw new IllegalArgumentException("--sla '" + text + "' is not of the form <avg|p50|p90|p95|p99|p999><"
          + "<duration>, e.g. p99<10ms (durations: " + Durations.EXAMPLES + ", 250us), or an error budget errors<N%, "
          + "e.g. errors<0.1%");
    }
    long limit = limitNs / 1000;
    if (limit <= 0) {
      throw new IllegalArgumentException("--sla '" + text + "': the limit must be at least 1us");
    }
    return new FindmaxSla(m.group(1), limit, m.group(1) + "<" + limitText);
  }

  /** The line of the engine's text output that holds the statistic, e.g. {@code 99thPercentileLatency(us)}. */
  String outputField() {
    switch (statistic) {
    case "avg":
      return "AverageLatency(us)";
    case "p999":
      return "99.9PercentileLatency(us)";
    default:
      return statistic.substring(1) + "thPercentileLatency(us)";
    }
  }

  /** The percentile the engine must export for this bound ({@code hdrhistogram.percentiles}), or null. */
  String percentile() {
    switch (statistic) {
    case "avg":
      return null;
    case "p999":
      return "99.9";
    default:
      return statistic.substring(1);
    }
  }

  @Override
  public String toString() {
    return text;
  }
}
