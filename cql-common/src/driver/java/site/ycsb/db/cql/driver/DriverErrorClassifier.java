package site.ycsb.db.cql.driver;

import com.datastax.driver.core.exceptions.BootstrappingException;
import com.datastax.driver.core.exceptions.BusyConnectionException;
import com.datastax.driver.core.exceptions.BusyPoolException;
import com.datastax.driver.core.exceptions.CASWriteUnknownException;
import com.datastax.driver.core.exceptions.ConnectionException;
import com.datastax.driver.core.exceptions.NoHostAvailableException;
import com.datastax.driver.core.exceptions.OperationTimedOutException;
import com.datastax.driver.core.exceptions.OverloadedException;
import com.datastax.driver.core.exceptions.ReadTimeoutException;
import com.datastax.driver.core.exceptions.UnavailableException;
import com.datastax.driver.core.exceptions.WriteTimeoutException;

import site.ycsb.db.cql.ErrorClassifier;
import site.ycsb.db.cql.ErrorKind;

/**
 * Classifies driver 3.x exceptions. Client-side and coordinator timeouts are TIMEOUT; "not enough replicas", "no
 * host reachable", a broken connection and a bootstrapping coordinator are UNAVAILABLE (the request was not
 * executed) — UNAVAILABLE_FOR_GOOD, not retried, when more replicas are required than the cluster has nodes at all;
 * server overload and a full client pool are OVERLOADED; everything else (invalid query, a missing keyspace or table,
 * unauthorized, read/write failures at replicas, server errors) is OTHER and not retried.
 *
 * <p>Stateless and thread-safe: one instance serves every client thread and the driver's I/O threads.
 */
public final class DriverErrorClassifier implements ErrorClassifier {
  /** The nodes the cluster has, up or down (the driver's metadata); 0 when not known. */
  private final java.util.function.IntSupplier clusterNodes;

  /** A classifier that does not know the cluster's size (an UNAVAILABLE is then always retried). */
  public DriverErrorClassifier() {
    this(() -> 0);
  }

  /**
   * A classifier that knows how many nodes the cluster has ({@code clusterNodes}, read at each failure: nodes that
   * join are counted): an UNAVAILABLE that requires more replicas than that is {@link ErrorKind#UNAVAILABLE_FOR_GOOD}.
   */
  public DriverErrorClassifier(java.util.function.IntSupplier clusterNodes) {
    this.clusterNodes = clusterNodes;
  }

  @Override
  public ErrorKind classify(Throwable failure) {
    if (failure instanceof UnavailableException) {
      int nodes = clusterNodes.getAsInt();
      return nodes > 0 && ((UnavailableException) failure).getRequiredReplicas() > nodes
          ? ErrorKind.UNAVAILABLE_FOR_GOOD : ErrorKind.UNAVAILABLE;
    }
    if (failure instanceof OperationTimedOutException || failure instanceof ReadTimeoutException
        || failure instanceof WriteTimeoutException || failure instanceof CASWriteUnknownException) {
      return ErrorKind.TIMEOUT;
    }
    if (failure instanceof OverloadedException || failure instanceof BusyPoolException
        || failure instanceof BusyConnectionException) {
      return ErrorKind.OVERLOADED;
    }
    if (failure instanceof BootstrappingException
        || failure instanceof ConnectionException) {
      return ErrorKind.UNAVAILABLE;
    }
    if (failure instanceof NoHostAvailableException) {
      return classifyPerHost((NoHostAvailableException) failure);
    }
    return ErrorKind.OTHER;
  }

  /** All tried hosts timed out → TIMEOUT; any overloaded → OVERLOADED; otherwise (or none tried) UNAVAILABLE. */
  private ErrorKind classifyPerHost(NoHostAvailableException failure) {
    boolean allTimeouts = !failure.getErrors().isEmpty();
    boolean allForGood = allTimeouts;
    for (Throwable perHost : failure.getErrors().values()) {
      ErrorKind kind = classify(perHost);
      allForGood &= kind == ErrorKind.UNAVAILABLE_FOR_GOOD;
      if (kind == ErrorKind.OVERLOADED) {
        return ErrorKind.OVERLOADED;
      }
      allTimeouts &= kind == ErrorKind.TIMEOUT;
    }
    return allForGood ? ErrorKind.UNAVAILABLE_FOR_GOOD : allTimeouts ? ErrorKind.TIMEOUT : ErrorKind.UNAVAILABLE;
  }
}
