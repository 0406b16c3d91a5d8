package site.ycsb.db.scylla;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import java.util.Properties;

import org.junit.jupiter.api.Test;

import site.ycsb.DBException;
import site.ycsb.db.cql.CqlSettings;

class ScyllaConfigTest {
  private final Properties props = new Properties();

  private CqlSettings parse() throws DBException {
    return ScyllaConfig.parse(props);
  }

  private String error() {
    return assertThrows(DBException.class, this::parse).getMessage();
  }

  @Test
  void should_apply_the_scylla_defaults_when_only_hosts_is_set() throws DBException {
    props.setProperty("scylla.hosts", "node1");
    CqlSettings s = parse();
    assertEquals(Collections.singletonList("node1"), s.hosts());
    assertEquals(9042, s.port());
    assertEquals("ycsb", s.keyspace());
    assertEquals("QUORUM", s.readConsistency());
    assertEquals("QUORUM", s.writeConsistency());
    assertEquals("SERIAL", s.serialConsistency());
    assertNull(s.localDc());
    assertFalse(s.lwt());
    assertFalse(s.useSsl());
    assertEquals(0.0, s.tracingFraction());
    assertNull(s.username());
  }

  @Test
  void should_require_scylla_hosts_and_ignore_the_unprefixed_cassandra_names() {
    props.setProperty("hosts", "node1");
    assertEquals("missing required property scylla.hosts (comma-separated ScyllaDB contact points)", error());
  }

  @Test
  void should_use_local_levels_when_local_dc_is_set_and_levels_are_not_given() throws DBException {
    props.setProperty("scylla.hosts", "node1");
    props.setProperty("scylla.local_dc", "eu-west");
    CqlSettings s = parse();
    assertEquals("LOCAL_QUORUM", s.readConsistency());
    assertEquals("LOCAL_QUORUM", s.writeConsistency());
    assertEquals("LOCAL_SERIAL", s.serialConsistency());
    props.setProperty("scylla.readconsistencylevel", "ONE");
    props.setProperty("scylla.serialconsistencylevel", "SERIAL");
    s = parse();
    assertEquals("ONE", s.readConsistency());
    assertEquals("LOCAL_QUORUM", s.writeConsistency());
    assertEquals("SERIAL", s.serialConsistency());
  }

  @Test
  void should_keep_the_write_level_and_configure_serial_when_lwt_is_on() throws DBException {
    props.setProperty("scylla.hosts", "node1");
    props.setProperty("scylla.lwt", "true");
    props.setProperty("scylla.writeconsistencylevel", "ONE");
    props.setProperty("scylla.serialconsistencylevel", "LOCAL_SERIAL");
    CqlSettings s = parse();
    assertTrue(s.lwt());
    assertEquals("ONE", s.writeConsistency());
    assertEquals("LOCAL_SERIAL", s.serialConsistency());
    props.setProperty("scylla.serialconsistencylevel", "QUORUM");
    assertTrue(error().endsWith(" is not one of: SERIAL, LOCAL_SERIAL"), error());
    assertTrue(error().startsWith("scylla.serialconsistencylevel="), error());
    props.setProperty("scylla.serialconsistencylevel", "SERIAL");
    props.setProperty("scylla.writeconsistencylevel", "ANY");
    assertTrue(error().contains("scylla.writeconsistencylevel=ANY cannot be used with scylla.lwt=true"), error());
  }

  @Test
  void should_fail_with_one_line_when_a_value_is_bad() {
    props.setProperty("scylla.hosts", "node1");
    props.setProperty("scylla.port", "nine");
    assertEquals("scylla.port=nine is not a whole number", error());
    props.remove("scylla.port");
    props.setProperty("scylla.lwt", "yes");
    assertTrue(error().contains("scylla.lwt=yes must be true or false"));
    props.remove("scylla.lwt");
    props.setProperty("scylla.username", "u");
    assertTrue(error().contains("but scylla.password is not"));
  }

  @Test
  void should_sample_the_server_view_unless_scylla_serverview_is_false() throws DBException {
    props.setProperty("scylla.hosts", "node1");
    assertTrue(parse().serverView());
    props.setProperty("cassandra.serverview", "false");
    assertTrue(parse().serverView(), "the Cassandra binding's name is not this binding's");
    props.setProperty(ScyllaConfig.SERVER_VIEW, "false");
    assertFalse(parse().serverView());
    props.setProperty(ScyllaConfig.SERVER_VIEW, "off");
    assertEquals("scylla.serverview=off must be true or false", error());
  }

  @Test
  void should_guard_against_silent_nodes_after_2_s_unless_scylla_silentnodemillis_says_otherwise()
      throws DBException {
    props.setProperty("scylla.hosts", "node1");
    assertEquals(2000, parse().silentNodeMillis());
    props.setProperty("cassandra.silentnodemillis", "0");
    assertEquals(2000, parse().silentNodeMillis(), "the Cassandra binding's name is not this binding's");
    props.setProperty(ScyllaConfig.SILENT_NODE, "0");
    assertEquals(0, parse().silentNodeMillis());
    props.setProperty(ScyllaConfig.SILENT_NODE, "99");
    assertEquals("scylla.silentnodemillis=99 must be 0 (off) or at least 100 ms (attempts are looked at every 100 "
        + "ms)", error());
  }
}
