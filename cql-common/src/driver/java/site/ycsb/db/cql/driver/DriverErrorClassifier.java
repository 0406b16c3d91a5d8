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
 * executed); server overload and a full client pool are OVERLOADED; everything else (invalid query, unauthorized,
 * read/write failures at replicas, server errors) is OTHER and not retried.
 *
 * <p>Stateless and thread-safe: one instance serves every client thread and the driver's I/O threads.
 */
public final class DriverErrorClassifier implements ErrorClassifier {
  @Override
  public ErrorKind classify(Throwable failure) {
    if (failure instanceof OperationTimedOutException || failure instanceof ReadTimeoutException
        || failure instanceof WriteTimeoutException || failure instanceof CASWriteUnknownException) {
      return ErrorKind.TIMEOUT;
    }
    if (failure instanceof OverloadedException || failure instanceof BusyPoolException
        || failure instanceof BusyConnectionException) {
      return ErrorKind.OVERLOADED;
    }
    if (failure instanceof UnavailableException || failure instanceof BootstrappingException
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
    for (Throwable perHost : failure.getErrors().values()) {
      ErrorKind kind = classify(perHost);
      if (kind == ErrorKind.OVERLOADED) {
        return ErrorKind.OVERLOADED;
      }
      allTimeouts &= kind == ErrorKind.TIMEOUT;
    }
    return allTimeouts ? ErrorKind.TIMEOUT : ErrorKind.UNAVAILABLE;
  }
}
