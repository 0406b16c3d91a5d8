package site.ycsb.db.cql.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Properties;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.testserver.cassandra.CassandraTestServer;

/** Password authentication against the server started with PasswordAuthenticator. */
public abstract class AbstractAuthIT {
  private static final String TABLE = "authtable";

  protected abstract BindingUnderTest binding();

  protected abstract String keyspace();

  private CassandraTestServer server() {
    CassandraTestServer server = CassandraTestServer.sharedWithAuth();
    Assumptions.assumeTrue(server.username() != null, "the external cluster has no credentials configured");
    server.createYcsbSchema(keyspace(), TABLE, 10, "field");
    return server;
  }

  @Test
  void should_read_and_write_when_the_password_is_right() throws DBException {
    DB db = ItSupport.open(binding(), binding().connection(server(), keyspace()));
    try {
      HashMap<String, String> values = new HashMap<>();
      values.put("field0", "secured");
      assertEquals(Status.OK, db.insert(TABLE, "auth-key", StringByteIterator.getByteIteratorMap(values)));
      HashMap<String, site.ycsb.ByteIterator> result = new HashMap<>();
      assertEquals(Status.OK, db.read(TABLE, "auth-key", null, result));
      assertEquals("secured", result.get("field0").toString());
    } finally {
      db.cleanup();
    }
  }

  @Test
  void should_fail_init_with_one_clear_line_when_the_password_is_wrong() {
    Properties props = binding().connection(server(), keyspace());
    String wrong = "definitely-Wrong-pw";
    props.setProperty(binding().passwordProperty(), wrong);
    DBException e = assertThrows(DBException.class, () -> ItSupport.open(binding(), props));
    String message = e.getMessage();
    assertTrue(message.contains("authentication failed"), message);
    assertFalse(message.contains("\n"), message);
    assertFalse(message.contains(wrong), message);
  }

  @Test
  void should_fail_init_with_one_clear_line_when_credentials_are_missing() {
    Properties props = binding().connection(server(), keyspace());
    props.remove(binding().usernameProperty());
    props.remove(binding().passwordProperty());
    DBException e = assertThrows(DBException.class, () -> ItSupport.open(binding(), props));
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
    assertTrue(e.getMessage().toLowerCase().contains("authentic"), e.getMessage());
  }
}
