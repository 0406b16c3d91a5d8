package site.ycsb.results;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * {@code bin/ycsb mark [--at EPOCH_MS] DIR LABEL}: marks a moment of a run that is writing to DIR (its results.dir,
 * or any directory a run's logs go to), for the report's timeline. Needs nothing of the running engine: it appends a
 * line to {@code DIR/marks.tsv}. Exit 0 marked, 2 a user error, 1 the line could not be written.
 */
public final class Mark {
  static final String USAGE = "usage: ycsb mark [--at EPOCH_MS] DIR LABEL (marks now, or the given moment, in "
      + "DIR/" + MarksFile.NAME + " for the report's timeline)";

  private Mark() {
  }

  public static void main(String[] args) {
    System.exit(run(args, System.currentTimeMillis(), System.out, System.err));
  }

  /** Runs the command at clock time {@code nowMs}; returns the exit code instead of exiting. */
  static int run(String[] args, long nowMs, PrintStream out, PrintStream err) {
    try {
      long at = nowMs;
      int i = 0;
      if (args.length > 0 && (args[0].equals("-h") || args[0].equals("--help"))) {
        out.println(USAGE);
        return site.ycsb.cli.ExitCode.OK;
      }
      if (args.length > 0 && args[0].equals("--at")) {
        if (args.length < 2) {
          throw new UsageException("--at needs a time in ms since the epoch; " + USAGE);
        }
        at = epochMs(args[1]);
        i = 2;
      }
      if (args.length - i != 2) {
        throw new UsageException("expected a directory and a label; " + USAGE);
      }
      Path dir = Paths.get(args[i]);
      String label = args[i + 1];
      if (!Files.isDirectory(dir)) {
        throw new UsageException("not a directory: " + dir + " (mark the results.dir of a running benchmark)");
      }
      if (label.trim().isEmpty()) {
        throw new UsageException("the label is empty; " + USAGE);
      }
      MarksFile.append(dir, at, label);
      return site.ycsb.cli.ExitCode.OK;
    } catch (UsageException e) {
      err.println("mark: " + site.ycsb.support.SecretNames.safeLine(e.getMessage()));
      return site.ycsb.cli.ExitCode.USAGE;
    } catch (IOException e) {
      err.println("mark: cannot write the mark: " + site.ycsb.support.SecretNames.safeLine(Messages.cause(e)));
      return site.ycsb.cli.ExitCode.RUN_FAILED;
    }
  }

  /** A time in ms since the epoch, after 2001 (a number of seconds or a mistyped value is refused). */
  private static long epochMs(String s) throws UsageException {
    try {
      long v = Long.parseLong(s.trim());
      if (v >= 1_000_000_000_000L && v < 100_000_000_000_000L) {
        return v;
      }
    } catch (NumberFormatException e) {
      // refused below
    }
    throw new UsageException("--at takes milliseconds since the epoch (13 digits, as date +%s%3N prints), got '" + s
        + "'");
  }
}
