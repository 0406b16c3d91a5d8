package site.ycsb.fleet.suite;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import site.ycsb.cli.EngineCommandLine;
import site.ycsb.cli.EngineFlag;
import site.ycsb.cli.EngineOptions;
import site.ycsb.cli.OptionsGivenOnce;
import site.ycsb.fleet.OptionValues;
import site.ycsb.fleet.UsageException;
import site.ycsb.fleet.ssh.FleetOptions;
import site.ycsb.fleet.ssh.HostsParser;
import site.ycsb.fleet.ssh.SshCommand;
import site.ycsb.fleet.ssh.SshGate;
import site.ycsb.options.Option;
import site.ycsb.options.OptionSet;

/**
 * The command line of {@code suite} and {@code fleet}: the binding, the suite's own {@code --options}, and the
 * client options given to every phase unchanged (e.g. {@code -P file -p k=v -threads 16 -target 1000 -s}).
 * Fleet-only options are kept here too so that one parser reports every mistake the same way.
 */
public final class SuiteOptions {
  /** A suite concern (the Prometheus targets file), not an ssh one: {@code suite} takes it as well as {@code fleet}. */
  public static final Option<Integer> DB_EXPORTER_PORT = Option.count("--db-exporter-port", 0, 0, 65535).unit("port")
      .meaning("`suite` and `fleet` with `--metrics-port` and `--db-hosts`: the port of a Prometheus exporter on every "
          + "`--db-hosts` node (e.g. 9100 for node_exporter, 9180 for ScyllaDB's own), added to "
          + "`prometheus-targets.json` as HOST:port with the node's name in results as its `node` label; 0: none")
      .build();

  public String binding;
  public List<Phase> phases;
  public int repeat = 1;
  public Path out;
  public String hookBefore;
  public String hookAfter;
  public Path ycsbHome;
  public boolean report = true;
  /** --db-hosts: database nodes sampled over ssh during every phase, or null. */
  public Path dbHosts;
  public final List<String> clientArgs = new ArrayList<>();
  /** --metrics-port: the first client's live-metrics port (see {@link PrometheusTargets}), or null for none. */
  public Integer metricsPort;
  /** --db-exporter-port: the --db-hosts nodes' exporter port for the file_sd file, 0 for none. */
  public int dbExporterPort = DB_EXPORTER_PORT.defaultValue();

  // fleet only
  public String hostsList;
  public Path hostsFile;
  public final List<String> sshOptions = new ArrayList<>();
  public String sshConfig;
  public double startDelaySec = 10;
  public String remoteHome;
  int sshSetups = FleetOptions.SSH_SETUPS.defaultValue();
  long sshTimeoutSec = FleetOptions.SSH_TIMEOUT.defaultValue();
  long copyTimeoutSec = FleetOptions.COPY_TIMEOUT.defaultValue();
  public long clockWarnMs = FleetOptions.CLOCK_WARN.defaultValue();
  public long clockRefuseMs = FleetOptions.CLOCK_REFUSE.defaultValue();

  /** Options that only {@code fleet} accepts. */
  private static final List<String> FLEET_ONLY = Collections.unmodifiableList(java.util.Arrays.asList(
      "--hosts", "--hosts-file", "--ssh-option", "--ssh-config", "--start-delay", "--remote-home", "--ssh-setups",
      "--ssh-timeout", "--copy-timeout", "--clock-warn", "--clock-refuse"));


  public String binding() {
    return binding;
  }

  public List<Phase> phases() {
    return phases;
  }

  public int repeat() {
    return repeat;
  }

  public Path out() {
    return out;
  }

  public List<String> clientArgs() {
    return clientArgs;
  }

  /**
   * The README's table of the declared options of {@code fleet} and {@code suite}: the ssh and clock ones
   * ({@link FleetOptions}), then {@link #DB_EXPORTER_PORT}.
   */
  public static String markdownTable() {
    List<Option<?>> declared = new ArrayList<>(FleetOptions.SET.options());
    declared.add(DB_EXPORTER_PORT);
    return new OptionSet(declared).markdownTable();
  }

  /** The ssh gate these options ask for ({@code --ssh-setups}, {@code --ssh-timeout}, {@code --copy-timeout}). */
  public SshGate sshGate() {
    return new SshGate(sshSetups, sshTimeoutSec * 1000, copyTimeoutSec * 1000);
  }

