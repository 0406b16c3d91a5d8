package site.ycsb.engine;

import java.io.Closeable;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.text.DecimalFormat;
import java.text.SimpleDateFormat;
import java.util.Date;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import site.ycsb.cli.Secrets;
import site.ycsb.engine.verdict.ClientHealth;
import site.ycsb.engine.verdict.JvmTracker;
import site.ycsb.engine.verdict.LiveVerdict;
import site.ycsb.engine.verdict.StatusHealth;
import site.ycsb.measurements.IntervalStats;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.OneMeasurementHdrHistogram;
import site.ycsb.observe.LiveFigures;
import site.ycsb.observe.RunObserver;

/**
 * The periodic sampler: it takes one interval of every measurement every {@link #TIMESERIES_MS} when a results
 * directory is written (every {@code status.interval} when that is shorter, or when there is no results
 * directory), appends it to the time series ({@code results.dir}) and lets the measurements append it to their
 * interval logs; every {@code status.interval} seconds it prints the status line ({@code -s}) over the intervals
 * taken since the previous one. So the time series has 1 s points whatever the printed interval. This is where
 * status lines and time series are written.
 *
 * <p>Thread-safe: it samples on its own thread while the main thread starts and finishes it; a sample is synchronized.
 */
final class StatusReporter extends Thread implements Closeable {
  /** The resolution of the time series and interval logs of a results directory. */
  static final long TIMESERIES_MS = 1000;
  private static final String CSV_HEADER =
      "epoch_ms,elapsed_s,metric,count,throughput,avg_us,min_us,max_us,p50_us,p90_us,p99_us,p999_us,p9999_us,errors,"
      + "retries";
  private final Measurements measurements;
  private final RunState run;
  private final OperationSchedule schedule;
  private final long intervalMs;
  /** How often an interval is taken: at most {@link #TIMESERIES_MS} with a time series, else the status interval. */
  private long tickMs;
  private final String label;
  private final PrintStream statusOut;
  private final Writer csv;
  private final Writer statusLog;
  private final long maxExecutionSec;
  private final JvmTracker jvm;
  private final CountDownLatch stop = new CountDownLatch(1);
  private final Map<String, Long> lastErrors = new HashMap<>();
  private final RetryTally retries = new RetryTally();
  /** A results file that cannot be written (a full disk) is said once, its repeats counted. */
  private final CountedWarning observerFailures = new CountedWarning(System.err, "live metrics failed");
  private final CountedWarning writeFailures = new CountedWarning(System.err, "cannot write the time series");
  private long lastOps;
  private long lastSampleNs;
  private long lastStatusOps;
  private long lastStatusNs;
  /** The live observer fed after each interval ({@code metrics.*}), or null. */
  private RunObserver observer;
  private ClientHealth observedHealth;
  /** The live verdict of each interval (throttled runs), or null. */
  private LiveVerdict liveVerdict;
  /** The database's own figures and the sampled servers' newest, for the observer. */
  private Supplier<Map<String, Map<String, Double>>> databaseView = StatusReporter::none;
  private Supplier<Map<String, Map<String, Double>>> nodeSamples = StatusReporter::none;
  private double target;
  /** The causes of lateness per status interval, appended to each status line; null for none. */
  private volatile StatusHealth health;

  /**
   * @param statusOut where status lines go (stderr with {@code -s}), or null to print none
   * @param csv the time-series writer, or null
   * @param statusLog a copy of the status lines (results dir), or null
   * @param jvm JVM statistics to sample ({@code measurement.trackjvm}), or null
   */
  StatusReporter(Measurements measurements, RunState run, OperationSchedule schedule, long intervalMs, String label,
                 PrintStream statusOut, Writer csv, Writer statusLog, long maxExecutionSec, JvmTracker jvm)
      throws IOException {
    super("ycsb-status");
    setDaemon(true);
    this.measurements = measurements;
    this.run = run;
    this.schedule = schedule;
    this.intervalMs = intervalMs;
    this.tickMs = csv != null ? Math.min(intervalMs, TIMESERIES_MS) : intervalMs;
    this.label = Secrets.safeLine(label); // a newline in -l would split every status line in two
    this.statusOut = statusOut;
    this.csv = csv;
    this.statusLog = statusLog;
    this.maxExecutionSec = maxExecutionSec;
    this.jvm = jvm;
    if (csv != null) {
      csv.write(CSV_HEADER + "\n");
    }
  }

