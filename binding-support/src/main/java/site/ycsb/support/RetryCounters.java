package site.ycsb.support;

import java.io.PrintStream;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;

/**
 * Retries counted per operation name (READ, UPDATE...) across all client threads of a binding, and the operations
 * that failed for good after a transient error. Printed once, at the last cleanup, as lines in the results' own
 * {@code [METRIC], name, value} format, e.g. {@code [CASSANDRA-RETRIES], READ, 12}; read while the run lasts through
 * {@link LiveRetries}, where every instance registers itself.
 *
 * <p>Thread-safe: the set of names is fixed at construction; each count is a {@link LongAdder}, so recording from
 * many threads does not contend. Sums read while threads record are a moment's view.
 */
public final class RetryCounters {
  private final Map<String, LongAdder> retries = new LinkedHashMap<>();
  private final Map<String, LongAdder> gaveUp = new LinkedHashMap<>();
  private final Map<String, LongAdder> unanswered = new LinkedHashMap<>();

  /** Counters for the given operation names, printed in this order. */
  public RetryCounters(String... operations) {
    if (operations.length == 0) {
      throw new IllegalArgumentException("no operation names");
    }
    for (String op : operations) {
      if (retries.put(op, new LongAdder()) != null) {
        throw new IllegalArgumentException("operation name " + op + " given twice");
      }
      gaveUp.put(op, new LongAdder());
      unanswered.put(op, new LongAdder());
    }
    LiveRetries.register(this);
  }

  /** The operation names counted, in print order. */
  public Set<String> operations() {
    return Collections.unmodifiableSet(retries.keySet());
  }

  /** One more attempt of {@code op} after a failure. */
  public void recordRetry(String op) {
    counter(retries, op).increment();
  }

  /** An operation {@code op} failed for good after a transient error (retries exhausted or not safe to retry). */
  public void recordGaveUp(String op) {
    counter(gaveUp, op).increment();
  }

  /**
   * An attempt of {@code op} the client library never answered within its deadline (a lost or stuck request), which
   * the binding then treated as a timeout.
   */
  public void recordUnanswered(String op) {
    counter(unanswered, op).increment();
  }

  public long unanswered(String op) {
    return counter(unanswered, op).sum();
  }

  public long retries(String op) {
    return counter(retries, op).sum();
  }

  public long gaveUp(String op) {
    return counter(gaveUp, op).sum();
  }

  /** Sum of retries over all operations. */
  public long totalRetries() {
    long total = 0;
    for (LongAdder adder : retries.values()) {
      total += adder.sum();
    }
    return total;
  }

  /**
   * Writes {@code [<metric>], <OP>, <retries>} for every operation, then TOTAL, then
   * {@code [<metric>], <OP>-GAVE-UP, n} for operations where transient failures were not overcome, then
   * {@code [<metric>], <OP>-UNANSWERED, n} for attempts the client library never answered (each only when not 0).
   */
  public void print(PrintStream out, String metric) {
    StringBuilder text = new StringBuilder();
    for (String op : retries.keySet()) {
      text.append('[').append(metric).append("], ").append(op).append(", ").append(retries(op)).append('\n');
    }
    text.append('[').append(metric).append("], TOTAL, ").append(totalRetries()).append('\n');
    for (String op : gaveUp.keySet()) {
      if (gaveUp(op) > 0) {
        text.append('[').append(metric).append("], ").append(op).append("-GAVE-UP, ").append(gaveUp(op)).append('\n');
      }
    }
    for (String op : unanswered.keySet()) {
      if (unanswered(op) > 0) {
        text.append('[').append(metric).append("], ").append(op).append("-UNANSWERED, ").append(unanswered(op))
            .append('\n');
      }
    }
    out.print(text);
    out.flush();
  }

  private static LongAdder counter(Map<String, LongAdder> counters, String op) {
    LongAdder adder = counters.get(op);
    if (adder == null) {
      throw new IllegalArgumentException("no retry counter for operation " + op + "; known: " + counters.keySet());
    }
    return adder;
  }
}
