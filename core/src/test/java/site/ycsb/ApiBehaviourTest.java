package site.ycsb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import site.ycsb.workloads.CoreWorkload;

/** The binding API's observable behaviour, as bindings written for YCSB 0.17.0 rely on it. */
class ApiBehaviourTest {
  @Test
  void should_be_ok_only_for_the_ok_instances_when_statuses_are_compared() {
    assertTrue(Status.OK.isOk());
    assertTrue(Status.BATCHED_OK.isOk());
    assertFalse(new Status("OK", "The operation completed successfully.").isOk(), "identity, not equality");
    assertEquals(Status.OK, new Status("OK", "The operation completed successfully."));
    assertNotEquals(Status.OK, Status.ERROR);
    assertEquals("Status [name=NOT_FOUND, description=The requested record was not found.]",
        Status.NOT_FOUND.toString());
  }

  @Test
  void should_name_keys_as_ycsb_does_when_hashing_key_numbers() {
    assertEquals("user6284781860667377211", CoreWorkload.buildKeyName(0, 1, false));
    assertEquals("user8517097267634966620", CoreWorkload.buildKeyName(1, 1, false));
    assertEquals("user42", CoreWorkload.buildKeyName(42, 1, true));
    assertEquals("user00042", CoreWorkload.buildKeyName(42, 5, true));
    assertEquals(6284781860667377211L, Utils.fnvhash64(0));
  }

  @Test
  void should_replay_the_same_bytes_when_a_random_value_is_reset() {
    RandomByteIterator it = new RandomByteIterator(100);
    byte[] first = it.toArray();
    assertEquals(0, it.bytesLeft());
    it.reset();
    assertArrayEquals(first, it.toArray(), "a retried write resends the value it first tried");
    for (byte b : first) {
      assertTrue(b >= 32 && b < 96, "printable ASCII");
    }
    assertFalse(java.util.Arrays.equals(first, new RandomByteIterator(100).toArray()), "values differ");
  }

  @Test
  void should_return_the_original_string_when_nothing_was_consumed() {
    String s = "value";
    StringByteIterator it = new StringByteIterator(s);
    assertSame(s, it.toString());
    assertEquals("", it.toString(), "toString consumes");
    it.reset();
    assertEquals('v', (char) it.nextByte());
    assertEquals("alue", it.toString());
  }

  @Test
  void should_convert_maps_both_ways_when_using_the_static_helpers() {
    Map<String, String> strings = new HashMap<>();
    strings.put("a", "1");
    Map<String, ByteIterator> its = StringByteIterator.getByteIteratorMap(strings);
    assertEquals(strings, StringByteIterator.getStringMap(its));
  }

  @Test
  void should_copy_only_the_slice_when_iterating_a_byte_array_range() {
    ByteArrayByteIterator it = new ByteArrayByteIterator("abcdef".getBytes(), 1, 3);
    assertEquals(3, it.bytesLeft());
    assertEquals("bcd", it.toString());
    it.reset();
    assertEquals('b', (char) it.nextByte());
  }

  @Test
  void should_rewind_a_markable_stream_when_reset() {
    InputStreamByteIterator it = new InputStreamByteIterator(new ByteArrayInputStream("xyz".getBytes()), 3);
    assertEquals("xyz", it.toString());
    it.reset();
    assertEquals("xyz", it.toString());
  }

  @Test
  void should_round_trip_numbers_when_encoded_as_bytes() {
    assertEquals(-123456789L, new NumericByteIterator(-123456789L).getLong());
    assertEquals(3.25, new NumericByteIterator(3.25).getDouble());
    assertTrue(new NumericByteIterator(1.0).isFloatingPoint());
    assertThrows(IllegalStateException.class, () -> new NumericByteIterator(1L).getDouble());
  }

  @Test
  void should_not_support_next_when_iterating_bytes() {
    assertThrows(UnsupportedOperationException.class, () -> new StringByteIterator("a").next());
  }
}
