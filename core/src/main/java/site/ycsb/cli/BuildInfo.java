package site.ycsb.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * The version and git commit this core was built from (filled in by Maven).
 *
 * <p>Immutable and thread-safe.
 */
public final class BuildInfo {
  private static final Properties INFO = load();

  private BuildInfo() {
  }

  private static Properties load() {
    Properties p = new Properties();
    try (InputStream in = BuildInfo.class.getResourceAsStream("/site/ycsb/version.properties")) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      // An unreadable resource only loses the banner's version; "unknown" is reported instead.
    }
    return p;
  }

  private static String get(String key) {
    String v = INFO.getProperty(key, "");
    return v.isEmpty() || v.startsWith("${") ? "unknown" : v;
  }

  public static String version() {
    return get("version");
  }

  public static String gitCommit() {
    return get("git.commit");
  }

  /** One line for {@code --version}: {@code YCSB <version> (commit <sha>)}. */
  public static String describe() {
    return "YCSB " + version() + " (commit " + gitCommit() + ")";
  }
}
