/**
 * A run's live figures for Prometheus: {@link site.ycsb.metrics.PrometheusObserver} is the engine's observer (core's
 * {@code site.ycsb.observe}) behind {@code metrics.listen} and {@code metrics.pushgateway}; every series it serves is
 * declared once in {@link site.ycsb.metrics.LiveMetric}.
 *
 * <p>For the engine, which loads it by class name; it uses core's {@code site.ycsb.observe}, {@code site.ycsb.cli}
 * and the measurements' {@code IntervalStats}, never the engine.
 */
package site.ycsb.metrics;
