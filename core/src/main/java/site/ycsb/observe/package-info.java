/**
 * What the engine tells a live observer of a run (the metrics module's Prometheus endpoint and pushgateway): the
 * run's identity ({@link site.ycsb.observe.RunLabels}), its figures every interval
 * ({@link site.ycsb.observe.LiveFigures}) and its end, through {@link site.ycsb.observe.RunObserver}. {@link site.ycsb.observe.RunObservers} loads the observer
 * by class name only when a {@code metrics.*} option is set, so that core needs no metrics library otherwise.
 *
 * <p>For the engine and the metrics module. It uses the measurements' {@code IntervalStats} and {@code site.ycsb.cli},
 * nothing else of core.
 */
package site.ycsb.observe;
