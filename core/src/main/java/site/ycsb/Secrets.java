package site.ycsb;

import java.util.Properties;
import java.util.TreeMap;
import java.util.regex.Pattern;

/** Recognises secret-bearing property names so that their values never reach any output or log. */
final class Secrets {
  private static final Pattern SECRET = Pattern.compile("(?i).*(password|passwd|secret|token|credential).*");
  /** A secret-looking word and the rest of its name (letters, digits, '.', '_', '-'). */
  private static final Pattern SECRET_NAME =
      Pattern.compile("(?i)(password|passwd|secret|token|credential)[A-Za-z0-9._-]*");
  /** Characters that separate a name from its value in what users type (a path's '/' is not one). */
  private static final String VALUE_SEPARATORS = "= :\t,;";
  /** What a secret value is shown as. */
  public static final String MASK = "***";

  private Secrets() {
  }

  public static boolean isSecret(String propertyName) {
    return SECRET.matcher(propertyName).matches();
  }

  /** A sorted copy of the properties with secret values replaced by {@link #MASK}. */
  public static TreeMap<String, String> masked(Properties props) {
    TreeMap<String, String> out = new TreeMap<>();
    for (String name : props.stringPropertyNames()) {
      out.put(name, isSecret(name) ? MASK : props.getProperty(name));
    }
    return out;
  }

  /**
   * A command-line argument or any user-typed text, safe to print: whatever follows a secret-looking name is
   * replaced by {@link #MASK}, whatever the separator the user typed ({@code db.password=x}, {@code db.password x},
   * {@code db.password:x}, {@code -pdb.password=x}). A secret-looking word not followed by a separator is left
   * alone, so paths such as {@code conf/token-store/w.properties} print as typed.
   */
  public static String maskArgument(String text) {
    if (text == null) {
      return null;
    }
    java.util.regex.Matcher m = SECRET_NAME.matcher(text);
    while (m.find()) {
      int end = m.end();
      if (end < text.length() && VALUE_SEPARATORS.indexOf(text.charAt(end)) >= 0) {
        return text.substring(0, end + 1) + MASK;
      }
    }
    return text;
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
