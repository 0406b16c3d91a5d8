package site.ycsb.fleet.cluster;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import site.ycsb.cli.EngineCommandLine;
import site.ycsb.cli.EngineOptions;
import site.ycsb.cli.ExitCode;
import site.ycsb.fleet.OptionValues;
import site.ycsb.fleet.UsageException;
import site.ycsb.fleet.ssh.Captured;
import site.ycsb.fleet.ssh.ClockCheck;
import site.ycsb.fleet.ssh.FleetOptions;
import site.ycsb.fleet.ssh.HostSpec;
import site.ycsb.fleet.ssh.RemoteCommand;
import site.ycsb.fleet.ssh.ShellQuote;
import site.ycsb.fleet.ssh.SshCommand;
import site.ycsb.fleet.ssh.SshGate;
import site.ycsb.fleet.suite.ClientArgs;
import site.ycsb.fleet.suite.ClientShare;
import site.ycsb.fleet.suite.FleetPhaseRecord;
import site.ycsb.fleet.suite.Phase;
import site.ycsb.fleet.suite.PhaseOutcome;
import site.ycsb.fleet.suite.PhaseRunner;
import site.ycsb.fleet.suite.PhaseWarmup;
import site.ycsb.fleet.suite.PrometheusTargets;
import site.ycsb.fleet.suite.ReportTool;
import site.ycsb.output.RecordFiles;

/**
 * Runs one phase on every client over ssh: splits the work, checks every client's clock against this node's
 * ({@link ClockCheck}: a warning beyond --clock-warn, the phase refused beyond --clock-refuse), starts all clients at
 * one wall-clock instant (their connections set up through the {@link SshGate}), shows
 * their status lines, copies their result directories back (scp -r) and merges them. A phase in which any client
 * failed, could not be reached, or whose results could not be copied is incomplete: the clients that did complete
 * are merged apart (clients/REP/PHASE/partial-merge), never into the phase directory, and FLEET-STATUS names the
 * missing hosts. The phase's {@link FleetPhaseRecord} (clock offsets, start skew) goes into its directory.
 *
 * <p>Thread-safe where it is shared: it works on the clients in parallel (one task per client) and a shutdown hook may
 * stop the running clients; what the tasks share is a concurrent map or synchronized.
 */
final class FleetPhaseRunner implements PhaseRunner {
  private final Path home;
  private final String binding;
  private final ClientArgs args;
  private final List<HostSpec> hosts;
  private final List<String> labels;
  private final SshCommand ssh;
  private final SshGate gate;
  private final long clockWarnMs;
  private final long clockRefuseMs;
  private final Path out;
  private final long startDelayMs;
  private final String runDir;
  private final FleetStatus status;
  private final PrintStream err;
  /** The clients of the phase under way, for {@link #stopRunningClients()}. */
  private final List<ClientProcess> running = new java.util.concurrent.CopyOnWriteArrayList<>();
  private final Map<ClientProcess, HostSpec> runningHosts = new java.util.concurrent.ConcurrentHashMap<>();
  /** Where each client serves its live figures (--metrics-port), or null. */
  private PrometheusTargets metrics;
  /** -P file as given -> its copy on the clients (relative to each client's YCSB directory). */
  private final Map<String, String> remoteFiles = new LinkedHashMap<>();

  FleetPhaseRunner(Path home, String binding, ClientArgs args, List<HostSpec> hosts, SshCommand ssh, SshGate gate,
      long clockWarnMs, long clockRefuseMs, Path out, double startDelaySec, String runId, FleetStatus status,
      PrintStream err) {
    this.home = home;
    this.binding = binding;
    this.args = args;
    this.hosts = hosts;
    this.labels = HostSpec.labels(hosts);
    this.ssh = ssh;
    this.gate = gate;
    this.clockWarnMs = clockWarnMs;
    this.clockRefuseMs = clockRefuseMs;
    this.out = out;
    this.startDelayMs = Math.round(startDelaySec * 1000);
    this.runDir = "fleet-runs/" + runId;
    this.status = status;
    this.err = err;
  }

  /** Makes every client serve its live figures where {@code targets} says (set before the first phase). */
  void serveMetrics(PrometheusTargets targets) {
    this.metrics = targets;
  }

  private static String dirName(int index, String label) {
    return "c" + (index + 1) + "-" + label.replaceAll("[^A-Za-z0-9._-]", "_");
  }

