package site.ycsb.db.cql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

import org.junit.jupiter.api.Test;

import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.RandomByteIterator;
import site.ycsb.StringByteIterator;

class ValuesTest {
  @Test
  void should_keep_the_real_values_when_the_materialised_map_is_used_twice() {
    Map<String, ByteIterator> values = new HashMap<>();
    values.put("field1", new RandomByteIterator(50));
    values.put("field0", new StringByteIterator("héllo"));
    SortedMap<String, String> first = Values.materialise(values);
    // The iterators are now consumed: materialising them again yields empty strings, the defect a retry
    // that re-reads the iterators would have.
    SortedMap<String, String> again = Values.materialise(values);
    assertEquals(50, first.get("field1").length());
    assertEquals("héllo", first.get("field0"));
    assertEquals("", again.get("field1"));
    assertEquals(java.util.Arrays.asList("field0", "field1"), new ArrayList<>(first.keySet()));
  }

  @Test
  void should_decode_bytes_as_utf8_and_keep_nulls_when_materialising() {
    Map<String, ByteIterator> values = new HashMap<>();
    values.put("a", new ByteArrayByteIterator("żółw".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    values.put("b", null);
    SortedMap<String, String> out = Values.materialise(values);
    assertEquals("żółw", out.get("a"));
    assertNull(out.get("b"));
    assertEquals(2, out.size());
  }
}
