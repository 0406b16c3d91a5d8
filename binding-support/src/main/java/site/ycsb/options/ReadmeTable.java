package site.ycsb.options;

/**
 * An {@link OptionSet}'s table in a README: between the lines {@value #BEGIN} and {@value #END}, so that a test can
 * check that the README says what the declarations say, and rewrite it when they changed.
 *
 * <p>Stateless and thread-safe.
 */
public final class ReadmeTable {
  /** The line before the table. */
  public static final String BEGIN = "<!-- options: generated from the declarations, do not edit by hand -->";
  /** The line after the table. */
  public static final String END = "<!-- options: end -->";

  private ReadmeTable() {
  }

  /** The text between the markers in {@code readme} (the table as it is), or null when the markers are missing. */
  public static String in(String readme) {
    int begin = readme.indexOf(BEGIN);
    int end = readme.indexOf(END);
    if (begin < 0 || end < begin) {
      return null;
    }
    return readme.substring(begin + BEGIN.length() + 1, end);
  }

  /**
   * Whether the README at {@code readme} has {@code table} between its markers: null when it has, else a one-line
   * message saying how to regenerate it. With {@code rewrite} (a test run with {@code -Doptions.readme.write=true}),
   * a README that differs is rewritten with the table, and null is returned.
   */
  public static String check(java.nio.file.Path readme, String table, boolean rewrite) throws java.io.IOException {
    String text = new String(java.nio.file.Files.readAllBytes(readme), java.nio.charset.StandardCharsets.UTF_8);
    if (table.equals(in(text))) {
      return null;
    }
    if (rewrite) {
      java.nio.file.Files.write(readme, with(text, table).getBytes(java.nio.charset.StandardCharsets.UTF_8));
      return null;
    }
    return readme + "'s option table differs from the declarations; regenerate it with -Doptions.readme.write=true "
        + "(see the README's Properties section)";
  }

  /** {@code readme} with {@code table} between the markers (which must be there). */
  public static String with(String readme, String table) {
    int begin = readme.indexOf(BEGIN);
    int end = readme.indexOf(END);
    if (begin < 0 || end < begin) {
      throw new IllegalArgumentException("the README has no lines " + BEGIN + " ... " + END);
    }
    return readme.substring(0, begin + BEGIN.length()) + "\n" + table + readme.substring(end);
  }
}
