package site.ycsb.engine;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.file.Path;

import site.ycsb.cli.UsageException;
import site.ycsb.support.RunRecords;

/**
 * The files a run will write outside its {@code results.dir}, proved writable before the run starts: an output found
 * unwritable mid-run fails a client thread (a stack trace, exit 1) and one found at the end loses what was measured.
 * Used for {@code exportfile}, {@code measurement.raw.output_file} and the {@code hdrhistogram.output.path} prefix.
 *
 * <p>Stateless and thread-safe.
 */
final class WritableOutputs {
  private WritableOutputs() {
  }

  /**
   * Refuses a file {@code property} names that cannot be written: a directory, a kernel file under /proc or /sys, no
   * permission, a directory that does not exist, a read-only mount. Creating the file is the test that counts (a new
   * file is removed again; an existing regular one is opened for appending, nothing written; a FIFO or device is not
   * opened here, as opening one can block until a reader comes).
   */
  static void file(String property, File f) throws UsageException {
    String what = property + " " + f;
    if (f.isDirectory()) {
      throw new UsageException(what + " is a directory");
    }
    refuseKernelFile(what, f);
    if (f.exists() ? !f.canWrite() : !isWritableDirectory(f.getAbsoluteFile().getParentFile())) {
      throw new UsageException(what + " cannot be written (" + (f.exists() ? "no write permission"
          : "its directory does not exist or is not writable") + ")");
    }
    try {
      if (!f.exists()) {
        if (!f.createNewFile() || !f.delete()) {
          throw new IOException("could not create and remove it");
        }
      } else if (f.isFile()) {
        new FileOutputStream(f, true).close();
      }
    } catch (IOException e) {
      throw new UsageException(what + " cannot be written (" + e.getMessage() + ")");
    }
  }

  /**
   * Refuses a file-name prefix {@code property} names ({@code hdrhistogram.output.path}: each log is {@code
   * <prefix><OPERATION>.hdr}, its missing directories created) whose files could not be created: the nearest
   * existing directory on the way must be one this process can create files in, proved by creating one there.
   */
  static void prefix(String property, String prefix) throws UsageException {
    String what = property + " " + (prefix.isEmpty() ? "(the working directory)" : prefix);
    File dir = new File(prefix + "READ.hdr").getAbsoluteFile().getParentFile();
    File existing = dir;
    while (existing != null && !existing.exists()) {
      existing = existing.getParentFile();
    }
    if (existing == null || !existing.isDirectory()) {
      throw new UsageException(what + " cannot be written (" + existing + " is not a directory; a directory prefix"
          + " needs a trailing /)");
    }
    refuseKernelFile(what, existing);
    try {
      File probe = File.createTempFile(".ycsb-write-check", ".tmp", existing);
      if (!probe.delete()) {
        throw new IOException("could not remove " + probe);
      }
    } catch (IOException | SecurityException e) {
      throw new UsageException(what + " cannot be written (" + existing + ": " + e.getMessage() + ")");
    }
  }

  private static void refuseKernelFile(String what, File f) throws UsageException {
    Path real = RunRecords.realPath(f.toPath());
    if (f.exists() && (real.startsWith("/proc") || real.startsWith("/sys"))) {
      // root may open these for writing: the results would go into a kernel setting, or be lost
      throw new UsageException(what + " is a kernel file (" + real.getName(0) + "), not a results file");
    }
  }

  private static boolean isWritableDirectory(File dir) {
    return dir != null && dir.isDirectory() && dir.canWrite();
  }
}
