package site.ycsb.engine;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;

import site.ycsb.cli.UsageException;
import site.ycsb.output.RecordFiles;

/**
 * The {@code results.dir} of one run, from the check before anything starts to the end of the run: refused when it
 * holds a result or cannot be created, created and claimed ({@link ResultsDirClaim}) before the threads start,
 * released at the end, and removed again when the run never started (nothing measured, nothing to keep). A run
 * without {@code results.dir} gets an instance that does nothing.
 *
 * <p>Not thread-safe: used by the run's main thread, and by a signal handler only once that thread has stopped
 * using it ({@link Interruption#beforeRun}).
 */
final class ResultsDirectory {
  private final File dir;
  /** Whether this run created the directory (so that a run that never started can remove it again). */
  private boolean created;
  /** This run's hold on the directory, released when it ends. */
  private ResultsDirClaim claim;

  ResultsDirectory(File dir) {
    this.dir = dir;
  }

  /** Refuses a directory that holds a result or cannot be created, without creating anything yet. */
  void check() throws UsageException {
    if (dir == null) {
      return;
    }
    if (new File(dir, RecordFiles.SUMMARY).exists()) {
      throw new UsageException("results.dir " + dir + " already holds a result (summary.json); choose a new "
          + "directory so that no result is overwritten");
    }
    // a record nested in another run's (also through a symbolic link) would be read again as part of it
    String inside = site.ycsb.support.RunRecords.insideAnotherRecord("results.dir " + dir, dir.toPath());
    if (inside != null) {
      throw new UsageException(inside);
    }
    if (dir.exists() && (!dir.isDirectory() || !dir.canWrite())) {
      throw new UsageException("results.dir " + dir
          + (dir.isDirectory() ? " is not writable" : " is not a directory"));
    }
    File existing = dir.getAbsoluteFile();
    while (existing != null && !existing.exists()) {
      existing = existing.getParentFile();
    }
    if (existing == null || !existing.isDirectory() || !existing.canWrite()) {
      throw new UsageException("results.dir " + dir + " cannot be created (" + existing + " is not a writable "
          + "directory)");
    }
  }

  /** Creates the directory if needed and claims it for this run. */
  void prepare() throws UsageException {
    if (dir == null) {
      return;
    }
    if (!dir.isDirectory()) {
      if (!dir.mkdirs()) {
        throw new UsageException("results.dir " + dir + " cannot be created");
      }
      created = true;
    }
    // Two runs started into one directory both passed the summary.json check and wrote into each other's files.
    try {
      claim = ResultsDirClaim.take(dir);
    } catch (UsageException e) {
      if (created) {
        dir.delete();
      }
      throw e;
    }
  }

  /** A new file of the run's record in the directory, or null without {@code results.dir}. */
  Writer writer(String name) throws IOException {
    if (dir == null) {
      return null;
    }
    return new OutputStreamWriter(new FileOutputStream(new File(dir, name)), StandardCharsets.UTF_8);
  }

  /** Lets go of the claim (the run has written what it will write). */
  void release() {
    if (claim != null && !claim.release()) {
      System.err.println("WARNING: could not remove " + new File(dir, ResultsDirClaim.NAME));
    }
    claim = null;
  }

  /** A run stopped before its schedule opened: the directory holds at most empty files, removed with it. */
  void removeUnstarted() {
    release();
    File[] left = created && dir != null ? dir.listFiles() : null;
    if (left == null) {
      return;
    }
    for (File f : left) {
      if (f.isFile() && f.length() == 0 && !f.delete()) {
        return;
      }
    }
    removeIfEmpty();
  }

  /** A run that never started leaves no empty results directory behind. */
  void removeIfEmpty() {
    String[] left = dir == null ? null : dir.list();
    if (created && left != null && left.length == 0 && !dir.delete()) {
      System.err.println("WARNING: could not remove the empty results.dir " + dir);
    }
  }
}
