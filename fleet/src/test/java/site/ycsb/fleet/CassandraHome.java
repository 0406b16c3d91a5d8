package site.ycsb.fleet;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import site.ycsb.testserver.cassandra.CassandraTestServer;

/**
 * What the Cassandra ITs of this module share: a fresh work directory, the tarball unpacked with its
 * cassandra-binding, and the shared Cassandra test server with a new YCSB keyspace. Each step that cannot be had
 * here skips the test with one line (JUnit assumption).
 */
public final class CassandraHome {
  public final Path work;
  public final TestTarball tarball;
  public final Path home;
  public final CassandraTestServer server;

  private CassandraHome(Path work, TestTarball tarball, Path home, CassandraTestServer server) {
    this.work = work;
    this.tarball = tarball;
    this.home = home;
    this.server = server;
  }

  /** Prepares {@code target/it-work/<workName>} and keyspace {@code keyspace} (dropped first, usertable). */
  public static CassandraHome prepare(String workName, String keyspace) throws Exception {
    Path work = TestTarball.freshWork(workName);
    TestTarball tarball = TestTarball.findOrSkip(work);
    Path home = tarball.unpack(work.resolve("head"));
    assumeTrue(Files.isDirectory(home.resolve("cassandra-binding/lib")),
        "the tarball has no cassandra-binding yet (" + tarball.how + ")");
    String unavailable = CassandraTestServer.unavailableReason();
    assumeTrue(unavailable == null, unavailable);
    CassandraTestServer server = CassandraTestServer.shared();
    server.execute("DROP KEYSPACE IF EXISTS " + keyspace);
    server.createYcsbSchema(keyspace, "usertable", 10, "field");
    return new CassandraHome(work, tarball, home, server);
  }
}
