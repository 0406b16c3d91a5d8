package site.ycsb.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import site.ycsb.output.RecordFiles;
import site.ycsb.output.SummaryFields;
import site.ycsb.output.SummaryFields.Health;
import site.ycsb.output.SummaryFields.Measurement;

/**
 * Combines the result directories of the clients of one phase. Counts are summed, latency percentiles come from
 * the sum of the clients' HdrHistograms (never from averaging the clients' percentiles), and per-interval figures
 * are bucketed on the wall clock (see {@link IntervalGrid}).
 */
final class Merger {
  private static final long DEFAULT_INTERVAL_MS = 10_000;
  /** The engine's default hdrhistogram.percentiles, used only for measurements no summary describes. */
  private static final String ENGINE_DEFAULT_PERCENTILES = "95,99";

  private final List<ResultDir> dirs;
  /** Where the merged interval logs are written as they are merged (the output's hdr/ directory). */
  private final Path hdrOut;
  private final List<String> warnings = new ArrayList<>();
  private IntervalGrid grid;
  private long startMs;
  private long endMs;

  Merger(List<ResultDir> dirs, Path hdrOut) {
    this.dirs = dirs;
    this.hdrOut = hdrOut;
  }

  /** Merges the runs; writes the merged interval logs to the hdr directory given at construction as it goes. */
  MergedRun merge() throws UsageException, IOException {
    MergeCheck check = new MergeCheck();
    check.check(dirs);
    warnings.addAll(check.warnings());
    startMs = Long.MAX_VALUE;
    endMs = Long.MIN_VALUE;
    long intervalMs = 0;
    for (ResultDir d : dirs) {
      startMs = Math.min(startMs, d.startEpochMs());
      endMs = Math.max(endMs, d.endEpochMs());
      intervalMs = Math.max(intervalMs, d.statusIntervalMs());
    }
    intervalMs = intervalMs > 0 ? intervalMs : DEFAULT_INTERVAL_MS;
    grid = new IntervalGrid(startMs, endMs, intervalMs);

    Map<String, MeasurementMerge> measurements = new LinkedHashMap<>();
    for (String name : measurementNames()) {
      measurements.put(name, mergeHistograms(name));
    }
    ObjectNode summary = summary(measurements, check.overlapFraction(), intervalMs);
    List<TimeseriesRow> rows = timeseries(measurements);
    // every client's events, in time order: a node one client saw go down is not the same fact as another's view
    List<TimelineEvent> events = new ArrayList<>();
    for (ResultDir d : dirs) {
      events.addAll(RunEvents.of(d));
    }
    java.util.Collections.sort(events);
    summary.putObject(SummaryFields.OfMerged.TIMELINE).set(SummaryFields.Timeline.EVENTS, RunEvents.toJson(events));
    DatabaseNodeFiles.Merged nodes = DatabaseNodeFiles.merge(dirs, startMs, endMs);
    if (nodes.section != null) {
      summary.set(site.ycsb.telemetry.DatabaseNodes.SECTION, nodes.section);
    }
    ObjectNode view = DatabaseViewSection.merge(dirs);
    if (view != null) {
      summary.set(DatabaseViewSection.SECTION, view);
    }
    MergedRun merged = new MergedRun(summary, rows, warnings, scheduleLag);
    merged.serverFiles.addAll(nodes.files);
    return merged;
  }

