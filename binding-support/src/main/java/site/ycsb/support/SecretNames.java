package site.ycsb.support;

import java.util.regex.Pattern;

/**
 * The rule for secrets: the values of secret-bearing property names (password, passwd, secret, token, credential; any
 * case), and the password of a {@code user:password@host} inside any value (a URL {@code
 * http://admin:pw@host/p.json}, a host entry {@code bench:pw@10.0.0.1}) never reach any output or log. One rule for
 * the engine, the tools and the bindings.
 *
 * <p>Stateless and thread-safe.
 */
public final class SecretNames {
  /** The words that make a name secret, as a regular-expression alternation (for finding them inside text). */
  public static final String WORDS = "password|passwd|secret|token|credential";
  private static final Pattern SECRET = Pattern.compile("(?i).*(" + WORDS + ").*");
  /** What a secret value is shown as. */
  public static final String MASK = "***";

  private SecretNames() {
  }

  public static boolean isSecret(String propertyName) {
    return SECRET.matcher(propertyName).matches();
  }

  /**
   * The value as it may be printed next to its name: {@link #MASK} when the name looks secret, else the value with the
   * secrets inside it masked ({@link #maskText}): the password of any {@code user:password@}, and a secret-named
   * parameter such as the {@code password=S} of {@code jdbc:x://h/db?user=u&password=S}.
   */
  public static String shown(String propertyName, String value) {
    return isSecret(propertyName) ? MASK : maskText(value);
  }

  /**
   * {@code user:password@} (the user may be empty, the password holds no blank, '/', ',', ';' or quote; the last
   * '@' before the host ends it, so a password may hold '@'): in a URL after {@code scheme://}, in a host entry, in a
   * list of them.
   */
  private static final Pattern CREDENTIALS = Pattern.compile("([^\\s:/@,;'\"=<>()\\[\\]]*:)([^\\s/,;'\"]+)@");

  /**
   * Text with the password of every {@code user:password@host} in it replaced by {@link #MASK}: {@code
   * http://admin:pw@10.0.0.1/p.json} becomes {@code http://admin:***@10.0.0.1/p.json}, {@code bench:pw@h1,bench:pw@h2}
   * becomes {@code bench:***@h1,bench:***@h2}; {@code user@host:port} (no password) is unchanged.
   */
  public static String maskCredentials(String text) {
    if (text == null || text.indexOf('@') < 0) {
      return text;
    }
    return CREDENTIALS.matcher(text).replaceAll("$1" + java.util.regex.Matcher.quoteReplacement(MASK) + "@");
  }

  /** In prose: a secret-looking name, '=' or ':', and the value up to a blank, quote or closing bracket. */
  private static final Pattern SECRET_IN_TEXT = Pattern.compile("(?i)((?:" + WORDS
      + ")[A-Za-z0-9._-]*\\s*[=:]\\s*)([^\\s'\",;)\\]]+)");

  /**
   * A message that quotes user input somewhere inside it (a path such as {@code /x/password=...}, a value in an
   * explanation), safe to print: every {@code name=value} or {@code name: value} whose name looks secret has its
   * value replaced by {@link #MASK}, and so is the password of every {@code user:password@host} ({@link
   * #maskCredentials}); the rest of the message is kept, unlike site.ycsb.cli.Secrets.maskArgument.
   */
  public static String maskText(String text) {
    return text == null ? null : maskCredentials(
        SECRET_IN_TEXT.matcher(text).replaceAll("$1" + java.util.regex.Matcher.quoteReplacement(MASK)));
  }

  /**
   * A message that quotes what the user typed, fit to print as one line: secret-looking {@code name=value}s masked
   * ({@link #maskText}), and a newline or other control character in it (a path, a label) shown as a Java escape,
   * since it would split the line into what look like separate messages. For the engine's and every tool's errors.
   */
  public static String safeLine(String text) {
    if (text == null) {
      return null;
    }
    String masked = maskText(text);
    StringBuilder sb = null;
    for (int i = 0; i < masked.length(); i++) {
      char c = masked.charAt(i);
      if (c < 0x20 || c == 0x7f) {
        if (sb == null) {
          sb = new StringBuilder(masked.length() + 8).append(masked, 0, i);
        }
        sb.append(c == '\n' ? "\\n" : c == '\r' ? "\\r" : c == '\t' ? "\\t" : String.format("\\u%04x", (int) c));
      } else if (sb != null) {
        sb.append(c);
      }
    }
    return sb == null ? masked : sb.toString();
  }
}
