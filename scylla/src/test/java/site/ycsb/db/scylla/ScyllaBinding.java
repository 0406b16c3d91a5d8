package site.ycsb.db.scylla;

import java.util.Properties;

import site.ycsb.DB;
import site.ycsb.db.cql.driver.BindingUnderTest;
import site.ycsb.testserver.cassandra.CassandraTestServer;

/** The Scylla binding as seen by the shared integration tests. */
final class ScyllaBinding implements BindingUnderTest {
  static final ScyllaBinding INSTANCE = new ScyllaBinding();

  @Override
  public String dbClassName() {
    return ScyllaCQLClient.class.getName();
  }

  @Override
  public DB newDb() {
    return new ScyllaCQLClient();
  }

  @Override
  public Properties connection(CassandraTestServer server, String keyspace) {
    Properties p = new Properties();
    p.setProperty(ScyllaConfig.HOSTS, server.hosts());
    p.setProperty(ScyllaConfig.PORT, String.valueOf(server.port()));
    p.setProperty(ScyllaConfig.KEYSPACE, keyspace);
    if (server.username() != null) {
      p.setProperty(ScyllaConfig.USERNAME, server.username());
      p.setProperty(ScyllaConfig.PASSWORD, server.password());
    }
    return p;
  }

  @Override
  public String usernameProperty() {
    return ScyllaConfig.USERNAME;
  }

  @Override
  public String passwordProperty() {
    return ScyllaConfig.PASSWORD;
  }

  @Override
  public String requestTimeoutProperty() {
    return ScyllaConfig.REQUEST_TIMEOUT;
  }

  @Override
  public String maxRetriesProperty() {
    return ScyllaConfig.MAX_RETRIES;
  }

  @Override
  public String backoffProperty() {
    return ScyllaConfig.BACKOFF;
  }

  @Override
  public String backoffMaxProperty() {
    return ScyllaConfig.BACKOFF_MAX;
  }

  @Override
  public String localDcProperty() {
    return ScyllaConfig.LOCAL_DC;
  }

  @Override
  public String retryMetric() {
    return ScyllaCQLClient.RETRY_METRIC;
  }

  @Override
  public site.ycsb.db.cql.CqlPropertyNames names() {
    return ScyllaConfig.NAMES;
  }
}
