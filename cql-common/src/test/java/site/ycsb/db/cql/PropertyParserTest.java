package site.ycsb.db.cql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Properties;

import org.junit.jupiter.api.Test;

import site.ycsb.DBException;

class PropertyParserTest {
  private final Properties props = new Properties();
  private final PropertyParser parser = new PropertyParser(props);

  @Test
  void should_use_the_default_when_a_number_is_absent_and_refuse_it_blank() throws DBException {
    assertEquals(7, parser.intInRange("n", 7, 0, 10));
    props.setProperty("n", "  ");
    DBException e = assertThrows(DBException.class, () -> parser.intInRange("n", 7, 0, 10));
    assertEquals("n is given empty: give a value, or leave n out for its default", e.getMessage());
    assertTrue(e.getCause() instanceof IllegalArgumentException);
    props.setProperty("n", " 9 ");
    assertEquals(9, parser.intInRange("n", 7, 0, 10));
  }

  @Test
  void should_fail_with_one_line_naming_the_property_when_a_number_is_bad() {
    props.setProperty("port", "90x42");
    DBException e = assertThrows(DBException.class, () -> parser.intInRange("port", 9042, 1, 65535));
    assertEquals("port=90x42 is not a whole number", e.getMessage());
    props.setProperty("port", "70000");
    e = assertThrows(DBException.class, () -> parser.intInRange("port", 9042, 1, 65535));
    assertEquals("port=70000 must be between 1 and 65535", e.getMessage());
  }

  @Test
  void should_mark_every_refusal_as_a_configuration_mistake_when_a_value_is_bad() {
    // The engine maps a DBException caused by an IllegalArgumentException to exit 2 (usage), not 3 (connect).
    props.setProperty("port", "abc");
    props.setProperty("ssl", "yes");
    props.setProperty("hosts", "a,,b");
    for (org.junit.jupiter.api.function.Executable bad : java.util.Arrays.<org.junit.jupiter.api.function.Executable>
        asList(() -> parser.intInRange("port", 9042, 1, 65535), () -> parser.bool("ssl", false),
            () -> parser.list("hosts", "contact points"), () -> parser.required("missing", "needed"))) {
      DBException e = assertThrows(DBException.class, bad);
      assertTrue(e.getCause() instanceof IllegalArgumentException, "cause of: " + e.getMessage());
      assertEquals(e.getMessage(), e.getCause().getMessage());
    }
  }

  @Test
  void should_reject_a_boolean_typo_when_parsing_flags() throws DBException {
    props.setProperty("ssl", "TRUE");
    assertTrue(parser.bool("ssl", false));
    props.setProperty("ssl", "yes");
    DBException e = assertThrows(DBException.class, () -> parser.bool("ssl", false));
    assertTrue(e.getMessage().equals("ssl=yes must be true or false"), e.getMessage());
  }

  @Test
  void should_normalise_and_validate_consistency_levels() throws DBException {
    assertNull(parser.consistency("cl", ConsistencyLevels.REGULAR));
    props.setProperty("cl", "local_quorum");
    assertEquals("LOCAL_QUORUM", parser.consistency("cl", ConsistencyLevels.REGULAR));
    props.setProperty("cl", "QUORUMM");
    assertThrows(DBException.class, () -> parser.consistency("cl", ConsistencyLevels.REGULAR));
    props.setProperty("cl", "QUORUM");
    assertThrows(DBException.class, () -> parser.consistency("cl", ConsistencyLevels.SERIAL));
    props.setProperty("cl", " ");
    DBException e = assertThrows(DBException.class, () -> parser.consistency("cl", ConsistencyLevels.REGULAR));
    assertTrue(e.getMessage().startsWith("cl is given empty: give a level ("), e.getMessage());
    assertTrue(e.getCause() instanceof IllegalArgumentException);
  }

