package site.ycsb.db.cql.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.InetSocketAddress;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.datastax.driver.core.ConsistencyLevel;
import com.datastax.driver.core.EndPoint;
import com.datastax.driver.core.WriteType;
import com.datastax.driver.core.exceptions.AuthenticationException;
import com.datastax.driver.core.exceptions.BusyPoolException;
import com.datastax.driver.core.exceptions.InvalidQueryException;
import com.datastax.driver.core.exceptions.NoHostAvailableException;
import com.datastax.driver.core.exceptions.OperationTimedOutException;
import com.datastax.driver.core.exceptions.OverloadedException;
import com.datastax.driver.core.exceptions.ReadTimeoutException;
import com.datastax.driver.core.exceptions.TransportException;
import com.datastax.driver.core.exceptions.UnavailableException;
import com.datastax.driver.core.exceptions.WriteTimeoutException;

import site.ycsb.db.cql.ErrorKind;

/** Classification of real driver exception classes (compiled and run against each binding's own driver). */
class DriverErrorClassifierTest {
  private static final EndPoint HOST = () -> new InetSocketAddress("127.0.0.1", 9042);
  private static final EndPoint OTHER_HOST = () -> new InetSocketAddress("127.0.0.2", 9042);
  private final DriverErrorClassifier classifier = new DriverErrorClassifier();

  @Test
  void should_classify_client_and_coordinator_timeouts_as_timeout() {
    assertEquals(ErrorKind.TIMEOUT, classifier.classify(new OperationTimedOutException(HOST, "client timeout")));
    assertEquals(ErrorKind.TIMEOUT, classifier.classify(new ReadTimeoutException(ConsistencyLevel.QUORUM, 1, 2,
        true)));
    assertEquals(ErrorKind.TIMEOUT, classifier.classify(new WriteTimeoutException(ConsistencyLevel.QUORUM,
        WriteType.SIMPLE, 1, 2)));
  }

  @Test
  void should_classify_missing_replicas_and_broken_connections_as_unavailable() {
    assertEquals(ErrorKind.UNAVAILABLE, classifier.classify(new UnavailableException(ConsistencyLevel.ALL, 3, 1)));
    assertEquals(ErrorKind.UNAVAILABLE, classifier.classify(new TransportException(HOST, "connection reset")));
    assertEquals(ErrorKind.UNAVAILABLE, classifier.classify(
        new NoHostAvailableException(Collections.<EndPoint, Throwable>emptyMap())));
  }

  /** Cluster sizes from 1 to 3: required replicas above the size fail for good, up to it they may come back. */
  @org.junit.jupiter.params.ParameterizedTest(name = "{0} node(s), {1} required, {2} alive: {3}")
  @org.junit.jupiter.params.provider.CsvSource({"1,3,1,UNAVAILABLE_FOR_GOOD", "1,2,1,UNAVAILABLE_FOR_GOOD",
      "2,3,2,UNAVAILABLE_FOR_GOOD", "2,2,1,UNAVAILABLE", "3,3,2,UNAVAILABLE", "3,2,1,UNAVAILABLE",
      "0,5,1,UNAVAILABLE"})
  void should_give_up_at_once_only_when_more_replicas_are_required_than_the_cluster_has_nodes(int nodes,
      int required, int alive, ErrorKind expected) {
    DriverErrorClassifier sized = new DriverErrorClassifier(() -> nodes);
    assertEquals(expected, sized.classify(new UnavailableException(ConsistencyLevel.THREE, required, alive)));
    Map<EndPoint, Throwable> perHost = new HashMap<>();
    perHost.put(HOST, new UnavailableException(ConsistencyLevel.THREE, required, alive));
    assertEquals(expected, sized.classify(new NoHostAvailableException(perHost)), "the same through every host");
    assertEquals(expected.isTransient(), expected == ErrorKind.UNAVAILABLE);
  }

  @Test
  void should_retry_a_no_host_available_when_one_host_failed_for_a_reason_that_may_pass() {
    Map<EndPoint, Throwable> perHost = new HashMap<>();
    perHost.put(HOST, new UnavailableException(ConsistencyLevel.THREE, 3, 1));
    perHost.put(OTHER_HOST, new TransportException(OTHER_HOST, "reset"));
    assertEquals(ErrorKind.UNAVAILABLE, new DriverErrorClassifier(() -> 1).classify(
        new NoHostAvailableException(perHost)));
  }

  @Test
  void should_classify_server_and_pool_overload_as_overloaded() {
    assertEquals(ErrorKind.OVERLOADED, classifier.classify(new OverloadedException(HOST, "too busy")));
    assertEquals(ErrorKind.OVERLOADED, classifier.classify(new BusyPoolException(HOST, 256)));
  }

  @Test
  void should_classify_no_host_available_by_its_per_host_errors() {
    Map<EndPoint, Throwable> timeouts = new HashMap<>();
    timeouts.put(HOST, new OperationTimedOutException(HOST, "t1"));
    timeouts.put(OTHER_HOST, new OperationTimedOutException(OTHER_HOST, "t2"));
    assertEquals(ErrorKind.TIMEOUT, classifier.classify(new NoHostAvailableException(timeouts)));
    timeouts.put(OTHER_HOST, new TransportException(OTHER_HOST, "reset"));
    assertEquals(ErrorKind.UNAVAILABLE, classifier.classify(new NoHostAvailableException(timeouts)));
    timeouts.put(OTHER_HOST, new BusyPoolException(OTHER_HOST, 256));
    assertEquals(ErrorKind.OVERLOADED, classifier.classify(new NoHostAvailableException(timeouts)));
  }

  @Test
  void should_classify_query_and_auth_errors_as_other_so_they_are_not_retried() {
    assertEquals(ErrorKind.OTHER, classifier.classify(new InvalidQueryException("unknown column")));
    assertEquals(ErrorKind.OTHER, classifier.classify(new InvalidQueryException("Keyspace ycsb does not exist")));
    assertEquals(ErrorKind.OTHER, classifier.classify(new InvalidQueryException("unconfigured table usertable")));
    assertEquals(ErrorKind.OTHER, classifier.classify(new com.datastax.driver.core.exceptions.SyntaxError(HOST,
        "line 1:0 no viable alternative")));
    assertEquals(ErrorKind.OTHER, classifier.classify(new com.datastax.driver.core.exceptions.UnauthorizedException(
        HOST, "User ycsb has no SELECT permission")));
    assertEquals(ErrorKind.OTHER, classifier.classify(new AuthenticationException(HOST, "bad credentials")));
    assertEquals(ErrorKind.OTHER, classifier.classify(new IllegalStateException("closed")));
  }
}
