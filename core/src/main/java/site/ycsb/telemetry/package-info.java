/**
 * The database nodes' own figures during a run: servers found on this machine and sampled from {@code /proc}
 * ({@link site.ycsb.telemetry.ServerSampler}), remote nodes, and the per-node CSV and summary the engine writes
 * into the results directory and {@code results} reads back.
 *
 * <p>For the engine (which starts it) and the {@code results} module (which reads its files); not part of YCSB
 * 0.17.0's API. It depends on nothing of the engine.
 */
package site.ycsb.telemetry;
