package site.ycsb.db.griddb;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Unit tests of the routing formula and of the evenness of its spread. */
class ContainerRouterTest {

  /** Keys as YCSB's CoreWorkload names them: "user" + FNV-hashed (default) or sequential numbers. */
  private static String ycsbKey(long keynum, boolean ordered) {
    if (ordered) {
      return "user" + keynum;
    }
    long h = 0xCBF29CE484222325L;
    long v = keynum;
    for (int i = 0; i < 8; i++) {
      h ^= v & 0xff;
      h *= 1099511628211L;
      v >>= 8;
    }
    return "user" + Math.abs(h);
  }

  private static List<String> names(int c) {
    List<String> n = new ArrayList<>();
    for (int i = 0; i < c; i++) {
      n.add("t_" + i);
    }
    return n;
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 7, 64, 128, 1000})
  void should_spread_keys_evenly_when_keys_are_sequential_or_hashed(int containers) {
    for (boolean ordered : new boolean[] {true, false}) {
      int keys = containers * 1000;
      int[] counts = new int[containers];
      for (long k = 0; k < keys; k++) {
        counts[ContainerRouter.indexOf(ycsbKey(k, ordered), containers)]++;
      }
      // Chi-square with C-1 degrees of freedom: mean C-1, sd sqrt(2(C-1)); allow 6 sd.
      double expected = keys / (double) containers;
      double chi = 0;
      int min = Integer.MAX_VALUE;
      int max = 0;
      for (int n : counts) {
        chi += (n - expected) * (n - expected) / expected;
        min = Math.min(min, n);
        max = Math.max(max, n);
      }
      double limit = (containers - 1) + 6 * Math.sqrt(2.0 * Math.max(1, containers - 1));
      assertTrue(chi <= limit, "ordered=" + ordered + " chi2=" + chi + " > " + limit);
      assertTrue(min >= expected * 0.8 && max <= expected * 1.2,
          "ordered=" + ordered + " min=" + min + " max=" + max + " expected=" + expected);
    }
  }

  @Test
  void should_follow_the_documented_formula_when_routing() {
    String key = "user6284781860667377211";
    long h = 0xcbf29ce484222325L;
    for (byte b : key.getBytes(StandardCharsets.UTF_8)) {
      h ^= b & 0xff;
      h *= 0x100000001b3L;
    }
    h ^= h >>> 33;
    h *= 0xff51afd7ed558ccdL;
    h ^= h >>> 33;
    h *= 0xc4ceb9fe1a85ec53L;
    h ^= h >>> 33;
    int expected = (int) Long.remainderUnsigned(h, 128);
    ContainerRouter r = new ContainerRouter(names(128));
    assertEquals(expected, r.indexOf(key));
    assertEquals("t_" + expected, r.containerOf(key));
  }

  @Test
  void should_match_the_published_fnv1a_vector_when_hashing() {
    // FNV-1a 64 of "a" is 0xaf63dc4c8601ec8c (reference test vector).
    assertEquals(0xaf63dc4c8601ec8cL, ContainerRouter.fnv1a64("a".getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void should_route_every_key_to_the_only_container_when_there_is_one() {
    ContainerRouter r = new ContainerRouter(names(1));
    assertEquals("t_0", r.containerOf("anything"));
  }
}
