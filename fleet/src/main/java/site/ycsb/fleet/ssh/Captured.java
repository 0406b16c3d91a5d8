package site.ycsb.fleet.ssh;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A short command (ssh check, scp) run to completion, or until its deadline, with its output (stdout and stderr
 * together) captured.
 */
public final class Captured {
  /** The exit code given to a command that did not end before its deadline (it was killed). */
  static final int TIMED_OUT = -1;
  public final int exitCode;
  final String output;
  /** How long it was given, when it {@link #timedOut()}; 0 otherwise. */
  final long timeoutMs;
  /** How many times it was started: more than 1 when the server refused or reset a set-up ({@link SshGate}). */
  public final int attempts;

  private Captured(int exitCode, String output, long timeoutMs) {
    this(exitCode, output, timeoutMs, 1);
  }

  private Captured(int exitCode, String output, long timeoutMs, int attempts) {
    this.exitCode = exitCode;
    this.output = output;
    this.timeoutMs = timeoutMs;
    this.attempts = attempts;
  }

  /** The same result, as the last of {@code n} attempts. */
  Captured afterAttempts(int n) {
    return new Captured(exitCode, output, timeoutMs, n);
  }

  /**
   * Runs {@code command} with its input closed; a command still running after {@code timeoutMs} is killed (with its
   * children's connection: ssh closes it) and returned as {@link #timedOut()}, with what it printed until then.
   */
  static Captured run(List<String> command, long timeoutMs) throws InterruptedException {
    Process p;
    try {
      p = new ProcessBuilder(command).redirectErrorStream(true).start();
    } catch (IOException e) {
      return new Captured(127, "cannot start " + command.get(0) + ": " + e.getMessage(), 0);
    }
    try {
      p.getOutputStream().close();
    } catch (IOException e) {
      // the command does not read its input
    }
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    Thread reader = new Thread(() -> {
      try (InputStream in = p.getInputStream()) {
        byte[] b = new byte[8192];
        int n;
        while ((n = in.read(b)) > 0) {
          synchronized (buf) {
            buf.write(b, 0, n);
          }
        }
      } catch (IOException e) {
        // the process was killed or closed its output: what was read is kept
      }
    }, "captured-" + command.get(0));
    reader.setDaemon(true);
    reader.start();
    try {
      if (!p.waitFor(timeoutMs, TimeUnit.MILLISECONDS)) {
        p.destroyForcibly();
        p.waitFor(5, TimeUnit.SECONDS);
        reader.join(1000);
        return new Captured(TIMED_OUT, text(buf), timeoutMs);
      }
      // a grandchild that keeps the output open must not hold the caller past the deadline either
      reader.join(Math.max(1000, timeoutMs / 10));
      return new Captured(p.exitValue(), text(buf), 0);
    } catch (InterruptedException e) {
      p.destroyForcibly();
      throw e;
    }
  }

  private static String text(ByteArrayOutputStream buf) {
    synchronized (buf) {
      return new String(buf.toByteArray(), StandardCharsets.UTF_8);
    }
  }

  /** Whether the command was killed at its deadline. */
  public boolean timedOut() {
    return exitCode == TIMED_OUT;
  }

  /** The last non-blank line of the output (ssh and scp put the reason for a failure there). */
  public String lastLine() {
    String[] lines = output.trim().split("\r?\n");
    return lines.length == 0 || lines[lines.length - 1].isEmpty() ? "no output" : lines[lines.length - 1].trim();
  }

  /**
   * Why it failed, in a few words for a verdict: the deadline it passed, or {@code what}'s last line of output
   * (e.g. {@code ssh: Connection refused}).
   */
  public String why(String what) {
    if (timedOut()) {
      return "no end within " + seconds(timeoutMs) + " s (killed; " + what + " printed: "
          + (output.trim().isEmpty() ? "nothing" : lastLine()) + ")";
    }
    return what + ": " + lastLine() + (attempts > 1 ? ", after " + attempts + " attempts" : "");
  }

  static String seconds(long ms) {
    return ms % 1000 == 0 ? Long.toString(ms / 1000) : String.format(java.util.Locale.ROOT, "%.1f", ms / 1000.0);
  }
}
