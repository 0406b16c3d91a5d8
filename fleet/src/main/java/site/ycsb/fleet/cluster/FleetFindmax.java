package site.ycsb.fleet.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import site.ycsb.cli.ExitCode;
import site.ycsb.fleet.Bindings;
import site.ycsb.fleet.OutDir;
import site.ycsb.fleet.ToolMain;
import site.ycsb.fleet.UsageException;
import site.ycsb.fleet.YcsbHome;
import site.ycsb.fleet.findmax.Findmax;
import site.ycsb.fleet.findmax.FindmaxProgress;
import site.ycsb.fleet.findmax.FindmaxSearch;
import site.ycsb.fleet.findmax.FindmaxStepRunner;
import site.ycsb.fleet.ssh.HostSpec;
import site.ycsb.fleet.ssh.SshCommand;
import site.ycsb.fleet.ssh.SshGate;
import site.ycsb.fleet.suite.ClientArgs;
import site.ycsb.fleet.suite.DbHosts;
import site.ycsb.fleet.suite.Phase;
import site.ycsb.fleet.suite.PhaseOutcome;
import site.ycsb.fleet.suite.Suite;
import site.ycsb.fleet.suite.SuiteOptions;

/**
 * {@code bin/ycsb fleet <binding> --hosts ... --workloads a --findmax --sla 'p99<10ms' [findmax options]}: findmax
 * over a fleet. Every step is one fleet phase — the step's rate and operations split across the clients, started
 * together, copied back and merged — and the merged result is judged as a local step would be. The thread ramp
 * (--threads) is not offered over a fleet.
 */
final class FleetFindmax {
  /** findmax's own options that take a value (the fleet's --out, --no-report and --ycsb-home serve both). */
  static final List<String> VALUE_OPTIONS = Collections.unmodifiableList(Arrays.asList("--sla", "--start",
      "--resolution", "--max-steps", "--at", "--step-time", "--warmup"));

  private FleetFindmax() {
  }

  /** Whether the command line asks for findmax. */
  static boolean wanted(String[] args) {
    return Arrays.asList(args).contains("--findmax");
  }

  /** Runs findmax over the fleet; {@code usage} is fleet's, for the usage errors of its options. */
  static int run(String[] args, String usage) throws UsageException, IOException, InterruptedException {
    List<String> fleetArgs = new ArrayList<>();
    List<String> findmaxArgs = new ArrayList<>();
    findmaxArgs.add("binding");
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
      if (a.equals("--findmax")) {
        continue;
      }
      if (a.equals("--threads") || name.equals("--threads") || name.startsWith("--ramp-")) {
        throw new UsageException(name + ": the thread ramp runs on one machine (bin/ycsb findmax), not over a fleet");
      }
      if (VALUE_OPTIONS.contains(name)) {
        findmaxArgs.add(a);
        if (!a.contains("=") && i + 1 < args.length) {
          findmaxArgs.add(args[++i]);
        }
        continue;
      }
      fleetArgs.add(a);
    }
    SuiteOptions so = SuiteOptions.parse(fleetArgs.toArray(new String[0]), true, usage);
    if (so.metricsPort != null) {
      throw new UsageException("--metrics-port is not supported with --findmax (yet): its steps do not serve live "
          + "figures");
    }
    Findmax.Options fo;
    try {
      fo = Findmax.Options.parse(findmaxArgs.toArray(new String[0]));
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    fo.report = so.report;
    if (so.phases.size() != 1 || so.phases.get(0).isLoad() || so.repeat != 1) {
      throw new UsageException("with --findmax, --workloads names the one workload to search (e.g. --workloads a),"
          + " without load and --repeat; load the data first");
    }
    try {
      Findmax.Options.refuseChosen(ClientArgs.parse(so.clientArgs).line, false);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    Path home = YcsbHome.find(so.ycsbHome);
    Bindings.check(home, so.binding);
    List<HostSpec> hosts = FleetHosts.resolve(so.hostsList, so.hostsFile, so.remoteHome, home);
    SshCommand ssh = new SshCommand(so.sshOptions, so.sshConfig, SshCommand.splitEnv(System.getenv("YCSB_SSH_OPTS")));
    DbHosts nodes = DbHosts.read(so.dbHosts, ssh, "fleet", System.err);
    SshGate gate = so.sshGate();
    String stamp = Suite.stamp();
    Path out = so.out != null ? so.out : Paths.get("findmax-" + stamp);
    OutDir.requireFresh(out);
    FleetStatus status = new FleetStatus(out);
    String runId = stamp + "-" + Long.toHexString(Double.doubleToLongBits(Math.random()) & 0xffffL);
    Phase phase = so.phases.get(0);
    System.err.println("fleet: findmax over " + hosts.size() + " clients: " + HostSpec.labels(hosts));
    AtomicReference<FleetPhaseRunner> current = new AtomicReference<>();
    FindmaxStepRunner.Engine engine = (index, stepOptions, dir, log) -> {
      List<String> all = new ArrayList<>(so.clientArgs);
      all.addAll(stepOptions);
      FleetPhaseRunner runner;
      try {
        runner = new FleetPhaseRunner(home, so.binding, ClientArgs.parse(all), hosts, ssh, gate, so.clockWarnMs,
            so.clockRefuseMs, out, so.startDelaySec, runId, status, System.err);
        runner.prepare(Collections.singletonList(phase));
      } catch (UsageException e) {
        return refused(log, e.getMessage(), ExitCode.USAGE);
      } catch (IOException e) {
        System.err.println("fleet: " + e.getMessage());
        return refused(log, e.getMessage(), ExitCode.RUN_FAILED);
      }
      current.set(runner);
      Files.createDirectories(dir);
      PhaseOutcome outcome = runner.run(phase, index, dir);
      current.set(null);
      if (!outcome.succeeded()) {
        System.err.println("fleet: findmax step " + index + " " + outcome.failure);
      }
      return outcome.exitCode;
    };
    FindmaxProgress progress = new FindmaxProgress();
    Thread stopper = new Thread(() -> {
      FleetPhaseRunner r = current.get();
      if (r != null) {
        r.stopRunningClients();
      }
      progress.writeInterrupted(out, fo.slas, fo.errorBudget, System.err);
    }, "fleet-findmax-stop-clients");
    Runtime.getRuntime().addShutdownHook(stopper);
    FindmaxSearch.Outcome outcome = Findmax.searchAndReport(fo, home, out, new FindmaxStepRunner(home, so.binding,
        Collections.emptyList(), out, fo.stepSeconds, fo.warmupSeconds, fo.slas, engine).sampling(nodes), progress);
    ToolMain.removeShutdownHook(stopper);
    status.finish(outcome.maximum > 0, outcome.ending);
    int refused = Findmax.engineRefusal(outcome);
    if (refused != ExitCode.OK) {
      return refused;
    }
    return outcome.maximum > 0 ? ExitCode.OK : ExitCode.RUN_FAILED;
  }

  /**
   * A step that could not start on the fleet (its options refused here: 2; the clients not ready: 1): the reason
   * goes to the step's log, where findmax reads a step's engine line (and prints it for a refusal, exit 2).
   */
  private static int refused(Path log, String message, int code) throws IOException {
    Files.write(log, java.util.Collections.singletonList("fleet: " + message),
        java.nio.charset.StandardCharsets.UTF_8);
    return code;
  }
}
