package site.ycsb;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * Parses the Client command line (YCSB 0.17.0's flags) into the merged properties: every {@code -P} file in
 * order (later files win), then every {@code -p} and flag, which override file values wherever they appear.
 * This is where the command line is parsed.
 */
final class ClientArgs {
  static final String USAGE = String.join("\n",
      "Usage: java site.ycsb.Client [options]",
      "Options:",
      "  -threads n      run with n client threads (default 1)",
      "  -target n       attempt n operations per second in total, on an open-loop schedule (default: unthrottled)",
      "  -load           run the loading phase of the workload",
      "  -t              run the transactions phase of the workload (default)",
      "  -db dbname      the database binding class (default site.ycsb.BasicDB)",
      "  -P propertyfile load properties from the file (repeatable; later files win)",
      "  -p name=value   set a property (repeatable; overrides files)",
      "  -s              print status lines to stderr every status.interval seconds",
      "  -l label        prefix the status lines with label",
      "  --version       print the version and git commit",
      "Required property: workload (e.g. -P workloads/workloada). See the README for all properties and exit codes.");

  final Properties properties;
  final boolean versionRequested;
  final boolean helpRequested;

  private ClientArgs(Properties properties, boolean version, boolean help) {
    this.properties = properties;
    this.versionRequested = version;
    this.helpRequested = help;
  }

  static ClientArgs parse(String[] args) throws UsageException {
    for (String arg : args) {
      // "--version" wins wherever it is (bin/ycsb run basic --version), as "--help" does.
      if (arg.equals("--version") || arg.equals("-version")) {
        return new ClientArgs(new Properties(), true, false);
      }
    }
    Properties overrides = new Properties();
    List<String> files = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      switch (arg) {
      case "-threads":
        overrides.setProperty(EngineOptions.THREAD_COUNT.name(), value(args, ++i, arg));
        break;
      case "-target":
        overrides.setProperty(EngineOptions.TARGET.name(), value(args, ++i, arg));
        break;
      case "-load":
      case "-t":
        String phase = arg.equals("-t") ? "true" : "false";
        String earlier = overrides.getProperty(EngineOptions.DO_TRANSACTIONS.name());
        if (earlier != null && !earlier.equals(phase)) {
          // bin/ycsb load|run appends its own -load/-t, so this is a phase the user asked for twice, differently
          throw new UsageException("-load and -t both given: a run is either the load phase (bin/ycsb load) or "
              + "the transaction phase (bin/ycsb run)");
        }
        overrides.setProperty(EngineOptions.DO_TRANSACTIONS.name(), phase);
        break;
      case "-s":
        overrides.setProperty(EngineOptions.STATUS.name(), "true");
        break;
      case "-db":
        overrides.setProperty(EngineOptions.DB_CLASS.name(), value(args, ++i, arg));
        break;
      case "-l":
        overrides.setProperty(EngineOptions.LABEL.name(), value(args, ++i, arg));
        break;
      case "-P":
        files.add(value(args, ++i, arg));
        break;
      case "-p": {
        String kv = value(args, ++i, arg);
        int eq = kv.indexOf('=');
        if (eq <= 0) {
          throw new UsageException("-p needs name=value, got '" + Secrets.maskArgument(kv) + "'");
        }
        overrides.setProperty(kv.substring(0, eq), kv.substring(eq + 1));
        break;
      }
      case "-h":
      case "-help":
      case "--help":
        return new ClientArgs(new Properties(), false, true);
      default:
        throw new UsageException("unknown option '" + Secrets.maskArgument(arg)
            + "' (options: -threads -target -load -t -db -P -p -s -l --version; see --help)");
      }
    }
    java.util.Map<String, String> overrideMap = new java.util.LinkedHashMap<>();
    for (String name : overrides.stringPropertyNames()) {
      overrideMap.put(name, overrides.getProperty(name));
    }
    Properties merged = CommandLineProperties.merge(files, overrideMap);
    // The run is named after the last -P file unless the command line names it (suite and fleet put the phase's
    // workload file first, so that the user's files override it, and name the run after it with -p).
    if (!files.isEmpty() && !overrides.containsKey(EngineOptions.WORKLOAD_FILE_NAME.name())) {
      String last = new java.io.File(files.get(files.size() - 1)).getName();
      merged.setProperty(EngineOptions.WORKLOAD_FILE_NAME.name(), last);
    }
    return new ClientArgs(merged, false, false);
  }

  /** Property files larger than this are refused: a workload file is a few kilobytes, /dev/zero is endless. */
  static final long MAX_PROPERTY_FILE_BYTES = 16L * 1024 * 1024;

  /** Reads one {@code -P} file; every problem is one line naming the file. */
  static Properties readPropertyFile(String file) throws UsageException {
    String shown = Secrets.maskArgument(file);
    java.io.File f = new java.io.File(file);
    if (!f.exists()) {
      throw new UsageException("cannot read property file " + shown + ": no such file");
    }
    if (!f.isFile()) {
      throw new UsageException("cannot read property file " + shown + ": not a regular file");
    }
    if (f.length() > MAX_PROPERTY_FILE_BYTES) {
      throw new UsageException("cannot read property file " + shown + ": " + f.length() + " bytes is more than "
          + MAX_PROPERTY_FILE_BYTES + " (is it a property file?)");
    }
    Properties fileProps = new Properties();
    try (InputStream in = new java.io.BufferedInputStream(new FileInputStream(f))) {
      skipByteOrderMark(in);
      fileProps.load(in);
    } catch (IOException e) {
      throw new UsageException("cannot read property file " + shown + ": " + Secrets.maskArgument(e.getMessage()));
    } catch (IllegalArgumentException e) {
      // Properties.load's only complaint: a backslash-u escape that is not four hex digits.
      throw new UsageException("property file " + shown + " is malformed: " + e.getMessage()
          + " (a \\u escape needs four hex digits; write a literal backslash as \\\\)");
    }
    return fileProps;
  }

  /**
   * Skips a UTF-8 byte-order mark (editors that save "UTF-8 with BOM"): read as part of the first key it turned
   * {@code workload=...} into an unknown property, and the run was refused for a missing workload that was there.
   */
  private static void skipByteOrderMark(InputStream in) throws IOException {
    in.mark(3);
    if (in.read() != 0xEF || in.read() != 0xBB || in.read() != 0xBF) {
      in.reset();
    }
  }

  /** The client's own flags: a value equal to one of them means the user left the value out. */
  private static final java.util.Set<String> FLAGS = new java.util.HashSet<>(java.util.Arrays.asList(
      "-threads", "-target", "-load", "-t", "-s", "-db", "-l", "-P", "-p", "-h", "-help", "--help", "--version"));

  private static String value(String[] args, int i, String flag) throws UsageException {
    if (i >= args.length || args[i].isEmpty()) {
      throw new UsageException(flag + " needs a value");
    }
    if (FLAGS.contains(args[i])) {
      throw new UsageException(flag + " needs a value (got the option " + args[i] + " instead)");
    }
    return args[i];
  }
}
