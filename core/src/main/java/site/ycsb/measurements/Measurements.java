package site.ycsb.measurements;

import java.io.File;
import java.io.FileNotFoundException;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

import org.HdrHistogram.HistogramLogWriter;

import site.ycsb.Status;
import site.ycsb.cli.EngineOptions;
import site.ycsb.cli.PropertyReader;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/**
 * The process-wide collector of latencies and return statuses, keyed by measurement name ({@code READ},
 * {@code UPDATE-FAILED}, {@code Intended-READ}, ...). This is YCSB's public API: bindings and workloads call
 * {@link #getMeasurements()} and {@link #measure(String, int)}.
 *
 * <p>Concurrency: recording methods are lock-free and called by all client threads; a measurement is created
 * exactly once per name (so its interval log file is opened once). Reporting methods are called by one thread
 * at a time. Per-thread state (the intended start time of the current operation, and whether the current
 * operation is measured at all or belongs to the warm-up) lives in a thread-local context.
 *
 * <p>Properties: {@code measurementtype} (hdrhistogram), {@code measurement.interval} (op | intended | both),
 * {@code hdrhistogram.percentiles} (95,99), {@code hdrhistogram.fileoutput} (false),
 * {@code hdrhistogram.output.path} (a file-name prefix), {@code measurement.histogram.verbose} (false),
 * {@code histogram.buckets}, {@code timeseries.granularity}, {@code measurement.raw.*},
 * {@code measurement.trackjvm}; {@code results.dir} adds an interval log per measurement under
 * {@code <results.dir>/hdr/}.
 *
 * <p>Thread-safe: one instance serves every client thread, the completion threads of the asynchronous path, the status
 * sampler and the main thread.
 */
public class Measurements {
  /** The kinds of measurement ({@code measurementtype}). */
  public enum MeasurementType {
    HISTOGRAM,
    HDRHISTOGRAM,
    HDRHISTOGRAM_AND_HISTOGRAM,
    HDRHISTOGRAM_AND_RAW,
    TIMESERIES,
    RAW
  }

  /** YCSB 0.17.0's name of {@link EngineOptions#MEASUREMENT_TYPE}. */
  public static final String MEASUREMENT_TYPE_PROPERTY = "measurementtype";
  /** YCSB 0.17.0's name of {@link EngineOptions#MEASUREMENT_INTERVAL}. */
  public static final String MEASUREMENT_INTERVAL = "measurement.interval";
  /** YCSB 0.17.0's name of {@link EngineOptions#TRACK_JVM}. */
  public static final String MEASUREMENT_TRACK_JVM_PROPERTY = "measurement.trackjvm";
  /** YCSB 0.17.0's default of {@link EngineOptions#TRACK_JVM}. */
  public static final String MEASUREMENT_TRACK_JVM_PROPERTY_DEFAULT = "false";
  /** Prefix of the names of intended-time measurements when {@code measurement.interval=both}. */
  public static final String INTENDED_PREFIX = "Intended-";

  private static volatile Properties measurementproperties = new Properties();
  private static Measurements singleton;

  /**
   * Per-thread state of the operation in progress: its intended start and whether it is measured. Engine
   * internal: the client thread's {@code DBWrapper} fetches it once per operation instead of once per call.
   */
  public static final class ThreadState {
    private final Thread owner = Thread.currentThread();
    private long intendedStartNs;
    private boolean recording = true;

    /** Whether this is {@code thread}'s state (a state is created by the thread it belongs to). */
    public boolean isOwnedBy(Thread thread) {
      return owner == thread;
    }

    /** Whether the current operation is measured (false during warm-up). */
    public boolean isRecording() {
      return recording;
    }

    /** As {@link Measurements#setRecording}, for the thread that owns this state, without a thread-local lookup. */
    public void setRecording(boolean recording) {
      this.recording = recording;
    }

    /**
     * As {@link Measurements#setIntendedStartTimeNs}, for the thread that owns this state, without a thread-local
     * lookup (with {@code measurement.interval=op} the value is kept but never read).
     */
    public void setIntendedStartNs(long time) {
      this.intendedStartNs = time;
    }
  }

