package site.ycsb.cli;

import java.util.HashMap;
import java.util.Map;

/**
 * The rule every tool ({@code suite}, {@code fleet}, {@code fleet-install}, {@code findmax}, {@code merge}, {@code
 * report}) applies to an option that takes one value: given twice, it is refused, whether the values differ or not,
 * since either silent rule (the last wins, or both apply) changes a run without a word when a script appends an
 * option to what a user typed. Options that take several values say so by not being recorded here.
 *
 * <p>One instance per command line; not thread-safe.
 */
public final class OptionsGivenOnce {
  private final Map<String, String> given = new HashMap<>();

  /**
   * Records that {@code option} was given {@code value}.
   *
   * @throws IllegalArgumentException naming the option and both values (masked, on one line) when it was given
   *     before
   */
  public void record(String option, String value) {
    String before = given.putIfAbsent(option, value);
    if (before != null) {
      throw new IllegalArgumentException(option + " is given twice ('" + shown(before) + "', then '" + shown(value)
          + "'); give it once");
    }
  }

  private static String shown(String value) {
    return Secrets.safeLine(Secrets.maskArgument(value));
  }
}
