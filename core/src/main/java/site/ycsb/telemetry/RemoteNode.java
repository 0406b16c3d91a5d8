package site.ycsb.telemetry;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import site.ycsb.cli.Secrets;

/**
 * A database node sampled over one long-lived connection: a command (ssh to the node, built by the caller) runs
 * {@link #script} there — a POSIX shell loop that prints its {@code /proc} files with one {@code cat} whenever it
 * reads a tick (a newline) from its input, nothing installed on the node — and a reader thread turns each printed
 * sample into a {@link ProcSnapshot}. The head times the loop ({@link #tick}), so the node runs no {@code sleep} and
 * nothing at all between samples. The rates are computed with the node's own clock ({@code /proc/uptime}), so the
 * network's jitter does not enter them.
 *
 * <p>A tick is sent only once the node has answered the one before: a node that is slow to connect or to answer
 * gets no backlog of ticks (which would come back as a burst of samples a few ms apart), and its input never holds
 * more than one byte from us. The ticks are written by a thread of their own, so that even a node that stops reading
 * its input never holds up the sampler's thread.
 *
 * <p>Thread-safe: the reader threads write only through the {@link NodeRecorder}, which is; {@link #tick}, {@link
 * #check} and the stop are called by the sampler's thread.
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
  /** How long a stopped connection may take to end by itself (the loop ends when its input closes). */
  static final long CLOSE_MS = 1000;

  final NodeRecorder recorder;
  private final List<String> command;
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
  /** Samples (their end lines) received; the reader thread counts, the sampler's thread compares. */
  private final AtomicLong answers = new AtomicLong();
  /** Ticks handed to the writer (the sampler's thread only). */
  private long ticks;
  private final Semaphore tickDue = new Semaphore(0);
  /** When the writer began its current write (System.nanoTime), 0 while it waits. */
  private volatile long writingSinceNs;
  private volatile boolean closing;
  private volatile String tickError = "";

  RemoteNode(NodeRecorder recorder, List<String> command, long intervalMs, long firstSampleMs, long silenceMs) {
    this.recorder = recorder;
    this.command = command;
    this.firstSampleMs = firstSampleMs;
    this.silenceMs = Math.max(silenceMs, MISSED_SAMPLES * intervalMs);
  }

  /**
   * The remote loop: checks that the node runs Linux and can read its /proc files, then prints them each time it
   * reads a line (a tick) from its input, and ends when its input closes. Between ticks the shell is blocked in
   * {@code read} and costs nothing; the input closes when the head stops the connection, and when the connection
   * is lost — sshd closes the session's input as soon as it notices (at once for a closed connection, and for a
   * silently lost one when its keepalive gives up). The files are printed by {@code cat}, one process per sample:
   * shell builtins ({@code while IFS= read -r l; do printf ...}) cost more in dash, which reads a file byte by byte
   * (bench/telemetry).
   */
  static String script() {
    String files = String.join(" ", LocalProc.MACHINE_FILES);
    return "u=$(uname -s 2>/dev/null); if [ \"$u\" != Linux ]; then echo \"" + NOT_LINUX + " ${u:-unknown}\"; exit 3;"
        + " fi; for f in " + files + "; do if [ ! -r \"$f\" ]; then echo \"" + UNREADABLE + " $f\"; exit 3; fi; done;"
        + " echo \"" + READY + "\"; while read -r t; do cat " + files + " || exit 4; echo " + END + " || exit 5; done";
  }

  void start() {
    startedMs = System.currentTimeMillis();
    try {
      process = new ProcessBuilder(command).start();
    } catch (IOException e) {
      fail("could not start " + command.get(0) + " (" + e.getMessage() + "); not sampled");
      return;
    }
    reader = daemon(this::readSamples, "ycsb-telemetry-" + recorder.info.name);
    errors = daemon(this::readErrors, "ycsb-telemetry-err-" + recorder.info.name);
    daemon(this::writeTicks, "ycsb-telemetry-tick-" + recorder.info.name);
  }

  /**
   * Asks the node for a sample (the sampler's thread): hands a tick to the writer, unless the node's answer to the
   * last one is still due or it is not sampled any more; never blocks.
   *
   * @return the tick's number (its answer is the sample with that number, see {@link #answers}), or 0 when none
   *     was sent
   */
  long tick() {
    if (done || ended || process == null || answers.get() < ticks) {
      return 0;
    }
    long n = ++ticks;
    tickDue.release();
    return n;
  }

  /** Samples received so far (answers to ticks). */
  long answers() {
    return answers.get();
  }

  /** Whether it answers: connected, has sent a sample, and is neither stopped nor given up. */
  boolean answering() {
    return !done && !ended && recorder.lastAcceptedMs() > 0;
  }

  /**
   * Writes the ticks (its own thread, so that a node that stops reading its input holds up only this thread), and
   * closes the node's input when the sampling stops: the loop there then ends by itself.
   */
  private void writeTicks() {
    OutputStream out = process.getOutputStream();
    try {
      while (true) {
        tickDue.acquire();
        if (closing) {
          break;
        }
        writingSinceNs = System.nanoTime();
        out.write('\n');
        out.flush();
        writingSinceNs = 0;
      }
    } catch (IOException e) {
      tickError = String.valueOf(e.getMessage()); // its input is closed: the process ended, check() says why
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    try {
      out.close();
    } catch (IOException e) {
      // already closed
    }
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
          answers.incrementAndGet();
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
    closing = true;
    tickDue.release();
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
      long writing = writingSinceNs;
      why = "stopped answering at " + time(last) + " (no sample for " + (nowMs - last) / 1000 + " s"
          + (writing != 0 ? "; it stopped reading its input" : tickError.isEmpty() ? "" : "; its input is closed: "
          + tickError) + ")";
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

  /**
   * Begins to end the connection: no more samples are read, and its input is closed (by the writer, once it has
   * written what it was writing), so that the loop on the node ends by itself and ssh exits.
   */
  void beginStop() {
    done = true;
    closing = true;
    tickDue.release();
  }

  /**
   * Ends the connection: waits until {@code deadlineNs} (System.nanoTime) for it to end by itself ({@link
   * #beginStop}), then stops it (SIGTERM to the local ssh, SIGKILL 2 s later), within a bound whatever the node does.
   */
  void finishStop(long deadlineNs) {
    Process p = process;
    try {
      if (p != null && !p.waitFor(Math.max(0, deadlineNs - System.nanoTime()), TimeUnit.NANOSECONDS)) {
        stopProcess();
      }
      for (Thread t : new Thread[] {reader, errors}) {
        if (t != null) {
          t.join(2000);
        }
      }
    } catch (InterruptedException e) {
      stopProcess();
      Thread.currentThread().interrupt();
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
