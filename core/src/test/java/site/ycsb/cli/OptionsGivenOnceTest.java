package site.ycsb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class OptionsGivenOnceTest {
  @Test
  void should_refuse_with_both_values_when_an_option_is_given_twice() {
    OptionsGivenOnce once = new OptionsGivenOnce();
    once.record("--workloads", "load,a");
    once.record("--out", "x");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> once.record("--workloads", "c"));
    assertEquals("--workloads is given twice ('load,a', then 'c'); give it once", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> once.record("--out", "x"), "the same value twice too");
  }

  @Test
  void should_mask_secrets_and_keep_one_line_when_a_repeated_value_holds_them() {
    OptionsGivenOnce once = new OptionsGivenOnce();
    once.record("--hook-after", "curl -u a:S3cr3t@h\nx");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> once.record("--hook-after", "curl http://h/?token=S3cr3t"));
    assertFalse(e.getMessage().contains("S3cr3t"), e.getMessage());
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
  }
}
