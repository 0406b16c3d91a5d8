package site.ycsb.support;

import java.io.PrintStream;

/**
 * A stream for the command-line tool's messages that masks the password of every {@code user:password@host} in a
 * printed line (the tool echoes the paths and settings it was given, and a URL with a password pasted there must not
 * end up in a terminal or a CI log), by {@link SecretNames#maskCredentials}'s rule. Used by the local servers'
 * command-line tools. Thread-safe as {@link PrintStream} is.
 */
public final class MaskedLines extends PrintStream {
  /** A stream that prints to {@code target}, masked, flushing at every line. */
  public MaskedLines(PrintStream target) {
    super(target, true);
  }

  /** {@code line} with the password of every {@code user:password@host} replaced by {@code ***}. */
  static String mask(String line) {
    return SecretNames.maskCredentials(line);
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