  /** Names from every summary, then any extra hdr logs, in order of first appearance. */
  private Set<String> measurementNames() throws UsageException {
    Set<String> names = new LinkedHashSet<>();
    for (ResultDir d : dirs) {
      names.addAll(d.measurementNames());
    }
    for (ResultDir d : dirs) {
      Path hdr = d.dir().resolve(RecordFiles.HDR_DIR);
      if (!Files.isDirectory(hdr)) {
        continue;
      }
      try (Stream<Path> files = Files.list(hdr)) {
        files.map(p -> p.getFileName().toString()).filter(f -> f.endsWith(RecordFiles.HDR_SUFFIX)).sorted()
            .forEach(f -> names.add(f.substring(0, f.length() - RecordFiles.HDR_SUFFIX.length())));
      } catch (IOException e) {
        throw new UsageException("cannot list " + hdr + ": " + Messages.cause(e));
      } catch (java.io.UncheckedIOException e) {
        throw new UsageException("cannot list " + hdr + ": " + Messages.cause(e));
      }
    }
    return names;
  }

  /**
   * One measurement's histograms across clients: their sum, and per merged interval only the percentiles the time
   * series needs. The merged interval histograms themselves go to the merged log as each is complete, so merge
   * holds one interval per client, not the run's (a day of 1 s intervals of 32 clients would need tens of GB).
   */
  private final class MeasurementMerge {
    final String name;
    final Histogram total = HdrLog.emptyHistogram();
    /** Per merged interval, {@link TimeseriesCsv#PERCENTILES} of the merged histogram; null when it is empty. */
    final long[][] intervalPercentiles;
    boolean anyHdr;
    /** False when a client with operations of this measurement has no hdr log: percentiles are then unknown. */
    boolean complete = true;

    MeasurementMerge(String name) {
      this.name = name;
      this.intervalPercentiles = new long[grid.size()][];
    }

    /** The percentiles of merged interval {@code i}, or null when they are unknown or it holds no value. */
    long[] percentiles(int i) {
      return anyHdr && complete ? intervalPercentiles[i] : null;
    }
  }

  /** One client's log of a measurement, read ahead by one interval, with the merged interval that interval falls in. */
  private final class ClientLog implements AutoCloseable {
    final ResultDir dir;
    final Path file;
    final HdrLog.Cursor cursor;
    Histogram next;
    int nextIndex;
    long values;

    ClientLog(ResultDir dir, Path file) throws UsageException {
      this.dir = dir;
      this.file = file;
      this.cursor = new HdrLog.Cursor(file);
    }

    void advance() throws UsageException {
      next = cursor.next();
      if (next != null) {
        values += next.getTotalCount();
        // the first interval may start before the measurement (recorder creation, warm-up)
        long start = Math.max(next.getStartTimeStamp(), dir.startEpochMs());
        nextIndex = grid.indexOf(Math.min(start, next.getEndTimeStamp()), next.getEndTimeStamp());
      }
    }

    @Override
    public void close() {
      cursor.close();
    }
  }

  /**
   * Merges the clients' logs of a measurement in step, merged interval by merged interval (each log is in time
   * order, so its intervals' grid positions never go back), writing each merged interval to {@code hdrOut} as it is
   * complete. A log whose count is wrong fails the merge all the same.
   */
  private MeasurementMerge mergeHistograms(String name) throws UsageException, IOException {
    MeasurementMerge m = new MeasurementMerge(name);
    List<String> missing = new ArrayList<>();
    List<ClientLog> logs = new ArrayList<>();
    try {
      for (ResultDir d : dirs) {
        Path log = d.hdrLog(name);
        if (Files.isRegularFile(log)) {
          logs.add(new ClientLog(d, log));
        } else if (d.measurements().path(name).path(Measurement.OPERATIONS).asLong(0) > 0) {
          m.complete = false;
          missing.add(d.host());
        }
      }
      if (!logs.isEmpty()) {
        m.anyHdr = true;
        for (ClientLog log : logs) {
          log.advance();
        }
        try (HdrLog.Writer out = new HdrLog.Writer(hdrOut.resolve(name + RecordFiles.HDR_SUFFIX),
            "merged " + name + " of " + dirs.size() + " clients", startMs)) {
          Histogram interval = HdrLog.emptyHistogram();
          for (int i = 0; i < grid.size(); i++) {
            interval.reset();
            for (ClientLog log : logs) {
              while (log.next != null && log.nextIndex <= i) {
                interval.add(log.next);
                m.total.add(log.next);
                log.advance();
              }
            }
            interval.setStartTimeStamp(grid.startOf(i));
            interval.setEndTimeStamp(grid.endOf(i));
            out.add(interval);
            if (interval.getTotalCount() > 0) {
              long[] pct = new long[TimeseriesCsv.PERCENTILES.length];
              for (int p = 0; p < pct.length; p++) {
                pct[p] = interval.getValueAtPercentile(TimeseriesCsv.PERCENTILES[p]);
              }
              m.intervalPercentiles[i] = pct;
            }
          }
        }
        for (ClientLog log : logs) {
          HdrLog.checkCount(log.dir, name, log.file, log.values);
        }
      }
    } finally {
      for (ClientLog log : logs) {
        log.close();
      }
    }
    if (!missing.isEmpty()) {
      warnings.add("no hdr log for " + name + " from " + String.join(", ", missing) + ": merged " + name
          + " percentiles omitted (they cannot be averaged)");
    }
    return m;
  }

