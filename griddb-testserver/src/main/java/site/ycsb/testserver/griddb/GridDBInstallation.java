package site.ycsb.testserver.griddb;

import java.io.File;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * A GridDB server installation: a directory with {@code bin/gsserver}. Named by the environment variable
 * {@code YCSB_GRIDDB_HOME} (or the system property {@code ycsb.griddb.home}), e.g. a GridDB Community Edition
 * build or package ({@code /usr/griddb}); nothing of it is part of this project.
 */
public final class GridDBInstallation {
  public static final String ENV = "YCSB_GRIDDB_HOME";
  public static final String PROPERTY = "ycsb.griddb.home";

  private final Path home;

  private GridDBInstallation(Path home) {
    this.home = home;
  }

  /** The installation named by the environment, or null when none is named. */
  public static GridDBInstallation fromEnvironment() {
    String named = System.getProperty(PROPERTY);
    if (named == null || named.trim().isEmpty()) {
      named = System.getenv(ENV);
    }
    if (named == null || named.trim().isEmpty()) {
      return null;
    }
    return at(Paths.get(named.trim()));
  }

  /**
   * The installation in {@code home}.
   *
   * @throws IllegalArgumentException (one line) when it has no executable {@code bin/gsserver}
   */
  public static GridDBInstallation at(Path home) {
    File server = home.resolve("bin").resolve("gsserver").toFile();
    if (!server.isFile() || !server.canExecute()) {
      throw new IllegalArgumentException(ENV + "=" + home + " is not a GridDB installation (no executable "
          + "bin/gsserver there)");
    }
    return new GridDBInstallation(home.toAbsolutePath().normalize());
  }

  public Path home() {
    return home;
  }

  Path gsserver() {
    return home.resolve("bin").resolve("gsserver");
  }

  @Override
  public String toString() {
    return home.toString();
  }
}
