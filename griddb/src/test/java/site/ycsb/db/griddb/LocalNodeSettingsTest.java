package site.ycsb.db.griddb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The settings {@code bin/ycsb griddb-server start} leaves on the classpath, and how -p/-P settings win. */
class LocalNodeSettingsTest {
  @TempDir
  Path conf;

  private ClassLoader confWith(String member, String user) throws Exception {
    Properties local = new Properties();
    local.setProperty("griddb.notificationMember", member);
    local.setProperty("griddb.sqlMember", "127.0.0.1:20001");
    local.setProperty("griddb.clusterName", "ycsbCluster");
    local.setProperty("griddb.user", user);
    local.setProperty("griddb.password", "admin");
    try (OutputStream out = Files.newOutputStream(conf.resolve(GridDBConfig.LOCAL_NODE_RESOURCE))) {
      local.store(out, null);
    }
    return new URLClassLoader(new URL[] {conf.toUri().toURL()}, null);
  }

  @Test
  void should_take_the_local_node_when_no_connection_method_is_given() throws Exception {
    Properties given = new Properties();
    given.setProperty("griddb.user", "bench");
    Properties merged = GridDBConfig.withLocalNode(given, confWith("127.0.0.1:10001", "admin"));
    assertEquals("127.0.0.1:10001", merged.getProperty("griddb.notificationMember"));
    assertEquals("bench", merged.getProperty("griddb.user"), "a -p setting wins over the file");
    assertEquals("ycsbCluster", merged.getProperty("griddb.clusterName"));
    assertEquals(GridDBConfig.from(merged).gridStoreProperties().getProperty("notificationMember"),
        "127.0.0.1:10001");
  }

  @Test
  void should_ignore_the_local_node_when_any_connection_method_is_given() throws Exception {
    ClassLoader loader = confWith("127.0.0.1:10001", "admin");
    for (String key : new String[] {"griddb.notificationMember", "notificationMember", "griddb.notificationAddress",
        "notificationAddress", "griddb.notificationProvider"}) {
      Properties given = new Properties();
      given.setProperty(key, "10.0.0.9:10001");
      Properties merged = GridDBConfig.withLocalNode(given, loader);
      assertSame(given, merged, key);
      assertNull(merged.getProperty("griddb.sqlMember"), key);
    }
  }

  @Test
  void should_change_nothing_when_no_local_node_was_started() throws Exception {
    Properties given = new Properties();
    assertSame(given, GridDBConfig.withLocalNode(given, new URLClassLoader(new URL[] {conf.toUri().toURL()}, null)));
  }

  @Test
  void should_let_the_users_setting_win_in_whatever_spelling_when_the_local_node_uses_another() throws Exception {
    Properties local = new Properties();
    local.setProperty("griddb.notificationmember", "127.0.0.1:10001");
    local.setProperty("griddb.clustername", "ycsbCluster");
    local.setProperty("griddb.user", "admin");
    local.setProperty("griddb.password", "admin");
    try (OutputStream out = Files.newOutputStream(conf.resolve(GridDBConfig.LOCAL_NODE_RESOURCE))) {
      local.store(out, null);
    }
    Properties user = new Properties();
    user.setProperty("griddb.clusterName", "mine");
    Properties merged = GridDBConfig.withLocalNode(user, new URLClassLoader(new URL[] {conf.toUri().toURL()}, null));
    assertNull(merged.getProperty("griddb.clustername"), "the local node's spelling is replaced");
    assertEquals("mine", GridDBConfig.from(merged).getClusterName());
  }
}
