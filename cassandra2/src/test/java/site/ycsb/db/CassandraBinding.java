package site.ycsb.db;

import java.util.Properties;

import site.ycsb.DB;
import site.ycsb.db.cql.driver.BindingUnderTest;
import site.ycsb.testserver.cassandra.CassandraTestServer;

/** The Cassandra binding as seen by the shared integration tests. */
final class CassandraBinding implements BindingUnderTest {
  static final CassandraBinding INSTANCE = new CassandraBinding();

  @Override
  public String dbClassName() {
    return CassandraCQLClient.class.getName();
  }

  @Override
  public DB newDb() {
    return new CassandraCQLClient();
  }

  @Override
  public Properties connection(CassandraTestServer server, String keyspace) {
    Properties p = new Properties();
    p.setProperty(CassandraConfig.HOSTS, server.hosts());
    p.setProperty(CassandraConfig.PORT, String.valueOf(server.port()));
    p.setProperty(CassandraConfig.KEYSPACE, keyspace);
    if (server.username() != null) {
      p.setProperty(CassandraConfig.USERNAME, server.username());
      p.setProperty(CassandraConfig.PASSWORD, server.password());
    }
    return p;
  }

  @Override
  public String usernameProperty() {
    return CassandraConfig.USERNAME;
  }

  @Override
  public String passwordProperty() {
    return CassandraConfig.PASSWORD;
  }

  @Override
  public String requestTimeoutProperty() {
    return CassandraConfig.REQUEST_TIMEOUT;
  }

  @Override
  public String maxRetriesProperty() {
    return CassandraConfig.MAX_RETRIES;
  }

  @Override
  public String backoffProperty() {
    return CassandraConfig.BACKOFF;
  }

  @Override
  public String backoffMaxProperty() {
    return CassandraConfig.BACKOFF_MAX;
  }

  @Override
  public String localDcProperty() {
    return CassandraConfig.LOCAL_DC;
  }

  @Override
  public String retryMetric() {
    return CassandraCQLClient.RETRY_METRIC;
  }

  @Override
  public site.ycsb.db.cql.CqlPropertyNames names() {
    return CassandraConfig.NAMES;
  }
}
