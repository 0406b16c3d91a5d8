package site.ycsb.engine;

import java.io.File;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import site.ycsb.cli.EngineOptions;
import site.ycsb.cli.Secrets;
import site.ycsb.cli.UsageException;
import site.ycsb.telemetry.DatabaseNodes;
import site.ycsb.telemetry.LoopbackServers;
import site.ycsb.telemetry.NodeSummary;
import site.ycsb.telemetry.ServerSampler;

/**
 * The engine's part of sampling the database nodes ({@code telemetry=auto} with a {@code results.dir}): once the
 * bindings have connected, the local servers this client talks to over loopback are found ({@link LoopbackServers}),
 * with those named by {@code telemetry.pids}, and sampled from the time the schedule opens to the end of the run
 * into {@code server-<node>.csv}; the phase's figures go into summary.json ({@link DatabaseNodes}). Remote nodes are
 * sampled by the tools that start the engine ({@code suite}, {@code fleet}, {@code findmax} with {@code --db-hosts}).
 * Sampling never fails a run: a server that cannot be sampled is named in one line.
 *
 * <p>Not thread-safe: used by the run's main thread.
 */
final class EngineTelemetry {
  private final ServerSampler sampler;

  private EngineTelemetry(ServerSampler sampler) {
    this.sampler = sampler;
  }

  /**
   * Finds the servers and starts sampling them (their first samples are the baseline of the first rates), or returns
   * null when there is nothing to sample. Prints one line naming what is sampled, or why nothing is.
   */
  static EngineTelemetry start(RunConfig config) {
    if (!config.telemetry) {
      return null;
    }
    if (!new File("/proc/stat").canRead()) {
      System.err.println("Database nodes: not sampled (this machine has no /proc: not Linux).");
      return null;
    }
    ServerSampler sampler = new ServerSampler(Math.min(config.statusIntervalMs, StatusReporter.TIMESERIES_MS));
    List<String> problems = new ArrayList<>();
    List<String> named = new ArrayList<>();
    for (Map.Entry<String, Long> e : config.telemetryPids.entrySet()) {
      sampler.addLocal(e.getKey(), e.getValue(), EngineOptions.TELEMETRY_PIDS.name());
      named.add(e.getKey() + " (pid " + e.getValue() + ")");
    }
    List<LoopbackServers.Server> found = LoopbackServers.connected(problems);
    for (LoopbackServers.Server s : found) {
      String name = nodeName(s, found);
      if (config.telemetryPids.containsKey(name)) {
        continue;
      }
      sampler.addLocal(name, s.pid, s.command);
      named.add(s.toString());
    }
    for (String p : problems) {
      System.err.println("WARNING: database nodes: " + Secrets.safeLine(p));
    }
    if (sampler.isEmpty()) {
      return null;
    }
    System.err.println("Database nodes sampled every " + sampler.intervalMs() + " ms: " + String.join(", ", named)
        + " (telemetry=off turns this off).");
    sampler.start();
    return new EngineTelemetry(sampler);
  }

  /**
   * A node is named by its address; by address and port when several servers on this machine share the address
   * (e.g. a database and its sidecar on 127.0.0.1).
   */
  private static String nodeName(LoopbackServers.Server s, List<LoopbackServers.Server> all) {
    for (LoopbackServers.Server o : all) {
      if (o != s && o.address.equals(s.address) && o.pid != s.pid) {
        return s.address + ":" + s.port;
      }
    }
    return s.address;
  }

  /** From the schedule's opening on, the samples also go to the results directory. */
  void open(File resultsDir, long scheduleStartEpochMs) {
    sampler.open(resultsDir, scheduleStartEpochMs);
  }

  /** The measured window began before {@code epochMs}: from then on samples are summed as they age, not kept. */
  void windowStartsBy(long epochMs) {
    sampler.windowStartsBy(epochMs);
  }

  /** Stops sampling (within seconds, whatever the nodes do). */
  void stop() {
    sampler.stop();
  }

  /** Each sampled node's newest figures, by node name (for the live metrics). */
  Map<String, Map<String, Double>> latest() {
    return sampler.latest();
  }

  /** summary.json's section over the measured window. */
  String sectionJson(long startEpochMs, long endEpochMs) {
    return sampler.sectionJson(startEpochMs, endEpochMs);
  }

  /** What each node did over the measured window, then the verdicts and problems, one line each (stderr). */
  List<String> report(long startEpochMs, long endEpochMs) {
    List<NodeSummary> nodes = sampler.summaries(startEpochMs, endEpochMs);
    List<String> out = new ArrayList<>(DatabaseNodes.lines(nodes));
    for (String v : DatabaseNodes.verdicts(nodes)) {
      out.add("WARNING: " + v);
    }
    for (site.ycsb.telemetry.NodeInfo n : sampler.nodes()) {
      for (String p : n.problems()) {
        out.add("WARNING: database node " + Secrets.safeLine(p));
      }
    }
    return out;
  }
}