  /** Parses the arguments of {@code suite} ({@code fleet} false) or {@code fleet} ({@code fleet} true). */
  public static SuiteOptions parse(String[] args, boolean fleet, String usage) throws UsageException {
    SuiteOptions o = new SuiteOptions();
    String workloads = Phase.DEFAULT_ORDER;
    String loadWorkload = null;
    OptionsGivenOnce once = new OptionsGivenOnce();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.startsWith("--") && a.length() > 2) {
        String name = a;
        String value = null;
        int eq = a.indexOf('=');
        if (eq > 0) {
          name = a.substring(0, eq);
          value = a.substring(eq + 1);
        }
        if (!fleet && FLEET_ONLY.contains(name)) {
          throw new UsageException(name + " is a fleet option (bin/ycsb fleet); " + usage);
        }
        if ("--no-report".equals(name)) {
          o.report = false;
          continue;
        }
        if (value == null) {
          if (i + 1 >= args.length) {
            throw new UsageException(name + " needs a value; " + usage);
          }
          value = args[++i];
        }
        if (!"--ssh-option".equals(name)) {
          try {
            once.record(name, value);
          } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
          }
        }
        switch (name) {
          case "--workloads":
            workloads = value;
            break;
          case "--load-workload":
            loadWorkload = value;
            break;
          case "--repeat":
            o.repeat = (int) OptionValues.wholeNumber(name, value, 1, Integer.MAX_VALUE);
            break;
          case "--out":
            o.out = Paths.get(value);
            break;
          case "--hook-before":
            o.hookBefore = hook(name, value);
            break;
          case "--hook-after":
            o.hookAfter = hook(name, value);
            break;
          case "--ycsb-home":
            o.ycsbHome = Paths.get(value);
            break;
          case "--db-hosts":
            o.dbHosts = Paths.get(value);
            break;
          case "--metrics-port":
            o.metricsPort = (int) OptionValues.wholeNumber(name, value, 1, 65535);
            break;
          case "--db-exporter-port":
            o.dbExporterPort = OptionValues.commandLine(DB_EXPORTER_PORT, value);
            break;
          case "--hosts":
            o.hostsList = value;
            break;
          case "--hosts-file":
            o.hostsFile = Paths.get(value);
            break;
          case "--ssh-option":
            o.sshOptions.add(SshCommand.requireOption(value));
            break;
          case "--ssh-config":
            SshCommand.requireConfigFile(value);
            o.sshConfig = value;
            break;
          case "--start-delay":
            o.startDelaySec = OptionValues.number(name, value, 0);
            break;
          case "--ssh-setups":
            o.sshSetups = OptionValues.commandLine(FleetOptions.SSH_SETUPS, value);
            break;
          case "--ssh-timeout":
            o.sshTimeoutSec = OptionValues.commandLine(FleetOptions.SSH_TIMEOUT, value);
            break;
          case "--copy-timeout":
            o.copyTimeoutSec = OptionValues.commandLine(FleetOptions.COPY_TIMEOUT, value);
            break;
          case "--clock-warn":
            o.clockWarnMs = OptionValues.commandLine(FleetOptions.CLOCK_WARN, value);
            break;
          case "--clock-refuse":
            o.clockRefuseMs = OptionValues.commandLine(FleetOptions.CLOCK_REFUSE, value);
            break;
          case "--remote-home":
            if (!HostsParser.isSafePath(value)) {
              throw new UsageException("--remote-home '" + value + "' may hold only letters, digits and _.,+=@%/~-");
            }
            o.remoteHome = value;
            break;
          default:
            throw new UsageException("unknown option " + name + "; " + usage);
        }
      } else if (o.binding == null && !a.startsWith("-")) {
        o.binding = a;
      } else {
        // the engine's options, its value too (a value starting with "--" is not a suite option)
        o.clientArgs.add(a);
        if (EngineCommandLine.takesValue(a, ClientArgs.LAUNCHER_OPTIONS) && i + 1 < args.length) {
          o.clientArgs.add(args[++i]);
        }
      }
    }
    checkClientArgs(o.clientArgs);
    if (o.metricsPort != null && ClientArgs.parse(o.clientArgs).line.sets(EngineOptions.METRICS_LISTEN)) {
      throw new UsageException("--metrics-port sets metrics.listen per client; give one of them");
    }
    if (o.dbExporterPort > 0 && (o.metricsPort == null || o.dbHosts == null)) {
      throw new UsageException(DB_EXPORTER_PORT.name() + " adds the --db-hosts nodes' exporters to the "
          + "file_sd file that --metrics-port writes; give --metrics-port and --db-hosts too, or leave it out");
    }
    if (o.binding == null) {
      throw new UsageException("no binding given (e.g. basic, cassandra-cql, griddb); " + usage);
    }
    if (fleet && (o.hostsList == null) == (o.hostsFile == null)) {
      throw new UsageException("give the client machines with exactly one of --hosts a,b,c or --hosts-file FILE");
    }
    FleetOptions.requireOrdered(o.clockWarnMs, o.clockRefuseMs);
    o.phases = Phase.parseList(workloads, loadWorkload);
    return o;
  }

  /** A hook command; a blank one (an unset shell variable: --hook-after "$HOOK") would silently run no hook. */
  private static String hook(String name, String value) throws UsageException {
    if (value.trim().isEmpty()) {
      throw new UsageException(name + " needs a command (got " + (value.isEmpty() ? "an empty word" : "only blanks")
          + "); leave the option out for no hook");
    }
    return value;
  }

  /**
   * The client options, parsed as the engine parses them: flags the suite sets itself per phase are refused, so that
   * no phase silently runs with something else, and a bad rate, thread count or other engine value is refused here,
   * with the engine's words, before a result directory is made.
   */
  private static void checkClientArgs(List<String> clientArgs) throws UsageException {
    EngineCommandLine line = ClientArgs.parse(clientArgs).line;
    for (EngineCommandLine.Item item : line.items()) {
      EngineFlag f = item.flag();
      if (f == EngineFlag.LOAD || f == EngineFlag.TRANSACTIONS
          || f == EngineFlag.DB) {
        throw new UsageException(f.word() + " is set by the suite per phase; give the binding name and --workloads "
            + "instead");
      }
    }
    if (line.sets(EngineOptions.RESULTS_DIR)) {
      throw new UsageException("results.dir is set by the suite per phase (<out>/<repeat>/<phase>); use --out");
    }
  }
}
