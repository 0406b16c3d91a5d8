package site.ycsb.cli;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Opens the files a run writes its results to at the end. A named pipe (FIFO) blocks its opener until a reader
 * comes, so an export file that is a FIFO nobody reads would hold a finished run forever; such files are opened
 * on a helper thread with a time limit, regular files directly.
 *
 * <p>Stateless and thread-safe.
 */
public final class OutputFiles {
  /** How long a FIFO or device may take to open (a reader to appear). */
  public static final long OPEN_TIMEOUT_MS = 10_000;

  private OutputFiles() {
  }

  /**
   * Opens {@code file} for writing (appending if {@code append}); waits at most {@link #OPEN_TIMEOUT_MS} when it is
   * not a regular file.
   *
   * @throws IOException if it cannot be opened, or nothing reads the pipe within the time limit
   */
  public static OutputStream open(File file, boolean append) throws IOException {
    return open(file, append, OPEN_TIMEOUT_MS);
  }

  public static OutputStream open(File file, boolean append, long timeoutMs) throws IOException {
    if (!file.exists() || file.isFile()) {
      return new FileOutputStream(file, append);
    }
    FutureTask<OutputStream> opening = new FutureTask<>(() -> new FileOutputStream(file, append));
    Thread opener = new Thread(opening, "ycsb-open-" + file.getName());
    opener.setDaemon(true); // left blocked if nobody ever reads: it must not keep the JVM alive
    opener.start();
    try {
      return opening.get(timeoutMs, TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      throw new IOException("nothing opened it for reading within " + timeoutMs / 1000 + " s (a named pipe "
          + "needs a reader)");
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      throw cause instanceof IOException ? (IOException) cause : new IOException(String.valueOf(cause), cause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while opening it", e);
    }
  }
}
