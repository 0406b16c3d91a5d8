package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Properties;

import org.junit.jupiter.api.Test;

import site.ycsb.DBException;
import site.ycsb.db.cql.CqlSettings;

class CassandraConfigTest {
  private final Properties props = new Properties();

  private CqlSettings parse() throws DBException {
    return CassandraConfig.parse(props);
  }

  private String error() {
    return assertThrows(DBException.class, this::parse).getMessage();
  }

  @Test
  void should_apply_the_documented_defaults_when_only_hosts_is_set() throws DBException {
    props.setProperty("hosts", "10.0.0.1, 10.0.0.2");
    CqlSettings s = parse();
    assertEquals(Arrays.asList("10.0.0.1", "10.0.0.2"), s.hosts());
    assertEquals(9042, s.port());
    assertEquals("ycsb", s.keyspace());
    // YCSB 0.17.0's Cassandra binding's default, kept for a drop-in.
    assertEquals("ONE", s.readConsistency());
    assertEquals("ONE", s.writeConsistency());
    assertNull(s.localDc());
    assertEquals(5, s.maxRetries());
    assertEquals(100, s.backoffBaseMillis());
    assertEquals(5000, s.backoffMaxMillis());
    assertEquals(0, s.speculativeDelayMillis());
    assertEquals(0.0, s.tracingFraction());
    assertFalse(s.useSsl());
    assertFalse(s.lwt());
    assertNull(s.requestTimeoutMillis());
    assertNull(s.maxConnections());
    assertTrue(s.serverView(), "the nodes' own view is sampled unless turned off");
    assertEquals(2000, s.silentNodeMillis());
  }

  @Test
  void should_turn_the_silent_node_guard_off_with_0_and_refuse_a_threshold_below_100_ms_when_it_is_given()
      throws DBException {
    props.setProperty("hosts", "h");
    assertTrue(parse().describe().contains(", silent-node guard after 2000 ms, "), parse().describe());
    props.setProperty(CassandraConfig.SILENT_NODE, "0");
    assertEquals(0, parse().silentNodeMillis());
    assertTrue(parse().describe().contains(", silent-node guard off, "), parse().describe());
    props.setProperty(CassandraConfig.SILENT_NODE, "750");
    assertEquals(750, parse().silentNodeMillis());
    assertTrue(parse().fingerprint().endsWith("|750"), "a different threshold is a different shared session");
    props.setProperty(CassandraConfig.SILENT_NODE, "50");
    assertEquals("cassandra.silentnodemillis=50 must be 0 (off) or at least 100 ms (attempts are looked at every "
        + "100 ms)", error());
    props.setProperty(CassandraConfig.SILENT_NODE, "2s");
    assertTrue(error().startsWith("cassandra.silentnodemillis=2s "), error());
    props.setProperty(CassandraConfig.SILENT_NODE, "-1");
    assertTrue(error().startsWith("cassandra.silentnodemillis=-1 "), error());
  }

  @Test
  void should_turn_the_server_view_off_and_refuse_a_value_that_is_not_a_boolean_when_it_is_given()
      throws DBException {
    props.setProperty("hosts", "h");
    props.setProperty(CassandraConfig.SERVER_VIEW, "false");
    assertFalse(parse().serverView());
    assertTrue(parse().describe().endsWith(", server view off"), parse().describe());
    props.setProperty(CassandraConfig.SERVER_VIEW, "TRUE");
    assertTrue(parse().serverView());
    props.setProperty(CassandraConfig.SERVER_VIEW, "no");
    assertEquals("cassandra.serverview=no must be true or false", error());
  }

  @Test
  void should_keep_ycsb_property_meanings_when_they_are_given() throws DBException {
    props.setProperty("hosts", "h");
    props.setProperty("port", "9142");
    props.setProperty("cassandra.keyspace", "bench");
    props.setProperty("cassandra.readconsistencylevel", "ONE");
    props.setProperty("cassandra.writeconsistencylevel", "ALL");
    props.setProperty("cassandra.coreconnections", "2");
    props.setProperty("cassandra.maxconnections", "8");
    props.setProperty("cassandra.connecttimeoutmillis", "3000");
    props.setProperty("cassandra.readtimeoutmillis", "9000");
    props.setProperty("cassandra.useSSL", "true");
    props.setProperty("cassandra.tracing", "true");
    CqlSettings s = parse();
    assertEquals(9142, s.port());
    assertEquals("bench", s.keyspace());
    assertEquals("ONE", s.readConsistency());
    assertEquals("ALL", s.writeConsistency());
    assertEquals(Integer.valueOf(2), s.coreConnections());
    assertEquals(Integer.valueOf(8), s.maxConnections());
    assertEquals(Integer.valueOf(3000), s.connectTimeoutMillis());
    assertEquals(Integer.valueOf(9000), s.readTimeoutMillis());
    assertTrue(s.useSsl());
    assertEquals(0.01, s.tracingFraction(), 1e-12);
  }

  @Test
  void should_default_to_local_quorum_when_a_local_datacenter_is_set() throws DBException {
    props.setProperty("hosts", "h");
    props.setProperty("cassandra.local_dc", "dc1");
    props.setProperty("cassandra.writeconsistencylevel", "LOCAL_ONE");
    CqlSettings s = parse();
    assertEquals("dc1", s.localDc());
    assertEquals("LOCAL_ONE", s.readConsistency());
    assertEquals("LOCAL_ONE", s.writeConsistency());
    assertEquals("LOCAL_SERIAL", s.serialConsistency());
  }

