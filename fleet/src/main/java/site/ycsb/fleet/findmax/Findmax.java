package site.ycsb.fleet.findmax;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import site.ycsb.cli.Durations;
import site.ycsb.cli.EngineCommandLine;
import site.ycsb.cli.EngineFlag;
import site.ycsb.cli.EngineOptions;
import site.ycsb.cli.ExitCode;
import site.ycsb.cli.OptionsGivenOnce;
import site.ycsb.fleet.Bindings;
import site.ycsb.fleet.OutDir;
import site.ycsb.fleet.ToolMain;
import site.ycsb.fleet.UsageException;
import site.ycsb.fleet.YcsbHome;
import site.ycsb.fleet.ssh.SshCommand;
import site.ycsb.fleet.suite.ClientArgs;
import site.ycsb.fleet.suite.DbHosts;
import site.ycsb.fleet.suite.ReportTool;
import site.ycsb.fleet.suite.Suite;
import site.ycsb.support.TypedProperties;

/**
 * {@code bin/ycsb findmax <binding> --sla 'p99<10ms' [...] [client options]}: the highest target rate the database
 * sustains within the latency bounds, found by measured steps (see {@link FindmaxSearch}); every step's result
 * directory is kept, and {@code findmax.md} / {@code findmax.csv} tabulate them. The data must be loaded first.
 * Exit codes: 0 a maximum was found, 1 none passed or a step could not run, 2 usage error.
 */
public final class Findmax {
  static final String USAGE = "usage: ycsb findmax <binding> --sla 'p99<10ms' [--sla 'p999<50ms' ...] "
      + "[--sla 'errors<0.1%'] [--start R]"
      + " [--resolution 5%] [--max-steps N] [--at 60%,80% | --at cpu=60%,80%] [--db-hosts FILE] [--step-time 30s]"
      + " [--warmup 5s] [--out DIR]"
      + " [--no-report] [--ycsb-home DIR] [client options: -P FILE -p K=V -threads N ...] (load the data first);"
      + " thread ramp (closed loop): ycsb findmax <binding> --threads 8,16,32,64 [--ramp-gain 5%] [--ramp-window 2]"
      + " [--sla ...] [...]";

  private Findmax() {
  }

  public static void main(String[] args) {
    System.exit(run(args));
  }

  public static int run(String[] args) {
    return ToolMain.run("findmax", USAGE, args, Findmax::body);
  }

