package site.ycsb.db.cql;

/**
 * Checks names that are pasted into CQL text (table and field names come from the workload, unquoted).
 *
 * <p>Stateless and thread-safe.
 */
public final class Identifiers {
  private Identifiers() {
  }

  /** True for a non-empty name of ASCII letters, digits and underscores that does not start with a digit. */
  public static boolean isPlain(String name) {
    if (name == null || name.isEmpty() || Character.isDigit(name.charAt(0))) {
      return false;
    }
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
      if (!ok) {
        return false;
      }
    }
    return true;
  }
}
