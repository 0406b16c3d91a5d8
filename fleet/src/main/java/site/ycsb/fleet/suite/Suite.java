package site.ycsb.fleet.suite;

import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.text.SimpleDateFormat;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.TimeZone;

import site.ycsb.cli.ExitCode;
import site.ycsb.fleet.Bindings;
import site.ycsb.fleet.OutDir;
import site.ycsb.fleet.ToolMain;
import site.ycsb.fleet.UsageException;
import site.ycsb.fleet.YcsbHome;
import site.ycsb.fleet.ssh.SshCommand;

/**
 * {@code bin/ycsb suite <binding> [--workloads load,a,b,c,f,d] [--repeat N] [--out DIR] [--hook-before CMD]
 * [--hook-after CMD] [client options...]}: load and the workloads in order, one fresh engine process per phase.
 * Exit 0 when every phase completed, 2 for a usage error, else the exit code of the phase or hook that failed.
 */
public final class Suite {
  static final String USAGE = "usage: ycsb suite <binding> [--workloads load,a,b,c,f,d] [--load-workload W] "
      + "[--repeat N] [--out DIR] [--hook-before CMD] [--hook-after CMD] [--db-hosts FILE] "
      + "[--metrics-port PORT] [--db-exporter-port N] [--no-report] "
      + "[--ycsb-home DIR] "
      + "[client options: -P FILE -p K=V -threads N -target N -s -l LABEL ...]";

  private Suite() {
  }

  public static void main(String[] args) {
    System.exit(run(args));
  }

  public static int run(String[] args) {
    return ToolMain.run("suite", USAGE, args, Suite::body);
  }

  private static int body(String[] args) throws UsageException, IOException, InterruptedException {
    SuiteOptions o = SuiteOptions.parse(args, false, USAGE);
    Path home = YcsbHome.find(o.ycsbHome);
    Bindings.check(home, o.binding);
    Path out = o.out != null ? o.out : Paths.get("suite-" + stamp());
    DbHosts nodes = DbHosts.read(o.dbHosts, new SshCommand(java.util.Collections.<String>emptyList(), null,
        SshCommand.splitEnv(System.getenv("YCSB_SSH_OPTS"))), "suite", System.err);
    PrometheusTargets metrics = o.metricsPort == null ? null : PrometheusTargets.local(o.metricsPort);
    if (metrics != null && o.dbExporterPort > 0) {
      metrics = metrics.withExporters(nodes.exporters(o.dbExporterPort));
    }
    List<String> clientArgs = new ArrayList<>(o.clientArgs);
    if (metrics != null) {
      clientArgs.addAll(metrics.engineOptions(0));
    }
    LocalPhaseRunner runner = new LocalPhaseRunner(home, o.binding, clientArgs);
    runner.prepare(o.phases);
    boolean created = OutDir.requireFresh(out);
    if (metrics != null) {
      System.err.println("suite: live metrics of every phase at " + metrics.engineOptions(0).get(1)
          + "; Prometheus file_sd targets: " + metrics.write(out));
    }
    SuiteRunner suite = new SuiteRunner("suite", o.phases, o.repeat, out, o.hookBefore, o.hookAfter,
        SampledPhaseRunner.of(runner, nodes),
        o.report ? ReportTool.report(home) : null, System.err);
    // SIGTERM or Ctrl-C to the suite must not leave its engine running (reparented, writing into out).
    Thread stopper = new Thread(() -> {
      runner.stopCurrent(System.err);
      suite.writeInterruptedSummary();
    }, "suite-stop-engine");
    Runtime.getRuntime().addShutdownHook(stopper);
    int code = suite.run();
    ToolMain.removeShutdownHook(stopper);
    if (code == ExitCode.USAGE && suite.completed().isEmpty()) {
      // The engine refused the options in the first phase: nothing ran, so no empty tree of phase directories stays.
      OutDir.removeIfNothingWritten(out, created);
    }
    return code;
  }

  /** UTC time stamp for default output directory names. */
  public static String stamp() {
    SimpleDateFormat f = new SimpleDateFormat("yyyyMMdd-HHmmss");
    f.setTimeZone(TimeZone.getTimeZone("UTC"));
    return f.format(new Date());
  }
}