  @Test
  void should_split_hosts_and_reject_empty_entries() throws DBException {
    props.setProperty("hosts", " a, b ,c");
    assertEquals(Arrays.asList("a", "b", "c"), parser.list("hosts", "contact points"));
    props.setProperty("hosts", "a,,b");
    assertThrows(DBException.class, () -> parser.list("hosts", "contact points"));
    props.remove("hosts");
    DBException e = assertThrows(DBException.class, () -> parser.list("hosts", "contact points"));
    assertEquals("missing required property hosts (contact points)", e.getMessage());
  }

  @Test
  void should_accept_only_fractions_between_zero_and_one() throws DBException {
    props.setProperty("f", "0.25");
    assertEquals(0.25, parser.fraction("f", 0), 1e-12);
    props.setProperty("f", "1.5");
    assertThrows(DBException.class, () -> parser.fraction("f", 0));
    props.setProperty("f", "NaN");
    assertThrows(DBException.class, () -> parser.fraction("f", 0));
  }

  @Test
  void should_reject_identifiers_that_would_change_the_cql_when_pasted() throws DBException {
    props.setProperty("ks", "ycsb_1");
    assertEquals("ycsb_1", parser.identifier("ks", "ycsb"));
    props.setProperty("ks", "ycsb; DROP TABLE x");
    assertThrows(DBException.class, () -> parser.identifier("ks", "ycsb"));
    assertFalse(Identifiers.isPlain("1abc"));
  }

  @Test
  void should_reject_a_missing_file_when_a_store_is_named() {
    props.setProperty("store", "/nonexistent/truststore.jks");
    DBException e = assertThrows(DBException.class, () -> parser.readableFile("store"));
    assertTrue(e.getMessage().contains("/nonexistent/truststore.jks"), e.getMessage());
  }

  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(strings = {",", ",,,", " , , ", "h1,,h2", "h1,", ",h1", "h1, ,h2"})
  void should_refuse_as_a_configuration_mistake_when_a_host_list_has_an_empty_entry(String hosts) {
    props.setProperty("hosts", hosts);
    DBException e = assertThrows(DBException.class, () -> parser.hosts("hosts", "contact points", "u and p"));
    assertTrue(e.getCause() instanceof IllegalArgumentException, e.toString());
    assertTrue(e.getMessage().contains("empty entry"), e.getMessage());
  }

  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(strings = {"bench:S3cr3t@127.0.0.1", "h0,bench:S3cr3t@127.0.0.2",
      ":S3cr3t@h", "u:a@S3cr3t@h", "bench@127.0.0.1", "http://u:S3cr3t@h:9042", "h1 h2", "127.0.0.1/24",
      "127.0.0.150?password=S3cr3t", "h1,h?token=S3cr3t", "h;Password=S3cr3t", "256.1.1.1", "127.0.0.150:19550",
      "1.2.3", "db..x", "-h"})
  void should_refuse_without_printing_a_password_when_a_host_is_not_a_host_name(String hosts) {
    props.setProperty("hosts", hosts);
    DBException e = assertThrows(DBException.class, () -> parser.hosts("hosts", "contact points", "u and p"));
    assertTrue(e.getCause() instanceof IllegalArgumentException, e.toString());
    assertFalse(e.getMessage().contains("S3cr3t"), e.getMessage());
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
  }

  @Test
  void should_accept_host_names_and_addresses_when_listing_contact_points() throws DBException {
    props.setProperty("hosts", " 127.0.0.1, db-2.example.org ,::1");
    assertEquals(Arrays.asList("127.0.0.1", "db-2.example.org", "::1"), parser.hosts("hosts", "c", "u and p"));
  }

  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(strings = {"127.0.0.150:19550", "db1:9042"})
  void should_name_the_port_property_when_a_contact_point_has_a_port(String hosts) {
    props.setProperty("scylla.hosts", hosts);
    DBException e = assertThrows(DBException.class, () -> parser.hosts("scylla.hosts", "contact points", "u and p"));
    assertTrue(e.getMessage().contains("scylla.hosts=") && e.getMessage().contains("as scylla.port="), e.getMessage());
  }
}
