package site.ycsb.testserver.cassandra;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import org.junit.jupiter.api.Test;

class CqlCodecTest {

  @Test
  void should_encode_startup_with_cql_version_when_opening_a_session() {
    ByteBuffer f = ByteBuffer.wrap(CqlCodec.startup(7));
    assertEquals(0x04, f.get());
    assertEquals(0, f.get());
    assertEquals(7, f.getShort());
    assertEquals(CqlFrame.OP_STARTUP, f.get());
    assertEquals(f.remaining() - 4, f.getInt());
    assertEquals(1, CqlCodec.readShort(f));
    assertEquals("CQL_VERSION", CqlCodec.readString(f));
    assertEquals("3.0.0", CqlCodec.readString(f));
    assertFalse(f.hasRemaining());
  }

  @Test
  void should_encode_sasl_plain_token_when_answering_authenticate() {
    ByteBuffer f = ByteBuffer.wrap(CqlCodec.authResponse(1, "cassandra", "s3cr\u00e9t"));
    f.position(4);
    assertEquals(CqlFrame.OP_AUTH_RESPONSE, f.get());
    f.getInt();
    byte[] token = CqlCodec.readBytes(f);
    byte[] expected = "\u0000cassandra\u0000s3cr\u00e9t".getBytes(StandardCharsets.UTF_8);
    assertArrayEquals(expected, token);
  }

  @Test
  void should_encode_query_string_consistency_and_no_flags_when_sending_a_statement() {
    String cql = "SELECT count(*) FROM ks.t \u2013 x";
    ByteBuffer f = ByteBuffer.wrap(CqlCodec.query(3, cql, CqlConsistency.ALL.code()));
    f.position(4);
    assertEquals(CqlFrame.OP_QUERY, f.get());
    int length = f.getInt();
    assertEquals(f.remaining(), length);
    int n = f.getInt();
    byte[] text = new byte[n];
    f.get(text);
    assertEquals(cql, new String(text, StandardCharsets.UTF_8));
    assertEquals(0x0005, f.getShort(), "ALL");
    assertEquals(0, f.get());
    assertFalse(f.hasRemaining());
  }

  @Test
  void should_read_header_and_body_when_frame_is_complete() throws IOException {
    byte[] body = {1, 2, 3};
    CqlFrame frame = CqlCodec.readFrame(new ByteArrayInputStream(response(0, 0x1234, CqlFrame.OP_RESULT, body)));
    assertEquals(CqlFrame.VERSION_RESPONSE, frame.version);
    assertEquals(0x1234, frame.stream);
    assertEquals(CqlFrame.OP_RESULT, frame.opcode);
    assertArrayEquals(body, frame.body);
  }

  @Test
  void should_fail_when_frame_is_truncated() {
    byte[] whole = response(0, 1, CqlFrame.OP_RESULT, new byte[] {1, 2, 3, 4});
    byte[] cut = Arrays.copyOf(whole, whole.length - 1);
    assertThrows(EOFException.class, () -> CqlCodec.readFrame(new ByteArrayInputStream(cut)));
  }

  @Test
  void should_reject_other_protocol_version_when_reading_a_frame() {
    byte[] frame = response(0, 1, CqlFrame.OP_RESULT, new byte[0]);
    frame[0] = (byte) 0x85;
    IOException e = assertThrows(IOException.class, () -> CqlCodec.readFrame(new ByteArrayInputStream(frame)));
    assertTrue(e.getMessage().contains("0x85"), e.getMessage());
  }

  @Test
  void should_reject_negative_body_length_when_reading_a_frame() {
    byte[] frame = response(0, 1, CqlFrame.OP_RESULT, new byte[0]);
    frame[5] = (byte) 0xFF;
    assertThrows(IOException.class, () -> CqlCodec.readFrame(new ByteArrayInputStream(frame)));
  }

  @Test
  void should_decode_count_and_warning_when_rows_result_has_warning_flag() {
    CqlCodec.Body body = new CqlCodec.Body();
    body.shortValue(1).string("Aggregation query used without partition key");
    body.intValue(CqlResult.KIND_ROWS);
    body.intValue(0x0001).intValue(1).string("ks").string("t"); // global table spec, one column
    body.string("count").shortValue(CqlResult.TYPE_BIGINT);
    body.intValue(1).bytes(ByteBuffer.allocate(8).putLong(1234567890123L).array());
    CqlResult r = CqlCodec.decodeResult(frame(CqlFrame.FLAG_WARNING, body));
    assertTrue(r.hasRows());
    assertEquals(Collections.singletonList("count"), r.columnNames());
    assertEquals(1, r.rowCount());
    assertEquals(1234567890123L, r.longValue(0, 0));
    assertEquals(Collections.singletonList("Aggregation query used without partition key"), r.warnings());
  }

