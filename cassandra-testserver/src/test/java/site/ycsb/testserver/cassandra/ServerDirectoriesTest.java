package site.ycsb.testserver.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServerDirectoriesTest {
  @TempDir
  Path base;

  @Test
  void should_keep_first_lock_when_leasing_a_second_directory_in_the_same_jvm() throws Exception {
    ServerDirectories.Lease first = ServerDirectories.lease(base);
    ServerDirectories.Lease second = ServerDirectories.lease(base);
    assertEquals(base.resolve("1"), first.dir());
    assertNotEquals(first.dir(), second.dir());
    // POSIX locks are per process: only another process can tell whether slot 1 is still locked.
    assertEquals(1, probeFromOtherProcess(base.resolve("1.lock")), "slot 1 must stay locked");
    assertEquals(1, probeFromOtherProcess(base.resolve("2.lock")), "slot 2 must be locked");
    Path unused = Files.createFile(base.resolve("9.lock"));
    assertEquals(0, probeFromOtherProcess(unused), "the probe must be able to lock a free file");
  }

  @Test
  void should_delete_nested_directories_and_accept_missing_one() throws IOException {
    Path dir = Files.createDirectories(base.resolve("a/b/c"));
    Files.write(dir.resolve("f"), new byte[] {1});
    ServerDirectories.deleteRecursively(base.resolve("a"));
    assertTrue(!Files.exists(base.resolve("a")));
    ServerDirectories.deleteRecursively(base.resolve("a"));
  }

  private static int probeFromOtherProcess(Path lockFile) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(Paths.get(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
        System.getProperty("java.class.path"), LockProbe.class.getName(), lockFile.toString())
        .redirectErrorStream(true).start();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "lock probe did not finish");
    return p.exitValue();
  }

  /** Exits 0 when it could lock the file, 1 when another process holds a lock on it. */
  public static final class LockProbe {
    public static void main(String[] args) throws IOException {
      try (FileChannel ch = FileChannel.open(Paths.get(args[0]), StandardOpenOption.WRITE)) {
        FileLock lock = ch.tryLock();
        System.exit(lock == null ? 1 : 0);
      }
    }
  }
}
