package site.ycsb.engine.verdict;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import site.ycsb.measurements.exporter.JsonText;
import site.ycsb.support.DatabaseReports;
import site.ycsb.output.SummaryFields;
import site.ycsb.output.SummaryFields.ViewFigure;
import site.ycsb.output.SummaryFields.ViewNode;

/**
 * The database's own view of its nodes during one run: the {@link DatabaseReports.NodeGauges} samples the bindings
 * take (e.g. Cassandra's thread pools), kept per node and summarised over the measured window as each figure's mean
 * and maximum — in summary.json's {@value #SECTION} section, one line per node, and a verdict when a node's own queues
 * say it held work back ({@code "<queue> pending"} one or more on average, or any {@code "<queue> blocked"}).
 *
 * <p>Samples are stored sparsely (a figure's zero values cost nothing) because the measured window is known only at
 * the end; a figure named in a node's sample is taken as 0 in that node's later samples that lack it. Once the engine
 * has said by when the measured window starts ({@link #windowStartsBy}), a sample taken after that and more than
 * {@link #TAIL_MS} before the node's newest lies inside the window whatever its end, so it is added to its figures'
 * sums and dropped (issue 46: a day-long run keeps the warm-up's samples and the last minute's, not the day's). At most
 * {@link #MAX_SAMPLES_PER_NODE} samples are kept per node; later ones are counted as dropped.
 *
 * <p>Thread-safe: samples arrive on the bindings' sampling threads while the run goes on; every method locks this.
 */
public final class DatabaseView {
  /** summary.json's section. */
  public static final String SECTION = site.ycsb.output.SummaryFields.DATABASE_VIEW;
  /** More than a day at one sample a second. */
  static final int MAX_SAMPLES_PER_NODE = 100_000;
  /** A queue with at least this many tasks pending on average held work back. */
  static final double PENDING_MEAN_LIMIT = 1.0;

  /**
   * How far behind a node's newest sample a sample must be before it is summed: the window ends when the run ends,
   * a monotonic time mapped onto the wall clock that dates the samples; a minute covers any drift between them.
   */
  static final long TAIL_MS = 60_000;

  private final Map<String, Node> nodes = new LinkedHashMap<>();
  /** Samples taken at or after this (epoch ms) lie inside every window asked for; MAX_VALUE until the engine says. */
  private long windowStartsBy = Long.MAX_VALUE;

  /**
   * One figure of one node: the first sample that named it, its non-zero values by sample index (of the samples kept),
   * and the sums of its values in the summed samples.
   */
  private static final class Series {
    final int first;
    int[] at = new int[8];
    double[] values = new double[8];
    int size;
    double summedSum;
    double summedMax = Double.NEGATIVE_INFINITY;
    int summedNonZero;

    Series(int first) {
      this.first = first;
    }

    void add(int sample, double v) {
      if (size == at.length) {
        at = Arrays.copyOf(at, size * 2);
        values = Arrays.copyOf(values, size * 2);
      }
      at[size] = sample;
      values[size] = v;
      size++;
    }

    /** Moves sample {@code index}'s value, if it has one, into the sums. */
    void sum(int index) {
      int i = Arrays.binarySearch(at, 0, size, index);
      if (i < 0) {
        return;
      }
      summedSum += values[i];
      summedMax = Math.max(summedMax, values[i]);
      summedNonZero++;
      System.arraycopy(at, i + 1, at, i, size - i - 1);
      System.arraycopy(values, i + 1, values, i, size - i - 1);
      size--;
    }
  }

  /**
   * A node's samples, numbered in the order taken: those before {@link #summedFrom} and from {@link #summedTo} on are
   * kept (their times in {@link #times}), those in between are summed into the series.
   */
  private static final class Node {
    final String binding;
    final String source;
    long[] times = new long[64];
    /** Samples taken, summed ones included (the next sample's number). */
    int samples;
    long dropped;
    int summedFrom = -1;
    int summedTo = -1;
    final Map<String, Series> series = new LinkedHashMap<>();
    /** The newest sample's figures, those named before and absent from it as 0; replaced whole, never changed. */
    Map<String, Double> latest = java.util.Collections.emptyMap();

