package site.ycsb.generator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class IncrementingPrintableStringGeneratorTest {

  @Test
  void should_count_like_an_odometer_when_drawing() {
    IncrementingPrintableStringGenerator gen = new IncrementingPrintableStringGenerator(2, new int[] {'a', 'b', 'c'});
    assertNull(gen.lastValue());
    String[] expected = {"aa", "ab", "ac", "ba", "bb", "bc", "ca", "cb", "cc", "aa"};
    for (String e : expected) {
      assertEquals(e, gen.nextValue());
      assertEquals(e, gen.lastValue());
    }
  }

  @Test
  void should_throw_when_rollover_exceptions_are_enabled_and_all_strings_were_used() {
    IncrementingPrintableStringGenerator gen = new IncrementingPrintableStringGenerator(1, new int[] {'x', 'y'});
    gen.setThrowExceptionOnRollover(true);
    assertTrue(gen.getThrowExceptionOnRollover());
    assertEquals("x", gen.nextValue());
    assertEquals("y", gen.nextValue());
    assertThrows(NoSuchElementException.class, gen::nextValue);
  }

  @Test
  void should_use_eight_alphanumerics_when_built_with_defaults() {
    IncrementingPrintableStringGenerator gen = new IncrementingPrintableStringGenerator();
    assertEquals("00000000", gen.nextValue());
    assertEquals("00000001", gen.nextValue());
    int[] set = IncrementingPrintableStringGenerator.printableBasicAlphaNumericASCIISet();
    assertEquals(62, set.length);
    assertEquals('0', set[0]);
    assertEquals('z', set[61]);
    assertEquals(52, IncrementingPrintableStringGenerator.printableBasicAlphaASCIISet().length);
    assertEquals(95, IncrementingPrintableStringGenerator.fullPrintableBasicASCIISet().length);
    assertEquals(97, IncrementingPrintableStringGenerator.fullPrintableBasicASCIISetWithNewlines().length);
    assertTrue(IncrementingPrintableStringGenerator.printableAlphaNumericPlaneZeroSet().length > 1000);
    assertTrue(IncrementingPrintableStringGenerator.fullPrintablePlaneZeroSet().length > 10_000);
  }

  @Test
  void should_apply_the_filters_when_generating_a_character_set() {
    List<Integer> digits = IncrementingPrintableStringGenerator.generatePrintableCharacterSet('0', '9', null, false,
        null);
    assertEquals(10, digits.size());
    List<Integer> noDigits = IncrementingPrintableStringGenerator.generatePrintableCharacterSet('0', 'Z',
        java.util.Collections.singleton((int) Character.DECIMAL_DIGIT_NUMBER), false, null);
    assertTrue(noDigits.stream().noneMatch(Character::isDigit));
    assertTrue(noDigits.contains((int) 'A'));
    List<Integer> onlyDigits = IncrementingPrintableStringGenerator.generatePrintableCharacterSet('0', 'Z',
        java.util.Collections.singleton((int) Character.DECIMAL_DIGIT_NUMBER), true, null);
    assertArrayEquals(digits.toArray(), onlyDigits.toArray());
  }

  @Test
  void should_hand_out_distinct_strings_when_threads_share_it() throws Exception {
    IncrementingPrintableStringGenerator gen = new IncrementingPrintableStringGenerator(4);
    ExecutorService pool = Executors.newFixedThreadPool(4);
    List<Future<List<String>>> futures = new ArrayList<>();
    try {
      for (int t = 0; t < 4; t++) {
        futures.add(pool.submit(() -> {
          List<String> got = new ArrayList<>();
          for (int i = 0; i < 20_000; i++) {
            got.add(gen.nextValue());
          }
          return got;
        }));
      }
      Set<String> all = new HashSet<>();
      for (Future<List<String>> f : futures) {
        all.addAll(f.get());
      }
      assertEquals(80_000, all.size());
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void should_reject_the_arguments_when_they_make_no_sense() {
    assertThrows(IllegalArgumentException.class, () -> new IncrementingPrintableStringGenerator(0));
    assertThrows(IllegalArgumentException.class, () -> new IncrementingPrintableStringGenerator(3, new int[0]));
  }
}
