package site.ycsb.engine;

import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.lang.management.ManagementFactory;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;

import site.ycsb.cli.UsageException;

/**
 * A run's hold on its results.dir: the file {@value #NAME}, locked by the operating system for as long as the run
 * writes there. The lock, not the file, says whether a run holds the directory: it goes with the process however the
 * process ends, so a second run started into the same directory is told "in use" only while the first still runs,
 * and a file whose lock nobody holds is what a killed run left (its partial record is refused as well, with words
 * that say so). Not thread-safe: one per run.
 */
final class ResultsDirClaim {
  /** The file a run holds (and locks) in its results.dir while it writes there. */
  static final String NAME = site.ycsb.support.RunRecords.CLAIM;

  private final File file;
  private final RandomAccessFile raf;
  private final FileLock lock;

  private ResultsDirClaim(File file, RandomAccessFile raf, FileLock lock) {
    this.file = file;
    this.raf = raf;
    this.lock = lock;
  }

  /**
   * Takes {@code dir} for this run.
   *
   * @throws UsageException if another run holds it, a killed run left its claim there, or it cannot be written
   */
  static ResultsDirClaim take(File dir) throws UsageException {
    File file = new File(dir, NAME);
    boolean fresh;
    RandomAccessFile raf = null;
    try {
      fresh = file.createNewFile();
      raf = new RandomAccessFile(file, "rw");
      FileLock lock;
      try {
        lock = raf.getChannel().tryLock();
      } catch (OverlappingFileLockException e) {
        lock = null;
      }
      if (lock == null) {
        String holder = holder(raf);
        raf.close();
        throw new UsageException("results.dir " + dir + " is in use by another run" + holder
            + ": choose a new directory");
      }
      if (!fresh) {
        String holder = holder(raf);
        lock.release();
        raf.close();
        throw new UsageException("results.dir " + dir + " holds the partial record of a run that was killed" + holder
            + " (" + NAME + "): choose a new directory, or delete that one");
      }
      FileChannel channel = raf.getChannel();
      channel.write(java.nio.ByteBuffer.wrap(("pid " + pid() + "\n").getBytes(StandardCharsets.US_ASCII)));
      channel.force(false);
      return new ResultsDirClaim(file, raf, lock);
    } catch (IOException e) {
      closeQuietly(raf);
      throw new UsageException("results.dir " + dir + " cannot be written (" + e.getMessage() + ")");
    }
  }

  /** {@code " (pid N)"} from a claim file, or nothing when it holds none. */
  private static String holder(RandomAccessFile raf) throws IOException {
    byte[] b = new byte[(int) Math.min(raf.length(), 32)];
    raf.seek(0);
    raf.readFully(b);
    String s = new String(b, StandardCharsets.US_ASCII).trim();
    return s.matches("pid \\d+") ? " (" + s + ")" : "";
  }

  private static String pid() {
    String name = ManagementFactory.getRuntimeMXBean().getName();
    int at = name.indexOf('@');
    return at > 0 ? name.substring(0, at) : "?";
  }

  /** Gives the directory up: the file goes, then the lock. Returns false if the file could not be removed. */
  boolean release() {
    boolean removed = file.delete() || !file.exists();
    try {
      lock.release();
    } catch (IOException e) {
      // The lock goes with the channel below anyway.
    }
    closeQuietly(raf);
    return removed;
  }

  private static void closeQuietly(RandomAccessFile raf) {
    if (raf != null) {
      try {
        raf.close();
      } catch (IOException e) {
        // Nothing was written that a reader needs.
      }
    }
  }
}