    Node(String binding, String source) {
      this.binding = binding;
      this.source = source;
    }

    int summed() {
      return summedFrom < 0 ? 0 : summedTo - summedFrom;
    }

    int kept() {
      return samples - summed();
    }

    /** Where sample {@code index} (kept) has its time in {@link #times}. */
    int position(int index) {
      return summedFrom < 0 || index < summedFrom ? index : index - summed();
    }

    boolean isSummed(int index) {
      return summedFrom >= 0 && index >= summedFrom && index < summedTo;
    }
  }

  /** One figure of one node over a window. */
  static final class Figure {
    final String name;
    final double mean;
    final double max;

    Figure(String name, double mean, double max) {
      this.name = name;
      this.mean = mean;
      this.max = max;
    }
  }

  /** One node over a window: its samples in it and the figures that were not 0 throughout. */
  public static final class NodeSummary {
    final String node;
    final String binding;
    final String source;
    final int samples;
    final long dropped;
    final List<Figure> figures = new ArrayList<>();

    NodeSummary(String node, String binding, String source, int samples, long dropped) {
      this.node = node;
      this.binding = binding;
      this.source = source;
      this.samples = samples;
      this.dropped = dropped;
    }
  }

  void add(DatabaseReports.NodeGauges g) {
    add(g.node(), g.binding(), g.source(), g.epochMillis(), g.values());
  }

  /** One sample of {@code node} taken at {@code epochMs} (samples of a node come in time order). */
  synchronized void add(String node, String binding, String source, long epochMs, Map<String, Double> values) {
    Node n = nodes.computeIfAbsent(node, k -> new Node(binding, source));
    Map<String, Double> latest = new LinkedHashMap<>();
    for (String figure : n.latest.keySet()) {
      latest.put(figure, 0.0);
    }
    latest.putAll(values);
    n.latest = java.util.Collections.unmodifiableMap(latest);
    if (n.kept() == MAX_SAMPLES_PER_NODE) {
      n.dropped++;
      return;
    }
    if (n.kept() == n.times.length) {
      n.times = Arrays.copyOf(n.times, n.kept() * 2);
    }
    n.times[n.kept()] = epochMs;
    int index = n.samples++;
    for (Map.Entry<String, Double> e : values.entrySet()) {
      Series s = n.series.computeIfAbsent(e.getKey(), k -> new Series(index));
      if (e.getValue() != 0) {
        s.add(index, e.getValue());
      }
    }
    sumAged(n, epochMs);
  }

  /**
   * Every window asked of {@link #summaries} from now on starts at or before {@code epochMs} (the engine says so once
   * its measured window has begun): the samples after it are then summed as they age instead of kept.
   */
  public synchronized void windowStartsBy(long epochMs) {
    windowStartsBy = Math.min(windowStartsBy, epochMs);
  }

  /** Sums the samples of {@code n} that start inside every window and are {@link #TAIL_MS} older than {@code newestMs}. */
  private void sumAged(Node n, long newestMs) {
    if (windowStartsBy == Long.MAX_VALUE) {
      return;
    }
    while (true) {
      int next = n.summedFrom >= 0 ? n.summedTo : firstAtOrAfter(n, windowStartsBy);
      if (next < 0 || next >= n.samples) {
        return;
      }
      int position = n.position(next);
      if (n.times[position] >= newestMs - TAIL_MS) {
        return;
      }
      for (Series s : n.series.values()) {
        s.sum(next);
      }
      System.arraycopy(n.times, position + 1, n.times, position, n.kept() - position - 1);
      if (n.summedFrom < 0) {
        n.summedFrom = next;
        n.summedTo = next;
      }
      n.summedTo++;
    }
  }

  /** The first sample of {@code n} (none summed yet) taken at or after {@code epochMs}, or -1. */
  private static int firstAtOrAfter(Node n, long epochMs) {
    for (int i = 0; i < n.samples; i++) {
      if (n.times[i] >= epochMs) {
        return i;
      }
    }
    return -1;
  }

