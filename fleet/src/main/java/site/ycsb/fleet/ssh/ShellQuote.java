package site.ycsb.fleet.ssh;

import java.util.List;

/**
 * Quotes arguments for a POSIX shell. ssh joins its remote arguments with blanks into one string that the remote
 * user's shell parses again, so every argument is single-quoted to arrive exactly as given.
 */
public final class ShellQuote {
  private ShellQuote() {
  }

  /** One argument, single-quoted unless it consists only of characters no shell treats specially. */
  public static String quote(String arg) {
    if (!arg.isEmpty() && arg.matches("[A-Za-z0-9_@%+=:,./-]+")) {
      return arg;
    }
    // inside single quotes nothing is special except the closing quote: end, add an escaped quote, reopen
    return "'" + arg.replace("'", "'\\''") + "'";
  }

  /** The arguments quoted and joined with single blanks. */
  public static String join(List<String> args) {
    StringBuilder sb = new StringBuilder();
    for (String a : args) {
      if (sb.length() > 0) {
        sb.append(' ');
      }
      sb.append(quote(a));
    }
    return sb.toString();
  }
}
