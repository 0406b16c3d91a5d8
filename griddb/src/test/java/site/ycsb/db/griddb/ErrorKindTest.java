package site.ycsb.db.griddb;

import com.toshiba.mwcloud.gs.GSException;
import com.toshiba.mwcloud.gs.GSRecoverableException;
import com.toshiba.mwcloud.gs.GSTimeoutException;
import com.toshiba.mwcloud.gs.common.GSConnectionException;
import com.toshiba.mwcloud.gs.common.GSStatementException;
import com.toshiba.mwcloud.gs.common.GSWrongNodeException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The classification of GridDB client failures, from the (code, exception class) pairs the 5.6 client threw against
 * a real GridDB 5.9 node (griddb/bench/errors, table in the README), plus the kinds' retry and status rules.
 */
class ErrorKindTest {

  @ParameterizedTest(name = "[{0}] {1} -> {2}")
  @CsvSource({
      // scenario in the README table: connect
      "10005, GSStatementException, AUTH_FAILED, FORBIDDEN, false, false",
      "10053, GSTimeoutException, WRONG_CLUSTER, ERROR, false, false",
      "145028, GSTimeoutException, UNREACHABLE, SERVICE_UNAVAILABLE, false, false",
      "145028, GSConnectionException, UNREACHABLE, SERVICE_UNAVAILABLE, false, false",
      "10075, GSWrongNodeException, NODE_NOT_READY, SERVICE_UNAVAILABLE, true, true",
      "10008, GSWrongNodeException, NODE_NOT_READY, SERVICE_UNAVAILABLE, true, true",
      "10008, GSTimeoutException, UNREACHABLE, SERVICE_UNAVAILABLE, false, false",
      // killed node: failover gave up; a call racing another thread's failover has no code
      "0, GSTimeoutException, UNREACHABLE, SERVICE_UNAVAILABLE, false, false",
      // paused node, longer than the client's read timeout
      "145029, GSTimeoutException, UNREACHABLE, SERVICE_UNAVAILABLE, false, false",
      "145029, GSConnectionException, UNREACHABLE, SERVICE_UNAVAILABLE, false, false",
      // handle closed by the client after a failed failover
      "145038, GSException, STALE_HANDLE, SERVICE_UNAVAILABLE, true, true",
      // container dropped by another session; multi-put into a container that does not exist
      "60157, GSStatementException, CONTAINER_MISSING, ERROR, false, false",
      "10016, GSStatementException, CONTAINER_MISSING, ERROR, false, false",
      // commit of a transaction the node rolled back after its transactionTimeout (lock wait)
      "110005, GSStatementException, TRANSACTION_ABORTED, ERROR, true, true",
      // GridDB marks it recoverable: retried only when idempotent
      "1234, GSRecoverableException, RECOVERABLE, SERVICE_UNAVAILABLE, true, false",
      // a TQL error of the request
      "150018, GSStatementException, OTHER, ERROR, false, false",
      "150018, GSException, OTHER, ERROR, false, false",
  })
  void should_classify_recorded_failures_when_converting_them(int code, String type, ErrorKind kind, String status,
                                                              boolean retryIdempotent, boolean retryCommit) {
    GSException e = make(type, code);
    assertSame(kind, ErrorKind.classify(code, e.getClass()));
    StoreException idempotent = GridStoreSession.convert(e, true);
    StoreException commit = GridStoreSession.convert(e, false);
    assertSame(kind, idempotent.kind());
    assertEquals(status, ErrorMapper.toStatus(idempotent).getName());
    assertEquals(retryIdempotent, idempotent.isRetryable(), "idempotent request");
    assertEquals(retryCommit, commit.isRetryable(), "commit");
    assertEquals(kind == ErrorKind.UNREACHABLE, idempotent.isTimeout(), "unreachable marks the cluster down");
    assertEquals(code, idempotent.getCode());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      // recorded: two threads connecting with a wrong cluster name; a killed node
      "Failover timed out (trialCount=2, reason=Previously failed in the other thread (reason=[10053:TXN_CLUSTER_NAME_"
          + "INVALID] cluster name invalid (input=x, current=ycsbCluster)))| 10053 | WRONG_CLUSTER",
      "Failover timed out (trialCount=5, reason=Previously failed in the other thread (reason=[145028:JC_BAD_CONNECTION]"
          + " Failed to connect))| 145028 | UNREACHABLE",
      "Failover timed out (no code anywhere) | 0 | UNREACHABLE",
  })
  void should_take_the_nested_code_when_a_timeout_has_none(String message, int code, ErrorKind kind) {
    StoreException e = GridStoreSession.convert(new GSTimeoutException(0, message), true);
    assertEquals(code, e.getCode());
    assertSame(kind, e.kind());
    assertTrue(code == 0 || e.oneLine().contains(Integer.toString(code)), e.oneLine());
  }

  @ParameterizedTest
  @CsvSource({"1, true, false, UNREACHABLE", "10005, false, false, AUTH_FAILED", "7, false, true, RECOVERABLE",
      "7, false, false, OTHER", "145038, false, false, STALE_HANDLE",
      // the JDBC driver's timeout: a plain SQLException with the client's code
      "145029, false, false, UNREACHABLE"})
  void should_derive_a_kind_when_an_exception_was_made_without_one(int code, boolean timeout, boolean retryable,
                                                                   ErrorKind kind) {
    assertSame(kind, new StoreException(code, "m", retryable, timeout).kind());
  }

  @ParameterizedTest
  @CsvSource({"UNREACHABLE, SERVICE_UNAVAILABLE", "AUTH_FAILED, FORBIDDEN", "CONTAINER_MISSING, ERROR"})
  void should_report_the_status_of_the_kind_when_giving_up(ErrorKind kind, String status) {
    assertEquals(status, ErrorMapper.toStatus(new StoreException(kind, 1, "m", false, null)).getName());
  }

  private static GSException make(String type, int code) {
    switch (type) {
    case "GSStatementException":
      return new GSStatementException(code, "m");
    case "GSConnectionException":
      return new GSConnectionException(code, "m");
    case "GSWrongNodeException":
      return new GSWrongNodeException(code, "m");
    case "GSTimeoutException":
      return new GSTimeoutException(code, "m");
    case "GSRecoverableException":
      return new GSRecoverableException(code, "m");
    default:
      return new GSException(code, "m");
    }
  }
}
