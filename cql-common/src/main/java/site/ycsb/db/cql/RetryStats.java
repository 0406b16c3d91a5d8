package site.ycsb.db.cql;

import java.io.PrintStream;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Retries counted per operation type across all client threads. Printed once, at the last cleanup, as lines in
 * the results' own {@code [METRIC], name, value} format, e.g. {@code [CASSANDRA-RETRIES], READ, 12}.
 */
public final class RetryStats {
  private final Map<OpType, LongAdder> retries = new EnumMap<>(OpType.class);
  private final Map<OpType, LongAdder> gaveUp = new EnumMap<>(OpType.class);

  public RetryStats() {
    for (OpType op : OpType.values()) {
      retries.put(op, new LongAdder());
      gaveUp.put(op, new LongAdder());
    }
  }

  /** One more attempt of {@code op} after a failure. */
  public void recordRetry(OpType op) {
    retries.get(op).increment();
  }

  /** An operation of type {@code op} failed for good after a transient error (retries exhausted or not safe). */
  public void recordGaveUp(OpType op) {
    gaveUp.get(op).increment();
  }

  public long retries(OpType op) {
    return retries.get(op).sum();
  }

  public long gaveUp(OpType op) {
    return gaveUp.get(op).sum();
  }

  /** Sum of retries over all operation types. */
  public long totalRetries() {
    long total = 0;
    for (LongAdder adder : retries.values()) {
      total += adder.sum();
    }
    return total;
  }

  /**
   * Writes {@code [<metric>], <OP>, <retries>} for every type, then TOTAL, then
   * {@code [<metric>], <OP>-GAVE-UP, n} for types where transient failures were not overcome.
   */
  public void print(PrintStream out, String metric) {
    StringBuilder text = new StringBuilder();
    for (OpType op : OpType.values()) {
      text.append('[').append(metric).append("], ").append(op).append(", ").append(retries(op)).append('\n');
    }
    text.append('[').append(metric).append("], TOTAL, ").append(totalRetries()).append('\n');
    for (OpType op : OpType.values()) {
      if (gaveUp(op) > 0) {
        text.append('[').append(metric).append("], ").append(op).append("-GAVE-UP, ").append(gaveUp(op)).append('\n');
      }
    }
    out.print(text);
    out.flush();
  }
}
