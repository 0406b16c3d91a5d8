package site.ycsb.results;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code bin/ycsb merge [-o OUTDIR] DIR...}: merges the result directories of the clients of one phase into one
 * result directory. Exit 0 on success, 2 on a user error or a refused merge (one line on stderr), 1 on an I/O
 * failure while writing.
 */
public final class Merge {
  static final String USAGE = "usage: ycsb merge [-o OUTDIR] DIR...";
  static final String DEFAULT_OUT = "merged";

  private Merge() {
  }

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the command; returns the exit code instead of exiting (for tests and embedding). */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    try {
      Path outDir = Paths.get(DEFAULT_OUT);
      List<Path> inputs = new ArrayList<>();
      site.ycsb.cli.OptionsGivenOnce once = new site.ycsb.cli.OptionsGivenOnce();
      for (int i = 0; i < args.length; i++) {
        String a = args[i];
        if ("-o".equals(a) || "--output".equals(a)) {
          if (++i >= args.length) {
            throw new UsageException("-o needs a directory; " + USAGE);
          }
          try {
            once.record("-o", args[i]); // -o and --output are one option
          } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
          }
          outDir = Paths.get(args[i]);
        } else if ("-h".equals(a) || "--help".equals(a)) {
          out.println(USAGE);
          return site.ycsb.cli.ExitCode.OK;
        } else if (a.startsWith("-")) {
          throw new UsageException("unknown option " + a + "; " + USAGE);
        } else {
          inputs.add(Paths.get(a));
        }
      }
      if (inputs.isEmpty()) {
        throw new UsageException("no result directories given; " + USAGE);
      }
      List<ResultDir> dirs = new ArrayList<>();
      // by real path: a symbolic link to an input (or inside one) is that input
      Path output = site.ycsb.support.RunRecords.realPath(outDir);
      for (Path p : inputs) {
        Path input = site.ycsb.support.RunRecords.realPath(p);
        if (input.equals(output)) {
          throw new UsageException("output directory " + outDir + " is also an input");
        }
        if (output.startsWith(input)) {
          // A client's record must stay as the client wrote it; a merge nested in it is read again as a result by
          // report over the tree, beside the clients it came from.
          throw new UsageException("output directory " + outDir + " is inside the input " + p
              + "; choose a directory outside every input");
        }
        dirs.add(ResultDir.load(p));
      }
      Report.refuseInsideRecord("output directory " + outDir, outDir);
      ResultWriter.prepare(outDir);
      boolean existed = Files.isDirectory(outDir);
      MergedRun run;
      try {
        run = new Merger(dirs, ResultWriter.hdrDir(outDir)).merge();
        for (String w : run.warnings) {
          err.println("merge: WARNING: " + w);
        }
        ResultWriter.write(outDir, run);
      } catch (UsageException | IOException | RuntimeException e) {
        // no half-written result: the logs written so far go, and a second try finds the directory as it was
        ResultWriter.discard(outDir, existed);
        throw e;
      }
      out.print(TextOutput.render(run.summary));
      err.println("merge: merged " + dirs.size() + " result directories into " + outDir);
      return site.ycsb.cli.ExitCode.OK;
    } catch (UsageException e) {
      err.println("merge: " + site.ycsb.support.SecretNames.safeLine(e.getMessage()));
      return site.ycsb.cli.ExitCode.USAGE;
    } catch (IOException e) {
      err.println("merge: cannot write the merged result: " + site.ycsb.support.SecretNames.safeLine(e.getMessage()));
      return site.ycsb.cli.ExitCode.RUN_FAILED;
    }
  }
}