  /** Appends {@code h}'s bracket to every status line from now on (set before {@link #start}). */
  void health(StatusHealth h) {
    this.health = h;
  }

  /**
   * Feeds {@code o} every interval from now on (set before {@link #start}): intervals are then taken every second at
   * least, as with a results directory, so that a scrape sees figures at most a second old.
   */
  void observe(RunObserver o, ClientHealth clientHealth, double targetRate) {
    this.observer = o;
    this.observedHealth = clientHealth;
    this.target = targetRate;
    this.tickMs = Math.min(intervalMs, TIMESERIES_MS);
  }

  /**
   * What the observer is also given each interval (set before {@link #start}, after {@link #observe}): the live verdict
   * (null: none, an unthrottled run), the database's own view of its nodes and the sampled servers' newest figures.
   */
  void observeDatabase(LiveVerdict verdict, Supplier<Map<String, Map<String, Double>>> view,
      Supplier<Map<String, Map<String, Double>>> servers) {
    this.liveVerdict = verdict;
    this.databaseView = view;
    this.nodeSamples = servers;
  }

  private static Map<String, Map<String, Double>> none() {
    return java.util.Collections.emptyMap();
  }

  @Override
  public void run() {
    lastSampleNs = schedule.startNs();
    lastStatusNs = schedule.startNs();
    long tickNs = TimeUnit.MILLISECONDS.toNanos(tickMs);
    long statusNs = TimeUnit.MILLISECONDS.toNanos(intervalMs);
    long nextTick = schedule.startNs() + tickNs;
    long nextStatus = schedule.startNs() + statusNs;
    try {
      long next = Math.min(nextTick, nextStatus);
      while (!stop.await(Math.max(0, next - System.nanoTime()), TimeUnit.NANOSECONDS)) {
        boolean status = next >= nextStatus;
        sample(0, status);
        if (next >= nextTick) {
          nextTick += tickNs;
        }
        if (status) {
          nextStatus += statusNs;
        }
        next = Math.min(nextTick, nextStatus);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Stops the periodic sampling and takes the last interval, ending at {@code endNs}. */
  void finish(long endNs) throws InterruptedException {
    stop.countDown();
    join();
    sample(Math.max(endNs, lastSampleNs + 1), true);
  }

  /**
   * Takes one interval. The clock is read together with the operation count, after the histograms were swapped
   * out (which can take a while when the client is busy), so that the rate is not overstated.
   *
   * @param endNs the end of the run for the last sample, or 0 for a periodic one
   * @param status whether the status line is due (it covers every interval taken since the previous line)
   */
  private synchronized void sample(long endNs, boolean status) {
    Map<String, IntervalStats> intervals = measurements.takeIntervals();
    // The Return counts, the total and the clock are read back to back (nothing slow in between), so that the total and the
    // Return counts of one line describe the same instant up to the operations completing meanwhile; the
    // last line, taken after every thread stopped, agrees exactly.
    Map<String, Map<String, Long>> statusCounts = measurements.getStatusCounts();
    long measured = run.measuredOps();
    long ops = run.operationsSoFar();
    long nowNs = endNs != 0 ? endNs : System.nanoTime();
    if (jvm != null) {
      jvm.sample();
    }
    double intervalSec = Math.max(1e-9, (nowNs - lastSampleNs) / 1e9);
    double elapsedSec = (nowNs - schedule.startNs()) / 1e9;
    long epochMs = System.currentTimeMillis();
    Map<String, Long> intervalRetries = retries.interval();
    try {
      if (status) {
        double statusSec = Math.max(1e-9, (nowNs - lastStatusNs) / 1e9);
        Map<String, IntervalStats> statusIntervals = measurements.takeStatusIntervals();
        String line = statusLine(epochMs, elapsedSec, ops, measured, (ops - lastStatusOps) / statusSec,
            statusIntervals, statusCounts);
        if (health != null) {
          line += health.describe(statusIntervals, statusSec);
        }
        lastStatusOps = ops;
        lastStatusNs = nowNs;
        if (statusOut != null) {
          statusOut.println(line);
        }
        if (statusLog != null) {
          statusLog.write(line + "\n");
          statusLog.flush();
        }
      }
      if (csv != null) {
        writeCsv(epochMs, elapsedSec, ops - lastOps, intervalSec, intervals, statusCounts, intervalRetries);
      }
    } catch (IOException e) {
      writeFailures.report(e.getMessage());
    }
    if (observer != null) {
      feed(intervals, statusCounts, intervalSec, (ops - lastOps) / intervalSec, nowNs);
    }
    lastOps = ops;
    lastSampleNs = nowNs;
  }

  /** Hands the interval to the observer; a failing observer is said once and never stops the run. */
  private void feed(Map<String, IntervalStats> intervals, Map<String, Map<String, Long>> statusCounts,
      double intervalSec, double throughput, long nowNs) {
    try {
      long inFlight = run.inFlightNow(schedule.waiters());
      String cause = liveVerdict == null ? null : liveVerdict.judge(intervals, intervalSec, schedule.behindNs(nowNs),
          (nowNs - schedule.startNs()) / 1e9, inFlight).name();
      observer.interval(new LiveFigures(intervals, statusCounts, intervalSec, throughput, target,
          run.queuedNs() / 1e9, run.lostOps.sum(), observedHealth.cpuWaitSecSoFar(),
          observedHealth.gcMsSoFar() / 1e3, observedHealth.processPauseUs() / 1e6, retries.sinceStart(), inFlight,
          cause, databaseView.get(), nodeSamples.get()));
    } catch (RuntimeException e) {
      observerFailures.report(String.valueOf(e));
    }
  }

  /**
   * One status line. The operation count is that of the measured operations, like the Return counts beside it
   * and the final report; warm-up operations are counted apart ({@code (+N warm-up)}), and the rate and the
   * completion estimate include them because they take schedule slots.
   */
  private String statusLine(long epochMs, double elapsedSec, long ops, long measured, double current,
                            Map<String, IntervalStats> intervals, Map<String, Map<String, Long>> counts) {
    StringBuilder sb = new StringBuilder();
    sb.append(label).append(new SimpleDateFormat("yyyy-MM-dd HH:mm:ss:SSS").format(new Date(epochMs)));
    sb.append(' ').append((long) elapsedSec).append(" sec: ").append(measured).append(" operations; ");
    if (ops > measured) {
      sb.append("(+").append(ops - measured).append(" warm-up) ");
    }
    if (ops > 0) {
      sb.append(new DecimalFormat("#.##").format(current)).append(" current ops/sec; ");
    }
    String eta = estimate(elapsedSec, ops);
    if (eta != null) {
      sb.append("est completion in ").append(eta).append(' ');
    }
    for (Map.Entry<String, IntervalStats> e : intervals.entrySet()) {
      if (e.getValue() == null) {
        continue;
      }
      String bracket = OneMeasurementHdrHistogram.format(e.getKey(), e.getValue());
      Map<String, Long> returns = counts.get(e.getKey());
      if (returns != null && !returns.isEmpty()) {
        StringBuilder r = new StringBuilder(bracket.substring(0, bracket.length() - 1));
        for (Map.Entry<String, Long> c : returns.entrySet()) {
          r.append(", Return(").append(c.getKey()).append(")=").append(c.getValue());
        }
        bracket = r.append(']').toString();
      }
      sb.append(bracket).append(' ');
    }
    if (!run.measuring() && ops > 0) {
      sb.append("(warm-up) ");
    }
    return sb.toString();
  }

  /** Remaining time by operations left at the average rate so far, or by the time limit, whichever is sooner. */
  private String estimate(double elapsedSec, long ops) {
    double remaining = Double.MAX_VALUE;
    if (schedule.limit() != Long.MAX_VALUE && ops > 0 && elapsedSec > 0) {
      remaining = (schedule.limit() - ops) / (ops / elapsedSec);
    }
    if (maxExecutionSec > 0) {
      remaining = Math.min(remaining, maxExecutionSec - elapsedSec);
    }
    if (remaining == Double.MAX_VALUE || remaining < 0) {
      return null;
    }
    return RemainingFormatter.format((long) Math.ceil(remaining));
  }

  /**
   * One row per measurement and an OVERALL row. The retries column holds the binding's retries of the interval: the
   * total on the OVERALL row, each operation's on the row of the measurement of its name (READ, UPDATE...); empty
   * where the binding counts none in binding-support's counters.
   */
  private void writeCsv(long epochMs, double elapsedSec, long ops, double intervalSec,
                        Map<String, IntervalStats> intervals, Map<String, Map<String, Long>> counts,
                        Map<String, Long> intervalRetries)
      throws IOException {
    String prefix = epochMs + "," + new DecimalFormat("0.###").format(elapsedSec) + ",";
    long totalErrors = 0;
    Map<String, Long> errorsByOp = new HashMap<>();
    for (Map.Entry<String, Map<String, Long>> e : counts.entrySet()) {
      long errors = 0;
      for (Map.Entry<String, Long> c : e.getValue().entrySet()) {
        // the failures as errors.budget counts them: NOT_FOUND and NOT_APPLIED are answers
        if (!site.ycsb.measurements.OperationRecorder.answered(c.getKey())) {
          errors += c.getValue();
        }
      }
      Long last = lastErrors.put(e.getKey(), errors);
      long delta = errors - (last == null ? 0 : last);
      errorsByOp.put(e.getKey(), delta);
      totalErrors += delta;
    }
    StringBuilder sb = new StringBuilder();
    long totalRetries = 0;
    for (long r : intervalRetries.values()) {
      totalRetries += r;
    }
    // a binding that counts no retries where the engine can read them gets an empty cell, not a false zero
    sb.append(prefix).append("OVERALL,").append(ops).append(',').append(rate(ops, intervalSec))
        .append(",,,,,,,,,").append(totalErrors).append(',')
        .append(intervalRetries.isEmpty() ? "" : Long.toString(totalRetries)).append('\n');
    for (Map.Entry<String, IntervalStats> e : intervals.entrySet()) {
      IntervalStats s = e.getValue();
      if (s == null) {
        continue;
      }
      sb.append(prefix).append(e.getKey()).append(',').append(s.count()).append(',')
          .append(rate(s.count(), intervalSec)).append(',');
      if (s.count() > 0) {
        sb.append(new DecimalFormat("0.###").format(s.mean())).append(',').append(s.min()).append(',')
            .append(s.max()).append(',').append(s.p50()).append(',').append(s.p90()).append(',').append(s.p99())
            .append(',').append(s.p999()).append(',').append(s.p9999());
      } else {
        sb.append(",,,,,,,");
      }
      Long errors = errorsByOp.get(e.getKey());
      Long opRetries = intervalRetries.get(e.getKey());
      sb.append(',').append(errors == null ? "" : errors.toString())
          .append(',').append(opRetries == null ? "" : opRetries.toString()).append('\n');
    }
    csv.write(sb.toString());
    csv.flush();
  }

  private static String rate(long count, double sec) {
    return new DecimalFormat("0.###").format(count / sec);
  }

  /**
   * Closes the files; a file that cannot be flushed or closed (a full disk) is counted with the other write failures
   * ({@link #writeFailures()}), so that the run still prints and writes the rest of its results.
   */
  @Override
  public void close() {
    closeFile(csv);
    closeFile(statusLog);
  }

  private void closeFile(Writer w) {
    if (w == null) {
      return;
    }
    try {
      w.close();
    } catch (IOException e) {
      writeFailures.report(e.getMessage());
    }
  }

  /** The time series' and status log's write failures in one sentence, or null when every write succeeded. */
  String writeFailures() {
    return writeFailures.summary();
  }
}
