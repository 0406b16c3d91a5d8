package site.ycsb.telemetry;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import site.ycsb.Secrets;

/**
 * A database node sampled over one long-lived connection: a command (ssh to the node, built by the caller) runs
 * {@link #script} there — a POSIX shell loop that prints its {@code /proc} files with one {@code cat} per sample,
 * nothing installed on the node — and a reader thread turns each printed sample into a {@link ProcSnapshot}. The
 * rates are computed with the node's own clock ({@code /proc/uptime}), so the network's jitter does not enter them.
 *
 * <p>Thread-safe: the reader threads write only through the {@link NodeRecorder}, which is; {@link #check} and
 * {@link #stop} are called by the sampler's thread.
 */
final class RemoteNode {
  /** Printed by the script before its samples: the node runs Linux and its /proc files can be read. */
  static final String READY = "@@ycsb-telemetry ready";
  static final String NOT_LINUX = "@@ycsb-telemetry not-linux";
  static final String UNREADABLE = "@@ycsb-telemetry unreadable";
  static final String END = "@@end";
  /** ssh's own exit code when it failed (could not connect, authenticate, or lost the connection). */
  static final int SSH_FAILED = 255;
  /** The first sample must arrive within this time (ssh's own connect timeout is 10 s). */
  static final long FIRST_SAMPLE_MS = 25_000;
  /** Samples that may be missed in a row before the node counts as no longer answering (and at least 15 s). */
  static final int MISSED_SAMPLES = 5;
  static final long SILENCE_MS = 15_000;
  /** ssh's last error line is quoted up to this length. */
  static final int MAX_ERROR_CHARS = 200;
  /** A line of /proc is short; a longer one is not the loop's output (and must not fill the heap). */
  static final int MAX_LINE_CHARS = 64 * 1024;
  /** One sample is some KB (a large machine's /proc/stat and net/dev: some 100 KB); far more is not a sample. */
  static final long MAX_SAMPLE_CHARS = 8L * 1024 * 1024;
  /** Samples in a row that cannot be read as the /proc files before the node's output counts as not the loop's. */
  static final int UNREADABLE_SAMPLES = 3;
  /** The remote loop ends by itself after this long, should it lose its connection unnoticed. */
  static final long MAX_LOOP_SEC = TimeUnit.DAYS.toSeconds(7);

  final NodeRecorder recorder;
  private final List<String> command;
  private final long intervalMs;
  /** How long a node may stay silent (no first sample; no sample after one) before it is given up. */
  private final long firstSampleMs;
  private final long silenceMs;
  private Process process;
  private volatile String lastError = "";
  private volatile boolean ended;
  /** Stopped, or given up with a problem named: nothing more is checked or said. */
  private volatile boolean done;
  private long startedMs;
  private Thread reader;
  private Thread errors;

  RemoteNode(NodeRecorder recorder, List<String> command, long intervalMs, long firstSampleMs, long silenceMs) {
    this.recorder = recorder;
    this.command = command;
    this.intervalMs = intervalMs;
    this.firstSampleMs = firstSampleMs;
    this.silenceMs = Math.max(silenceMs, MISSED_SAMPLES * intervalMs);
  }

  /**
   * The remote loop: checks that the node runs Linux and can read its /proc files, then prints them every interval
   * until it has run {@link #MAX_LOOP_SEC} or its output is closed (the head stopped the connection: the next write
   * fails and the shell exits).
   */
  static String script(long intervalMs) {
    String files = String.join(" ", LocalProc.MACHINE_FILES);
    String sleep = intervalMs % 1000 == 0 ? Long.toString(intervalMs / 1000)
        : String.format(Locale.ROOT, "%.3f", intervalMs / 1000.0);
    long max = Math.max(1, MAX_LOOP_SEC * 1000 / intervalMs);
    return "u=$(uname -s 2>/dev/null); if [ \"$u\" != Linux ]; then echo \"" + NOT_LINUX + " ${u:-unknown}\"; exit 3;"
        + " fi; for f in " + files + "; do if [ ! -r \"$f\" ]; then echo \"" + UNREADABLE + " $f\"; exit 3; fi; done;"
        + " echo \"" + READY + "\"; n=0; while [ \"$n\" -lt " + max + " ]; do cat " + files + " || exit 4; echo "
        + END + " || exit 5; n=$((n+1)); sleep " + sleep + " 2>/dev/null || sleep 1; done";
  }

