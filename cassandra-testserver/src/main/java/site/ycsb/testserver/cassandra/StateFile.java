package site.ycsb.testserver.cassandra;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Properties;

/** A small properties file that the CLI keeps beside its servers; replaced atomically, so never read half-written. */
final class StateFile {
  private StateFile() {
  }

  /** The properties in {@code file}, or null when there is no such file. */
  static Properties read(Path file) {
    if (!Files.isRegularFile(file)) {
      return null;
    }
    Properties state = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      state.load(in);
    } catch (IOException e) {
      throw new TestServerException("cannot read " + file + ": " + e.getMessage(), e);
    }
    return state;
  }

  static void write(Path file, Properties state, String comment) {
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    try {
      Files.createDirectories(file.toAbsolutePath().getParent());
      try (OutputStream out = Files.newOutputStream(tmp)) {
        state.store(out, comment);
      }
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new TestServerException("cannot write " + file + ": " + e.getMessage(), e);
    }
  }
}
