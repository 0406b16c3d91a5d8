package site.ycsb.telemetry;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import site.ycsb.cli.ExitCode;

/**
 * Samples the database nodes of a run every interval: local servers (processes on this machine) from {@code /proc}
 * on one thread, remote nodes each over its own long-lived connection ({@link RemoteNode}), which that thread asks
 * for a sample every interval (a tick). Each node's samples go to {@code server-<node>.csv} in the results directory
 * and are summarised per phase ({@link #sectionJson}). {@link #stop} takes one more sample of every node, so that
 * even a run shorter than the interval has its figures. Nothing waits on a node for ever: a node that does not
 * answer is named and dropped, the run goes on, and {@link #stop} returns within a few seconds whatever the nodes do.
 *
 * <p>Thread-safe for one owner: add nodes, {@link #open}, then {@link #stop} from one thread; the sampling thread
 * and the remote readers only record.
 */
public final class ServerSampler {
  private final long intervalMs;
  private final List<Local> locals = new ArrayList<>();
  private final List<RemoteNode> remotes = new ArrayList<>();
  private final List<NodeRecorder> recorders = new ArrayList<>();
  private final CountDownLatch stop = new CountDownLatch(1);
  private final LocalProc proc = new LocalProc();
  private Thread thread;
  private volatile long samplerCpuNs;
  private long startedNs;
  private long stoppedNs;

  private static final class Local {
    final NodeRecorder recorder;
    final long pid;
    boolean gone;

    Local(NodeRecorder recorder, long pid) {
      this.recorder = recorder;
      this.pid = pid;
    }
  }

  private final long firstSampleMs;
  private final long silenceMs;
  /** How long the last sample of the remote nodes is waited for at the stop: about one interval. */
  private final long lastSampleMs;

  /** @param intervalMs time between samples (the time series' resolution: 1 s, or the status interval if shorter) */
  public ServerSampler(long intervalMs) {
    this(intervalMs, RemoteNode.FIRST_SAMPLE_MS, RemoteNode.SILENCE_MS);
  }

  /** With other bounds on a remote node's silence (tests). */
  ServerSampler(long intervalMs, long firstSampleMs, long silenceMs) {
    this.intervalMs = Math.max(100, intervalMs);
    this.firstSampleMs = firstSampleMs;
    this.silenceMs = silenceMs;
    this.lastSampleMs = Math.min(Math.max(this.intervalMs, 500), 2000);
  }

  public long intervalMs() {
    return intervalMs;
  }

  /** A server process on this machine, named {@code name} (the address clients use), sampled from /proc. */
  public NodeInfo addLocal(String name, long pid, String what) {
    NodeInfo info = new NodeInfo(name, "local process " + pid + (what == null || what.isEmpty() ? "" : " (" + what
        + ")"), true, 0);
    NodeRecorder r = new NodeRecorder(info);
    recorders.add(r);
    locals.add(new Local(r, pid));
    return info;
  }

  /**
   * A remote node sampled by running {@code command} (e.g. ssh to it) with {@link #remoteScript} as its remote
   * command; it connects at once, so that its first samples arrive before the run starts.
   */
  public NodeInfo addRemote(String name, String source, List<String> command) {
    NodeInfo info = new NodeInfo(name, source, false, 0);
    NodeRecorder r = new NodeRecorder(info);
    recorders.add(r);
    RemoteNode node = new RemoteNode(r, command, intervalMs, firstSampleMs, silenceMs);
    remotes.add(node);
    node.start();
    return info;
  }