  private ObjectNode summary(Map<String, MeasurementMerge> measurements, double overlap, long intervalMs)
      throws UsageException {
    ResultDir first = dirs.get(0);
    long operations = 0;
    ArrayNode clients = Json.MAPPER.createArrayNode();
    ArrayNode sources = Json.MAPPER.createArrayNode();
    ArrayNode sourceRuns = Json.MAPPER.createArrayNode();
    for (ResultDir d : dirs) {
      operations += d.operations();
      // a merged input contributes its own clients, so merges can be nested (per rack, then all)
      d.clients().forEach(clients::add);
      sources.add(d.dir().toAbsolutePath().normalize().toString());
      // and its client runs, so that a later merge of this result with one of them is refused (MergeCheck)
      for (String[] run : d.sourceRuns()) {
        sourceRuns.addObject().put(SummaryFields.SourceRun.RUN_ID, run[0])
            .put(SummaryFields.SourceRun.FINGERPRINT, run[1]);
      }
    }
    long runtime = endMs - startMs;
    ObjectNode s = Json.object();
    s.put(SummaryFields.FORMAT, SummaryFields.FORMAT_VALUE);
    s.put(SummaryFields.VERSION, first.version());
    s.put(SummaryFields.RUN_ID, java.util.UUID.randomUUID().toString());
    s.put(SummaryFields.GIT_COMMIT, first.text(SummaryFields.GIT_COMMIT));
    s.put(SummaryFields.HOST, "merged");
    s.set(SummaryFields.OfMerged.CLIENTS, clients);
    s.put(SummaryFields.LABEL, first.label());
    s.put(SummaryFields.PHASE, first.phase());
    s.put(SummaryFields.WORKLOAD, first.workload());
    s.put(SummaryFields.WORKLOAD_NAME, first.workloadName());
    s.put(SummaryFields.DB, first.db());
    s.put(SummaryFields.THREADS, sumLong(SummaryFields.THREADS));
    s.put(SummaryFields.TARGET, sumDouble(SummaryFields.TARGET));
    s.put(SummaryFields.MEASUREMENT_INTERVAL, first.text(SummaryFields.MEASUREMENT_INTERVAL));
    s.put(SummaryFields.START_EPOCH_MS, startMs);
    s.put(SummaryFields.END_EPOCH_MS, endMs);
    s.put(SummaryFields.START_TIME, Instant.ofEpochMilli(startMs).toString());
    s.put(SummaryFields.END_TIME, Instant.ofEpochMilli(endMs).toString());
    s.put(SummaryFields.RUNTIME_MS, runtime);
    s.put(SummaryFields.OPERATIONS, operations);
    s.put(SummaryFields.THROUGHPUT, runtime > 0 ? 1000.0 * operations / runtime : 0.0);
    s.put(SummaryFields.STATUS_INTERVAL_SEC, intervalMs / 1000.0);
    s.put(SummaryFields.INIT_MS, maxLong(SummaryFields.INIT_MS));
    s.put(SummaryFields.CLEANUP_MS, maxLong(SummaryFields.CLEANUP_MS));
    ObjectNode warmup = s.putObject(SummaryFields.WARMUP);
    warmup.put(SummaryFields.Warmup.OPERATIONS, sumLong(SummaryFields.WARMUP, SummaryFields.Warmup.OPERATIONS));
    warmup.put(SummaryFields.Warmup.DURATION_MS, maxLong(SummaryFields.WARMUP, SummaryFields.Warmup.DURATION_MS));
    s.put(SummaryFields.EXIT_CODE, maxLong(SummaryFields.EXIT_CODE));
    s.put(SummaryFields.EXIT_REASON, exitReason());
    // An interrupted client makes the merged run interrupted: a reader of "interrupted" must not see a clean run.
    String interruptedBy = interruptedBy();
    s.put(SummaryFields.INTERRUPTED, interruptedBy != null);
    s.put(SummaryFields.INTERRUPTED_BY, interruptedBy);
    // asynchronous calls a client's binding never completed, and operations an interrupted client left in flight
    s.put(SummaryFields.LOST_OPERATIONS, sumLong(SummaryFields.LOST_OPERATIONS));
    s.put(SummaryFields.UNFINISHED_OPERATIONS, sumLong(SummaryFields.UNFINISHED_OPERATIONS));
    s.put(SummaryFields.INSERT_START, minLong(SummaryFields.INSERT_START));
    s.put(SummaryFields.INSERT_COUNT, sumLong(SummaryFields.INSERT_COUNT));
    s.put(SummaryFields.RECORD_COUNT, maxLong(SummaryFields.RECORD_COUNT));
    s.put(SummaryFields.OPERATION_COUNT, sumLong(SummaryFields.OPERATION_COUNT));
    s.set(SummaryFields.PROPERTIES, commonProperties());
    ObjectNode ms = s.putObject(SummaryFields.MEASUREMENTS);
    List<Double> defaultPercentiles = defaultPercentiles(first);
    for (MeasurementMerge m : measurements.values()) {
      ms.set(m.name, measurement(m, defaultPercentiles));
    }
    s.set(SummaryFields.HEALTH, health());
    ObjectNode merge = s.putObject(SummaryFields.OfMerged.MERGE);
    merge.set(SummaryFields.Merge.SOURCES, sources);
    merge.set(SummaryFields.Merge.SOURCE_RUNS, sourceRuns);
    merge.put(SummaryFields.Merge.OVERLAP_FRACTION, Math.round(overlap * 10000) / 10000.0);
    ArrayNode w = merge.putArray(SummaryFields.Merge.WARNINGS);
    warnings.forEach(w::add);
    return s;
  }

