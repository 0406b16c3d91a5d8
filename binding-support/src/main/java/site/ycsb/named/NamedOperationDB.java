package site.ycsb.named;

import site.ycsb.Status;

/**
 * A binding that executes operations a workload names itself (for example a cassandra-stress profile's
 * {@code insert} or {@code select1}) rather than one of YCSB's five. The engine's wrapper implements this
 * interface too and records each call under its {@code name}: service and intended latency, return status, like
 * READ or INSERT. It lives in the binding-support jar, which each binding ships in its own lib, so a binding that
 * implements it still loads in a YCSB 0.17.0 install (where no wrapper offers it and such workloads cannot run).
 *
 * <p>Threading: like {@link site.ycsb.DB}, one instance per client thread.
 */
public interface NamedOperationDB {
  /**
   * Executes one named operation.
   *
   * @param name the measurement name (a plain word such as {@code insert}; chosen by the workload)
   * @param request what to execute, in a form the workload and the binding agree on
   * @return the outcome; {@link Status#NOT_FOUND} when a read found nothing
   */
  Status executeNamed(String name, Object request);
}