  /**
   * Prints the loop a remote node runs (to see what runs on a node); or, with {@code --sample SECONDS COMMAND...},
   * samples one node over {@code COMMAND} (e.g. {@code ssh node}, the loop as its last argument) as a run does, and
   * prints how many samples it took and any problem: for {@code bench/telemetry}, which measures its cost.
   */
  public static void main(String[] args) throws InterruptedException {
    if (args.length == 0) {
      System.out.println(RemoteNode.script());
      return;
    }
    if (args.length < 3 || !args[0].equals("--sample") || !args[1].matches("[1-9][0-9]{0,6}")) {
      System.err.println("usage: ServerSampler [--sample SECONDS COMMAND...] (prints the remote loop; or samples one "
          + "node over COMMAND for SECONDS, 1-9999999)");
      System.exit(ExitCode.USAGE);
    }
    ServerSampler s = new ServerSampler(1000);
    List<String> command = new ArrayList<>(java.util.Arrays.asList(args).subList(2, args.length));
    command.add(s.remoteScript());
    NodeInfo node = s.addRemote("node", String.join(" ", command.subList(0, command.size() - 1)), command);
    s.start();
    Thread.sleep(TimeUnit.SECONDS.toMillis(Long.parseLong(args[1])));
    s.stop();
    System.out.println("samples " + s.summaries(0, Long.MAX_VALUE).get(0).samples + " sampler-cpu-ms "
        + Math.round(s.samplerCpuNs / 1e6));
    for (String p : node.problems()) {
      System.out.println("problem " + p);
    }
  }

  /** The shell command a remote node runs (POSIX sh and cat only). */
  public String remoteScript() {
    return RemoteNode.script();
  }

  public boolean isEmpty() {
    return recorders.isEmpty();
  }

  public List<NodeInfo> nodes() {
    List<NodeInfo> out = new ArrayList<>();
    for (NodeRecorder r : recorders) {
      out.add(r.info);
    }
    return out;
  }

  /**
   * Starts sampling (if not yet) and writes each node's samples to {@code dir/server-<node>.csv} from now on, those
   * taken so far first; {@code referenceEpochMs} is the zero of the files' elapsed_s (the schedule's opening).
   * {@code dir} null keeps them in memory only.
   */
  public void open(File dir, long referenceEpochMs) {
    for (NodeRecorder r : recorders) {
      if (dir == null) {
        continue;
      }
      File f = new File(dir, NodeCsv.fileName(r.info.name));
      try {
        r.open(new OutputStreamWriter(new FileOutputStream(f), StandardCharsets.UTF_8), referenceEpochMs);
      } catch (IOException e) {
        r.info.problem(r.info.name + ": " + f + " could not be written (" + e.getMessage() + "); its samples are "
            + "kept for the summary only");
      }
    }
    start();
  }

  /** Starts the sampling thread (idempotent). */
  public synchronized void start() {
    if (thread != null) {
      return;
    }
    startedNs = System.nanoTime();
    thread = new Thread(this::loop, "ycsb-telemetry");
    thread.setDaemon(true);
    thread.start();
  }

  private void loop() {
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    boolean cpuTime = mx.isCurrentThreadCpuTimeSupported();
    long cpu0 = cpuTime ? mx.getCurrentThreadCpuTime() : 0;
    long next = System.nanoTime();
    try {
      do {
        tick();
        if (cpuTime) {
          samplerCpuNs = mx.getCurrentThreadCpuTime() - cpu0;
        }
        next += TimeUnit.MILLISECONDS.toNanos(intervalMs);
      } while (!stop.await(Math.max(0, next - System.nanoTime()), TimeUnit.NANOSECONDS));
      lastSamples();
      if (cpuTime) {
        samplerCpuNs = mx.getCurrentThreadCpuTime() - cpu0;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException e) {
      // never let sampling disturb the run: say so once and stop sampling the local servers
      for (Local l : locals) {
        l.recorder.info.problem(l.recorder.info.name + ": sampling failed (" + e + "); its samples until then are "
            + "kept");
      }
    }
  }

  private void tick() {
    long now = System.currentTimeMillis();
    sampleLocals(now);
    for (RemoteNode r : remotes) {
      r.check(now);
      r.tick();
    }
  }

  /**
   * At the stop: one more sample of every node — the local ones at once; the remote ones that answer get a tick and
   * are waited for, all at once and for about one interval at most — so that the last part of the run, and a run
   * shorter than the interval, have their figures.
   */
  private void lastSamples() throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(lastSampleMs);
    List<RemoteNode> waiting = new ArrayList<>();
    for (RemoteNode r : remotes) {
      if (r.answering()) {
        waiting.add(r);
      }
    }
    long[] tick = new long[waiting.size()];
    sampleLocals(System.currentTimeMillis());
    while (!waiting.isEmpty()) {
      boolean all = true;
      for (int i = 0; i < tick.length; i++) {
        RemoteNode r = waiting.get(i);
        if (tick[i] == 0) {
          tick[i] = r.tick(); // 0 while its answer to the last tick is due: then that one is waited for first
        }
        all &= !r.answering() || tick[i] > 0 && r.answers() >= tick[i];
      }
      if (all || System.nanoTime() >= deadline) {
        return;
      }
      Thread.sleep(5);
    }
  }

