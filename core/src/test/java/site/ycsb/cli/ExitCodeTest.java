package site.ycsb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** The exit codes in words, as the tools print them for an engine that ended. */
class ExitCodeTest {
  private static final int[] KNOWN = {ExitCode.OK, ExitCode.RUN_FAILED, ExitCode.USAGE, ExitCode.INIT_FAILED,
      ExitCode.ERRORS_OVER_BUDGET, ExitCode.INTERRUPTED_SIGINT, ExitCode.INTERRUPTED_SIGTERM,
      ExitCode.INTERRUPTED_SIGHUP};

  @Test
  void should_describe_every_known_code_in_its_own_words_when_asked() {
    Set<String> words = new HashSet<>();
    for (int code : KNOWN) {
      String d = ExitCode.describe(code);
      assertNotEquals("unexpected exit code", d, "code " + code);
      assertTrue(words.add(d), "two codes share the words '" + d + "'");
    }
    assertTrue(ExitCode.describe(ExitCode.ERRORS_OVER_BUDGET).contains("errors.budget"));
    assertEquals("interrupted by SIGINT", ExitCode.describe(130));
    assertEquals("interrupted by SIGTERM", ExitCode.describe(143));
    assertEquals("interrupted by SIGHUP", ExitCode.describe(129));
  }

  @Test
  void should_call_a_code_unexpected_when_it_is_none_of_the_documented_ones() {
    for (int code : new int[] {-1, 5, 127, 128, 131, 137, 255, 256}) {
      assertEquals("unexpected exit code", ExitCode.describe(code), "code " + code);
    }
  }
}