  /** How many samples of {@code node} are kept as they are (the others are summed, or dropped). */
  synchronized int keptSamples(String node) {
    Node n = nodes.get(node);
    return n == null ? 0 : n.kept();
  }

  /** A sample's time; a summed one's is {@link #windowStartsBy}, which lies in every window asked for. */
  private long timeOf(Node n, int index) {
    return n.isSummed(index) ? windowStartsBy : n.times[n.position(index)];
  }

  /**
   * Each node's newest sample (for the live metrics): its figures by name, a figure an earlier sample named and this
   * one lacks as 0, as the summaries take it.
   */
  public synchronized Map<String, Map<String, Double>> latest() {
    Map<String, Map<String, Double>> out = new LinkedHashMap<>();
    for (Map.Entry<String, Node> e : nodes.entrySet()) {
      out.put(e.getKey(), e.getValue().latest);
    }
    return out;
  }

  /** Whether any node was sampled. */
  public synchronized boolean any() {
    return !nodes.isEmpty();
  }

  /**
   * How far the measured start's wall-clock time may be off: it is the schedule's monotonic start mapped onto the
   * wall clock, read in whole milliseconds; an event this close before it is not known to have come before it.
   * (Declared here, the lower of the two database classes, so that the view needs nothing of the report.)
   */
  static final long CLOCK_SLACK_MS = 2;

  /**
   * Each node's figures over [{@code startMs}, {@code endMs}], widened by the clock's resolution ({@link
   * #CLOCK_SLACK_MS}: the window's ends are monotonic times mapped onto the wall clock, the samples'
   * times are read from it); nodes without a sample in it are left out.
   */
  public synchronized List<NodeSummary> summaries(long windowStartMs, long windowEndMs) {
    long startMs = windowStartMs - CLOCK_SLACK_MS;
    long endMs = windowEndMs > Long.MAX_VALUE - CLOCK_SLACK_MS ? Long.MAX_VALUE
        : windowEndMs + CLOCK_SLACK_MS;
    List<NodeSummary> out = new ArrayList<>();
    for (Map.Entry<String, Node> e : nodes.entrySet()) {
      Node n = e.getValue();
      int from = 0;
      while (from < n.samples && timeOf(n, from) < startMs) {
        from++;
      }
      int to = from;
      while (to < n.samples && timeOf(n, to) <= endMs) {
        to++;
      }
      if (to == from) {
        continue;
      }
      NodeSummary summary = new NodeSummary(e.getKey(), n.binding, n.source, to - from, n.dropped);
      for (Map.Entry<String, Series> f : n.series.entrySet()) {
        Series s = f.getValue();
        int first = Math.max(from, s.first);
        if (first >= to) {
          continue;
        }
        double sum = 0;
        double max = Double.NEGATIVE_INFINITY;
        int nonZero = 0;
        boolean summedAdded = n.summedFrom < 0 || to <= n.summedFrom || first >= n.summedTo;
        for (int i = 0; i < s.size; i++) {
          if (!summedAdded && s.at[i] >= n.summedTo) {
            // the summed samples lie between the kept ones: added in the order the samples came
            sum += s.summedSum;
            max = Math.max(max, s.summedMax);
            nonZero += s.summedNonZero;
            summedAdded = true;
          }
          if (s.at[i] >= first && s.at[i] < to) {
            sum += s.values[i];
            max = Math.max(max, s.values[i]);
            nonZero++;
          }
        }
        if (!summedAdded) {
          sum += s.summedSum;
          max = Math.max(max, s.summedMax);
          nonZero += s.summedNonZero;
        }
        int count = to - first;
        if (nonZero == 0) {
          continue; // 0 throughout: nothing to say
        }
        if (nonZero < count) {
          max = Math.max(max, 0);
        }
        summary.figures.add(new Figure(f.getKey(), sum / count, max));
      }
      groupByQueue(summary.figures);
      out.add(summary);
    }
    return out;
  }

  /**
   * Keeps the figures of one queue together ("ReadStage active", "ReadStage completed/s", ...), queues in the order
   * they first appear: a figure first reported in a later sample (a rate) otherwise lands after all the others.
   */
  private static void groupByQueue(List<Figure> figures) {
    Map<String, List<Figure>> byQueue = new LinkedHashMap<>();
    for (Figure f : figures) {
      byQueue.computeIfAbsent(queue(f.name), k -> new ArrayList<>()).add(f);
    }
    figures.clear();
    byQueue.values().forEach(figures::addAll);
  }