  /** Percentiles for a measurement only an hdr log knows: the run's hdrhistogram.percentiles or the default. */
  private static List<Double> defaultPercentiles(ResultDir first) {
    String list = first.property("hdrhistogram.percentiles");
    List<Double> parsed = Percentiles.parseList(list == null ? ENGINE_DEFAULT_PERCENTILES : list);
    return parsed.isEmpty() ? Percentiles.parseList(ENGINE_DEFAULT_PERCENTILES) : parsed;
  }

  /** Percentiles are those the clients' summaries report (the engine's configured list), now of the union. */
  private ObjectNode measurement(MeasurementMerge m, List<Double> defaultPercentiles) {
    long ops = 0;
    double weightedSum = 0;
    Long min = null;
    Long max = null;
    String kind = null;
    Set<String> keys = new TreeSet<>(Percentiles.NUMERIC);
    Map<String, Long> returns = new LinkedHashMap<>();
    long clamped = 0;
    for (ResultDir d : dirs) {
      JsonNode c = d.measurements().get(m.name);
      if (c == null) {
        continue;
      }
      clamped += c.path(Measurement.CLAMPED_ABOVE_1H).asLong(0);
      if (kind == null && c.hasNonNull(Measurement.KIND)) {
        kind = c.get(Measurement.KIND).asText();
      }
      long n = c.path(Measurement.OPERATIONS).asLong(0);
      ops += n;
      weightedSum += n * c.path(Measurement.AVERAGE_US).asDouble(0);
      if (n > 0 && c.hasNonNull(Measurement.MIN_US)) {
        min = min == null ? c.get(Measurement.MIN_US).asLong() : Math.min(min, c.get(Measurement.MIN_US).asLong());
      }
      if (n > 0 && c.hasNonNull(Measurement.MAX_US)) {
        max = max == null ? c.get(Measurement.MAX_US).asLong() : Math.max(max, c.get(Measurement.MAX_US).asLong());
      }
      c.path(Measurement.PERCENTILES_US).fieldNames().forEachRemaining(keys::add);
      Iterator<Map.Entry<String, JsonNode>> it = c.path(Measurement.RETURNS).fields();
      while (it.hasNext()) {
        Map.Entry<String, JsonNode> e = it.next();
        returns.merge(e.getKey(), e.getValue().asLong(), Long::sum);
      }
    }
    boolean fromSummaries = kind != null;
    if (!fromSummaries) {
      // only an hdr log knows this measurement (e.g. CLEANUP): take the figures from the merged histogram
      ops = m.total.getTotalCount();
      weightedSum = ops * m.total.getMean();
      if (ops > 0) {
        min = m.total.getMinValue();
        max = m.total.getMaxValue();
      }
      kind = m.name.startsWith("Intended-") ? Measurement.KIND_INTENDED : Measurement.KIND_SERVICE;
    }
    ObjectNode out = Json.object();
    out.put(Measurement.KIND, kind);
    out.put(Measurement.OPERATIONS, ops);
    out.put(Measurement.AVERAGE_US, ops > 0 ? weightedSum / ops : 0.0);
    out.put(Measurement.MIN_US, min == null ? 0 : min);
    out.put(Measurement.MAX_US, max == null ? 0 : max);
    if (clamped > 0) {
      out.put(Measurement.CLAMPED_ABOVE_1H, clamped);
    }
    if (m.anyHdr && m.complete) {
      if (fromSummaries && m.total.getTotalCount() != ops) {
        warnings.add("hdr logs of " + m.name + " hold " + m.total.getTotalCount() + " values but the summaries count "
            + ops + " operations");
      }
      if (!fromSummaries) {
        for (double p : defaultPercentiles) {
          keys.add(Percentiles.key(p));
        }
      }
      ObjectNode pct = out.putObject(Measurement.PERCENTILES_US);
      for (String key : keys) {
        pct.put(key, m.total.getTotalCount() == 0 ? 0 : m.total.getValueAtPercentile(Double.parseDouble(key)));
      }
    }
    if (!returns.isEmpty()) {
      ObjectNode r = out.putObject(Measurement.RETURNS);
      returns.forEach(r::put);
    }
    return out;
  }

