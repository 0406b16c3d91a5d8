package site.ycsb.db.cql.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Properties;

import org.junit.jupiter.api.Test;

import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.testserver.cassandra.CassandraTestServer;

/** The local datacenter option against a real (single-DC) server. */
public abstract class AbstractLocalDcIT {
  private static final String TABLE = "dctable";

  protected abstract BindingUnderTest binding();

  protected abstract String keyspace();

  @Test
  void should_work_at_local_quorum_when_the_local_datacenter_is_named() throws DBException {
    CassandraTestServer server = CassandraTestServer.shared();
    server.createYcsbSchema(keyspace(), TABLE, 10, "field");
    Properties props = binding().connection(server, keyspace());
    props.setProperty(binding().localDcProperty(), server.localDatacenter());
    DB db = ItSupport.open(binding(), props);
    try {
      HashMap<String, String> values = new HashMap<>();
      values.put("field1", "dc");
      assertEquals(Status.OK, db.insert(TABLE, "dc-key", StringByteIterator.getByteIteratorMap(values)));
      assertEquals(Status.OK, db.read(TABLE, "dc-key", null, new HashMap<>()));
    } finally {
      db.cleanup();
    }
  }

  @Test
  void should_fail_init_with_one_line_when_the_local_datacenter_does_not_exist() {
    CassandraTestServer server = CassandraTestServer.shared();
    Properties props = binding().connection(server, keyspace());
    props.setProperty(binding().localDcProperty(), "no_such_dc");
    DBException e = assertThrows(DBException.class, () -> ItSupport.open(binding(), props));
    assertTrue(!e.getMessage().contains("\n") && e.getMessage().contains("no_such_dc"), e.getMessage());
  }
}
