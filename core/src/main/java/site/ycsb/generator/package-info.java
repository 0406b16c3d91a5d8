/**
 * YCSB 0.17.0's key, value and choice generators (uniform, Zipfian, hotspot, latest, histogram, ...), part of the
 * 0.17.0 API: workloads and bindings' tests use them.
 *
 * <p>For workload authors. Binary-compatible with 0.17.0's classes of the same names.
 */
package site.ycsb.generator;