  /** The sum of the clients' schedule-lag histograms, or null when one has no log (set by {@link #health}). */
  private Histogram scheduleLag;

  /**
   * The merged schedule lag, like every merged percentile, from the sum of the clients' histograms. Without a log
   * from every client the p99 is left out (a maximum of p99s is not a p99) and the maximum of the maxima kept.
   */
  private void mergeScheduleLag(ObjectNode h) throws UsageException {
    Histogram sum = HdrLog.emptyHistogram();
    List<String> missing = new ArrayList<>();
    for (ResultDir d : dirs) {
      Path log = d.scheduleLagLog();
      if (Files.isRegularFile(log)) {
        HdrLog.forEachInterval(log, sum::add);
      } else {
        missing.add(d.host());
      }
    }
    if (missing.isEmpty()) {
      sum.setStartTimeStamp(minLong(SummaryFields.START_EPOCH_MS));
      sum.setEndTimeStamp(maxLong(SummaryFields.END_EPOCH_MS));
      scheduleLag = sum;
      h.put(Health.SCHEDULE_LAG_P99_US, sum.getTotalCount() == 0 ? 0 : sum.getValueAtPercentile(99));
      h.put(Health.SCHEDULE_LAG_MAX_US, sum.getTotalCount() == 0 ? 0 : sum.getMaxValue());
      return;
    }
    putMax(h, Health.SCHEDULE_LAG_MAX_US);
    if (h.has(Health.SCHEDULE_LAG_MAX_US)) {
      warnings.add("no " + RecordFiles.SCHEDULE_LAG + " from " + String.join(", ", missing) + ": merged schedule-lag "
          + "p99 omitted (percentiles cannot be merged without histograms); the maximum is the clients' largest");
    }
  }

