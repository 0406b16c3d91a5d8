package site.ycsb.support;

import java.util.regex.Pattern;

/**
 * The rule for secret-bearing property names (password, passwd, secret, token, credential; any case): their values
 * never reach any output or log. One rule for the engine and the bindings.
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

  /** The value as it may be printed next to its name: {@link #MASK} when the name looks secret. */
  public static String shown(String propertyName, String value) {
    return isSecret(propertyName) ? MASK : value;
  }
}
