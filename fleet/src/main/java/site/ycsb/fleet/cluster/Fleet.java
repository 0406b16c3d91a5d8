package site.ycsb.fleet.cluster;

import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

import site.ycsb.cli.ExitCode;
import site.ycsb.fleet.Bindings;
import site.ycsb.fleet.OutDir;
import site.ycsb.fleet.ToolMain;
import site.ycsb.fleet.UsageException;
import site.ycsb.fleet.YcsbHome;
import site.ycsb.fleet.ssh.HostSpec;
import site.ycsb.fleet.ssh.SshCommand;
import site.ycsb.fleet.ssh.SshGate;
import site.ycsb.fleet.suite.ClientArgs;
import site.ycsb.fleet.suite.DbHosts;
import site.ycsb.fleet.suite.PrometheusTargets;
import site.ycsb.fleet.suite.ReportTool;
import site.ycsb.fleet.suite.SampledPhaseRunner;
import site.ycsb.fleet.suite.Suite;
import site.ycsb.fleet.suite.SuiteOptions;
import site.ycsb.fleet.suite.SuiteRunner;

/**
 * {@code bin/ycsb fleet <binding> (--hosts a,b,c | --hosts-file FILE) [suite options] [client options]}: a suite
 * (load, then workloads) run on many client machines at once over ssh, merged per phase. Exit 0 when every phase
 * completed on every client; 1 when a phase is incomplete (FLEET-STATUS names the missing hosts) or a client is
 * not ready; 2 for a usage error; else the code of the failed hook or merge.
 */
public final class Fleet {
  static final String USAGE = "usage: ycsb fleet <binding> (--hosts [user@]host[:port],... | --hosts-file FILE) "
      + "[--workloads load,a,b,c,f,d] [--load-workload W] [--repeat N] [--out DIR] [--start-delay SEC] "
      + "[--remote-home DIR] [--ssh-option OPT]... [--ssh-config FILE] [--ssh-setups N] [--ssh-timeout SEC] "
      + "[--copy-timeout SEC] [--clock-warn MS] [--clock-refuse MS] [--hook-before CMD] [--hook-after CMD] "
      + "[--db-hosts FILE] [--metrics-port PORT] [--db-exporter-port N] "
      + "[--no-report] [--ycsb-home DIR] [client options: -P FILE -p K=V -threads N -target N -s -l LABEL ...]"
      + "; findmax over the fleet: add --workloads W --findmax --sla 'p99<10ms' [--start R] [--resolution 5%] "
      + "[--max-steps N] [--at 60%,80%] [--step-time 30s] [--warmup 5s]";

  private Fleet() {
  }

  public static void main(String[] args) {
    System.exit(run(args));
  }

  static int run(String[] args) {
    return ToolMain.run("fleet", USAGE, args, Fleet::body);
  }

  private static int body(String[] args) throws UsageException, IOException, InterruptedException {
    if (FleetFindmax.wanted(args)) {
      return FleetFindmax.run(args, USAGE);
    }
    SuiteOptions o = SuiteOptions.parse(args, true, USAGE);
    Path home = YcsbHome.find(o.ycsbHome);
    Bindings.check(home, o.binding);
    List<HostSpec> hosts = FleetHosts.resolve(o.hostsList, o.hostsFile, o.remoteHome, home);
    ClientArgs clientArgs = ClientArgs.parse(o.clientArgs);
    SshCommand ssh = new SshCommand(o.sshOptions, o.sshConfig,
        SshCommand.splitEnv(System.getenv("YCSB_SSH_OPTS")));
    DbHosts nodes = DbHosts.read(o.dbHosts, ssh, "fleet", System.err);
    String stamp = Suite.stamp();
    Path out = o.out != null ? o.out : Paths.get("fleet-" + stamp);
    boolean created = OutDir.requireFresh(out);
    FleetStatus status = new FleetStatus(out);
    String runId = stamp + "-" + Long.toHexString(Double.doubleToLongBits(Math.random()) & 0xffffL);
    SshGate gate = o.sshGate();
    FleetPhaseRunner runner = new FleetPhaseRunner(home, o.binding, clientArgs, hosts, ssh, gate, o.clockWarnMs,
        o.clockRefuseMs, out, o.startDelaySec, runId, status, System.err);
    System.err.println("fleet: " + hosts.size() + " clients: " + HostSpec.labels(hosts));
    PrometheusTargets metrics = o.metricsPort == null ? null
        : PrometheusTargets.fleet(hosts, HostSpec.labels(hosts), o.metricsPort);
    if (metrics != null && o.dbExporterPort > 0) {
      metrics = metrics.withExporters(nodes.exporters(o.dbExporterPort));
    }
    runner.serveMetrics(metrics);
    try {
      runner.prepare(o.phases);
    } catch (UsageException e) {
      OutDir.removeIfNothingWritten(out, created); // refused before anything ran (e.g. a -P file that is a FIFO)
      throw e;
    } catch (IOException e) {
      status.finish(false, e.getMessage());
      System.err.println("fleet: " + e.getMessage());
      return ExitCode.RUN_FAILED;
    }
    if (metrics != null) {
      System.err.println("fleet: live metrics of every client (ports from " + o.metricsPort + "); Prometheus file_sd "
          + "targets: " + metrics.write(out));
    }
    SuiteRunner suite = new SuiteRunner("fleet", o.phases, o.repeat, out, o.hookBefore, o.hookAfter,
        SampledPhaseRunner.of(runner, nodes),
        o.report ? ReportTool.report(home) : null, System.err);
    Thread stopper = new Thread(() -> {
      runner.stopRunningClients();
      suite.writeInterruptedSummary();
    }, "fleet-stop-clients");
    Runtime.getRuntime().addShutdownHook(stopper);
    int code = suite.run();
    ToolMain.removeShutdownHook(stopper);
    System.err.println("fleet: ssh: " + gate.describe());
    if (code == ExitCode.ERRORS_OVER_BUDGET) {
      status.finishOverBudget();
    } else {
      status.finish(code == ExitCode.OK, "exit code " + code);
    }
    if (status.incomplete()) {
      System.err.println("fleet: the run is INCOMPLETE (see " + out.resolve(FleetStatus.FILE) + ")");
      return code == ExitCode.OK ? ExitCode.RUN_FAILED : code;
    }
    return code;
  }
}
