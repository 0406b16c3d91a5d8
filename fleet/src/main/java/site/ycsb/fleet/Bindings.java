package site.ycsb.fleet;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The binding names the launcher knows (bin/bindings.properties and drop-in {@code <dir>/binding.properties}), so
 * that a misspelt binding is refused before any phase or client starts.
 */
public final class Bindings {
  private Bindings() {
  }

  static Set<String> known(Path home) throws IOException {
    Set<String> names = new LinkedHashSet<>();
    List<Path> files = new ArrayList<>();
    files.add(home.resolve("bin/bindings.properties"));
    try (DirectoryStream<Path> dirs = Files.newDirectoryStream(home)) {
      for (Path d : dirs) {
        files.add(d.resolve("binding.properties"));
      }
    }
    for (Path f : files) {
      if (!Files.isRegularFile(f)) {
        continue;
      }
      for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
        String t = line.trim();
        if (t.isEmpty() || t.startsWith("#") || t.startsWith("!") || t.indexOf(':') <= 0) {
          continue;
        }
        names.add(t.substring(0, t.indexOf(':')));
      }
    }
    return names;
  }

  /** Throws a one-line error naming the known bindings when {@code binding} is not one of them. */
  public static void check(Path home, String binding) throws UsageException {
    Set<String> names;
    try {
      names = known(home);
    } catch (IOException e) {
      return; // the launcher will say what is wrong
    }
    if (!names.isEmpty() && !names.contains(binding)) {
      throw new UsageException("unknown binding '" + binding + "'; known bindings: " + String.join(" ", names));
    }
  }
}
