package site.ycsb.db.griddb;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ScanOrderTest {
  private static String randomKey(Random r) {
    StringBuilder sb = new StringBuilder();
    int len = r.nextInt(14);
    for (int i = 0; i < len; i++) {
      int kind = r.nextInt(10);
      // Mostly printable ASCII, some control characters, some non-ASCII (2-, 3- and 4-byte UTF-8).
      int cp = kind < 6 ? 32 + r.nextInt(95) : kind == 6 ? r.nextInt(32) : kind == 7 ? 0x80 + r.nextInt(0x700)
          : kind == 8 ? 0x800 + r.nextInt(0xd000) : 0x10000 + r.nextInt(0x1000);
      sb.appendCodePoint(cp);
    }
    return sb.toString();
  }

  @Test
  void should_never_decrease_when_keys_increase_in_code_point_order() {
    Random r = new Random(11);
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < 20_000; i++) {
      keys.add(randomKey(r));
    }
    keys.add("user");
    keys.add("user\u007f");
    keys.add("user\u0080");
    keys.add("user\u007f\u007f\u007f\u007f\u007f\u007f");
    keys.sort(KeyOrder.BY_CODE_POINT);
    for (int i = 1; i < keys.size(); i++) {
      assertTrue(ScanOrder.of(keys.get(i - 1)) <= ScanOrder.of(keys.get(i)),
          keys.get(i - 1) + " vs " + keys.get(i));
    }
  }

  @Test
  void should_tell_apart_ascii_keys_that_differ_in_their_first_nine_characters() {
    assertTrue(ScanOrder.of("user12345") < ScanOrder.of("user12346"));
    assertTrue(ScanOrder.of("user1") < ScanOrder.of("user10"));
    assertEquals(ScanOrder.of("user123456"), ScanOrder.of("user123457"));
    assertTrue(ScanOrder.of("") == 0 && ScanOrder.of("\u00ff") > ScanOrder.of("~~~~~~~~~~"));
    assertTrue(ScanOrder.of("\u00ff\u00ff") >= 0, "fits in 63 bits");
  }
}