  @Test
  void should_take_the_serial_level_of_lightweight_transactions_when_it_is_set() throws DBException {
    props.setProperty("hosts", "h");
    assertEquals("SERIAL", parse().serialConsistency());
    props.setProperty(CassandraConfig.SERIAL_CL, "local_serial");
    assertEquals("LOCAL_SERIAL", parse().serialConsistency());
    props.setProperty(CassandraConfig.SERIAL_CL, "QUORUM");
    assertEquals("cassandra.serialconsistencylevel=QUORUM is not one of: SERIAL, LOCAL_SERIAL", error());
  }

  @Test
  void should_fail_with_one_line_when_a_value_is_bad() {
    assertEquals("missing required property hosts (comma-separated Cassandra contact points)", error());
    props.setProperty("hosts", "h");
    props.setProperty("cassandra.readconsistencylevel", "QUORAM");
    assertTrue(error().startsWith("cassandra.readconsistencylevel="), error());
    assertTrue(error().contains(" is not one of: ANY, ONE, "), error());
    props.remove("cassandra.readconsistencylevel");
    props.setProperty("cassandra.coreconnections", "9");
    props.setProperty("cassandra.maxconnections", "2");
    assertTrue(error().contains("must not exceed"));
    props.remove("cassandra.coreconnections");
    props.setProperty("cassandra.maxretries", "-1");
    assertTrue(error().contains("cassandra.maxretries=-1 must be between 0 and 1000"));
    props.remove("cassandra.maxretries");
    props.setProperty("cassandra.useSSL", "on");
    assertTrue(error().contains("cassandra.useSSL=on must be true or false"));
    props.setProperty("cassandra.useSSL", "false");
    props.setProperty("cassandra.tracing.fraction", "0.5");
    assertTrue(error().contains("but cassandra.tracing is not true"));
    for (String message : new String[] {error()}) {
      assertFalse(message.contains("\n"));
    }
  }

  @Test
  void should_require_both_credentials_and_never_echo_the_password() {
    props.setProperty("hosts", "h");
    props.setProperty("cassandra.password", "topsecret");
    String message = error();
    assertTrue(message.contains("but cassandra.username is not"), message);
    assertFalse(message.contains("topsecret"));
    props.remove("cassandra.password");
    props.setProperty("cassandra.username", "bob");
    assertTrue(error().contains("but cassandra.password is not"));
  }

  @Test
  void should_refuse_ssl_stores_when_ssl_is_off() throws Exception {
    java.io.File store = java.io.File.createTempFile("trust", ".jks");
    store.deleteOnExit();
    props.setProperty("hosts", "h");
    props.setProperty("cassandra.ssl.truststore", store.getPath());
    assertTrue(error().contains("but cassandra.usessl is not true"), error());
    props.setProperty("cassandra.useSSL", "true");
    assertEquals(store.getPath(), parse().trustStore());
  }

  @Test
  void should_accept_0_17_0s_spellings_and_refuse_two_spellings_that_disagree() throws Exception {
    props.setProperty("hosts", "h");
    props.setProperty("cassandra.local_dc", "dc1");
    assertEquals("dc1", parse().localDc());
    props.remove("cassandra.local_dc");
    props.setProperty("cassandra.localdc", "dc2");
    assertEquals("dc2", parse().localDc());
    props.setProperty("cassandra.local_dc", "dc1");
    assertEquals("cassandra.localdc=dc2 and its other spelling cassandra.local_dc=dc1 disagree; set only one", error());
  }

  /** The levels a run used are named by the binding's properties, set or defaulted, for its record (summary.json). */
  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', value = {
      "||  |ONE|ONE|SERIAL", "QUORUM||  |QUORUM|ONE|SERIAL", "|ALL|  |ONE|ALL|SERIAL",
      "||dc1|LOCAL_ONE|LOCAL_ONE|LOCAL_SERIAL", "each_quorum|two|dc1|EACH_QUORUM|TWO|LOCAL_SERIAL"})
  void should_name_the_levels_in_effect_by_their_properties_when_set_or_defaulted(String read, String write,
      String dc, String effectiveRead, String effectiveWrite, String effectiveSerial) throws DBException {
    props.setProperty("hosts", "10.0.0.1");
    if (read != null) {
      props.setProperty("cassandra.readconsistencylevel", read);
    }
    if (write != null) {
      props.setProperty("cassandra.writeconsistencylevel", write);
    }
    if (dc != null && !dc.trim().isEmpty()) {
      props.setProperty("cassandra.local_dc", dc.trim());
    }
    java.util.Map<String, String> levels = parse().levelProperties();
    assertEquals(effectiveRead, levels.get("cassandra.readconsistencylevel"), levels.toString());
    assertEquals(effectiveWrite, levels.get("cassandra.writeconsistencylevel"), levels.toString());
    assertEquals(effectiveSerial, levels.get("cassandra.serialconsistencylevel"), levels.toString());
  }

  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(strings = {"127.0.0.150:19550", "256.1.1.1", "10.0.0.1,1.2.3",
      "127.0.0.150?password=S3cr3t", "db_1.example..org"})
  void should_refuse_as_a_configuration_mistake_naming_hosts_when_a_host_is_not_a_name_or_address(String hosts) {
    props.setProperty("hosts", hosts);
    DBException e = assertThrows(DBException.class, this::parse);
    // the engine's exit 2 for a property mistake (0.17.0 engines: an init failure)
    assertTrue(e.getCause() instanceof IllegalArgumentException, e.toString());
    assertTrue(e.getMessage().startsWith("hosts="), e.getMessage());
    assertFalse(e.getMessage().contains("S3cr3t"), e.getMessage());
  }
}
