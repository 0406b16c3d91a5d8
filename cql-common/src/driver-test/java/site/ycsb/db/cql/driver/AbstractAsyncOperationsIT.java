package site.ycsb.db.cql.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.async.AsyncDB;
import site.ycsb.testserver.cassandra.CassandraTestServer;

/** The asynchronous operations ({@link AsyncDB}) against the real server, through the binding's DB class. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class AbstractAsyncOperationsIT {
  private static final String TABLE = "asynctable";

  private CassandraTestServer server;
  private DB db;
  private AsyncDB async;

  protected abstract BindingUnderTest binding();

  protected abstract String keyspace();

  @BeforeAll
  void connect() throws Exception {
    server = CassandraTestServer.shared();
    server.createYcsbSchema(keyspace(), TABLE, 10, "field");
    server.execute("TRUNCATE " + keyspace() + "." + TABLE);
    db = ItSupport.open(binding(), binding().connection(server, keyspace()));
    async = (AsyncDB) db;
  }

  @AfterAll
  void disconnect() throws Exception {
    if (db != null) {
      db.cleanup();
    }
  }

  private static Map<String, ByteIterator> values(String field, String value) {
    return StringByteIterator.getByteIteratorMap(Collections.singletonMap(field, value));
  }

  private static Status await(CompletionStage<Status> stage) throws Exception {
    return stage.toCompletableFuture().get(30, TimeUnit.SECONDS);
  }

  @Test
  void should_insert_read_update_scan_and_delete_when_called_asynchronously() throws Exception {
    assertEquals(Status.OK, await(async.insertAsync(TABLE, "a1", values("field0", "x"))));
    Map<String, ByteIterator> row = new HashMap<>();
    assertEquals(Status.OK, await(async.readAsync(TABLE, "a1", null, row)));
    assertEquals("x", row.get("field0").toString());
    assertEquals(Status.OK, await(async.updateAsync(TABLE, "a1", values("field0", "y"))));
    Map<String, ByteIterator> one = new HashMap<>();
    assertEquals(Status.OK, await(async.readAsync(TABLE, "a1", Collections.singleton("field0"), one)));
    assertEquals("y", one.get("field0").toString());
    Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
    assertEquals(Status.OK, await(async.scanAsync(TABLE, "a1", 1, null, rows)));
    assertEquals(1, rows.size());
    assertEquals(Status.OK, await(async.deleteAsync(TABLE, "a1")));
    assertEquals(Status.NOT_FOUND, await(async.readAsync(TABLE, "a1", null, new HashMap<>())));
  }

  @Test
  void should_complete_with_bad_request_at_once_when_a_name_is_not_a_cql_identifier() throws Exception {
    CompletableFuture<Status> f = async.readAsync("bad table", "k", null, new HashMap<>()).toCompletableFuture();
    assertTrue(f.isDone());
    assertEquals(Status.BAD_REQUEST, f.get());
  }

  @Test
  void should_have_hundreds_in_flight_from_one_thread_when_issuing_without_waiting() throws Exception {
    int n = 300;
    List<CompletableFuture<Status>> pending = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      pending.add(async.insertAsync(TABLE, "many" + i, values("field1", "v" + i)).toCompletableFuture());
    }
    for (CompletableFuture<Status> f : pending) {
      assertEquals(Status.OK, f.get(60, TimeUnit.SECONDS));
    }
    assertEquals(Status.OK, await(async.readAsync(TABLE, "many" + (n - 1), null, new HashMap<>())));
    long stored = server.countRows(keyspace(), TABLE);
    assertTrue(stored >= n, "rows stored: " + stored);
  }
}
