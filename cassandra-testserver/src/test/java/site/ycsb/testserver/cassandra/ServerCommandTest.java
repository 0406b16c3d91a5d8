package site.ycsb.testserver.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import org.junit.jupiter.api.Test;

class ServerCommandTest {
  private static final Path JAVA_HOME = Paths.get("/opt/jdk17");
  private static final Path LIB = Paths.get("/cache/lib");
  private static final Path OWN = Paths.get("/repo/testserver.jar");

  @Test
  void should_run_server_main_on_chosen_jdk_with_ports_and_directories() {
    ServerSpec spec = ServerSpec.forTests(Paths.get("/srv/c1"), false);
    List<String> cmd = ServerCommand.build(spec, JAVA_HOME, LIB, OWN, false, false);
    assertEquals("/opt/jdk17/bin/java", cmd.get(0));
    assertEquals(ServerMain.class.getName(), cmd.get(cmd.size() - 1));
    assertEquals("/cache/lib/*:/repo/testserver.jar", cmd.get(cmd.size() - 2));
    assertTrue(cmd.contains("-Xmx512M"));
    assertTrue(cmd.contains("-Dcassandra.native_transport_port=" + spec.nativePort));
    assertTrue(cmd.contains("-Dcassandra.storage_port=" + spec.storagePort));
    assertTrue(cmd.contains("-Dcassandra.config=file:///srv/c1/cassandra.yaml"), cmd.toString());
    assertTrue(cmd.contains("-Dcassandra.storagedir=/srv/c1/data"));
    assertTrue(cmd.contains("-Dcassandra.logdir=/srv/c1/logs"));
    assertTrue(cmd.contains("-Dcassandra-foreground=yes"));
    assertTrue(cmd.contains("-Dcassandra.superuser_setup_delay_ms=0"));
    assertTrue(cmd.contains("--add-opens=java.base/sun.nio.ch=ALL-UNNAMED"));
    assertTrue(cmd.contains("--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED"));
    assertTrue(cmd.contains("-D" + ServerMain.PROPERTY_WATCHDOG + "=true"), "test servers watch their parent");
  }

  @Test
  void should_give_the_jvm_the_spec_heap_as_both_initial_and_maximum_when_a_heap_is_set() {
    List<String> cmd = ServerCommand.build(ServerSpec.detached(Paths.get("/srv/c3"), 9042, false).withHeap("3072M"),
        JAVA_HOME, LIB, OWN, false, false);
    assertTrue(cmd.contains("-Xms3072M"), cmd.toString());
    assertTrue(cmd.contains("-Xmx3072M"), cmd.toString());
    assertFalse(cmd.contains("-Xmx512M"), cmd.toString());
  }

  @Test
  void should_drop_ipc_lock_and_keep_watchdog_until_released_when_requested_for_detached_server() {
    ServerSpec spec = ServerSpec.detached(Paths.get("/srv/c2"), 9042, true);
    List<String> cmd = ServerCommand.build(spec, JAVA_HOME, LIB, OWN, true, true);
    assertEquals("setsid", cmd.get(0));
    assertEquals("setpriv", cmd.get(1));
    assertEquals("--bounding-set=-ipc_lock", cmd.get(2));
    assertEquals("/opt/jdk17/bin/java", cmd.get(3));
    assertTrue(cmd.contains("-D" + ServerMain.PROPERTY_WATCHDOG + "=true"), "released only once it is ready");
    assertTrue(cmd.contains("-Dcassandra.native_transport_port=9042"));
    assertFalse(cmd.contains("setpriv") && cmd.indexOf("setpriv") > cmd.indexOf("/opt/jdk17/bin/java"));
  }

  @Test
  void should_keep_system_keyspaces_durable_when_a_server_can_be_started_again_on_its_data() {
    ClusterLayout layout = new ClusterLayout(Paths.get("/srv/cl"), 3, "127.0.0.1", 19042, 17000, "c");
    ServerSpec[] restartable = {
        layout.nodeSpec(1, false, true), layout.nodeSpec(2, true, false), ServerSpec.detached(Paths.get("/srv/d"),
        9042, false), ServerSpec.forTests(Paths.get("/srv/t"), false).keepingData()};
    for (ServerSpec spec : restartable) {
      List<String> cmd = ServerCommand.build(spec, JAVA_HOME, LIB, OWN, false, false);
      assertFalse(String.join(" ", cmd).contains("unsafesystem"), "a killed server must keep its schema: " + cmd);
    }
  }

  @Test
  void should_skip_durable_system_writes_and_gossip_waits_when_single_test_server_is_emptied_at_every_start() {
    List<String> cmd = ServerCommand.build(ServerSpec.forTests(Paths.get("/srv/c3"), false), JAVA_HOME, LIB, OWN,
        false, false);
    assertTrue(cmd.contains("-Dcassandra.unsafesystem=true"), "nothing to keep, faster DDL: " + cmd);
    assertFalse(String.join(" ", cmd).contains("ring_delay"), cmd.toString());
  }

  @Test
  void should_shorten_ring_delay_and_skip_gossip_settling_when_node_of_a_cluster() {
    ClusterLayout layout = new ClusterLayout(Paths.get("/srv/cl"), 3, "127.0.0.1", 19042, 17000, "c");
    List<String> cmd = ServerCommand.build(layout.nodeSpec(2, false, true), JAVA_HOME, LIB, OWN, false, false);
    assertTrue(cmd.contains("-Dcassandra.ring_delay_ms=1000"), cmd.toString());
    assertTrue(cmd.contains("-Dcassandra.skip_wait_for_gossip_to_settle=0"), cmd.toString());
    assertTrue(cmd.contains("-Dcassandra.config=file:///srv/cl/node2/cassandra.yaml"), cmd.toString());
    assertTrue(cmd.contains("-Dcassandra.native_transport_port=19042"), cmd.toString());
    assertTrue(cmd.contains("-Dcassandra.storage_port=17000"), cmd.toString());
  }

  @Test
  void should_follow_the_unsafe_property_for_every_server_when_it_is_set() {
    ClusterLayout layout = new ClusterLayout(Paths.get("/srv/cl"), 3, "127.0.0.1", 19042, 17000, "c");
    try {
      System.setProperty(ServerSpec.UNSAFE_SYSTEM_PROPERTY, "true");
      assertTrue(ServerCommand.build(layout.nodeSpec(1, true, false), JAVA_HOME, LIB, OWN, false, false)
          .contains("-Dcassandra.unsafesystem=true"));
      System.setProperty(ServerSpec.UNSAFE_SYSTEM_PROPERTY, "false");
      assertFalse(String.join(" ", ServerCommand.build(ServerSpec.forTests(Paths.get("/srv/c4"), false), JAVA_HOME,
          LIB, OWN, false, false)).contains("unsafesystem"));
    } finally {
      System.clearProperty(ServerSpec.UNSAFE_SYSTEM_PROPERTY);
    }
  }
}
