package site.ycsb.testserver.cassandra;

import java.io.PrintStream;
import java.util.regex.Pattern;

/**
 * A stream for the command-line tool's messages that masks the password of every {@code user:password@host} in a
 * printed line (the tool echoes the paths and settings it was given, and a URL with a password pasted there must not
 * end up in a terminal or a CI log). The same rule as the engine's (binding-support's SecretNames), which this
 * module does not depend on.
 */
final class MaskedLines extends PrintStream {
  private static final Pattern CREDENTIALS = Pattern.compile("([^\\s:/@,;'\"=<>()\\[\\]]*:)([^\\s/,;'\"]+)@");

  MaskedLines(PrintStream target) {
    super(target, true);
  }

  /** {@code line} with the password of every {@code user:password@host} replaced by {@code ***}. */
  static String mask(String line) {
    return line == null || line.indexOf('@') < 0 ? line : CREDENTIALS.matcher(line).replaceAll("$1***@");
  }

  @Override
  public void println(String line) {
    super.println(mask(line));
  }

  @Override
  public void print(String text) {
    super.print(mask(text));
  }
}
