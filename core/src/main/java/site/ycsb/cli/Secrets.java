package site.ycsb.cli;

import java.util.Properties;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Recognises secret-bearing property names so that their values never reach any output or log. Shared by the
 * engine and the tools that write what the user typed (fleet keeps masked copies of the -P files it sends).
 *
 * <p>Stateless and thread-safe.
 */
public final class Secrets {
  /** A secret-looking word and the rest of its name (letters, digits, '.', '_', '-'). */
  private static final Pattern SECRET_NAME =
      Pattern.compile("(?i)(" + site.ycsb.support.SecretNames.WORDS + ")[A-Za-z0-9._-]*");
  /** Characters that separate a name from its value in what users type (a path's '/' is not one). */
  private static final String VALUE_SEPARATORS = "= :\t,;";
  /** What a secret value is shown as. */
  public static final String MASK = site.ycsb.support.SecretNames.MASK;

  private Secrets() {
  }

  public static boolean isSecret(String propertyName) {
    return site.ycsb.support.SecretNames.isSecret(propertyName);
  }

  /**
   * A sorted copy of the properties with secret values replaced by {@link #MASK}, and the password of any {@code
   * user:password@host} in other values too.
   */
  public static TreeMap<String, String> masked(Properties props) {
    TreeMap<String, String> out = new TreeMap<>();
    for (String name : props.stringPropertyNames()) {
      out.put(name, site.ycsb.support.SecretNames.shown(name, props.getProperty(name)));
    }
    return out;
  }

  /**
   * A command-line argument or any user-typed text, safe to print: whatever follows a secret-looking name is
   * replaced by {@link #MASK}, whatever the separator the user typed ({@code db.password=x}, {@code db.password x},
   * {@code db.password:x}, {@code -pdb.password=x}). A secret-looking word not followed by a separator is left
   * alone, so paths such as {@code conf/token-store/w.properties} print as typed. The password of a {@code
   * user:password@host} anywhere in it is masked too ({@link site.ycsb.support.SecretNames#maskCredentials}).
   */
  public static String maskArgument(String text) {
    if (text == null) {
      return null;
    }
    java.util.regex.Matcher m = SECRET_NAME.matcher(text);
    while (m.find()) {
      int end = m.end();
      if (end < text.length() && VALUE_SEPARATORS.indexOf(text.charAt(end)) >= 0) {
        return site.ycsb.support.SecretNames.maskCredentials(text.substring(0, end + 1)) + MASK;
      }
    }
    return site.ycsb.support.SecretNames.maskCredentials(text);
  }

  /** See {@link site.ycsb.support.SecretNames#maskText}. */
  public static String maskText(String text) {
    return site.ycsb.support.SecretNames.maskText(text);
  }

  /** See {@link site.ycsb.support.SecretNames#safeLine}. */
  public static String safeLine(String text) {
    return site.ycsb.support.SecretNames.safeLine(text);
  }

  /**
   * A property file's text, safe to keep in a result directory: on every line whose key looks secret, the value
   * is replaced by {@link #MASK} (whatever separator the file uses), and so is a secret in a comment; on other lines
   * only the password of a {@code user:password@host} is masked.
   * Continuation lines of a masked value are dropped with it.
   */
  public static String maskPropertiesText(String text) {
    StringBuilder out = new StringBuilder();
    boolean dropping = false;
    for (String line : text.split("\r?\n", -1)) {
      String t = line.trim();
      if (dropping) {
        dropping = endsWithContinuation(t);
        continue;
      }
      if (!t.isEmpty() && (t.charAt(0) == '#' || t.charAt(0) == '!')) {
        out.append(maskArgument(line)).append('\n'); // a commented-out secret is still a secret
        continue;
      }
      if (!t.isEmpty()) {
        int sep = 0;
        while (sep < t.length() && VALUE_SEPARATORS.indexOf(t.charAt(sep)) < 0) {
          sep++;
        }
        if (isSecret(t.substring(0, sep))) {
          // keep the line as written up to the value: key, blanks, one '=' or ':', blanks
          int value = sep;
          while (value < t.length() && (t.charAt(value) == ' ' || t.charAt(value) == '\t')) {
            value++;
          }
          if (value < t.length() && (t.charAt(value) == '=' || t.charAt(value) == ':')) {
            value++;
          }
          while (value < t.length() && (t.charAt(value) == ' ' || t.charAt(value) == '\t')) {
            value++;
          }
          out.append(line, 0, line.indexOf(t.charAt(0))).append(t, 0, value).append(MASK).append('\n');
          dropping = endsWithContinuation(t);
          continue;
        }
      }
      out.append(site.ycsb.support.SecretNames.maskText(line)).append('\n');
    }
    return out.substring(0, Math.max(0, out.length() - 1));
  }

  private static boolean endsWithContinuation(String line) {
    int backslashes = 0;
    for (int i = line.length() - 1; i >= 0 && line.charAt(i) == '\\'; i--) {
      backslashes++;
    }
    return backslashes % 2 == 1;
  }

  /** The command line with every argument passed through {@link #maskArgument}, quoted when it has blanks. */
  public static String maskCommandLine(String[] args) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < args.length; i++) {
      String a = maskArgument(args[i]);
      sb.append(i == 0 ? "" : " ").append(a.indexOf(' ') >= 0 ? "\"" + a + "\"" : a);
    }
    return sb.toString();
  }
}
