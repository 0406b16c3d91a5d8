package site.ycsb.db.griddb;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** How a failure that made the cluster unreachable is told apart: a node that stopped answering, or one down. */
class OutageTest {

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      // recorded against a real GridDB 5.9 node (griddb/bench/silent-node): frozen, partitioned, killed
      "145029|[145029:JC_CONNECTION_TIMEOUT] Failover timed out (trialCount=2, failureMillis=12013,"
          + " timeoutMillis=10000, reason=[145029:JC_CONNECTION_TIMEOUT] Connection timed out on receiving (receivedSize=0, totalSize=20,"
          + " address=/127.0.0.1:42677, reason=Read timed out), history(...)=[(1, 0, 0, [145029:JC_CONNECTION_TIMEOUT]"
          + " Connection timed out by statement timeout (elapsedMillis=5000, statementTimeoutMillis=5000))])|true",
      "145028|[145028:JC_BAD_CONNECTION] Failover timed out (trialCount=2, failureMillis=12013, timeoutMillis=10000,"
          + " reason=[145028:JC_BAD_CONNECTION] Failed to connect (address=/127.0.0.1:37913, reason=Connect timed"
          + " out))|true",
      "145029|[145029:JC_CONNECTION_TIMEOUT] Connection problem occurred (retryCount=1, operation=PREPARE,"
          + " reason=[145029:JC_CONNECTION_TIMEOUT] Connection timed out on receiving (reason=Read timed out))|true",
      "145028|[145028:JC_BAD_CONNECTION] Failover timed out after 10 trials in 10169 ms: [145028:JC_BAD_CONNECTION]"
          + " Failed to connect (address=/127.0.0.1:1, reason=Connection refused)|false",
      "145028|[145028:JC_BAD_CONNECTION] Failover timed out (reason=Connection reset)|false",
      "0|Failover timed out (no code anywhere)|false",
      "145038|[145038:JC_CONTAINER_CLOSED] Already closed|false",
  })
  void should_tell_a_silent_node_from_a_down_one_when_reading_the_failure(int code, String message,
                                                                          boolean silent) {
    assertEquals(silent, new Outage(1, new StoreException(code, message, false, true)).stoppedAnswering());
  }

  @ParameterizedTest
  @CsvSource({"Read timed out, true", "Connection refused, false"})
  void should_read_the_causes_too_when_the_failure_wraps_the_clients(String cause, boolean silent) {
    StoreException wrapped = new StoreException(0, "batch of 10 inserts not written", false, true,
        new java.io.IOException(cause));
    assertEquals(silent, new Outage(1, wrapped).stoppedAnswering());
  }
}
