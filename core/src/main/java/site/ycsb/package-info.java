/**
 * YCSB 0.17.0's binding API, binary-compatible with {@code site.ycsb:core:0.17.0} (checked by the build's API
 * comparison): what a binding and a user's own workload compile against — {@link site.ycsb.DB},
 * {@link site.ycsb.Status}, {@link site.ycsb.ByteIterator} and its kinds, {@link site.ycsb.Workload}, the
 * exceptions, {@link site.ycsb.Utils}, {@link site.ycsb.TimeseriesDB}, the wrapper that times every operation
 * ({@link site.ycsb.DBWrapper}, made by {@link site.ycsb.DBFactory}), the test databases ({@code BasicDB},
 * {@code BasicTSDB}, {@code GoodBadUglyDB}) — plus {@link site.ycsb.AsyncWorkload} (a
 * workload's asynchronous path) and the two entry points under their 0.17.0 names, {@link site.ycsb.Client} (the
 * benchmark) and {@link site.ycsb.CommandLine} (the shell), which only hand over to the engine.
 *
 * <p>For binding authors, workload authors and users. Nothing else belongs here: the engine is in
 * {@code site.ycsb.engine}, the command line and options that tools share in {@code site.ycsb.cli}. A few public
 * members of {@link site.ycsb.DBWrapper} and {@link site.ycsb.DBFactory} exist for the engine only and say so.
 */
package site.ycsb;
