package site.ycsb.db.cql;

import site.ycsb.support.RetryCounters;

/**
 * The YCSB operation types a CQL binding executes; used to count retries per type.
 *
 * <p>Immutable and thread-safe; {@link #retryCounters} gives a new set of counters, which are thread-safe.
 */
public enum OpType {
  READ, SCAN, UPDATE, INSERT, DELETE;

  /** Retry counters for every type, printed in this order. */
  public static RetryCounters retryCounters() {
    OpType[] types = values();
    String[] names = new String[types.length];
    for (int i = 0; i < types.length; i++) {
      names[i] = types[i].name();
    }
    return new RetryCounters(names);
  }
}
