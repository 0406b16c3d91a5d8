package site.ycsb;

import java.util.List;
import java.util.Properties;

import site.ycsb.cli.BuildInfo;
import site.ycsb.cli.EngineCommandLine;
import site.ycsb.cli.EngineOptions;
import site.ycsb.cli.ExitCode;
import site.ycsb.cli.IgnoredProperties;
import site.ycsb.cli.Secrets;
import site.ycsb.cli.UsageException;
import site.ycsb.engine.EngineRun;
import site.ycsb.engine.RunConfig;

/**
 * The benchmark client: {@code java site.ycsb.Client [-load|-t] -db <class> -P <workload> [-p k=v] ...}.
 *
 * <p>The command line is parsed by {@link EngineCommandLine}, the options read and validated by {@link RunConfig},
 * and the run is an {@link EngineRun}: everything that can be refused is refused before the banner, then the
 * phases — initialise, warm up, measure, write results. See {@link ExitCode} for exit codes.
 *
 * <p>Stateless and thread-safe (the run it starts is driven by the calling thread).
 */
public final class Client {
  // YCSB 0.17.0's constants, kept as compile-time constants so that code written for 0.17.0 compiles and links
  // unchanged; each is an alias of the option of the same name in EngineOptions, where options are declared.
  /** Alias of the default of {@link EngineOptions#RECORD_COUNT}. */
  public static final String DEFAULT_RECORD_COUNT = "0";
  /** Alias of {@link EngineOptions#OPERATION_COUNT}. */
  public static final String OPERATION_COUNT_PROPERTY = "operationcount";
  /** Alias of {@link EngineOptions#RECORD_COUNT}. */
  public static final String RECORD_COUNT_PROPERTY = "recordcount";
  /** Alias of {@link EngineOptions#WORKLOAD}. */
  public static final String WORKLOAD_PROPERTY = "workload";
  /** Alias of {@link EngineOptions#DB}. */
  public static final String DB_PROPERTY = "db";
  /** Alias of {@link EngineOptions#EXPORTER}. */
  public static final String EXPORTER_PROPERTY = "exporter";
  /** Alias of {@link EngineOptions#EXPORT_FILE}. */
  public static final String EXPORT_FILE_PROPERTY = "exportfile";
  /** Alias of {@link EngineOptions#THREAD_COUNT}. */
  public static final String THREAD_COUNT_PROPERTY = "threadcount";
  /** Alias of {@link EngineOptions#INSERT_COUNT}. */
  public static final String INSERT_COUNT_PROPERTY = "insertcount";
  /** Alias of {@link EngineOptions#TARGET}. */
  public static final String TARGET_PROPERTY = "target";
  /** Alias of {@link EngineOptions#MAX_EXECUTION_TIME}. */
  public static final String MAX_EXECUTION_TIME = "maxexecutiontime";
  /** Alias of {@link EngineOptions#DO_TRANSACTIONS}. */
  public static final String DO_TRANSACTIONS_PROPERTY = "dotransactions";
  /** Alias of {@link EngineOptions#STATUS}. */
  public static final String STATUS_PROPERTY = "status";
  /** Alias of {@link EngineOptions#LABEL}. */
  public static final String LABEL_PROPERTY = "label";
  /** Alias of {@link EngineOptions#RESULTS_DIR} (not in 0.17.0). */
  public static final String RESULTS_DIR_PROPERTY = "results.dir";
  /** Alias of {@link EngineOptions#START_EPOCH_MS} (not in 0.17.0). */
  public static final String START_EPOCH_MS_PROPERTY = "start.epochms";

  private Client() {
  }

  public static void usageMessage() {
    System.out.println(EngineCommandLine.USAGE);
  }

  /** Whether the properties name a workload (the one required property). */
  public static boolean checkRequiredProperties(Properties props) {
    return props.getProperty(EngineOptions.WORKLOAD.name()) != null;
  }

  public static void main(String[] args) {
    int code = run(args);
    System.out.flush();
    System.err.flush();
    System.exit(code);
  }

  /** Runs the client and returns its exit code instead of exiting (for embedding and tests). */
  public static int run(String[] args) {
    Properties properties;
    RunConfig config;
    List<String> repeated;
    try {
      EngineCommandLine line = EngineCommandLine.parse(java.util.Arrays.asList(args));
      if (line.versionRequested()) {
        System.out.println(BuildInfo.describe());
        return ExitCode.OK;
      }
      if (line.helpRequested()) {
        usageMessage();
        return ExitCode.OK;
      }
      properties = line.effectiveProperties();
      config = new RunConfig(properties);
      repeated = line.repeatedWarnings();
    } catch (UsageException e) {
      System.err.println("Error: " + Secrets.safeLine(e.getMessage()));
      return ExitCode.USAGE;
    }
    // Everything that can be refused is checked before the banner, so a mistake is the only line printed.
    EngineRun run = new EngineRun(config);
    int refused = run.prepare();
    if (refused != ExitCode.OK) {
      return refused;
    }
    System.err.println("Command line: " + Secrets.safeLine(Secrets.maskCommandLine(args)));
    System.err.println("YCSB Client " + BuildInfo.version() + " (commit " + BuildInfo.gitCommit() + ")");
    IgnoredProperties.report(properties, System.err);
    for (String warning : repeated) {
      System.err.println(warning);
    }
    System.err.println();
    return run.execute();
  }
}
