package site.ycsb.db.griddb;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Unit tests of the table schema, its comparison with existing containers, key order and the scan SQL text. */
class SchemaAndSqlTest {

  @Test
  void should_name_columns_from_fieldcount_and_prefix() {
    TableSchema s = new TableSchema(3, "f_");
    assertEquals(Arrays.asList("ycsb_key", "f_0", "f_1", "f_2"), s.columns());
    assertEquals(2, s.indexOf("f_1"));
    assertEquals(-1, s.indexOf("field1"));
  }

  @Test
  void should_accept_an_existing_container_when_its_schema_matches_ignoring_name_case() {
    TableSchema s = new TableSchema(2, "field");
    assertNull(s.mismatch(new ContainerSchema("COLLECTION", true, Arrays.asList("YCSB_KEY", "field0", "Field1"),
        Collections.nCopies(3, "STRING"))));
  }

  @Test
  void should_say_what_differs_when_an_existing_container_has_another_schema() {
    TableSchema s = new TableSchema(2, "field");
    assertTrue(s.mismatch(new ContainerSchema("TIME_SERIES", true, s.columns(), Collections.nCopies(3, "STRING")))
        .contains("TIME_SERIES"));
    assertTrue(s.mismatch(new ContainerSchema("COLLECTION", false, s.columns(), Collections.nCopies(3, "STRING")))
        .contains("no row key"));
    List<String> types = new ArrayList<>(Collections.nCopies(3, "STRING"));
    types.set(2, "BLOB");
    String m = s.mismatch(new ContainerSchema("COLLECTION", true, s.columns(), types));
    assertTrue(m.contains("field1 BLOB") && m.contains("field1 STRING"), m);
  }

  @Test
  void should_order_keys_by_code_point_when_comparing() {
    assertTrue(KeyOrder.compare("user1", "user10") < 0);
    assertTrue(KeyOrder.compare("user10", "user2") < 0);
    assertEquals(0, KeyOrder.compare("a", "a"));
    // U+FFFD sorts before U+1F600 by code point although its UTF-16 unit is larger than a surrogate.
    assertTrue(KeyOrder.compare("\uFFFD", "\uD83D\uDE00") < 0);
    assertTrue("\uFFFD".compareTo("\uD83D\uDE00") > 0);
  }

  @Test
  void should_build_a_quoted_range_query_with_a_literal_limit() {
    TableSchema s = new TableSchema(3, "field");
    assertEquals("SELECT \"ycsb_key\", \"field0\", \"field2\" FROM \"usertable_7\" WHERE \"ycsb_key\" >= ?"
        + " ORDER BY \"ycsb_key\" ASC LIMIT 12", SqlRangeReader.sql(s, "usertable_7", true, 12, new int[] {1, 3}));
    assertTrue(SqlRangeReader.sql(s, "t_1", false, 5, new int[] {2}).contains("\"ycsb_key\" > ?"));
  }
}
