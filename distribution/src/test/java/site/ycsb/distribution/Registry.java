package site.ycsb.distribution;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Reads bin/bindings.properties and bin/tools.properties the way bin/ycsb documents them (name:class[:dir]). */
final class Registry {
  final String name;
  final String className;
  final String dir;

  private Registry(String name, String className, String dir) {
    this.name = name;
    this.className = className;
    this.dir = dir;
  }

  static List<Registry> read(Path file) throws IOException {
    List<Registry> entries = new ArrayList<>();
    for (String raw : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      String line = raw.trim();
      if (line.isEmpty() || line.startsWith("#") || line.startsWith("!")) {
        continue;
      }
      String[] fields = line.split(":", 3);
      String dir = fields.length == 3 ? fields[2] : fields[0].split("-", 2)[0] + "-binding";
      entries.add(new Registry(fields[0], fields[1], dir));
    }
    return entries;
  }
}
