package site.ycsb.db.scylla;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

import com.datastax.driver.core.Cluster;
import com.datastax.driver.core.Session;

import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.db.cql.CqlStatus;
import site.ycsb.db.cql.driver.ItSupport;

/**
 * The binding against a real ScyllaDB in a container ({@code scylladb/scylla}, override with -Dscylla.image).
 * Runs only where a Docker engine is reachable; elsewhere it is skipped with a one-line reason.
 */
class ScyllaContainerIT {
  private static final String IMAGE = System.getProperty("scylla.image", "scylladb/scylla:2025.1");

  private static boolean dockerAvailable() {
    // Asking Testcontainers on a machine without any Docker endpoint logs a multi-line error; skip quietly instead.
    if (System.getenv("DOCKER_HOST") == null && !new java.io.File("/var/run/docker.sock").exists()
        && !new java.io.File(System.getProperty("user.home"), ".testcontainers.properties").exists()) {
      return false;
    }
    try {
      return DockerClientFactory.instance().isDockerAvailable();
    } catch (RuntimeException | LinkageError e) {
      return false;
    }
  }

  @Test
  void should_run_every_operation_and_lwt_when_a_scylla_container_is_available() throws Exception {
    Assumptions.assumeTrue(dockerAvailable(), "no Docker engine available: ScyllaDB container test skipped");
    try (GenericContainer<?> scylla = new GenericContainer<>(DockerImageName.parse(IMAGE))
        .withCommand("--smp", "1", "--memory", "750M", "--overprovisioned", "1", "--developer-mode", "1")
        .withExposedPorts(9042)
        .waitingFor(Wait.forLogMessage(".*(Starting listening for CQL clients|serving).*", 1)
            .withStartupTimeout(Duration.ofMinutes(3)))) {
      scylla.start();
      String host = scylla.getHost();
      int port = scylla.getMappedPort(9042);
      try (Cluster cluster = Cluster.builder().addContactPoint(host).withPort(port).build();
           Session session = cluster.connect()) {
        session.execute("CREATE KEYSPACE IF NOT EXISTS ycsb WITH replication = "
            + "{'class': 'SimpleStrategy', 'replication_factor': 1}");
        session.execute("CREATE TABLE IF NOT EXISTS ycsb.usertable (y_id varchar PRIMARY KEY, field0 varchar, "
            + "field1 varchar)");
      }
      Properties props = new Properties();
      props.setProperty(ScyllaConfig.HOSTS, host);
      props.setProperty(ScyllaConfig.PORT, String.valueOf(port));
      props.setProperty(ScyllaConfig.LWT, "true");
      DB db = ItSupport.open(ScyllaBinding.INSTANCE, props);
      try {
        Map<String, String> values = new HashMap<>();
        values.put("field0", "a");
        values.put("field1", "b");
        assertEquals(Status.OK, db.insert("usertable", "k1", StringByteIterator.getByteIteratorMap(values)));
        assertEquals(CqlStatus.NOT_APPLIED, db.insert("usertable", "k1",
            StringByteIterator.getByteIteratorMap(values)));
        Map<String, ByteIterator> result = new HashMap<>();
        assertEquals(Status.OK, db.read("usertable", "k1", null, result));
        assertEquals("a", result.get("field0").toString());
        assertEquals(Status.OK, db.update("usertable", "k1", StringByteIterator.getByteIteratorMap(values)));
        assertEquals(Status.OK, db.scan("usertable", "k1", 10, null, new java.util.Vector<>()));
        assertEquals(Status.OK, db.delete("usertable", "k1"));
        assertEquals(Status.NOT_FOUND, db.read("usertable", "k1", null, new HashMap<>()));
      } finally {
        db.cleanup();
      }
    }
  }
}
