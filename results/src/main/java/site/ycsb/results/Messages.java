package site.ycsb.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/** The cause of a file-system failure in words a user acts on ("permission denied"), not an exception's name. */
final class Messages {
  private Messages() {
  }

  /** E.g. "permission denied: /proc/1/fd", "read-only file system: /mnt/x/report.md". */
  static String cause(IOException e) {
    String file = e instanceof FileSystemException ? ((FileSystemException) e).getFile() : null;
    String where = file == null ? "" : ": " + file;
    if (e instanceof AccessDeniedException) {
      return "permission denied" + where;
    }
    if (e instanceof NoSuchFileException) {
      return "no such file or directory" + where;
    }
    if (e instanceof NotDirectoryException) {
      return "not a directory" + where;
    }
    if (e instanceof FileSystemException && ((FileSystemException) e).getReason() != null) {
      return ((FileSystemException) e).getReason().toLowerCase(java.util.Locale.ROOT) + where;
    }
    String message = e.getMessage();
    return message == null || message.isEmpty() ? e.getClass().getSimpleName() : message;
  }

  /** The same for the unchecked wrapper a directory stream throws. */
  static String cause(UncheckedIOException e) {
    return cause(e.getCause());
  }
}