  @Test
  void should_decode_text_null_and_nested_types_when_columns_have_per_column_specs() {
    CqlCodec.Body body = new CqlCodec.Body();
    body.intValue(CqlResult.KIND_ROWS);
    body.intValue(0x0002).intValue(3).bytes(new byte[] {9, 9}); // paging state present, no global spec
    body.string("ks").string("t").string("y_id").shortValue(CqlResult.TYPE_VARCHAR);
    body.string("ks").string("t").string("m").shortValue(0x0021).shortValue(0x000D).shortValue(0x0009);
    body.string("ks").string("t").string("n").shortValue(CqlResult.TYPE_INT);
    body.intValue(2);
    body.bytes("k\u00f6".getBytes(StandardCharsets.UTF_8)).bytes(new byte[] {0, 0, 0, 0})
        .bytes(new byte[] {0, 0, 0, 5});
    body.bytes("k2".getBytes(StandardCharsets.UTF_8)).bytes(null).bytes(null);
    CqlResult r = CqlCodec.decodeResult(frame(0, body));
    assertEquals(Arrays.asList("y_id", "m", "n"), r.columnNames());
    assertEquals(2, r.rowCount());
    assertEquals("k\u00f6", r.string(0, 0));
    assertEquals(5L, r.longValue(0, 2));
    assertEquals("k2", r.string(1, 0));
    assertNull(r.raw(1, 1));
    assertThrows(IllegalStateException.class, () -> r.longValue(1, 2));
    assertThrows(IllegalStateException.class, () -> r.string(0, 2));
  }

  @Test
  void should_describe_change_when_result_is_schema_change() {
    CqlCodec.Body body = new CqlCodec.Body().intValue(CqlResult.KIND_SCHEMA_CHANGE)
        .string("CREATED").string("KEYSPACE").string("ycsb");
    CqlResult r = CqlCodec.decodeResult(frame(0, body));
    assertFalse(r.hasRows());
    assertEquals("CREATED KEYSPACE ycsb", r.detail());
    assertThrows(IllegalStateException.class, () -> r.longValue(0, 0));
  }

  @Test
  void should_decode_void_and_set_keyspace_results() {
    assertNull(CqlCodec.decodeResult(frame(0, new CqlCodec.Body().intValue(CqlResult.KIND_VOID))).detail());
    assertEquals("ks", CqlCodec.decodeResult(frame(0, new CqlCodec.Body().intValue(CqlResult.KIND_SET_KEYSPACE)
        .string("ks"))).detail());
  }

  @Test
  void should_fail_clearly_when_rows_result_is_truncated() {
    CqlCodec.Body body = new CqlCodec.Body().intValue(CqlResult.KIND_ROWS).intValue(0x0001).intValue(1)
        .string("ks").string("t").string("c").shortValue(CqlResult.TYPE_BIGINT).intValue(1).intValue(8);
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> CqlCodec.decodeResult(frame(0, body)));
    assertTrue(e.getMessage().contains("truncated"), e.getMessage());
  }

  @Test
  void should_keep_server_message_and_code_when_decoding_error() {
    CqlCodec.Body body = new CqlCodec.Body().intValue(0x0100)
        .string("Provided username cassandra and/or password are incorrect");
    CqlException e = CqlCodec.decodeError(new CqlFrame(0x84, 0, 1, CqlFrame.OP_ERROR, body.toByteArray()), "login");
    assertEquals(0x0100, e.code());
    assertEquals("Provided username cassandra and/or password are incorrect", e.serverMessage());
    assertEquals("Authentication error (0x0100): Provided username cassandra and/or password are incorrect [login]",
        e.getMessage());
  }

  @Test
  void should_skip_tracing_id_and_custom_payload_when_flags_are_set() {
    byte[] tracing = new byte[16];
    Arrays.fill(tracing, (byte) 7);
    CqlCodec.Body full = new CqlCodec.Body();
    for (byte b : tracing) {
      full.byteValue(b);
    }
    full.shortValue(1).string("w");
    full.shortValue(1).string("key").bytes(new byte[] {1});
    full.intValue(CqlResult.KIND_SET_KEYSPACE).string("ks");
    int flags = CqlFrame.FLAG_TRACING | CqlFrame.FLAG_WARNING | CqlFrame.FLAG_CUSTOM_PAYLOAD;
    CqlResult r = CqlCodec.decodeResult(frame(flags, full));
    assertEquals("ks", r.detail());
    assertEquals(Collections.singletonList("w"), r.warnings());
  }

  private static CqlFrame frame(int flags, CqlCodec.Body body) {
    return new CqlFrame(CqlFrame.VERSION_RESPONSE, flags, 1, CqlFrame.OP_RESULT, body.toByteArray());
  }

  static byte[] response(int flags, int stream, int opcode, byte[] body) {
    ByteBuffer buf = ByteBuffer.allocate(9 + body.length);
    buf.put((byte) CqlFrame.VERSION_RESPONSE).put((byte) flags).putShort((short) stream).put((byte) opcode)
        .putInt(body.length).put(body);
    return buf.array();
  }
}