  private ObjectNode health() throws UsageException {
    ObjectNode h = Json.object();
    mergeScheduleLag(h);
    long lagsAbove1h = 0;
    for (ResultDir d : dirs) {
      lagsAbove1h += d.summary().path(SummaryFields.HEALTH).path(Health.SCHEDULE_LAGS_ABOVE_1H).asLong(0);
    }
    h.put(Health.SCHEDULE_LAGS_ABOVE_1H, lagsAbove1h); // the clients' lag histograms end at an hour, as theirs did
    double cpu = 0;
    long cores = 0;
    boolean anyCpu = false;
    long gcCount = 0;
    long gcTime = 0;
    for (ResultDir d : dirs) {
      JsonNode c = d.summary().path(SummaryFields.HEALTH);
      anyCpu |= c.hasNonNull(Health.CPU_USED_SEC);
      cpu += c.path(Health.CPU_USED_SEC).asDouble(0);
      cores += c.path(Health.CPU_CORES).asLong(0);
      gcCount += c.path(Health.GC_COUNT).asLong(0);
      gcTime += c.path(Health.GC_TIME_MS).asLong(0);
    }
    if (anyCpu) {
      h.put(Health.CPU_USED_SEC, cpu);
      h.put(Health.CPU_CORES, cores);
    }
    putMax(h, Health.CPU_UTILISATION);
    h.put(Health.GC_COUNT, gcCount);
    h.put(Health.GC_TIME_MS, gcTime);
    putMax(h, Health.GC_MAX_PAUSE_MS);
    ArrayNode limitedHosts = Json.MAPPER.createArrayNode();
    ArrayNode clientWarnings = Json.MAPPER.createArrayNode();
    ArrayNode perClient = Json.MAPPER.createArrayNode();
    for (ResultDir d : dirs) {
      JsonNode c = d.summary().path(SummaryFields.HEALTH);
      if (c.path(Health.CLIENT_LIMITED).asBoolean(false)) {
        limitedHosts.add(d.host());
      }
      for (JsonNode w : c.path(Health.WARNINGS)) {
        clientWarnings.add(d.host() + ": " + w.asText());
      }
      ObjectNode one = perClient.addObject();
      one.put(SummaryFields.HOST, d.host());
      one.put(Health.CLIENT_LIMITED, c.path(Health.CLIENT_LIMITED).asBoolean(false));
      for (String f : new String[] {Health.CPU_UTILISATION, Health.SCHEDULE_LAG_P99_US, Health.SCHEDULE_LAG_MAX_US,
          Health.GC_MAX_PAUSE_MS, Health.PROCESS_PAUSE_MAX_US, Health.VERDICT, Health.CAUSES}) {
        if (c.hasNonNull(f)) {
          one.set(f, c.get(f).deepCopy());
        }
      }
    }
    h.put(Health.CLIENT_LIMITED, limitedHosts.size() > 0);
    h.set(Health.CLIENT_LIMITED_HOSTS, limitedHosts);
    LagCauses.merge(dirs, h);
    h.set(Health.WARNINGS, clientWarnings);
    h.set(Health.PER_CLIENT, perClient);
    return h;
  }

