package site.ycsb.observe;

import java.util.Collections;
import java.util.Map;

import site.ycsb.measurements.IntervalStats;

/**
 * The run's figures after one interval, as the engine's own recorders hold them (nothing is timed twice): the
 * interval's latency figures per measurement, the cumulative counts per operation and return status, and the
 * client's own measures. Counts marked cumulative only grow during a run.
 *
 * <p>Immutable once built; built on the status thread, read by an observer's server.
 */
public final class LiveFigures {
  /** The interval's latency figures per measurement name (READ, Intended-READ, READ-FAILED...), microseconds. */
  public final Map<String, IntervalStats> intervals;
  /** Cumulative measured operations per operation type and return status (OK, NOT_FOUND, ERROR...). */
  public final Map<String, Map<String, Long>> statusCounts;
  /** The interval's length, seconds. */
  public final double intervalSec;
  /** Operations per second over the interval (warm-up included: they take schedule slots). */
  public final double throughput;
  /** The schedule's rate, operations per second; 0: unthrottled. */
  public final double target;
  /** Cumulative: time measured operations waited past their intended start, seconds. */
  public final double scheduleLagSec;
  /** Cumulative: operations the binding never completed (asynchronous path, {@code LOST}). */
  public final long lostOps;
  /** Cumulative since measurement started: the process's threads' wait for a CPU, seconds; -1 where not measured. */
  public final double cpuWaitSec;
  /** Cumulative since measurement started: garbage collection time, seconds. */
  public final double gcSec;
  /** The longest time the process did not run since measurement started, seconds. */
  public final double maxPauseSec;
  /**
   * Cumulative: the binding's retries per operation name (READ, UPDATE...) since the run began, warm-up included;
   * empty when the binding counts none where the engine can read them.
   */
  public final Map<String, Long> retries;
  /**
   * Operations started and not finished when the interval was taken (warm-up included), from counts the engine keeps
   * anyway; -1 when not known.
   */
  public final long inFlight;
  /** The lateness verdict's cause over the interval (NONE, STARTUP, DATABASE...), or null when not judged live. */
  public final String cause;
  /** The database's own figures per node as a binding last sampled them (figure name to value); empty for none. */
  public final Map<String, Map<String, Double>> databaseView;
  /** The newest sample of each database server this client samples (server-&lt;node&gt;.csv's figures); or empty. */
  public final Map<String, Map<String, Double>> nodeSamples;

  public LiveFigures(Map<String, IntervalStats> intervals, Map<String, Map<String, Long>> statusCounts,
      double intervalSec, double throughput, double target, double scheduleLagSec, long lostOps, double cpuWaitSec,
      double gcSec, double maxPauseSec, Map<String, Long> retries) {
    this(intervals, statusCounts, intervalSec, throughput, target, scheduleLagSec, lostOps, cpuWaitSec, gcSec,
        maxPauseSec, retries, -1, null, Collections.<String, Map<String, Double>>emptyMap(),
        Collections.<String, Map<String, Double>>emptyMap());
  }

  /** With the operations in flight, the interval's cause and the database's figures. */
  public LiveFigures(Map<String, IntervalStats> intervals, Map<String, Map<String, Long>> statusCounts,
      double intervalSec, double throughput, double target, double scheduleLagSec, long lostOps, double cpuWaitSec,
      double gcSec, double maxPauseSec, Map<String, Long> retries, long inFlight, String cause,
      Map<String, Map<String, Double>> databaseView, Map<String, Map<String, Double>> nodeSamples) {
    this.intervals = Collections.unmodifiableMap(intervals);
    this.statusCounts = Collections.unmodifiableMap(statusCounts);
    this.intervalSec = intervalSec;
    this.throughput = throughput;
    this.target = target;
    this.scheduleLagSec = scheduleLagSec;
    this.lostOps = lostOps;
    this.cpuWaitSec = cpuWaitSec;
    this.gcSec = gcSec;
    this.maxPauseSec = maxPauseSec;
    this.retries = Collections.unmodifiableMap(retries);
    this.inFlight = inFlight;
    this.cause = cause;
    this.databaseView = Collections.unmodifiableMap(databaseView);
    this.nodeSamples = Collections.unmodifiableMap(nodeSamples);
  }
}