  private static int body(String[] args) throws UsageException, IOException, InterruptedException {
    Options o;
    try {
      o = Options.parse(args);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    Path home = YcsbHome.find(o.ycsbHome);
    Bindings.check(home, o.binding);
    DbHosts nodes = DbHosts.read(o.dbHosts, new SshCommand(java.util.Collections.<String>emptyList(), null,
        SshCommand.splitEnv(System.getenv("YCSB_SSH_OPTS"))), "findmax", System.err);
    Path out = o.out != null ? o.out : Paths.get("findmax-" + Suite.stamp());
    OutDir.requireFresh(out);
    Files.createDirectories(out);
    FindmaxStepRunner runner = new FindmaxStepRunner(home, o.binding, o.clientArgs, out, o.stepSeconds,
        o.warmupSeconds, o.slas).sampling(nodes);
    // SIGTERM or Ctrl-C to findmax must not leave the step's engine running (orphaned, writing into out).
    FindmaxProgress progress = new FindmaxProgress();
    Thread stopper = new Thread(() -> {
      runner.stopCurrent(System.err);
      progress.writeInterrupted(out, o.slas, o.errorBudget, System.err);
    }, "findmax-stop-engine");
    Runtime.getRuntime().addShutdownHook(stopper);
    FindmaxSearch.Outcome outcome = searchAndReport(o, home, out, runner, progress);
    ToolMain.removeShutdownHook(stopper);
    int refused = engineRefusal(outcome);
    if (refused != ExitCode.OK) {
      return refused;
    }
    return outcome.maximum > 0 ? ExitCode.OK : ExitCode.RUN_FAILED;
  }

  /**
   * The search (or the thread ramp) and the follow-ups with {@code runner}, then the record (findmax.md, .csv,
   * .json), the HTML report unless --no-report, and the one-line result on standard output.
   */
  public static FindmaxSearch.Outcome searchAndReport(Options o, Path home, Path out, FindmaxStepRunner runner,
      FindmaxProgress progress) throws IOException, InterruptedException {
    FindmaxSearch.Outcome outcome;
    if (o.rampThreads.isEmpty()) {
      FindmaxSearch search = new FindmaxSearch(o.slas, o.resolution, o.maxSteps).errorBudget(o.errorBudget);
      outcome = search.search(o.start, runner, progress.outcome());
      search.followUps(outcome, o.at, runner);
      FindmaxCpuLevels.followUps(outcome, o.atCpu, search, runner, out, System.err);
    } else {
      outcome = new FindmaxRamp(o.slas, o.rampGain, o.rampWindow).errorBudget(o.errorBudget)
          .ramp(o.rampThreads, runner::runThreads, progress.outcome());
    }
    if (!progress.claim()) {
      throw new InterruptedException("stopped by a signal"); // the hook wrote the record of the completed steps
    }
    FindmaxReport.write(out, outcome, o.slas, o.errorBudget);
    FindmaxCpuLevels.writeTable(out, outcome, System.out);
    if (refusedStep(outcome) != null) {
      return outcome; // nothing was learnt about the database; the caller prints the engine's line
    }
    if (o.report) {
      int code = ReportTool.report(home).run(out.resolve("report"), java.util.Collections.singletonList(out));
      if (code != ExitCode.OK) {
        System.err.println("findmax: the report could not be made (bin/ycsb report exit code " + code + ")");
      }
    }
    System.out.println(resultLine(outcome, out.resolve(FindmaxReport.MARKDOWN)));
    return outcome;
  }

  /**
   * The one-line result: the maximum found (never 0 when a step passed: the maximum is the highest pass), or that no
   * step passed; how the search ended; and whether the machine was busy during the steps.
   */
  static String resultLine(FindmaxSearch.Outcome outcome, Path table) {
    boolean ramp = outcome.mode.equals("threads");
    String note = outcome.machineNote();
    String result;
    if (outcome.maximum > 0) {
      String bound = !outcome.lowerBound ? "" : ramp ? " (lower bound)" : outcome.ending.startsWith("inconclusive")
          ? " (lower bound: the machine was busy)" : " (lower bound: client-limited)";
      result = String.format(Locale.ROOT, "%s %.0f ops/s%s", ramp ? "highest throughput of a passing step"
          : "highest passing rate", outcome.maximum, bound);
    } else {
      result = "no step passed";
    }
    return String.format(Locale.ROOT, "findmax: %s (%s)%s; table in %s", result, outcome.ending,
        note.isEmpty() ? "" : "; " + note, table);
  }

  /**
   * When the last step's engine refused the options (exit 2) or could not initialise the database (exit 3), that
   * exit code — the run says nothing about the database — after printing the engine's own line; else 0.
   */
  public static int engineRefusal(FindmaxSearch.Outcome outcome) {
    FindmaxStep last = refusedStep(outcome);
    if (last != null) {
      System.err.println("findmax: step " + outcome.steps.size() + ": the engine exited with code " + last.exitCode
          + " (" + ExitCode.describe(last.exitCode) + ")" + (last.engineMessage.isEmpty() ? ""
          : ": " + last.engineMessage));
      return last.exitCode;
    }
    return ExitCode.OK;
  }

  /** The last step when its engine exited 2 or 3, else null. */
  private static FindmaxStep refusedStep(FindmaxSearch.Outcome outcome) {
    if (outcome.steps.isEmpty()) {
      return null;
    }
    FindmaxStep last = outcome.steps.get(outcome.steps.size() - 1);
    return last.exitCode == ExitCode.USAGE || last.exitCode == ExitCode.INIT_FAILED ? last : null;
  }

  /** The command line: findmax's own --options, and everything else passed to every step's engine unchanged. */
  public static final class Options {
    String binding;
    public final List<FindmaxSla> slas = new ArrayList<>();
    /** The share of a step's operations that may fail ({@code --sla 'errors<0.1%'}); 0: none may. */
    public double errorBudget;
    boolean slaGiven;
    double start = 1000;
    double resolution = 0.05;
    int maxSteps = 20;
    public double stepSeconds = 30;
    public double warmupSeconds = 5;
    Path out;
    Path ycsbHome;
    public boolean report = true;
    /** Follow-up runs at these shares of the maximum. */
    final List<Double> at = new ArrayList<>();
    /** Follow-up runs where the database nodes' mean CPU reaches these percentages ({@code --at cpu=60%,80%}). */
    final List<Double> atCpu = new ArrayList<>();
    /** --db-hosts: database nodes sampled over ssh during every step, or null. */
    Path dbHosts;
    /** The thread ramp's thread counts; empty for the rate search. */
    final List<Integer> rampThreads = new ArrayList<>();
    double rampGain = 0.05;
    int rampWindow = 2;
    /** Options of the rate search given on the command line (they do not apply to the thread ramp). */
    final List<String> searchOptions = new ArrayList<>();
    final List<String> clientArgs = new ArrayList<>();

    public static Options parse(String[] args) {
      Options o = new Options();
      OptionsGivenOnce once = new OptionsGivenOnce();
      for (int i = 0; i < args.length; i++) {
        String a = args[i];
        if (!a.startsWith("--")) {
          if (o.binding == null && !a.startsWith("-")) {
            o.binding = a;
          } else {
            o.clientArgs.add(a);
            if (EngineCommandLine.takesValue(a, ClientArgs.LAUNCHER_OPTIONS) && i + 1 < args.length) {
              o.clientArgs.add(args[++i]);
            }
          }
          continue;
        }
        if (a.equals("--no-report")) {
          o.report = false;
          continue;
        }
        String name = a;
        String value;
        int eq = a.indexOf('=');
        if (eq > 0) {
          name = a.substring(0, eq);
          value = a.substring(eq + 1);
        } else {
          if (i + 1 >= args.length) {
            throw new IllegalArgumentException(a + " needs a value; " + USAGE);
          }
          value = args[++i];
        }
        if (!"--sla".equals(name) && !"--at".equals(name)) {
          once.record(name, value);
        }
        switch (name) {
        case "--sla":
          // several --sla join (all must hold), but two bounds on one statistic would leave one of them unused
          double budget = FindmaxSla.errorBudget(value);
          if (budget >= 0) {
            once.record("--sla errors", value);
            o.errorBudget = budget;
          } else {
            FindmaxSla sla = FindmaxSla.parse(value);
            once.record("--sla " + sla.statistic, value);
            o.slas.add(sla);
          }
          o.slaGiven = true;
          break;
        case "--start":
          o.start = positive(name, value);
          checkRate(name, value);
          o.searchOptions.add(name);
          break;
        case "--resolution":
          o.resolution = percent(name, value);
          if (o.resolution > 1) {
            throw new IllegalArgumentException("--resolution " + value + ": at most 100% (the search halves the gap "
                + "between a pass and a failure until it is this share of the pass)");
          }
          o.searchOptions.add(name);
          break;
        case "--max-steps":
          o.maxSteps = count(name, value);
          o.searchOptions.add(name);
          break;
        case "--at":
          if (value.startsWith("cpu=")) {
            cpuLevels(o, value);
            o.searchOptions.add(name);
            break;
          }
          for (String share : value.split(",", -1)) {
            final String option = name;
            double f = listEntry(option, value, () -> percent(option, share.trim()));
            if (f >= 1) {
              throw new IllegalArgumentException("--at " + share.trim() + ": a follow-up runs below the maximum "
                  + "(under 100%)");
            }
            o.at.add(f);
          }
          o.searchOptions.add(name);
          break;
        case "--threads":
          int last = 0;
          for (String t : value.split(",", -1)) {
            final String option = name;
            int n = (int) listEntry(option, value, () -> count(option, t.trim()));
            if (n <= last) {
              throw new IllegalArgumentException("--threads " + value + ": thread counts must rise, e.g. 8,16,32");
            }
            o.rampThreads.add(n);
            last = n;
          }
          break;
        case "--ramp-gain":
          o.rampGain = percent(name, value);
          break;
        case "--ramp-window":
          o.rampWindow = count(name, value);
          break;
        case "--step-time":
          o.stepSeconds = seconds(name, value, 1e-9);
          if (o.stepSeconds < 1) {
            // the step's verdicts (SLA, machine busy, client-limited) are judged on 1-second intervals
            throw TypedProperties.badValue(name, value, "is shorter than 1s: a step is judged on its 1-second "
                + "intervals, and a shorter one has none");
          }
          break;
        case "--warmup":
          o.warmupSeconds = seconds(name, value, 0);
          break;
        case "--out":
          o.out = Paths.get(value);
          break;
        case "--db-hosts":
          o.dbHosts = Paths.get(value);
          break;
        case "--ycsb-home":
          o.ycsbHome = Paths.get(value).toAbsolutePath();
          break;
        default:
          throw new IllegalArgumentException("unknown option " + name + "; " + USAGE);
        }
      }
      if (o.binding == null) {
        throw new IllegalArgumentException("a binding name is required; " + USAGE);
      }
      boolean ramp = !o.rampThreads.isEmpty();
      if (!o.slaGiven && !ramp) {
        throw new IllegalArgumentException("at least one --sla is required, e.g. --sla 'p99<10ms'");
      }
      if (ramp && !o.searchOptions.isEmpty()) {
        throw new IllegalArgumentException(o.searchOptions.get(0) + " belongs to the rate search; the thread ramp "
            + "(--threads) does not use it");
      }
      if (ramp && o.rampWindow >= o.rampThreads.size()) {
        throw new IllegalArgumentException("--ramp-window " + o.rampWindow + " needs more than " + o.rampWindow
            + " thread counts in --threads");
      }
      EngineCommandLine line;
      try {
        line = ClientArgs.parse(o.clientArgs).line;
      } catch (UsageException e) {
        throw new IllegalArgumentException(e.getMessage());
      }
      refuseChosen(line, ramp);
      return o;
    }

    /**
     * What findmax sets for every step — the rate, the run phase and, on the thread ramp, the threads — is refused
     * when given, as a flag or with -p.
     */
    public static void refuseChosen(EngineCommandLine line, boolean ramp) {
      for (EngineCommandLine.Item item : line.items()) {
        String property = item.property();
        if (property == null) {
          continue; // a launcher option (-cp, -jvm-args): no property, no value of one
        }
        String instead = chosenByFindmax(property, item.propertyValue(), ramp);
        if (instead != null) {
          String given = item.flag() == EngineFlag.PROPERTY ? "-p " + property : item.flag().word();
          throw new IllegalArgumentException(given + " is findmax's to choose" + instead);
        }
      }
    }

    /**
     * What findmax sets in every step's command line, which would silently replace the user's value: null when
     * {@code property} is not one of them, else the rest of the refusal (what findmax sets, and how to ask for it).
     */
    private static String chosenByFindmax(String property, String value, boolean ramp) {
      if (property == null) {
        return null;
      }
      if (property.equals(EngineOptions.TARGET.name())
          || property.equals(EngineOptions.DO_TRANSACTIONS.name()) && "false".equals(value)
          || ramp && property.equals(EngineOptions.THREAD_COUNT.name())) {
        return "; leave it out";
      }
      if (property.equals(EngineOptions.OPERATION_COUNT.name())
          || property.equals(EngineOptions.MAX_EXECUTION_TIME.name())) {
        return ": each step runs for --step-time (default 30s) at its rate; give --step-time instead";
      }
      if (property.equals(EngineOptions.WARMUP.name())) {
        return ": give findmax's --warmup (default 5s) instead";
      }
      if (property.equals(EngineOptions.MEASUREMENT_INTERVAL.name())) {
        return ": every step measures both (its SLAs judge the intended latency); leave it out";
      }
      if (property.equals(EngineOptions.PERCENTILES.name())) {
        return ": every step exports p95, p99, p99.9 and each --sla percentile; give another as an --sla, or "
            + "leave it out";
      }
      return null;
    }

    /** {@code cpu=60%,80%}: the database nodes' CPU levels of the follow-ups, each above 0 and at most 100%. */
    private static void cpuLevels(Options o, String value) {
      for (String level : value.substring("cpu=".length()).split(",", -1)) {
        double f = listEntry("--at", value, () -> percent("--at cpu", level.trim()));
        if (f > 1) {
          throw new IllegalArgumentException("--at cpu=" + level.trim() + ": a CPU level is at most 100%");
        }
        o.atCpu.add(f * 100);
      }
    }

    /** A finite number above 0, read as the engine reads numbers. */
    private static double positive(String name, String value) {
      double d = TypedProperties.parseDouble(name, value, 0);
      if (d <= 0) {
        throw TypedProperties.badValue(name, value, "must be above 0");
      }
      return d;
    }

    /** A step's rate the engine would refuse ({@code -target} above its bound) is refused before any step runs. */
    private static void checkRate(String name, String value) {
      java.util.Properties p = new java.util.Properties();
      p.setProperty(EngineOptions.TARGET.name(), value.trim());
      try {
        new site.ycsb.cli.PropertyReader(p).get(EngineOptions.TARGET);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(name + " " + value.trim() + ": the first step's " + e.getMessage());
      }
    }

    /** Parses one entry of a comma-separated list; a bad entry is reported with the whole list as typed. */
    private static double listEntry(String name, String list, java.util.function.DoubleSupplier entry) {
      try {
        return entry.getAsDouble();
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(e.getMessage() + " (in " + name + " '" + list + "')");
      }
    }

    /** "60%" or "60" as 0.6; above 0. */
    private static double percent(String name, String value) {
      String v = value.endsWith("%") ? value.substring(0, value.length() - 1) : value;
      try {
        return positive(name, v) / 100;
      } catch (IllegalArgumentException e) {
        throw TypedProperties.badValue(name, value, "is not a positive percentage (e.g. 5%)");
      }
    }

    /** A positive whole number. */
    private static int count(String name, String value) {
      return (int) TypedProperties.parseLong(name, value, 1, Integer.MAX_VALUE);
    }

    /** A duration of at least {@code min} seconds in the engine's syntax ({@link Durations}), in seconds. */
    private static double seconds(String name, String value, double min) {
      long ns = Durations.nanos(value);
      if (ns < 0 || ns < min * 1e9) {
        throw TypedProperties.badValue(name, value, (min > 0 ? "is not a positive" : "is not a") + " duration (e.g. "
            + Durations.EXAMPLES + ")");
      }
      return ns / 1e9;
    }  }
}