  private void putMax(ObjectNode target, String field) {
    JsonNode best = null;
    for (ResultDir d : dirs) {
      JsonNode v = d.summary().path(SummaryFields.HEALTH).get(field);
      if (v != null && v.isNumber() && (best == null || v.asDouble() > best.asDouble())) {
        best = v;
      }
    }
    if (best != null) {
      target.set(field, best);
    }
  }

  /** The signals that interrupted clients (one, or "host: signal; ..." when they differ), or null. */
  private String interruptedBy() {
    Set<String> signals = new LinkedHashSet<>();
    List<String> parts = new ArrayList<>();
    for (ResultDir d : dirs) {
      JsonNode by = d.summary().get(SummaryFields.INTERRUPTED_BY);
      boolean interrupted = d.summary().path(SummaryFields.INTERRUPTED).asBoolean(false)
          || (by != null && !by.isNull());
      if (interrupted) {
        String signal = by == null || by.isNull() ? "unknown" : by.asText();
        signals.add(signal);
        parts.add(d.host() + ": " + signal);
      }
    }
    return signals.isEmpty() ? null : signals.size() == 1 ? signals.iterator().next() : String.join("; ", parts);
  }

  private String exitReason() {
    Set<String> reasons = new LinkedHashSet<>();
    for (ResultDir d : dirs) {
      reasons.add(d.text(SummaryFields.EXIT_REASON));
    }
    if (reasons.size() == 1) {
      return reasons.iterator().next();
    }
    List<String> parts = new ArrayList<>();
    for (ResultDir d : dirs) {
      parts.add(d.host() + ": " + d.text(SummaryFields.EXIT_REASON));
    }
    return String.join("; ", parts);
  }

  /** Properties with the same value on every client (per-client ones such as insertstart drop out). */
  private ObjectNode commonProperties() {
    ObjectNode out = Json.object();
    JsonNode first = dirs.get(0).summary().path(SummaryFields.PROPERTIES);
    Iterator<Map.Entry<String, JsonNode>> it = first.fields();
    while (it.hasNext()) {
      Map.Entry<String, JsonNode> e = it.next();
      boolean same = true;
      for (ResultDir d : dirs) {
        same &= e.getValue().equals(d.summary().path(SummaryFields.PROPERTIES).get(e.getKey()));
      }
      if (same) {
        out.set(e.getKey(), e.getValue());
      }
    }
    return out;
  }

  private long sumLong(String... path) {
    long sum = 0;
    for (ResultDir d : dirs) {
      sum += at(d, path).asLong(0);
    }
    return sum;
  }

  private double sumDouble(String field) {
    double sum = 0;
    for (ResultDir d : dirs) {
      sum += d.summary().path(field).asDouble(0);
    }
    return sum;
  }

  private long maxLong(String... path) {
    long max = 0;
    for (ResultDir d : dirs) {
      max = Math.max(max, at(d, path).asLong(0));
    }
    return max;
  }

  private long minLong(String field) {
    long min = Long.MAX_VALUE;
    for (ResultDir d : dirs) {
      min = Math.min(min, d.summary().path(field).asLong(0));
    }
    return min;
  }

  private static JsonNode at(ResultDir d, String... path) {
    JsonNode n = d.summary();
    for (String p : path) {
      n = n.path(p);
    }
    return n;
  }