  private final ThreadLocal<ThreadState> context = ThreadLocal.withInitial(ThreadState::new);
  private final ConcurrentHashMap<String, OneMeasurement> serviceMap = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, OneMeasurement> intendedMap = new ConcurrentHashMap<>();
  private final MeasurementType measurementType;
  private final int measurementInterval; // 0 = op, 1 = intended, 2 = both
  private final List<Double> percentiles;
  private final boolean verbose;
  /** histogram.buckets, timeseries.granularity and measurement.raw.no_summary, parsed when they apply. */
  private final int buckets;
  private final long granularityMs;
  private final boolean rawNoSummary;
  private final List<String> logPrefixes = new ArrayList<>();
  /**
   * The interval logs' streams by file: a PrintStream keeps a write error (a full disk) to itself, so each is asked
   * once when the run closes them, and the incomplete files are named in one line.
   */
  private final Map<File, PrintStream> logStreams = new java.util.concurrent.ConcurrentSkipListMap<>();
  private final java.util.Set<File> reportedLogs = java.util.concurrent.ConcurrentHashMap.newKeySet();
  private final Properties props;
  private volatile long logStartEpochMs;
  /** The longest measured call into the binding, ns: what the database took, without the client's own time. */
  private final java.util.concurrent.atomic.AtomicLong longestCallNs = new java.util.concurrent.atomic.AtomicLong();

  /**
   * Sets the properties used by the next {@link #getMeasurements()}, and discards the current instance so that
   * a new run in the same JVM starts from empty measurements.
   */
  public static void setProperties(Properties props) {
    synchronized (Measurements.class) {
      measurementproperties = props;
      singleton = null;
    }
  }

  /** The process-wide instance, created on first use from the properties last set. */
  public static synchronized Measurements getMeasurements() {
    if (singleton == null) {
      singleton = new Measurements(measurementproperties);
    }
    return singleton;
  }

  /**
   * @throws IllegalArgumentException when a measurement property has an invalid value (message says which)
   */
  public Measurements(Properties props) {
    this.props = props;
    // Every value is parsed here, before the run: measurements are created lazily inside client threads, where a
    // bad value would end the run half-way instead of being refused (exit 2) before it starts.
    PropertyReader r = new PropertyReader(props);
    switch (r.get(EngineOptions.MEASUREMENT_TYPE)) {
    case "histogram":
      measurementType = MeasurementType.HISTOGRAM;
      break;
    case "hdrhistogram":
      measurementType = MeasurementType.HDRHISTOGRAM;
      break;
    case "hdrhistogram+histogram":
      measurementType = MeasurementType.HDRHISTOGRAM_AND_HISTOGRAM;
      break;
    case "hdrhistogram+raw":
      measurementType = MeasurementType.HDRHISTOGRAM_AND_RAW;
      break;
    case "timeseries":
      measurementType = MeasurementType.TIMESERIES;
      break;
    default: // "raw": the option takes no other value
      measurementType = MeasurementType.RAW;
      break;
    }
    switch (r.get(EngineOptions.MEASUREMENT_INTERVAL)) {
    case "op":
      measurementInterval = 0;
      break;
    case "intended":
      measurementInterval = 1;
      break;
    default: // "both"
      measurementInterval = 2;
      break;
    }
    percentiles = parsePercentiles(r.get(EngineOptions.PERCENTILES));
    verbose = r.get(EngineOptions.HISTOGRAM_VERBOSE);
    boolean histograms = measurementType == MeasurementType.HISTOGRAM
        || measurementType == MeasurementType.HDRHISTOGRAM_AND_HISTOGRAM;
    buckets = histograms ? r.get(EngineOptions.HISTOGRAM_BUCKETS) : 0;
    granularityMs = measurementType == MeasurementType.TIMESERIES ? r.get(EngineOptions.TIMESERIES_GRANULARITY) : 0;
    boolean raw = measurementType == MeasurementType.RAW || measurementType == MeasurementType.HDRHISTOGRAM_AND_RAW;
    rawNoSummary = raw && r.get(EngineOptions.RAW_NO_SUMMARY);
    if (r.get(EngineOptions.HDR_FILE_OUTPUT)) {
      logPrefixes.add(props.getProperty(EngineOptions.HDR_OUTPUT_PATH.name(), ""));
    }
    String resultsDir = r.get(EngineOptions.RESULTS_DIR);
    if (!resultsDir.isEmpty()) {
      logPrefixes.add(new File(resultsDir, site.ycsb.output.RecordFiles.HDR_DIR).getPath() + File.separator);
    }
    logStartEpochMs = System.currentTimeMillis();
  }

