package site.ycsb.db.cql.driver;

import java.util.Properties;

import site.ycsb.DB;
import site.ycsb.db.cql.CqlPropertyNames;
import site.ycsb.testserver.cassandra.CassandraCluster;
import site.ycsb.testserver.cassandra.CassandraTestServer;

/** What the shared integration tests need to know about one binding: its class and its property names. */
public interface BindingUnderTest {
  String dbClassName();

  /** A fresh, not yet initialised client. */
  DB newDb();

  /** Contact points, port, keyspace and (if the server has them) credentials. */
  Properties connection(CassandraTestServer server, String keyspace);

  String usernameProperty();

  String passwordProperty();

  String requestTimeoutProperty();

  String maxRetriesProperty();

  String backoffProperty();

  String backoffMaxProperty();

  String localDcProperty();

  /** The metric of the retry summary, e.g. CASSANDRA-RETRIES. */
  String retryMetric();

  /** Every property name of the binding (cassandra.*, scylla.*). */
  CqlPropertyNames names();

  /** Contact points (every node of the cluster), port and keyspace. */
  default Properties connection(CassandraCluster cluster, String keyspace) {
    Properties p = new Properties();
    p.setProperty(names().hosts, cluster.hosts());
    p.setProperty(names().port, String.valueOf(cluster.port()));
    p.setProperty(names().keyspace, keyspace);
    return p;
  }
}
