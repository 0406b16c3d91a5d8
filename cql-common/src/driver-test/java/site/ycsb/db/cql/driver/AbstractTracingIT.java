package site.ycsb.db.cql.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Properties;

import org.junit.jupiter.api.Test;

import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.testserver.cassandra.CassandraTestServer;

/** Tracing is sampled: with a fraction of 0.2, about a fifth of the requests leave a trace session. */
public abstract class AbstractTracingIT {
  private static final String TABLE = "tracetable";
  private static final int REQUESTS = 200;

  protected abstract BindingUnderTest binding();

  protected abstract String keyspace();

  protected abstract String tracingProperty();

  protected abstract String tracingFractionProperty();

  private static long traceSessions(CassandraTestServer server) {
    return server.countRows("system_traces", "sessions");
  }

  @Test
  void should_trace_only_a_sample_of_requests_when_tracing_is_on() throws Exception {
    CassandraTestServer server = CassandraTestServer.shared();
    server.createYcsbSchema(keyspace(), TABLE, 10, "field");
    Properties props = binding().connection(server, keyspace());
    props.setProperty(tracingProperty(), "true");
    props.setProperty(tracingFractionProperty(), "0.2");
    long before = traceSessions(server);
    DB db = ItSupport.open(binding(), props);
    try {
      HashMap<String, String> values = new HashMap<>();
      values.put("field0", "t");
      for (int i = 0; i < REQUESTS; i++) {
        assertEquals(Status.OK, db.insert(TABLE, "trace" + i, StringByteIterator.getByteIteratorMap(values)));
      }
    } finally {
      db.cleanup();
    }
    // Trace sessions are written asynchronously by the server: wait until the count stops changing.
    long traced = traceSessions(server) - before;
    for (int i = 0; i < 20; i++) {
      Thread.sleep(500);
      long now = traceSessions(server) - before;
      if (now == traced && traced > 0) {
        break;
      }
      traced = now;
    }
    // Binomial(200, 0.2): mean 40, standard deviation 5.7; all-or-nothing tracing would give 0 or 200.
    assertTrue(traced >= 10 && traced <= 100, "traced sessions: " + traced);
  }
}
