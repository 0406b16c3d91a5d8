package site.ycsb.db.griddb;

import org.junit.jupiter.api.Test;
import site.ycsb.DBException;

import java.net.ServerSocket;
import java.time.Duration;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Unit tests of the real GridDB client's connection path where no server is needed: a member that nobody listens
 * on must fail init with one line, bounded by griddb.failoverTimeout.
 */
class GridStoreConnectorTest {

  private static int freePort() throws Exception {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  @Test
  void should_fail_init_with_one_line_naming_the_target_when_no_member_listens() throws Exception {
    int port = freePort();
    Properties p = new Properties();
    p.setProperty("griddb.notificationMember", "127.0.0.1:" + port);
    p.setProperty("griddb.clusterName", "nocluster");
    p.setProperty("griddb.user", "admin");
    p.setProperty("griddb.password", "s3cret");
    p.setProperty("griddb.failoverTimeout", "1");
    GridDBClient client = new GridDBClient();
    client.setProperties(p);
    DBException e = assertTimeoutPreemptively(Duration.ofSeconds(60),
        () -> assertThrows(DBException.class, client::init));
    String m = e.getMessage();
    assertTrue(m.contains("fixed list") && m.contains("127.0.0.1:" + port) && m.contains("'nocluster'"), m);
    assertFalse(m.contains("s3cret") || m.contains("\n"), m);
  }
}
