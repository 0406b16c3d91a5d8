package site.ycsb.cli;

import java.io.PrintStream;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

/**
 * YCSB 0.17.0 properties this engine accepts so that existing workload files still run, but which have no
 * effect here. They are named once, on one line, so a user is not misled into thinking they took effect.
 *
 * <p>Stateless and thread-safe.
 */
public final class IgnoredProperties {
  /** Prefixes of property families 0.17.0 passes to components this engine does not have (HTrace tracing). */
  private static final String[] IGNORED_PREFIXES = {"htrace."};

  private IgnoredProperties() {
  }

  /** The one-line notice for {@code props}, or null when none of them is ignored. */
  public static String notice(Properties props) {
    Set<String> found = new TreeSet<>();
    for (String name : props.stringPropertyNames()) {
      for (String prefix : IGNORED_PREFIXES) {
        if (name.startsWith(prefix)) {
          found.add(name);
        }
      }
    }
    if (found.isEmpty()) {
      return null;
    }
    return "Note: accepted for YCSB 0.17.0 compatibility but ignored (no tracing in this engine): "
        + String.join(", ", found);
  }

  /** Prints {@link #notice} on {@code out} when there is one. */
  public static void report(Properties props, PrintStream out) {
    String line = notice(props);
    if (line != null) {
      out.println(line);
    }
  }
}