  static List<Double> parsePercentiles(String list) {
    if (list.trim().isEmpty()) {
      // an unset shell variable must not silently drop every percentile from the results
      throw new IllegalArgumentException(EngineOptions.PERCENTILES + " is given empty: give percentiles (e.g. "
          + "95,99,99.9), or leave it out for its default (95,99)");
    }
    List<Double> result = new ArrayList<>();
    for (String part : list.split(",")) {
      String p = part.trim();
      if (p.isEmpty()) {
        continue;
      }
      double d;
      try {
        d = Double.parseDouble(p);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(EngineOptions.PERCENTILES + ": '" + p + "' is not a number");
      }
      if (!(d > 0 && d <= 100)) {
        throw new IllegalArgumentException(EngineOptions.PERCENTILES + ": " + p + " is not in (0, 100]");
      }
      result.add(d);
    }
    return Collections.unmodifiableList(result);
  }

  /** The start time written into interval log headers (set by the client when measurement starts). */
  public void setLogStartTime(long epochMs) {
    logStartEpochMs = epochMs;
  }

  /**
   * Marks whether the calling thread's current operation is measured (false during warm-up). Called by the
   * client thread before each operation.
   */
  public void setRecording(boolean recording) {
    context.get().recording = recording;
  }

  /** Sets the intended start of the calling thread's next operation (its slot on the schedule). */
  public void setIntendedStartTimeNs(long time) {
    if (measurementInterval == 0) {
      return;
    }
    context.get().intendedStartNs = time;
  }

  /**
   * The intended start of the calling thread's current operation, or now when none is set. With
   * {@code measurement.interval=op} it is always 0 (intended time is not measured).
   */
  public long getIntendedStartTimeNs() {
    if (measurementInterval == 0) {
      return 0L;
    }
    long t = context.get().intendedStartNs;
    return t == 0 ? System.nanoTime() : t;
  }

  /** YCSB 0.17.0's spelling of {@link #getIntendedStartTimeNs()}, kept for binary compatibility. */
  public long getIntendedtartTimeNs() {
    return getIntendedStartTimeNs();
  }

  /** The calling thread's state (see {@link ThreadState}). */
  public ThreadState threadState() {
    return context.get();
  }

  /**
   * The intended start for an operation of a thread whose state is {@code state}: as
   * {@link #getIntendedStartTimeNs()}, without a thread-local lookup.
   */
  public long intendedStartNs(ThreadState state) {
    if (measurementInterval == 0) {
      return 0L;
    }
    long t = state.intendedStartNs;
    return t == 0 ? System.nanoTime() : t;
  }

  /** The service-time measurement of {@code operation} (created on first use), or null if not measured. */
  public OneMeasurement serviceMeasurement(String operation) {
    return measurementInterval == 1 ? null : get(serviceMap, operation, operation);
  }

  /** The intended-time measurement of {@code operation} (created on first use), or null if not measured. */
  public OneMeasurement intendedMeasurement(String operation) {
    return measurementInterval == 0 ? null
        : get(intendedMap, operation, measurementInterval == 1 ? operation : INTENDED_PREFIX + operation);
  }

  /** The measurement that counts {@code operation}'s return statuses (created on first use). */
  public OneMeasurement statusMeasurement(String operation) {
    return measurementInterval == 1 ? get(intendedMap, operation, operation) : get(serviceMap, operation, operation);
  }

  /**
   * Notes the duration of one measured call into the binding (engine internal). Kept apart from the histograms,
   * whose maxima cannot be read without taking their interval state, and recorded whatever
   * {@code measurement.interval} says, for the verdict that tells a database stall from a client that did not run.
   */
  public void noteCallNs(long ns) {
    // read first: the shared maximum is written only when a call beats it, which is rare after the start
    if (ns > longestCallNs.get()) {
      longestCallNs.accumulateAndGet(ns, Math::max);
    }
  }

  /** The longest call noted by {@link #noteCallNs}, microseconds (0 when none was). */
  public long longestCallUs() {
    return longestCallNs.get() / 1000;
  }

  /**
   * The service times of the measured calls as the verdicts need them, from the recorded HdrHistograms (read once the
   * run's last interval was taken): the calls' total time and the worst p99.9 over operation types. Null when no
   * service time was recorded in an HdrHistogram ({@code measurement.interval=intended}, or another
   * {@code measurementtype}). Engine internal.
   */
  public ServiceTimes serviceTimes() {
    double sumUs = 0;
    long worstP999 = -1;
    org.HdrHistogram.Histogram all = null;
    for (OneMeasurement m : serviceMap.values()) {
      OneMeasurement hdr = m instanceof TwoInOneMeasurement ? ((TwoInOneMeasurement) m).first() : m;
      if (!(hdr instanceof OneMeasurementHdrHistogram) || m.getName().equals("CLEANUP")) {
        continue;
      }
      org.HdrHistogram.Histogram h = ((OneMeasurementHdrHistogram) hdr).takenHistogram();
      if (all == null) {
        all = new org.HdrHistogram.Histogram(3);
      }
      if (h.getTotalCount() > 0) {
        sumUs += h.getMean() * h.getTotalCount();
        worstP999 = Math.max(worstP999, h.getValueAtPercentile(99.9));
        all.add(h);
      }
    }
    return all != null ? new ServiceTimes((long) sumUs, worstP999, all) : null;
  }