  private void sampleLocals(long now) {
    if (!locals.isEmpty()) {
      ProcSnapshot machine = proc.machine();
      for (Local l : locals) {
        if (l.gone) {
          continue;
        }
        ProcSnapshot s = LocalProc.copyMachine(machine);
        if (!proc.addProcess(s, l.pid)) {
          l.gone = true;
          l.recorder.info.problem(l.recorder.info.name + ": its process " + l.pid + " ended during the run; its "
              + "samples until then are kept");
          continue;
        }
        l.recorder.accept(s, now);
      }
    }
  }

  /** Whether every node has given at least one sample (tests wait for the baseline before they open a window). */
  boolean everyNodeSampled() {
    for (NodeRecorder r : recorders) {
      if (r.lastAcceptedMs() == 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * Takes the last samples (every node once more), stops sampling and every connection, and closes the files;
   * returns within a few seconds whatever the nodes do.
   */
  public void stop() {
    stop.countDown();
    Thread t;
    synchronized (this) {
      t = thread;
    }
    if (t != null) {
      try {
        t.join(5000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    stoppedNs = System.nanoTime();
    for (RemoteNode r : remotes) {
      r.beginStop();
    }
    long closed = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(RemoteNode.CLOSE_MS);
    for (RemoteNode r : remotes) {
      r.finishStop(closed);
    }
    for (NodeRecorder r : recorders) {
      r.close();
    }
  }

  /**
   * Every window asked of {@link #summaries} from now on starts at or before {@code epochMs} (the engine says so once
   * its measured window has begun): the nodes' samples after it are then summed as they age instead of kept, so that
   * a run of any length samples in bounded memory.
   */
  public void windowStartsBy(long epochMs) {
    for (NodeRecorder r : recorders) {
      r.windowStartsBy(epochMs);
    }
  }

  /**
   * Each node's newest sample by node name, its figures named as server-&lt;node&gt;.csv's columns (cpu_pct,
   * iowait_pct...); a node without a sample yet is left out. For the live metrics.
   */
  public java.util.Map<String, java.util.Map<String, Double>> latest() {
    java.util.Map<String, java.util.Map<String, Double>> out = new java.util.LinkedHashMap<>();
    for (NodeRecorder r : recorders) {
      NodeRates newest = r.newest();
      if (newest != null) {
        out.put(r.info.name, NodeCsv.figures(newest));
      }
    }
    return out;
  }

  /** Each node's summary over a window (epoch ms), in the order the nodes were added. */
  public List<NodeSummary> summaries(long startEpochMs, long endEpochMs) {
    List<NodeSummary> out = new ArrayList<>();
    for (NodeRecorder r : recorders) {
      out.add(r.summary(startEpochMs, endEpochMs));
    }
    return out;
  }

  /** summary.json's {@code databaseNodes} section for a window, with the sampling thread's own CPU time. */
  public String sectionJson(long startEpochMs, long endEpochMs) {
    double seconds = stoppedNs > startedNs ? (stoppedNs - startedNs) / 1e9 : 0;
    return DatabaseNodes.json(intervalMs, summaries(startEpochMs, endEpochMs), samplerCpuNs / 1e6, seconds);
  }
}
