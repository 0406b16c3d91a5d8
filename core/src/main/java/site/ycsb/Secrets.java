package site.ycsb;

import java.util.Properties;
import java.util.TreeMap;
import java.util.regex.Pattern;

/** Recognises secret-bearing property names so that their values never reach any output or log. */
public final class Secrets {
  private static final Pattern SECRET = Pattern.compile("(?i).*(password|passwd|secret|token|credential).*");
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

  /** The command line with the values of secret {@code -p name=value} arguments masked. */
  public static String maskCommandLine(String[] args) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (i > 0 && args[i - 1].equals("-p")) {
        int eq = a.indexOf('=');
        if (eq > 0 && isSecret(a.substring(0, eq))) {
          a = a.substring(0, eq + 1) + MASK;
        }
      }
      sb.append(i == 0 ? "" : " ").append(a.indexOf(' ') >= 0 ? "\"" + a + "\"" : a);
    }
    return sb.toString();
  }
}
