package site.ycsb.fleet.cluster;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A temporary directory only its owner can read (mode 700 where the file system has POSIX permissions), for files
 * that may hold secrets on their way to the clients; deleted with everything in it when done.
 */
final class PrivateDirectory {
  private PrivateDirectory() {
  }

  static Path create(String prefix) throws IOException {
    if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
      return Files.createTempDirectory(prefix, PosixFilePermissions.asFileAttribute(
          PosixFilePermissions.fromString("rwx------")));
    }
    return Files.createTempDirectory(prefix);
  }

  /** Deletes the directory and its content; what cannot be deleted is left (best effort, never throws). */
  static void delete(Path dir) {
    try (Stream<Path> all = Files.walk(dir)) {
      all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // nothing more to do: the directory is private to this user
    }
  }
}
