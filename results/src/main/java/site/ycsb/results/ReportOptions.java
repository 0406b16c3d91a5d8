package site.ycsb.results;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Command line of {@code ycsb report}. */
final class ReportOptions {
  static final String USAGE = "usage: ycsb report [-o OUTDIR] [--format md,csv,html] [--compare A B] "
      + "[--title TEXT] [--by-threads] DIR... (a DIR may be a findmax output directory: its table and curve; "
      + "--compare takes two configurations of the DIRs, or two run directories, whose timelines it overlays)";
  static final List<String> FORMATS = Arrays.asList("md", "csv", "html");

  Path outDir = Paths.get("report");
  Set<String> formats = new LinkedHashSet<>(FORMATS);
  String compareA;
  String compareB;
  String title = "YCSB benchmark report";
  final List<Path> inputs = new ArrayList<>();
  boolean help;
  /** Only the ApsaraDB-whitepaper table: runs by thread count, load beside run. */
  boolean byThreads;

  static ReportOptions parse(String[] args) throws UsageException {
    ReportOptions o = new ReportOptions();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
      case "-o":
      case "--output":
        o.outDir = Paths.get(value(args, ++i, a));
        break;
      case "--format":
        o.formats = new LinkedHashSet<>();
        for (String f : value(args, ++i, a).split(",")) {
          String format = f.trim().toLowerCase(java.util.Locale.ROOT);
          if (!FORMATS.contains(format)) {
            throw new UsageException("unknown format '" + f + "' (use md, csv, html)");
          }
          o.formats.add(format);
        }
        break;
      case "--compare":
        o.compareA = value(args, ++i, a);
        o.compareB = value(args, ++i, a);
        break;
      case "--title":
        // shown in every report, which is shared: a password typed in it (a URL) is masked like any other value
        o.title = site.ycsb.support.SecretNames.maskText(value(args, ++i, a));
        break;
      case "--by-threads":
        o.byThreads = true;
        break;
      case "-h":
      case "--help":
        o.help = true;
        break;
      default:
        if (a.startsWith("-")) {
          throw new UsageException("unknown option " + a + "; " + USAGE);
        }
        o.inputs.add(Paths.get(a));
      }
    }
    if (o.inputs.isEmpty() && !o.help && !o.comparesDirectories()) {
      throw new UsageException("no result directories given; " + USAGE);
    }
    return o;
  }

  /**
   * Whether {@code --compare A B}, given without DIRs, names two directories (two runs to overlay, e.g. this project's client and YCSB
   * 0.17.0's on the same kill) rather than two configurations of the DIRs.
   */
  boolean comparesDirectories() {
    return inputs.isEmpty() && compareA != null && java.nio.file.Files.isDirectory(Paths.get(compareA))
        && java.nio.file.Files.isDirectory(Paths.get(compareB));
  }

  private static String value(String[] args, int i, String option) throws UsageException {
    if (i >= args.length) {
      throw new UsageException(option + " needs a value; " + USAGE);
    }
    return args[i];
  }
}
