/**
 * What the modules' tests share, test scope only: {@link site.ycsb.testsupport.ChildProcess} (a JVM, the launcher
 * or a command, its output captured by line, every wait with a deadline), {@link site.ycsb.testsupport.MetricLines}
 * (the engine's {@code [METRIC], name, value} lines), a real Prometheus server or pushgateway
 * ({@link site.ycsb.testsupport.LocalServer}, {@link site.ycsb.testsupport.PrometheusApi}) and a run's record checked
 * against what Prometheus stored of it ({@link site.ycsb.testsupport.RecordedRun}), a JSON format's declared field
 * names against the fields written ({@link site.ycsb.testsupport.DeclaredFields}), and the test databases
 * {@link site.ycsb.testsupport.OkDB} and {@link site.ycsb.testsupport.StallingDB}.
 *
 * <p>For tests. Compiled against YCSB 0.17.0's core, so that core's own tests can use it.
 */
package site.ycsb.testsupport;
