package site.ycsb.testserver.cassandra;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Hands out server directories {@code target/cassandra-testserver/<n>} under the working directory. Each is guarded
 * by a file lock held for the life of the JVM, so parallel test JVMs in one module never share (or wipe) one.
 *
 * <p>Thread-safe: leasing a directory is synchronized.
 */
final class ServerDirectories {
  static final String BASE = "target/cassandra-testserver";
  private static final int MAX_SLOTS = 100;
  /**
   * Lock files this JVM already holds. They must not be opened again: closing any descriptor of a file releases
   * the process's POSIX lock on it, which would let another JVM take (and wipe) a directory in use.
   */
  private static final java.util.Set<Path> HELD = new java.util.HashSet<>();

  private ServerDirectories() {
  }

  static Lease leaseForTests() {
    return lease(Paths.get(System.getProperty("user.dir")).resolve(BASE));
  }

  static synchronized Lease lease(Path base) {
    try {
      Files.createDirectories(base);
      for (int n = 1; n <= MAX_SLOTS; n++) {
        Path lockFile = base.resolve(n + ".lock").toAbsolutePath().normalize();
        if (HELD.contains(lockFile)) {
          continue;
        }
        FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock lock;
        try {
          lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
          lock = null;
        }
        if (lock == null) {
          channel.close();
          continue;
        }
        HELD.add(lockFile);
        return new Lease(base.resolve(String.valueOf(n)), lock);
      }
    } catch (IOException e) {
      throw new TestServerException("cannot create server directory under " + base + ": " + e.getMessage(), e);
    }
    throw new TestServerException("all " + MAX_SLOTS + " server directories under " + base + " are in use");
  }

  /** Deletes everything below {@code dir} (and dir itself); a missing dir is fine. */
  static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    Files.walkFileTree(dir, new SimpleFileVisitor<Path>() {
      @Override
      public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
        deleteIfExists(file);
        return FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult postVisitDirectory(Path d, IOException exc) throws IOException {
        deleteIfExists(d);
        return FileVisitResult.CONTINUE;
      }
    });
  }

  private static void deleteIfExists(Path p) throws IOException {
    try {
      Files.deleteIfExists(p);
    } catch (NoSuchFileException ignored) {
      // removed concurrently, which is what we wanted
    }
  }

  /** A directory reserved for this JVM; the lock is released when the JVM exits. */
  static final class Lease {
    private final Path dir;
    @SuppressWarnings("unused") // held only to keep the lock alive
    private final FileLock lock;

    Lease(Path dir, FileLock lock) {
      this.dir = dir;
      this.lock = lock;
    }

    Path dir() {
      return dir;
    }
  }
}
