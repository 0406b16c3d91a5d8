package site.ycsb.support;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where a run's record lies on disk, by real path: a directory holding {@code summary.json} (a finished record) or
 * {@value #CLAIM} (a run writing, or killed while writing). The engine ({@code results.dir},
 * {@code exportfile}), {@code merge}, {@code report}, {@code suite}, {@code fleet} and {@code findmax} refuse to
 * write into or over another run's record, and compare paths with symbolic links resolved, since a link or a
 * {@code ..} made a textual check pass while the files landed in the record.
 *
 * <p>Here, not in core, because the tools ({@code merge}, {@code report}) use it without the engine. Not for bindings.
 * Stateless and thread-safe.
 */
public final class RunRecords {
  /** The finished record's main file. */
  public static final String SUMMARY = "summary.json";
  /** The file a run holds (and locks) in its results.dir while it writes there. */
  public static final String CLAIM = ".ycsb-run-in-progress";

  private RunRecords() {
  }

  /**
   * The real path of {@code path}: symbolic links resolved for the part that exists, the rest (not created yet)
   * appended and normalised. Never fails: a path that cannot be resolved is returned absolute and normalised.
   */
  public static Path realPath(Path path) {
    Path abs = path.toAbsolutePath().normalize();
    Path existing = abs;
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    if (existing == null) {
      return abs;
    }
    try {
      return existing.toRealPath().resolve(existing.relativize(abs)).normalize();
    } catch (IOException | RuntimeException e) {
      return abs;
    }
  }

  /** Whether {@code dir} holds a run's record (finished, being written, or left by a killed run). */
  public static boolean isRecord(Path dir) {
    return Files.isRegularFile(dir.resolve(SUMMARY)) || Files.exists(dir.resolve(CLAIM));
  }

  /**
   * The record {@code path} lies in or on: the nearest of its real path and its ancestors that {@link #isRecord is a
   * record}, or null.
   */
  public static Path enclosingRecord(Path path) {
    for (Path p = realPath(path); p != null; p = p.getParent()) {
      if (Files.isDirectory(p) && isRecord(p)) {
        return p;
      }
    }
    return null;
  }

  /** As {@link #enclosingRecord(Path)}, for a file. */
  public static Path enclosingRecord(File file) {
    return enclosingRecord(file.toPath());
  }

  /**
   * Why a tool must not write to {@code path}, or null: it is, or lies inside, another run's record.
   *
   * @param what how the user gave it, e.g. {@code "--out /x"} (shown first in the message)
   */
  public static String insideRecord(String what, Path path) {
    Path record = enclosingRecord(path);
    return record == null ? null : message(what, record, record.equals(realPath(path)));
  }

  /** As {@link #insideRecord}, for a path that may itself be a record (checked elsewhere): its ancestors only. */
  public static String insideAnotherRecord(String what, Path path) {
    Path parent = realPath(path).getParent();
    Path record = parent == null ? null : enclosingRecord(parent);
    return record == null ? null : message(what, record, false);
  }

  private static String message(String what, Path record, boolean is) {
    return what + " is " + (is ? "" : "inside ") + "the record of another run (" + record + " holds "
        + (Files.isRegularFile(record.resolve(SUMMARY)) ? SUMMARY : CLAIM) + "); choose a path outside every run's "
        + "record";
  }
}
