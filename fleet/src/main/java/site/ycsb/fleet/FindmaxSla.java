package site.ycsb.fleet;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One latency bound a step must meet, e.g. {@code p99<10ms}: a statistic of the intended latency (coordinated
 * omission corrected) of every operation type — {@code avg}, {@code p50}, {@code p90}, {@code p95}, {@code p99},
 * {@code p999} — below a limit in {@code us}, {@code ms} or {@code s}. Immutable.
 */
public final class FindmaxSla {
  private static final Pattern FORM = Pattern.compile("(avg|p50|p90|p95|p99|p999)\\s*<\\s*([0-9]+(?:\\.[0-9]+)?)"
      + "\\s*(us|ms|s)");

  final String statistic;
  final long limitUs;
  private final String text;

  private FindmaxSla(String statistic, long limitUs, String text) {
    this.statistic = statistic;
    this.limitUs = limitUs;
    this.text = text;
  }

  /** Parses e.g. {@code p99<10ms}; throws IllegalArgumentException with one line for anything else. */
  public static FindmaxSla parse(String text) {
    Matcher m = FORM.matcher(text.trim().toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      throw new IllegalArgumentException("--sla '" + text + "' is not of the form <avg|p50|p90|p95|p99|p999><<number>"
          + "<us|ms|s>, e.g. p99<10ms");
    }
    double value = Double.parseDouble(m.group(2));
    double factor = m.group(3).equals("us") ? 1 : m.group(3).equals("ms") ? 1_000 : 1_000_000;
    long limit = (long) (value * factor);
    if (limit <= 0) {
      throw new IllegalArgumentException("--sla '" + text + "': the limit must be above 0");
    }
    return new FindmaxSla(m.group(1), limit, m.group(1) + "<" + m.group(2) + m.group(3));
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