  /** The verdict on the nodes' own queues over the window, or null when none held work back. */
  public static String verdict(List<NodeSummary> nodes) {
    List<String> perNode = new ArrayList<>();
    String source = null;
    for (NodeSummary n : nodes) {
      List<String> queues = new ArrayList<>();
      for (Figure f : n.figures) {
        if (f.name.endsWith(" pending") && f.mean >= PENDING_MEAN_LIMIT) {
          queues.add(count(f.max) + " tasks pending in " + queue(f.name) + " (max; mean " + decimal(f.mean) + ")");
        } else if (f.name.endsWith(" blocked") && f.max >= 1) {
          queues.add(count(f.max) + " blocked in " + queue(f.name) + " (max; mean " + decimal(f.mean) + ")");
        }
      }
      if (!queues.isEmpty()) {
        perNode.add("node " + n.node + ": " + String.join(", ", queues));
        source = n.binding + ", " + n.source;
      }
    }
    if (perNode.isEmpty()) {
      return null;
    }
    return "the database held work back by its own view (" + source + "): " + String.join("; ", perNode)
        + ". Requests queued inside the database" + (perNode.size() == 1 ? " node" : " nodes") + ": the database was"
        + " the limit at those times, not the client.";
  }

  /** One line per node: its non-zero figures' mean and max ({@code "Database's own view of node ..."}). */
  public static List<String> lines(List<NodeSummary> nodes) {
    List<String> out = new ArrayList<>();
    for (NodeSummary n : nodes) {
      List<String> figures = new ArrayList<>();
      for (Figure f : n.figures) {
        figures.add(f.name + " " + decimal(f.mean) + "/" + decimal(f.max));
      }
      out.add("Database's own view of node " + n.node + " (" + n.binding + ", " + n.source + ", " + n.samples
          + " samples; mean/max over the measured run" + (n.dropped > 0 ? "; " + n.dropped + " later samples not"
          + " kept" : "") + "): " + (figures.isEmpty() ? "every figure 0" : String.join(", ", figures)));
    }
    return out;
  }

  /** summary.json's section: {@code {"nodes": [{node, binding, source, samples, figures: {name: {mean, max}}}], ...}}. */
  public static String json(List<NodeSummary> nodes, String verdict) {
    StringBuilder list = new StringBuilder("[");
    for (NodeSummary n : nodes) {
      SummaryJson figures = new SummaryJson();
      for (Figure f : n.figures) {
        figures.raw(f.name, new SummaryJson().field(ViewFigure.MEAN, round(f.mean))
            .field(ViewFigure.MAX, round(f.max)).toString());
      }
      SummaryJson node = new SummaryJson().field(ViewNode.NODE, n.node).field(ViewNode.BINDING, n.binding)
          .field(ViewNode.SOURCE, n.source).field(ViewNode.SAMPLES, n.samples);
      if (n.dropped > 0) {
        node.field(ViewNode.DROPPED_SAMPLES, n.dropped);
      }
      list.append(list.length() == 1 ? "" : ", ").append(node.raw(ViewNode.FIGURES, figures.toString()));
    }
    return new SummaryJson().raw(SummaryFields.DatabaseView.NODES, list.append(']').toString())
        .raw(SummaryFields.DatabaseView.VERDICTS, verdict == null ? "[]" : "[" + JsonText.quote(verdict) + "]")
        .toString();
  }

  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }

  /** "ReadStage" of "ReadStage pending"; a name without a space is its own queue. */
  private static String queue(String figure) {
    int space = figure.lastIndexOf(' ');
    return space < 0 ? figure : figure.substring(0, space);
  }

  private static String count(double v) {
    return String.format(Locale.ROOT, "%,d", Math.round(v));
  }

  private static String decimal(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.format(Locale.ROOT, "%,d", (long) v)
        : String.format(Locale.ROOT, "%,.1f", v);
  }
}
