package site.ycsb.testsupport;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The engine's result lines, {@code [METRIC], name, value} (YCSB 0.17.0's text format: {@code [READ], Operations,
 * 500}, {@code [READ], Return=OK, 500}, {@code [OVERALL], Throughput(ops/sec), 99.5}), read from what a run printed.
 * Other lines are passed over.
 *
 * <p>Immutable and thread-safe.
 */
public final class MetricLines {
  private final Map<String, Map<String, String>> values;

  private MetricLines(Map<String, Map<String, String>> values) {
    this.values = values;
  }

  /** One result line. */
  public static final class Line {
    public final String metric;
    public final String name;
    public final String value;

    Line(String metric, String name, String value) {
      this.metric = metric;
      this.name = name;
      this.value = value;
    }
  }

  /** The result lines of {@code output}, in order, repeats included. */
  public static List<Line> lines(String output) {
    List<Line> lines = new ArrayList<>();
    for (String raw : output.split("\n")) {
      String line = raw.trim();
      int close = line.indexOf("], ");
      if (!line.startsWith("[") || close < 0) {
        continue;
      }
      String rest = line.substring(close + 3);
      int comma = rest.indexOf(", ");
      if (comma < 0) {
        continue;
      }
      lines.add(new Line(line.substring(1, close), rest.substring(0, comma), rest.substring(comma + 2).trim()));
    }
    return lines;
  }

  /** Every result line of {@code output}; for a metric and name given twice, the last value. */
  public static MetricLines of(String output) {
    Map<String, Map<String, String>> values = new LinkedHashMap<>();
    for (Line l : lines(output)) {
      values.computeIfAbsent(l.metric, k -> new LinkedHashMap<>()).put(l.name, l.value);
    }
    return new MetricLines(values);
  }

  /** The value of {@code [metric], name, value} as printed, or null when there is no such line. */
  public String value(String metric, String name) {
    Map<String, String> m = values.get(metric);
    return m == null ? null : m.get(name);
  }

  /** The value as a whole number (a decimal is truncated); fails the test, with the lines, when there is none. */
  public long longValue(String metric, String name) {
    return (long) doubleValue(metric, name);
  }

  /** The value as a number; fails the test, with the lines, when there is none. */
  public double doubleValue(String metric, String name) {
    String v = value(metric, name);
    if (v == null) {
      throw new AssertionError("no line [" + metric + "], " + name + " in the result lines " + values);
    }
    return Double.parseDouble(v);
  }

  /** As {@link #longValue}, but {@code absent} when there is no such line. */
  public long longValue(String metric, String name, long absent) {
    String v = value(metric, name);
    return v == null ? absent : (long) Double.parseDouble(v);
  }

  /** The names and values of one metric, in the order printed (empty when it has none). */
  public Map<String, String> metric(String metric) {
    Map<String, String> m = values.get(metric);
    return m == null ? new LinkedHashMap<String, String>() : new LinkedHashMap<>(m);
  }

  /** Every metric's name-value lines, in the order printed. */
  public Map<String, Map<String, String>> all() {
    return new LinkedHashMap<>(values);
  }

  /**
   * The {@code Return=STATUS} counts of the operations by {@code "OPERATION STATUS"}, e.g. {@code "READ OK" -> 500};
   * the intended-time measurements ({@code Intended-READ}), which repeat their operation's statuses, are left out.
   */
  public TreeMap<String, Long> returns() {
    TreeMap<String, Long> out = new TreeMap<>();
    for (Map.Entry<String, Map<String, String>> m : values.entrySet()) {
      if (m.getKey().startsWith("Intended-")) {
        continue;
      }
      for (Map.Entry<String, String> e : m.getValue().entrySet()) {
        if (e.getKey().startsWith("Return=")) {
          out.merge(m.getKey() + " " + e.getKey().substring("Return=".length()), Long.parseLong(e.getValue()),
              Long::sum);
        }
      }
    }
    return out;
  }

  @Override
  public String toString() {
    return values.toString();
  }
}
