package site.ycsb.metrics;

import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.core.metrics.SummaryWithCallback;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.Quantile;
import io.prometheus.metrics.model.snapshots.Quantiles;
import site.ycsb.measurements.IntervalStats;
import site.ycsb.observe.LiveFigures;
import site.ycsb.observe.RunLabels;

/**
 * The registry of one run's {@link LiveMetric}s. Every value is read from the latest {@link RunState} when a scrape
 * or a push asks for it (callbacks): nothing is added to an operation's path, and nothing is computed between scrapes.
 *
 * <p>Thread-safe: the state is swapped atomically by the status thread and read by the server's threads.
 */
final class LiveRegistry {
  private final PrometheusRegistry registry = new PrometheusRegistry();
  private final AtomicReference<RunState> state = new AtomicReference<>(RunState.EMPTY);
  /** Reads of the state after the run ended: the final figures have been served that many times. */
  private final AtomicLong finalReads = new AtomicLong();

  LiveRegistry(RunLabels run) {
    Labels labels = Labels.of("run_id", run.runId, "host", run.host, "binding", run.binding, "workload",
        run.workload, "phase", run.phase);
    CounterWithCallback.builder().name(LiveMetric.OPERATIONS.declared()).help(LiveMetric.OPERATIONS.meaning())
        .constLabels(labels).labelNames("operation", "status").callback(cb -> {
          LiveFigures f = state.get().figures;
          if (f != null) {
            for (Map.Entry<String, Map<String, Long>> op : f.statusCounts.entrySet()) {
              for (Map.Entry<String, Long> status : op.getValue().entrySet()) {
                cb.call(status.getValue(), op.getKey(), status.getKey());
              }
            }
          }
        }).register(registry);
    SummaryWithCallback.builder().name(LiveMetric.LATENCY.declared()).help(LiveMetric.LATENCY.meaning())
        .constLabels(labels).labelNames("operation", "latency").callback(cb -> {
          RunState s = state.get();
          if (s.figures == null) {
            return;
          }
          for (Map.Entry<String, double[]> e : s.latencyTotals.entrySet()) {
            cb.call((long) e.getValue()[0], e.getValue()[1], quantiles(s.figures.intervals.get(e.getKey())),
                RunState.operation(e.getKey()), RunState.isIntended(e.getKey()) ? "intended" : "service");
          }
        }).register(registry);
    gauge(LiveMetric.TARGET, labels, f -> f.target);
    gauge(LiveMetric.THROUGHPUT, labels, f -> f.throughput);
    counter(LiveMetric.SCHEDULE_LAG, labels, f -> f.scheduleLagSec);
    counter(LiveMetric.LOST, labels, f -> f.lostOps);
    CounterWithCallback.builder().name(LiveMetric.RETRIES.declared()).help(LiveMetric.RETRIES.meaning())
        .constLabels(labels).labelNames("operation").callback(cb -> {
          LiveFigures f = state.get().figures;
          if (f != null) {
            for (Map.Entry<String, Long> op : f.retries.entrySet()) {
              cb.call(op.getValue(), op.getKey());
            }
          }
        }).register(registry);
    counter(LiveMetric.CPU_WAIT, labels, f -> f.cpuWaitSec);
    counter(LiveMetric.GC, labels, f -> f.gcSec);
    gauge(LiveMetric.MAX_PAUSE, labels, f -> f.maxPauseSec);
    gauge(LiveMetric.IN_FLIGHT, labels, f -> f.inFlight < 0 ? Double.NaN : f.inFlight);
    GaugeWithCallback.builder().name(LiveMetric.VERDICT.declared()).help(LiveMetric.VERDICT.meaning())
        .constLabels(labels).labelNames("cause").callback(cb -> {
          RunState s = state.get();
          String cause = s.ended() ? s.verdict : s.figures == null ? null : s.figures.cause;
          if (cause != null) {
            cb.call(1, cause);
          }
        }).register(registry);
    nodeGauge(LiveMetric.DATABASE_VIEW, labels, f -> f.databaseView);
    nodeGauge(LiveMetric.NODE_SAMPLE, labels, f -> f.nodeSamples);
    GaugeWithCallback.builder().name(LiveMetric.ENDED.declared()).help(LiveMetric.ENDED.meaning())
        .constLabels(labels).callback(cb -> {
          // the last series read by a scrape: counting here counts complete reads of the final figures
          RunState s = state.get();
          cb.call(s.ended() ? 1 : 0);
          if (s.ended()) {
            finalReads.incrementAndGet();
          }
        }).register(registry);
    GaugeWithCallback.builder().name(LiveMetric.EXIT_CODE.declared()).help(LiveMetric.EXIT_CODE.meaning())
        .constLabels(labels).callback(cb -> {
          RunState s = state.get();
          if (s.ended()) {
            cb.call(s.exitCode);
          }
        }).register(registry);
  }

  private void gauge(LiveMetric m, Labels labels, ToDoubleFunction<LiveFigures> value) {
    GaugeWithCallback.builder().name(m.declared()).help(m.meaning()).constLabels(labels).callback(cb -> {
      LiveFigures f = state.get().figures;
      // NaN: not known here, left out rather than served as a false value
      if (f != null && !Double.isNaN(value.applyAsDouble(f))) {
        cb.call(value.applyAsDouble(f));
      }
    }).register(registry);
  }

  /** A gauge per node and figure, from {@code figures} of the latest state. */
  private void nodeGauge(LiveMetric m, Labels labels,
      Function<LiveFigures, Map<String, Map<String, Double>>> figures) {
    GaugeWithCallback.builder().name(m.declared()).help(m.meaning()).constLabels(labels).labelNames("node", "figure")
        .callback(cb -> {
          LiveFigures f = state.get().figures;
          if (f != null) {
            for (Map.Entry<String, Map<String, Double>> node : figures.apply(f).entrySet()) {
              for (Map.Entry<String, Double> figure : node.getValue().entrySet()) {
                cb.call(figure.getValue(), node.getKey(), figure.getKey());
              }
            }
          }
        }).register(registry);
  }

  private void counter(LiveMetric m, Labels labels, ToDoubleFunction<LiveFigures> value) {
    CounterWithCallback.builder().name(m.declared()).help(m.meaning()).constLabels(labels).callback(cb -> {
      LiveFigures f = state.get().figures;
      // a figure that is not measured here (-1) is left out rather than served as a false zero
      if (f != null && value.applyAsDouble(f) >= 0) {
        cb.call(value.applyAsDouble(f));
      }
    }).register(registry);
  }

  /** The interval's quantiles in seconds; none for an interval without operations. */
  private static Quantiles quantiles(IntervalStats s) {
    if (s == null || s.count() == 0) {
      return Quantiles.EMPTY;
    }
    return Quantiles.of(new Quantile(0.5, s.p50() / 1e6), new Quantile(0.99, s.p99() / 1e6),
        new Quantile(0.999, s.p999() / 1e6));
  }

  void interval(LiveFigures figures) {
    state.set(state.get().next(figures));
  }

  void end(String cause, int exitCode) {
    state.set(state.get().end(cause, exitCode));
  }

  /** How many times the final figures have been read whole (by a scrape or a push) since {@link #end}. */
  long finalReads() {
    return finalReads.get();
  }

  PrometheusRegistry registry() {
    return registry;
  }
}