  /** Reads the -P files, checks every phase can be split, and prepares every client (reachable, YCSB there). */
  @Override
  public void prepare(List<Phase> phases) throws UsageException, IOException {
    for (Phase p : phases) {
      split(p);
    }
    // The files as sent go through a private directory that is deleted once every client has them: they may hold
    // passwords. The result directory keeps copies with secret values masked, as a record of what was run.
    Path staging = PrivateDirectory.create("ycsb-fleet-conf");
    Path conf = staging.resolve("conf");
    Path record = out.resolve("clients").resolve("conf");
    try {
      List<String> all = new ArrayList<>(args.propertyFiles);
      for (Phase p : phases) {
        all.add(p.workloadFile());
      }
      int k = 0;
      for (String f : all) {
        if (remoteFiles.containsKey(f)) {
          continue;
        }
        Path local = ClientArgs.locate(f, home);
        k++;
        String name = local.getFileName().toString();
        Path staged = conf.resolve(Integer.toString(k)).resolve(name);
        Files.createDirectories(staged.getParent());
        Files.copy(local, staged, StandardCopyOption.REPLACE_EXISTING);
        Path kept = record.resolve(Integer.toString(k)).resolve(name);
        Files.createDirectories(kept.getParent());
        String text = new String(Files.readAllBytes(local), java.nio.charset.StandardCharsets.ISO_8859_1);
        Files.write(kept, site.ycsb.cli.Secrets.maskPropertiesText(text).getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        remoteFiles.put(f, runDir + "/conf/" + k + "/" + name);
      }
      prepareClients(conf);
    } finally {
      PrivateDirectory.delete(staging);
    }
  }

  private void prepareClients(Path conf) throws IOException {
    List<String> problems = parallel(hosts.size(), i -> preflight(i, conf));
    List<String> bad = new ArrayList<>();
    for (String p : problems) {
      if (p != null) {
        bad.add(p);
      }
    }
    if (!bad.isEmpty()) {
      throw new IOException("not every client is ready, nothing was started: " + String.join("; ", bad));
    }
  }

  /** Checks a client and copies the -P files to it; returns null when ready, else a message naming the host. */
  private String preflight(int i, Path conf) throws IOException, InterruptedException {
    HostSpec h = hosts.get(i);
    // umask 077: the run's directory on the client holds the -P files as given, which may hold passwords
    String cmd = "cd " + ShellQuote.quote(h.home()) + " && test -f bin/ycsb && (umask 077 && mkdir -p " + runDir
        + ")";
    Captured r = gate.command(ssh.ssh(h, cmd));
    if (r.timedOut()) {
      return labels.get(i) + " did not answer: " + r.why("ssh") + " (--ssh-timeout)";
    }
    if (r.exitCode == SshCommand.CONNECTION_FAILED) {
      return labels.get(i) + " unreachable (" + r.why("ssh") + ")";
    }
    if (r.exitCode != 0) {
      return labels.get(i) + " has no YCSB in " + h.home() + " (bin/ycsb missing; run bin/ycsb fleet-install)";
    }
    Captured copy = gate.copy(ssh.push(h, conf.toString(), h.home() + "/" + runDir + "/"));
    if (copy.exitCode != 0) {
      return labels.get(i) + ": copying the -P files failed (" + copy.why("scp") + ")"
          + (copy.timedOut() ? " (--copy-timeout)" : "");
    }
    return null;
  }

  /**
   * Measures the clock of every client of the phase against this node's ({@link ClockCheck}), records it, warns
   * about those beyond --clock-warn or not measured; returns the refusal (one line naming the hosts and offsets
   * beyond --clock-refuse), or null.
   */
  private String checkClocks(FleetPlan plan, FleetPhaseRecord record) throws IOException {
    List<String> refused = new ArrayList<>();
    ClockCheck.Reading[] readings = new ClockCheck.Reading[plan.shares.size()];
    // each task writes its own element; the futures' completion makes them visible here
    parallel(readings.length, k -> {
      HostSpec h = hosts.get(plan.shares.get(k).client);
      readings[k] = gate.clock(ssh.sshWithInput(h, ClockCheck.REMOTE_LOOP));
      return null;
    });
    long worst = 0;
    String worstHost = null;
    for (int k = 0; k < plan.shares.size(); k++) {
      String label = labels.get(plan.shares.get(k).client);
      ClockCheck.Reading r = readings[k];
      ClockCheck.Verdict v = ClockCheck.judge(r, clockWarnMs, clockRefuseMs);
      record.clock(label, r, v);
      if (r.known() && Math.abs(r.offsetMs) >= Math.abs(worst)) {
        worst = r.offsetMs;
        worstHost = label;
      }
      switch (v) {
        case REFUSED:
          refused.add(label + " " + r.describe());
          break;
        case WARNING:
          err.println("fleet: WARNING: the clock of " + label + " is " + r.describe() + " off this node's, beyond "
              + FleetOptions.CLOCK_WARN.name() + " " + clockWarnMs + " ms: merged intervals assume aligned clocks "
              + "(synchronise them with NTP or chrony)");
          break;
        case UNKNOWN:
          err.println("fleet: WARNING: the clock of " + label + " could not be checked: " + r.problem);
          break;
        default:
          break;
      }
    }
    if (!refused.isEmpty()) {
      return "refused: the clock of " + String.join(", ", refused) + " is off this node's by more than "
          + FleetOptions.CLOCK_REFUSE.name() + " " + clockRefuseMs + " ms; synchronise the clocks (NTP, chrony)";
    }
    err.println("fleet: clocks of " + plan.shares.size() + " clients checked" + (worstHost == null ? ""
        : "; the largest offset " + String.format(java.util.Locale.ROOT, "%+d", worst) + " ms (" + worstHost + ")"));
    return null;
  }

  private FleetPlan split(Phase phase) throws UsageException {
    Properties p = args.effective(home, phase.workloadFile());
    long recordCount = OptionValues.engineOption(p, EngineOptions.RECORD_COUNT);
    long insertStart = OptionValues.engineOption(p, EngineOptions.INSERT_START);
    long insertCount = OptionValues.loadCount(p);
    long operationCount = OptionValues.property(p, EngineOptions.OPERATION_COUNT, -1);
    if (phase.isLoad() && insertCount == 0) {
      throw new UsageException("phase load: nothing to load (recordcount " + recordCount + ", insertstart "
          + insertStart + "); set -p recordcount=N");
    }
    FleetPlan plan = FleetPlan.plan(hosts.size(), phase.isLoad(), insertStart, insertCount, operationCount,
        args.target);
    plan.recordCount = recordCount;
    return plan;
  }

  @Override
  public PhaseOutcome run(Phase phase, int repeat, Path dir) throws IOException, InterruptedException {
    FleetPlan plan;
    try {
      plan = split(phase);
    } catch (UsageException e) {
      return PhaseOutcome.failed(ExitCode.USAGE, e.getMessage());
    }
    String id = repeat + "-" + phase.name();
    Path clientsDir = out.resolve("clients").resolve(Integer.toString(repeat)).resolve(phase.name());
    Files.createDirectories(clientsDir);
    if (!plan.leftOut.isEmpty()) {
      List<String> names = new ArrayList<>();
      for (int i : plan.leftOut) {
        names.add(labels.get(i));
      }
      err.println("fleet: " + phase.name() + ": more clients than " + (phase.isLoad() ? "records" : "operations")
          + "; left out of this phase: " + String.join(", ", names));
    }
    String where = phase.name() + " (repeat " + repeat + ")";
    FleetPhaseRecord record = new FleetPhaseRecord(phase.name(), repeat, clockWarnMs, clockRefuseMs);
    String clockRefusal = checkClocks(plan, record);
    if (clockRefusal != null) {
      record.write(dir);
      String line = where + ": " + clockRefusal;
      writeStatus(dir, "status: refused\n" + line + "\n");
      status.phase(line, new ArrayList<>());
      return PhaseOutcome.failed(ExitCode.RUN_FAILED, clockRefusal);
    }
    long start = System.currentTimeMillis() + startDelayMs;
    record.commonStart(start);
    if (warmup(phase, plan.shares.get(0)) != null) {
      err.println("fleet: " + phase.name() + ": each client warms up first, not measured (" + PhaseWarmup.DESCRIPTION
          + ")");
    }
    err.println("fleet: " + phase.name() + " (repeat " + repeat + "): " + plan.shares.size() + " clients start at "
        + Instant.ofEpochMilli(start) + " (in " + startDelayMs + " ms)");
    List<ClientProcess> procs = new ArrayList<>();
    List<String> remoteDirs = new ArrayList<>();
    for (ClientShare s : plan.shares) {
      HostSpec h = hosts.get(s.client);
      String remoteResults = runDir + "/" + id + "-c" + (s.client + 1);
      remoteDirs.add(remoteResults);
      List<String> files = new ArrayList<>();
      for (String f : args.propertyFiles) {
        files.add(remoteFiles.get(f));
      }
      List<String> engine = new ArrayList<>();
      engine.add(phase.engineCommand());
      engine.add(binding);
      engine.addAll(args.forClient(files, remoteFiles.get(phase.workloadFile()), s, plan.recordCount,
          remoteResults));
      String warmup = warmup(phase, s);
      if (warmup != null) {
        engine.addAll(EngineCommandLine.set(EngineOptions.WARMUP, warmup));
      }
      if (metrics != null) {
        engine.addAll(metrics.engineOptions(s.client));
      }
      String remote = RemoteCommand.build(h.home(), start, engine);
      err.println("fleet: " + labels.get(s.client) + ": " + describe(s) + (warmup == null ? ""
          : " warmup=" + warmup));
      ClientProcess cp = ClientProcess.start(labels.get(s.client), ssh.ssh(h, remote),
          clientsDir.resolve(dirName(s.client, labels.get(s.client)) + ".log"), err, gate);
      procs.add(cp);
      runningHosts.put(cp, h);
      running.add(cp);
    }
    List<Path> collected = new ArrayList<>();
    List<String> missing = new ArrayList<>();
    List<String> done = new ArrayList<>();
    List<String> overBudget = new ArrayList<>();
    for (int k = 0; k < procs.size(); k++) {
      ClientShare s = plan.shares.get(k);
      int code = procs.get(k).waitFor();
      running.remove(procs.get(k));
      String label = labels.get(s.client);
      if (code == ExitCode.ERRORS_OVER_BUDGET) {
        // its results are complete: merged with the others; the phase then says which clients were over
        overBudget.add(label);
        err.println("fleet: " + label + ": " + why(code));
      } else if (code != ExitCode.OK) {
        missing.add(label + " (" + why(code) + ")");
        record.missing(label, why(code));
        err.println("fleet: " + label + ": " + why(code));
        continue;
      }
      HostSpec h = hosts.get(s.client);
      Path local = clientsDir.resolve(dirName(s.client, label));
      Captured copy = gate.copy(ssh.fetch(h, h.home() + "/" + remoteDirs.get(k), local.toString()));
      if (copy.exitCode != 0 || !Files.isRegularFile(local.resolve(RecordFiles.SUMMARY))) {
        String why = "results could not be copied: "
            + (copy.exitCode != 0 ? copy.why("scp") : "no " + RecordFiles.SUMMARY)
            + (copy.timedOut() ? " (--copy-timeout)" : "");
        missing.add(label + " (" + why + ")");
        record.missing(label, why);
        err.println("fleet: " + label + ": " + why);
        continue;
      }
      collected.add(local);
      record.completed(label, local);
      done.add(label);
    }
    record.write(dir);
    if (!missing.isEmpty()) {
      Path partial = clientsDir.resolve("partial-merge");
      String merged = "";
      if (!collected.isEmpty()) {
        int m = ReportTool.merge(home, partial, collected, clientsDir.resolve("partial-merge.txt"));
        merged = m == ExitCode.OK ? "; the " + collected.size() + " that completed are merged in " + partial : "";
      }
      String line = where + ": INCOMPLETE, " + done.size() + " of " + plan.shares.size() + " clients completed;"
          + " missing: " + String.join("; ", missing) + merged;
      writeStatus(dir, "status: incomplete\n" + line + "\n");
      status.phase(line, missing);
      return PhaseOutcome.failed(ExitCode.RUN_FAILED, "is INCOMPLETE: " + missing.size() + " of " + plan.shares.size()
          + " clients missing: " + String.join("; ", missing) + merged);
    }
    Path tmp = clientsDir.resolve("merged");
    Path mergeOutput = clientsDir.resolve("merged-output.txt");
    int m = ReportTool.merge(home, tmp, collected, mergeOutput);
    if (m != ExitCode.OK) {
      String line = where + ": merge of " + collected.size() + " clients failed with exit code " + m;
      writeStatus(dir, "status: merge failed\n" + line + "\n");
      status.phase(line, new ArrayList<>());
      // the run failed; USAGE would claim a usage error
      return PhaseOutcome.failed(ExitCode.RUN_FAILED, "failed: merging the " + collected.size()
          + " client results failed (merge exit " + m + ")");
    }
    moveInto(tmp, dir);
    // the merged results, like the engine's own, go to standard output
    System.out.print(new String(Files.readAllBytes(mergeOutput),
        java.nio.charset.StandardCharsets.UTF_8));
    String spread = record.spreads();
    err.println("fleet: " + where + ": " + spread);
    String line = where + ": complete, " + collected.size() + " clients: " + String.join(", ", done) + "; " + spread;
    writeStatus(dir, "status: complete\n" + line + "\n");
    status.phase(line, new ArrayList<>());
    if (!overBudget.isEmpty()) {
      return PhaseOutcome.overBudget("completed, but " + String.join(", ", overBudget) + " had more failed "
          + "operations than errors.budget allows (engine exit " + ExitCode.ERRORS_OVER_BUDGET + ")");
    }
    return PhaseOutcome.ok();
  }

  /**
   * Stops the engines of the phase under way (when the head node is interrupted): closing ssh does not stop a
   * remote command, so each engine is sent SIGTERM by its process id over a new ssh connection.
   */
  void stopRunningClients() {
    for (ClientProcess cp : running) {
      String pid = cp.remotePid();
      HostSpec h = runningHosts.get(cp);
      if (pid != null && h != null) {
        try {
          Process p = new ProcessBuilder(ssh.ssh(h, "kill -TERM " + pid)).redirectErrorStream(true)
              .redirectOutput(new java.io.File("/dev/null")).start();
          if (p.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
            err.println("fleet: stopped the engine on " + h.name() + " (pid " + pid + ")");
          }
        } catch (IOException e) {
          err.println("fleet: could not stop the engine on " + h.name() + " (pid " + pid + "): " + e.getMessage());
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
      cp.destroy();
    }
  }

  /** The default warm-up of one client's share of a phase (see {@link PhaseWarmup}), or null. */
  private String warmup(Phase phase, ClientShare s) {
    try {
      Properties p = args.effective(home, phase.workloadFile());
      long operations = s.operationCount >= 0 ? s.operationCount : Math.max(0, s.insertCount);
      return PhaseWarmup.choose(p, operations, s.target, OptionValues.engineOption(p,
          EngineOptions.MAX_EXECUTION_TIME));
    } catch (UsageException e) {
      return null; // already reported by split(), which ran first
    }
  }

  private static String describe(ClientShare s) {
    StringBuilder sb = new StringBuilder();
    if (s.insertCount >= 0) {
      sb.append("insertstart=").append(s.insertStart).append(" insertcount=").append(s.insertCount);
    }
    if (s.operationCount >= 0) {
      sb.append("operationcount=").append(s.operationCount);
    }
    sb.append(sb.length() > 0 ? " " : "").append("target=")
        .append(s.target > 0 ? EngineCommandLine.formatRate(s.target) : "unthrottled");
    return sb.toString();
  }

  static String why(int sshExit) {
    if (sshExit == SshCommand.CONNECTION_FAILED) {
      return "ssh exit " + SshCommand.CONNECTION_FAILED
          + ": the connection failed or was lost, or the client process was killed";
    }
    return "the engine exited with code " + sshExit + " (" + ExitCode.describe(sshExit) + ")";
  }

  private static void writeStatus(Path dir, String text) throws IOException {
    Files.write(dir.resolve(FleetStatus.FILE), text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }

  /** Moves the merged files into the phase directory (which may already hold hook output). */
  private static void moveInto(Path from, Path to) throws IOException {
    try (Stream<Path> s = Files.list(from)) {
      for (Path p : (Iterable<Path>) s::iterator) {
        Files.move(p, to.resolve(p.getFileName().toString()));
      }
    }
    Files.delete(from);
  }

  interface HostTask {
    String call(int index) throws IOException, InterruptedException;
  }

  /**
   * Runs a task for each of {@code n} indexes at once (the {@link SshGate} bounds the connections being set up);
   * returns the results in order.
   */
  List<String> parallel(int n, HostTask task) throws IOException {
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, n));
    try {
      List<Future<String>> futures = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        final int index = i;
        futures.add(pool.submit(() -> task.call(index)));
      }
      List<String> results = new ArrayList<>();
      for (Future<String> f : futures) {
        try {
          results.add(f.get());
        } catch (java.util.concurrent.ExecutionException e) {
          throw new IOException(e.getCause().getMessage(), e.getCause());
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IOException("interrupted");
        }
      }
      return results;
    } finally {
      pool.shutdownNow();
    }
  }
}
