package site.ycsb.fleet;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/** Finds the YCSB directory (the one holding bin/ycsb) of this installation or source checkout. */
public final class YcsbHome {
  private YcsbHome() {
  }

  /**
   * {@code --ycsb-home}, else {@code YCSB_HOME}, else the directory three levels above this jar
   * ({@code <home>/fleet/lib/fleet.jar} in the tarball, {@code <checkout>/fleet/target/fleet.jar} in a checkout).
   */
  public static Path find(Path option) throws UsageException {
    if (option != null) {
      return check(option, "--ycsb-home");
    }
    String env = System.getenv("YCSB_HOME");
    if (env != null && !env.isEmpty()) {
      return check(Paths.get(env), "YCSB_HOME");
    }
    try {
      Path jar = Paths.get(YcsbHome.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      Path home = jar.getParent() == null ? null : jar.getParent().getParent();
      home = home == null ? null : home.getParent();
      if (home != null && Files.isRegularFile(home.resolve("bin/ycsb"))) {
        return home.toAbsolutePath().normalize();
      }
    } catch (URISyntaxException | SecurityException | NullPointerException e) {
      // fall through to the message below
    }
    throw new UsageException("cannot find the YCSB directory (with bin/ycsb); give --ycsb-home DIR or set YCSB_HOME");
  }

  private static Path check(Path home, String from) throws UsageException {
    if (!Files.isRegularFile(home.resolve("bin/ycsb"))) {
      throw new UsageException(from + " " + home + " has no bin/ycsb");
    }
    return home.toAbsolutePath().normalize();
  }
}