  void start() {
    startedMs = System.currentTimeMillis();
    try {
      process = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
          .start();
    } catch (IOException e) {
      fail("could not start " + command.get(0) + " (" + e.getMessage() + "); not sampled");
      return;
    }
    reader = daemon(this::readSamples, "ycsb-telemetry-" + recorder.info.name);
    errors = daemon(this::readErrors, "ycsb-telemetry-err-" + recorder.info.name);
  }

  private static Thread daemon(Runnable r, String name) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    t.start();
    return t;
  }

  private void readSamples() {
    SampleParser parser = new SampleParser();
    int unreadable = 0;
    try (InputStream in = new BufferedInputStream(process.getInputStream())) {
      StringBuilder line = new StringBuilder();
      long sampleChars = 0;
      while (!done && readLine(in, line, false)) {
        String text = line.toString();
        sampleChars += text.length();
        if (text.startsWith(NOT_LINUX)) {
          fail("is not a Linux machine (uname -s: " + text.substring(NOT_LINUX.length()).trim() + "): its /proc "
              + "figures cannot be read; not sampled");
        } else if (text.startsWith(UNREADABLE)) {
          fail("cannot read " + text.substring(UNREADABLE.length()).trim() + "; not sampled");
        } else if (text.equals(END)) {
          ProcSnapshot s = parser.finish();
          sampleChars = 0;
          if (s != null) {
            unreadable = 0;
            recorder.accept(s, System.currentTimeMillis());
          } else if (++unreadable >= UNREADABLE_SAMPLES) {
            notItsOutput(UNREADABLE_SAMPLES + " samples in a row that are not its /proc files");
          }
        } else if (sampleChars > MAX_SAMPLE_CHARS) {
          notItsOutput("more than " + MAX_SAMPLE_CHARS / 1024 / 1024 + " MiB without the end of a sample");
        } else if (!text.equals(READY)) {
          parser.line(text);
        }
      }
    } catch (LineTooLong e) {
      notItsOutput("a line of more than " + MAX_LINE_CHARS / 1024 + " KiB");
    } catch (IOException | RuntimeException e) {
      // the process was stopped, or its output was not what the script prints: check() names what it can
    }
    ended = true;
  }

  /** The node's output is not the loop's (a login banner run wild, a shell that runs something else). */
  private void notItsOutput(String what) {
    fail("sent output that is not the sampling loop's (" + what + "); "
        + (recorder.lastAcceptedMs() == 0 ? "not sampled" : "its samples until then are kept"));
  }

  /** Thrown by {@link #readLine} for a line longer than {@link #MAX_LINE_CHARS}. */
  private static final class LineTooLong extends IOException {
    private static final long serialVersionUID = 1L;
  }

  /**
   * Reads one line (ISO-8859-1, without its end) into {@code line}; false at the end of the stream. A line may not
   * grow without bound — a node printing one endless line must not fill the client's heap: beyond {@link
   * #MAX_LINE_CHARS} it is cut ({@code truncate}) or refused ({@link LineTooLong}).
   */
  static boolean readLine(InputStream in, StringBuilder line, boolean truncate) throws IOException {
    line.setLength(0);
    int c;
    while ((c = in.read()) >= 0) {
      if (c == '\n') {
        return true;
      }
      if (line.length() < MAX_LINE_CHARS) {
        line.append((char) c);
      } else if (!truncate) {
        throw new LineTooLong();
      }
    }
    return line.length() > 0;
  }

  private void readErrors() {
    try (InputStream in = new BufferedInputStream(process.getErrorStream())) {
      StringBuilder line = new StringBuilder();
      while (readLine(in, line, true)) {
        String text = new String(line.toString().getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8).trim();
        if (!text.isEmpty()) {
          String safe = Secrets.safeLine(text);
          lastError = safe.length() <= MAX_ERROR_CHARS ? safe : safe.substring(0, MAX_ERROR_CHARS) + "...";
        }
      }
    } catch (IOException e) {
      // stopped
    }
  }

  private void fail(String what) {
    done = true;
    recorder.info.problem(recorder.info.name + " " + what);
    stopProcess();
  }

  /**
   * Called every tick: a node whose first sample did not arrive in time, whose connection ended, or that sent no
   * sample for {@link #MISSED_SAMPLES} intervals (at least 15 s) is named once and its connection stopped; what it
   * sent until then is kept.
   */
  void check(long nowMs) {
    if (done) {
      return;
    }
    long last = recorder.lastAcceptedMs();
    String why = null;
    if (ended) {
      int code = exitCode();
      why = last > 0 ? "stopped answering at " + time(last) + " (the connection ended: " + describeExit(code) + ")"
          : code == SSH_FAILED || code < 0 ? "could not be reached or did not answer (" + describeExit(code) + ")"
          : "was reached but could not run the sampling loop (" + describeExit(code) + "); it needs a POSIX sh, "
          + "cat and Linux's /proc";
    } else if (last == 0 && nowMs - startedMs > firstSampleMs) {
      why = "did not answer within " + firstSampleMs / 1000 + " s" + (lastError.isEmpty() ? "" : " (" + lastError
          + ")");
    } else if (last > 0 && nowMs - last > silenceMs) {
      why = "stopped answering at " + time(last) + " (no sample for " + (nowMs - last) / 1000 + " s)";
    }
    if (why != null) {
      fail(why + "; " + (last == 0 ? "not sampled" : "its samples until then are kept"));
    }
  }

  private int exitCode() {
    try {
      boolean exited = process.waitFor(2, TimeUnit.SECONDS);
      if (errors != null) {
        errors.join(1000); // its last line says why (ssh's own message)
      }
      return exited ? process.exitValue() : -1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return -1;
    }
  }

  private String describeExit(int code) {
    String err = lastError.isEmpty() ? "" : ": " + lastError;
    return code == SSH_FAILED ? "ssh exit 255" + err : code < 0 ? "no exit code" + err : "exit code " + code + err;
  }

  private static String time(long epochMs) {
    java.text.SimpleDateFormat f = new java.text.SimpleDateFormat("HH:mm:ss");
    f.setTimeZone(java.util.TimeZone.getTimeZone("UTC"));
    return f.format(new java.util.Date(epochMs)) + " UTC";
  }

  /** Ends the connection (SIGTERM to the local ssh; the remote loop ends at its next write), within a bound. */
  void stop() {
    done = true;
    stopProcess();
    for (Thread t : new Thread[] {reader, errors}) {
      if (t != null) {
        try {
          t.join(2000);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
  }

  private void stopProcess() {
    Process p = process;
    if (p == null) {
      return;
    }
    p.destroy();
    try {
      if (!p.waitFor(2, TimeUnit.SECONDS)) {
        p.destroyForcibly();
      }
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Splits one sample's output — the files in {@link LocalProc#MACHINE_FILES} order, concatenated by one
   * {@code cat} — back into its files: uptime and loadavg are one line each, /proc/stat runs until meminfo's first
   * line (MemTotal), meminfo until the first diskstats line (major and minor numbers, a name), diskstats until
   * /proc/net/dev's header.
   */
  static final class SampleParser {
    private final StringBuilder[] parts = new StringBuilder[6];
    private int part;

    SampleParser() {
      reset();
    }

    private void reset() {
      for (int i = 0; i < parts.length; i++) {
        parts[i] = new StringBuilder();
      }
      part = 0;
    }

    void line(String line) {
      if (part <= 1) {
        parts[part++].append(line).append('\n');
        return;
      }
      if (part == 2 && line.startsWith("MemTotal:")) {
        part = 3;
      } else if (part == 3 && line.matches("\\s*\\d+\\s+\\d+\\s+\\S+\\s+\\d+.*")) {
        part = 4;
      } else if ((part == 3 || part == 4) && line.startsWith("Inter-|")) {
        part = 5;
      }
      parts[part].append(line).append('\n');
    }

    /** The sample's snapshot, or null when it was incomplete; then ready for the next. */
    ProcSnapshot finish() {
      ProcSnapshot s = new ProcSnapshot();
      try {
        for (int i = 0; i < parts.length; i++) {
          s.parse(LocalProc.MACHINE_FILES[i], parts[i].toString());
        }
      } catch (RuntimeException e) {
        s = null;
      }
      reset();
      return s != null && s.complete() ? s : null;
    }
  }
}
