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
    if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-version"))) {
      return new ClientArgs(new Properties(), true, false);
    }
    Properties overrides = new Properties();
    List<String> files = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      switch (arg) {
      case "-threads":
        overrides.setProperty(Client.THREAD_COUNT_PROPERTY, value(args, ++i, arg));
        break;
      case "-target":
        overrides.setProperty(Client.TARGET_PROPERTY, value(args, ++i, arg));
        break;
      case "-load":
        overrides.setProperty(Client.DO_TRANSACTIONS_PROPERTY, "false");
        break;
      case "-t":
        overrides.setProperty(Client.DO_TRANSACTIONS_PROPERTY, "true");
        break;
      case "-s":
        overrides.setProperty(Client.STATUS_PROPERTY, "true");
        break;
      case "-db":
        overrides.setProperty(Client.DB_PROPERTY, value(args, ++i, arg));
        break;
      case "-l":
        overrides.setProperty(Client.LABEL_PROPERTY, value(args, ++i, arg));
        break;
      case "-P":
        files.add(value(args, ++i, arg));
        break;
      case "-p": {
        String kv = value(args, ++i, arg);
        int eq = kv.indexOf('=');
        if (eq <= 0) {
          throw new UsageException("-p needs name=value, got '" + kv + "'");
        }
        overrides.setProperty(kv.substring(0, eq), kv.substring(eq + 1));
        break;
      }
      case "-h":
      case "-help":
      case "--help":
        return new ClientArgs(new Properties(), false, true);
      case "--version":
        throw new UsageException("--version must be the only argument");
      default:
        throw new UsageException("unknown option '" + arg + "' (options: -threads -target -load -t -db -P -p -s -l"
            + " --version; see --help)");
      }
    }
    Properties merged = new Properties();
    for (String file : files) {
      Properties fileProps = new Properties();
      try (InputStream in = new FileInputStream(file)) {
        fileProps.load(in);
      } catch (IOException e) {
        throw new UsageException("cannot read property file " + file + ": " + e.getMessage());
      }
      for (String name : fileProps.stringPropertyNames()) {
        merged.setProperty(name, fileProps.getProperty(name));
      }
    }
    for (String name : overrides.stringPropertyNames()) {
      merged.setProperty(name, overrides.getProperty(name));
    }
    if (!files.isEmpty()) {
      String last = new java.io.File(files.get(files.size() - 1)).getName();
      merged.setProperty(Client.WORKLOAD_FILE_NAME_PROPERTY, last);
    }
    return new ClientArgs(merged, false, false);
  }

  private static String value(String[] args, int i, String flag) throws UsageException {
    if (i >= args.length || args[i].isEmpty()) {
      throw new UsageException(flag + " needs a value");
    }
    return args[i];
  }
}
