package site.ycsb.testserver.cassandra;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Map;

/**
 * A Cassandra in a Docker container started through Testcontainers ({@code cassandra:5.0} by default), chosen
 * with {@code YCSB_CASSANDRA_TESTCONTAINERS=true} (or {@code -Dycsb.cassandra.testcontainers=true}) where a Docker
 * engine exists. Testcontainers is called by reflection so that this library stays free of dependencies: the
 * module whose tests use this path puts {@code org.testcontainers:testcontainers} on its test classpath.
 *
 * <p>The container is used like an external cluster: no authenticated variant and no pause/resume (tests that need
 * them skip), and Testcontainers removes it when the JVM exits.
 *
 * <p>Not thread-safe: one per test JVM; a shutdown hook stops the container it started.
 */
final class ContainerTarget {
  static final String ENV_SWITCH = "YCSB_CASSANDRA_TESTCONTAINERS";
  static final String PROPERTY_SWITCH = "ycsb.cassandra.testcontainers";
  static final String ENV_IMAGE = "YCSB_CASSANDRA_IMAGE";
  static final String DEFAULT_IMAGE = "cassandra:5.0";
  static final int CQL_PORT = 9042;
  private static final String GENERIC_CONTAINER = "org.testcontainers.containers.GenericContainer";

  final String host;
  final int port;

  private ContainerTarget(String host, int port) {
    this.host = host;
    this.port = port;
  }

  /** Whether the Testcontainers path was asked for. */
  static boolean requested(Map<String, String> env) {
    return isTrue(env.get(ENV_SWITCH)) || isTrue(System.getProperty(PROPERTY_SWITCH));
  }

  private static boolean isTrue(String v) {
    return v != null && (v.trim().equalsIgnoreCase("true") || v.trim().equals("1"));
  }

  /** Why the container path cannot run here, or null when it can. */
  static String unavailableReason() {
    try {
      Class<?> factory = Class.forName("org.testcontainers.DockerClientFactory");
      Object instance = factory.getMethod("instance").invoke(null);
      boolean available = (Boolean) factory.getMethod("isDockerAvailable").invoke(instance);
      return available ? null : ENV_SWITCH + " is set but no Docker engine is available";
    } catch (ClassNotFoundException e) {
      return ENV_SWITCH + " is set but Testcontainers is not on the test classpath";
    } catch (ReflectiveOperationException | RuntimeException e) {
      return ENV_SWITCH + " is set but Docker could not be checked: " + e;
    }
  }

  /** Starts the container and waits until CQL is served. */
  static ContainerTarget start(Map<String, String> env) {
    String image = env.get(ENV_IMAGE) == null || env.get(ENV_IMAGE).trim().isEmpty()
        ? DEFAULT_IMAGE : env.get(ENV_IMAGE).trim();
    try {
      Class<?> gc = Class.forName(GENERIC_CONTAINER);
      Object container = gc.getConstructor(String.class).newInstance(image);
      gc.getMethod("withExposedPorts", Integer[].class).invoke(container, (Object) new Integer[]{CQL_PORT});
      Method withEnv = gc.getMethod("withEnv", String.class, String.class);
      withEnv.invoke(container, "CASSANDRA_DC", CassandraTestServer.LOCAL_DATACENTER);
      withEnv.invoke(container, "CASSANDRA_ENDPOINT_SNITCH", "GossipingPropertyFileSnitch");
      withEnv.invoke(container, "MAX_HEAP_SIZE", "512M");
      withEnv.invoke(container, "HEAP_NEWSIZE", "128M");
      Class<?> waitClass = Class.forName("org.testcontainers.containers.wait.strategy.Wait");
      Class<?> strategyClass = Class.forName("org.testcontainers.containers.wait.strategy.WaitStrategy");
      Object strategy = waitClass.getMethod("forLogMessage", String.class, int.class)
          .invoke(null, ".*Starting listening for CQL clients.*\\n", 1);
      strategy = strategyClass.getMethod("withStartupTimeout", Duration.class).invoke(strategy,
          Duration.ofMinutes(3));
      gc.getMethod("waitingFor", strategyClass).invoke(container, strategy);
      gc.getMethod("start").invoke(container);
      Runtime.getRuntime().addShutdownHook(new Thread(() -> {
        try {
          gc.getMethod("stop").invoke(container);
        } catch (ReflectiveOperationException e) {
          // Testcontainers' own reaper removes the container anyway.
        }
      }, "ycsb-cassandra-container-stop"));
      String host = (String) gc.getMethod("getHost").invoke(container);
      int port = (Integer) gc.getMethod("getMappedPort", int.class).invoke(container, CQL_PORT);
      return new ContainerTarget(host, port);
    } catch (ClassNotFoundException e) {
      throw new TestServerException(ENV_SWITCH + " is set but Testcontainers is not on the test classpath ("
          + e.getMessage() + ")");
    } catch (InvocationTargetException e) {
      throw new TestServerException("could not start the " + image + " container: " + e.getCause(), e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new TestServerException("could not drive Testcontainers: " + e, e);
    }
  }
}