  /** See {@link #serviceTimes()}. Immutable. */
  public static final class ServiceTimes {
    /** The sum of the measured calls' service times, microseconds. */
    public final long totalUs;
    /** The highest service-time p99.9 of an operation type, microseconds (-1 when nothing was recorded). */
    public final long worstP999Us;
    private final org.HdrHistogram.Histogram all;

    ServiceTimes(long totalUs, long worstP999Us, org.HdrHistogram.Histogram all) {
      this.totalUs = totalUs;
      this.worstP999Us = worstP999Us;
      this.all = all;
    }

    /**
     * The {@code k}-th longest measured call, microseconds (to the histograms' 3 digits; 0 when fewer calls were
     * measured): {@code k} calls held {@code k} threads at once for at most this long.
     */
    public long kthLongestUs(int k) {
      long total = all.getTotalCount();
      if (k <= 0 || total < k) {
        return 0;
      }
      return all.getValueAtPercentile(100.0 * (total - k + 1) / total);
    }
  }

  /** Records a service-time latency (microseconds). */
  public void measure(String operation, int latency) {
    measure(operation, (long) latency);
  }

  /** Records a service-time latency (microseconds). */
  public void measure(String operation, long latency) {
    if (measurementInterval == 1 || !context.get().recording) {
      return;
    }
    get(serviceMap, operation, operation).measure(latency);
  }

  /** Records an intended-time latency (microseconds): from the scheduled start to completion. */
  public void measureIntended(String operation, int latency) {
    measureIntended(operation, (long) latency);
  }

  /** Records an intended-time latency (microseconds): from the scheduled start to completion. */
  public void measureIntended(String operation, long latency) {
    if (measurementInterval == 0 || !context.get().recording) {
      return;
    }
    intendedMeasurement(operation).measure(latency);
  }

  /** Counts one return status of an operation. */
  public void reportStatus(String operation, Status status) {
    if (!context.get().recording) {
      return;
    }
    if (measurementInterval == 1) {
      get(intendedMap, operation, operation).reportStatus(status);
    } else {
      get(serviceMap, operation, operation).reportStatus(status);
    }
  }

  private OneMeasurement get(ConcurrentHashMap<String, OneMeasurement> map, String key, String name) {
    OneMeasurement m = map.get(key);
    if (m == null) {
      m = map.computeIfAbsent(key, k -> construct(name));
    }
    return m;
  }

  private OneMeasurement construct(String name) {
    switch (measurementType) {
    case HISTOGRAM:
      return histogram(name);
    case HDRHISTOGRAM_AND_HISTOGRAM:
      return new TwoInOneMeasurement(name, hdr("Hdr" + name), histogram("Bucket" + name));
    case HDRHISTOGRAM_AND_RAW:
      return new TwoInOneMeasurement(name, hdr("Hdr" + name), raw("Raw" + name));
    case TIMESERIES:
      return new OneMeasurementTimeSeries(name, granularityMs);
    case RAW:
      return raw(name);
    case HDRHISTOGRAM:
    default:
      return hdr(name);
    }
  }

  private OneMeasurement histogram(String name) {
    return new OneMeasurementHistogram(name, buckets, verbose);
  }

  private OneMeasurement raw(String name) {
    return new OneMeasurementRaw(name, props.getProperty(EngineOptions.RAW_OUTPUT_FILE.name(),
        EngineOptions.RAW_OUTPUT_FILE.defaultValue()), rawNoSummary);
  }

  private OneMeasurement hdr(String name) {
    List<HistogramLogWriter> logs = new ArrayList<>(logPrefixes.size());
    for (String prefix : logPrefixes) {
      File file = new File(prefix + name + site.ycsb.output.RecordFiles.HDR_SUFFIX);
      File parent = file.getAbsoluteFile().getParentFile();
      // mkdirs first: two measurements created at once race to create the directory, and the loser's mkdirs
      // returns false although the directory now exists.
      if (parent != null && !parent.mkdirs() && !parent.isDirectory()) {
        throw new IllegalStateException("Cannot create directory " + parent);
      }
      try {
        PrintStream stream = new PrintStream(new FileOutputStream(file), false, "UTF-8");
        logStreams.put(file, stream);
        HistogramLogWriter writer = new HistogramLogWriter(stream);
        writer.outputLogFormatVersion();
        writer.outputStartTime(logStartEpochMs);
        writer.setBaseTime(0);
        writer.outputLegend();
        logs.add(writer);
      } catch (FileNotFoundException | java.io.UnsupportedEncodingException e) {
        throw new IllegalStateException("Cannot write interval log " + file + ": " + e.getMessage(), e);
      }
    }
    return new OneMeasurementHdrHistogram(name, percentiles, logs, verbose);
  }

