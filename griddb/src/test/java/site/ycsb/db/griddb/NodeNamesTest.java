package site.ycsb.db.griddb;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** Which node a failure names, as the user wrote it. */
class NodeNamesTest {

  private static GridDBConfig config(String key, String value) throws Exception {
    Properties p = new Properties();
    p.setProperty(key, value);
    p.setProperty("griddb.clustername", "bench");
    p.setProperty("griddb.user", "admin");
    p.setProperty("griddb.password", "s3cret");
    return GridDBConfig.from(p);
  }

  private static StoreException failure(String message) {
    return new StoreException(145029, message, false, true);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "Connection timed out (address=db1.example/10.1.1.1:10001)|db1.example:10001",
      "Connection timed out (address=/10.1.1.2:10001, reason=Read timed out)|10.1.1.2:10001",
      // the SQL port of the second member names the member, as written
      "Connection problem occurred (reason=timed out (address=/10.1.1.2:20001))|10.1.1.2:10001",
      // an address of no member (a node of the cluster the list does not name) is named as the client printed it
      "Connection timed out (address=/10.9.9.9:10001)|10.9.9.9:10001",
      "Failover timed out (no address)|db1.example:10001,10.1.1.2:10001",
  })
  void should_name_the_listed_member_when_the_failure_gives_its_address(String message, String node)
      throws Exception {
    NodeNames names = NodeNames.of(config("griddb.notificationmember", "db1.example:10001,10.1.1.2:10001"));
    assertEquals(node, names.nodeOf(failure(message)));
    assertEquals(2, names.known());
  }

  @Test
  void should_name_the_only_member_when_the_list_has_one() throws Exception {
    NodeNames names = NodeNames.of(config("griddb.notificationmember", "localhost:10001"));
    assertEquals("localhost:10001", names.nodeOf(failure("timed out (address=/127.0.0.1:20001)")));
    assertEquals(1, names.known());
  }

  @Test
  void should_name_the_multicast_target_when_the_failure_gives_no_address() throws Exception {
    NodeNames names = NodeNames.of(config("griddb.notificationaddress", "239.0.0.1"));
    assertEquals("multicast 239.0.0.1:31999", names.nodeOf(failure("Failover timed out")));
    assertEquals("10.0.0.5:10001", names.nodeOf(failure("timed out (address=/10.0.0.5:10001)")));
  }

  @Test
  void should_name_the_provider_without_its_credentials_when_connecting_by_provider() throws Exception {
    NodeNames names = NodeNames.of(config("griddb.notificationprovider", "http://bench:s3cret@prov.example/p.json"));
    String node = names.nodeOf(failure("Failover timed out (provider http://bench:s3cret@prov.example/p.json)"));
    assertFalse(node.contains("s3cret"), node);
    assertEquals("provider http://bench:***@prov.example/p.json", node);
  }
}