  /**
   * Rows per (merged interval, metric): counts summed, percentiles from the merged interval histogram. Each client's
   * rows are folded into fixed sums per interval as they are read ({@link RowSums}), so the clients' rows are not
   * kept.
   */
  private List<TimeseriesRow> timeseries(Map<String, MeasurementMerge> measurements) throws UsageException {
    Map<String, RowSums> sums = new LinkedHashMap<>();
    sums.put("OVERALL", null);
    for (ResultDir d : dirs) {
      long previous = Long.MIN_VALUE;
      long current = Long.MIN_VALUE;
      // a row covers (previous status tick, its epoch_ms]; the first tick follows the measurement start; the rows of
      // one tick (OVERALL and each operation) share it, in time order
      for (TimeseriesRow r : TimeseriesCsv.read(d.timeseries())) {
        if (r.epochMs != current) {
          previous = current;
          current = r.epochMs;
        }
        long rowStart = previous != Long.MIN_VALUE ? previous : Math.min(d.startEpochMs(), r.epochMs);
        RowSums metric = sums.get(r.metric);
        if (metric == null) {
          metric = new RowSums(grid.size());
          sums.put(r.metric, metric);
        }
        metric.add(grid.indexOf(rowStart, r.epochMs), r);
      }
    }
    List<TimeseriesRow> out = new ArrayList<>();
    for (int i = 0; i < grid.size(); i++) {
      for (Map.Entry<String, RowSums> g : sums.entrySet()) {
        if (g.getValue() == null || g.getValue().rows[i] == 0) {
          continue;
        }
        MeasurementMerge m = measurements.get(g.getKey());
        out.add(g.getValue().row(i, g.getKey(), m != null ? m.percentiles(i) : null));
      }
    }
    return out;
  }

  /** One metric's time-series rows of every client, summed per merged interval. */
  private final class RowSums {
    final int[] rows;
    final long[] count;
    final long[] errors;
    final long[] retries;
    final boolean[] anyRetries;
    final long[] avgCount;
    final double[] avgSum;
    final long[] min;
    final long[] max;
    final boolean[] latency;

    RowSums(int size) {
      rows = new int[size];
      count = new long[size];
      errors = new long[size];
      retries = new long[size];
      anyRetries = new boolean[size];
      avgCount = new long[size];
      avgSum = new double[size];
      min = new long[size];
      max = new long[size];
      latency = new boolean[size];
      java.util.Arrays.fill(min, Long.MAX_VALUE);
      java.util.Arrays.fill(max, Long.MIN_VALUE);
    }

    void add(int i, TimeseriesRow r) {
      rows[i]++;
      count[i] += r.count;
      errors[i] += r.errors;
      if (r.retries != null) {
        anyRetries[i] = true;
        retries[i] += r.retries;
      }
      if (r.avgUs != null && r.count > 0) {
        latency[i] = true;
        avgCount[i] += r.count;
        avgSum[i] += r.avgUs * r.count;
      }
      if (r.minUs != null && r.count > 0) {
        min[i] = Math.min(min[i], r.minUs);
      }
      if (r.maxUs != null && r.count > 0) {
        max[i] = Math.max(max[i], r.maxUs);
      }
    }

    /** Merged interval {@code i}'s row; {@code percentiles} from its merged histogram, or null. */
    TimeseriesRow row(int i, String metric, long[] percentiles) {
      Long[] pct = new Long[TimeseriesCsv.PERCENTILES.length];
      if (latency[i] && percentiles != null) {
        for (int p = 0; p < pct.length; p++) {
          pct[p] = percentiles[p];
        }
      }
      double seconds = grid.seconds(i);
      return new TimeseriesRow(grid.endOf(i), (grid.endOf(i) - startMs) / 1000.0, metric, count[i],
          seconds > 0 ? count[i] / seconds : 0.0, latency[i] ? avgSum[i] / avgCount[i] : null,
          min[i] == Long.MAX_VALUE ? null : min[i], max[i] == Long.MIN_VALUE ? null : max[i], pct, errors[i],
          anyRetries[i] ? retries[i] : null);
    }
  }
}
