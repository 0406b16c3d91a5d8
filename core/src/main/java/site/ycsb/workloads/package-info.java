/**
 * YCSB 0.17.0's workloads ({@link site.ycsb.workloads.CoreWorkload}, the time-series, constant-occupancy and REST
 * workloads), part of the 0.17.0 API: bindings read {@code CoreWorkload}'s property constants.
 *
 * <p>For users and workload authors. A workload tells the engine about its counts and whether its path may be
 * pre-warmed through {@code site.ycsb.cli.WorkloadHooks}; the engine never names a class of this package.
 */
package site.ycsb.workloads;
