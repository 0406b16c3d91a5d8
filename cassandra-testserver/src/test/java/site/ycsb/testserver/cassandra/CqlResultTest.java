package site.ycsb.testserver.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Typed access to cells: collections of text (replication maps, token sets) and uuids (schema versions). */
class CqlResultTest {

  private static CqlResult oneCell(int type, byte[] cell) {
    List<byte[]> row = new ArrayList<>();
    row.add(cell);
    List<List<byte[]>> rows = new ArrayList<>();
    rows.add(row);
    return new CqlResult(CqlResult.KIND_ROWS, null, Collections.singletonList("c"), Collections.singletonList(type),
        rows, Collections.<String>emptyList());
  }

  private static byte[] collection(String... elements) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    boolean map = elements.length > 0 && elements[0].equals("MAP");
    int start = map ? 1 : 0;
    out.writeInt(map ? (elements.length - 1) / 2 : elements.length);
    for (int i = start; i < elements.length; i++) {
      byte[] b = elements[i].getBytes(StandardCharsets.UTF_8);
      out.writeInt(b.length);
      out.write(b);
    }
    return bytes.toByteArray();
  }

  @Test
  void should_decode_a_text_map_in_order_when_cell_is_a_map() throws IOException {
    CqlResult r = oneCell(CqlResult.TYPE_MAP, collection("MAP", "class",
        "org.apache.cassandra.locator.NetworkTopologyStrategy", "datacenter1", "3"));
    Map<String, String> expected = new LinkedHashMap<>();
    expected.put("class", "org.apache.cassandra.locator.NetworkTopologyStrategy");
    expected.put("datacenter1", "3");
    assertEquals(expected, r.stringMap(0, 0));
  }

  @Test
  void should_decode_text_elements_when_cell_is_a_set_or_list() throws IOException {
    assertEquals(Arrays.asList("-6148914691236517206", "\u00e9"),
        oneCell(CqlResult.TYPE_SET, collection("-6148914691236517206", "\u00e9")).stringList(0, 0));
    assertEquals(Collections.emptyList(), oneCell(CqlResult.TYPE_LIST, collection()).stringList(0, 0));
    assertEquals(Collections.emptyList(), oneCell(CqlResult.TYPE_LIST, null).stringList(0, 0));
  }

  @Test
  void should_reject_truncated_or_negative_lengths_when_collection_is_malformed() throws IOException {
    byte[] whole = collection("abc", "def");
    byte[][] malformed = {
        Arrays.copyOf(whole, whole.length - 1), Arrays.copyOf(whole, 2), ByteBuffer.allocate(4).putInt(-1).array(),
        ByteBuffer.allocate(8).putInt(1).putInt(-5).array(), ByteBuffer.allocate(8).putInt(1).putInt(100).array(),
    };
    for (byte[] cell : malformed) {
      IllegalStateException e = assertThrows(IllegalStateException.class,
          () -> oneCell(CqlResult.TYPE_SET, cell).stringList(0, 0), Arrays.toString(cell));
      assertTrue(e.getMessage().contains("malformed collection"), e.getMessage());
    }
  }

  @Test
  void should_refuse_a_collection_accessor_when_column_has_another_type() throws IOException {
    assertThrows(IllegalStateException.class, () -> oneCell(CqlResult.TYPE_VARCHAR, collection()).stringList(0, 0));
    assertThrows(IllegalStateException.class, () -> oneCell(CqlResult.TYPE_SET, collection()).stringMap(0, 0));
  }

  @Test
  void should_read_a_uuid_when_cell_is_uuid_or_timeuuid() {
    UUID id = UUID.fromString("b46949a6-3cd4-315f-b64d-55fa14496c5c");
    byte[] cell = ByteBuffer.allocate(16).putLong(id.getMostSignificantBits()).putLong(id.getLeastSignificantBits())
        .array();
    assertEquals(id, oneCell(CqlResult.TYPE_UUID, cell).uuid(0, 0));
    assertEquals(id, oneCell(CqlResult.TYPE_TIMEUUID, cell).uuid(0, 0));
    assertEquals(null, oneCell(CqlResult.TYPE_UUID, null).uuid(0, 0));
    assertThrows(IllegalStateException.class, () -> oneCell(CqlResult.TYPE_UUID, new byte[15]).uuid(0, 0));
  }
}