  /** Status-line brackets for every measurement (service time first, then intended), sorted by name. */
  public synchronized String getSummary() {
    StringBuilder sb = new StringBuilder();
    for (OneMeasurement m : sorted(serviceMap)) {
      sb.append(m.getSummary()).append(' ');
    }
    for (OneMeasurement m : sorted(intendedMap)) {
      sb.append(m.getSummary()).append(' ');
    }
    return sb.toString();
  }

  /**
   * Takes one interval of every measurement that keeps intervals (HdrHistogram types), in report order. Used by
   * the status thread for the status line, the time series and the interval logs.
   */
  public synchronized Map<String, IntervalStats> takeIntervals() {
    return collect(OneMeasurement::takeInterval);
  }

  /**
   * The combined figures of the intervals taken since the previous call, by measurement name (for status lines
   * printed less often than time-series intervals are taken).
   */
  public synchronized Map<String, IntervalStats> takeStatusIntervals() {
    return collect(OneMeasurement::takeStatusInterval);
  }

  /** {@code take} of every measurement, service time first, then intended, each in report order. */
  private Map<String, IntervalStats> collect(java.util.function.Function<OneMeasurement, IntervalStats> take) {
    Map<String, IntervalStats> result = new LinkedHashMap<>();
    for (OneMeasurement m : sorted(serviceMap)) {
      result.put(m.getName(), take.apply(m));
    }
    for (OneMeasurement m : sorted(intendedMap)) {
      result.put(m.getName(), take.apply(m));
    }
    return result;
  }

  /** Cumulative status counts of every measurement, by measurement name. */
  public Map<String, Map<String, Long>> getStatusCounts() {
    Map<String, Map<String, Long>> result = new TreeMap<>();
    for (OneMeasurement m : sorted(serviceMap)) {
      result.put(m.getName(), m.getStatusCounts());
    }
    for (OneMeasurement m : sorted(intendedMap)) {
      Map<String, Long> counts = m.getStatusCounts();
      if (!counts.isEmpty()) {
        result.put(m.getName(), counts);
      }
    }
    return result;
  }

  /** Writes every measurement (service time first, then intended; each sorted by name). */
  public void exportMeasurements(MeasurementsExporter exporter) throws IOException {
    for (OneMeasurement m : sorted(serviceMap)) {
      m.exportMeasurements(exporter);
    }
    for (OneMeasurement m : sorted(intendedMap)) {
      m.exportMeasurements(exporter);
    }
  }

  /** Flushes and closes interval logs. */
  public void close() {
    for (OneMeasurement m : serviceMap.values()) {
      m.close();
    }
    for (OneMeasurement m : intendedMap.values()) {
      m.close();
    }
    // what failed only in the last flush (the run asked before, see incompleteIntervalLogs)
    List<String> incomplete = incompleteIntervalLogs();
    logStreams.clear();
    if (!incomplete.isEmpty()) {
      System.err.println("WARNING: " + describeIncomplete(incomplete));
    }
  }

  /**
   * The interval logs ({@code hdrhistogram.fileoutput}) a write to which failed since the last call (a full disk),
   * each named once; empty when every write succeeded. Not in YCSB 0.17.0's API: the engine's, to say so once.
   */
  public List<String> incompleteIntervalLogs() {
    List<String> incomplete = new ArrayList<>();
    for (Map.Entry<File, PrintStream> log : logStreams.entrySet()) {
      if (log.getValue().checkError() && reportedLogs.add(log.getKey())) {
        incomplete.add(log.getKey().getPath());
      }
    }
    return incomplete;
  }

  /** One sentence naming the incomplete interval logs. */
  public static String describeIncomplete(List<String> logs) {
    return logs.size() + " interval log(s) could not be written completely (a write failed, e.g. on a full disk) and "
        + "end early: " + String.join(", ", logs);
  }

  private static List<OneMeasurement> sorted(Map<String, OneMeasurement> map) {
    List<OneMeasurement> list = new ArrayList<>(map.values());
    list.sort((a, b) -> a.getName().compareTo(b.getName()));
    return list;
  }
}
