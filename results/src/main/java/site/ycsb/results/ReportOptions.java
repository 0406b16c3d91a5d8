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
      + "[--title TEXT] [--by-threads] [--bucket DURATION] DIR... (a DIR may be a findmax output directory: its table and curve; "
      + "--compare takes two configurations of the DIRs, or two run directories, whose timelines it overlays)";
  static final List<String> FORMATS = Arrays.asList("md", "csv", "html");

  Path outDir = Paths.get("report");
  Set<String> formats = new LinkedHashSet<>(FORMATS);
  String compareA;
  String compareB;
  String title = "YCSB benchmark report";
  final List<Path> inputs = new ArrayList<>();
  boolean help;
  /** {@code --bucket}: the length of a bucket of the per-bucket view in ms; 0: no such view. */
  long bucketMs;
  /** Only the ApsaraDB-whitepaper table: runs by thread count, load beside run. */
  boolean byThreads;

  static ReportOptions parse(String[] args) throws UsageException {
    ReportOptions o = new ReportOptions();
    site.ycsb.cli.OptionsGivenOnce once = new site.ycsb.cli.OptionsGivenOnce();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.startsWith("-") && !"--by-threads".equals(a) && !"-h".equals(a) && !"--help".equals(a)) {
        try {
          // -o and --output are one option; the value is looked at by the option's own case below
          once.record("-o".equals(a) ? "--output" : a, i + 1 < args.length ? args[i + 1] : "");
        } catch (IllegalArgumentException e) {
          throw new UsageException(e.getMessage());
        }
      }
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
      case "--bucket":
        o.bucketMs = bucketMs(value(args, ++i, a));
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

  /** The smallest bucket: shorter ones are the timeline's business (per status interval). */
  static final long MIN_BUCKET_MS = 1000;

  /**
   * A bucket's length: a duration as the engine writes them (30s, 2m, 500ms) or in hours ({@code 1h}, {@code 0.5h}),
   * at least {@link #MIN_BUCKET_MS}.
   */
  static long bucketMs(String text) throws UsageException {
    String t = text.trim().toLowerCase(java.util.Locale.ROOT);
    long ms = -1;
    if (t.endsWith("h") && site.ycsb.support.TypedProperties.isDecimalNumber(t.substring(0, t.length() - 1).trim())) {
      double hours = Double.parseDouble(t.substring(0, t.length() - 1).trim());
      ms = hours > 0 && hours <= 24 * 3650 ? Math.round(hours * 3_600_000) : -1;
    } else {
      long ns = site.ycsb.cli.Durations.nanos(t);
      ms = ns < 0 ? -1 : ns / 1_000_000;
    }
    if (ms < MIN_BUCKET_MS) {
      throw new UsageException("--bucket takes a duration of at least 1s, such as 1h, 30m, 10s; got '" + text + "'");
    }
    return ms;
  }

  /** A bucket's length as a reader says it: "1 h", "30 min", "10 s". */
  static String durationText(long ms) {
    if (ms % 3_600_000 == 0) {
      return ms / 3_600_000 + " h";
    }
    if (ms % 60_000 == 0) {
      return ms / 60_000 + " min";
    }
    return ms % 1000 == 0 ? ms / 1000 + " s" : ms + " ms";
  }

  private static String value(String[] args, int i, String option) throws UsageException {
    if (i >= args.length) {
      throw new UsageException(option + " needs a value; " + USAGE);
    }
    return args[i];
  }
}
