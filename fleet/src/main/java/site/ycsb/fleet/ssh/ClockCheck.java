package site.ycsb.fleet.ssh;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A client's clock against the head's, measured over one ssh connection: the head sends a line, the client answers
 * with its time ({@code date +%s%N}), and the offset is the client's time minus the midpoint of the head's times
 * before sending and after the answer, with half that round trip as its uncertainty (the answer was taken somewhere
 * in between). Several exchanges go over the same connection and the one with the shortest round trip counts, so
 * the connection's set-up and a busy moment do not widen the uncertainty.
 *
 * <p>Stateless and thread-safe; {@link #measure} runs one probe process.
 */
public final class ClockCheck {
  /** What the client runs: one time in nanoseconds for every line it reads (POSIX sh; GNU or BusyBox date). */
  public static final String REMOTE_LOOP = "while read -r _; do date +%s%N || exit 1; done";
  /** Exchanges per client; the one with the shortest round trip counts. */
  static final int EXCHANGES = 5;

  /** One client's clock: its offset and uncertainty, or why there is none. Immutable. */
  public static final class Reading {
    /** Client minus head, ms; meaningful only when {@link #problem} is null. */
    public final long offsetMs;
    /** Half the round trip of the exchange that counted, ms. */
    public final long uncertaintyMs;
    /** Why the offset is unknown (answer not a time, no answer, the command failed), or null. */
    public final String problem;

    private Reading(long offsetMs, long uncertaintyMs, String problem) {
      this.offsetMs = offsetMs;
      this.uncertaintyMs = uncertaintyMs;
      this.problem = problem;
    }

    public static Reading measured(long offsetMs, long uncertaintyMs) {
      return new Reading(offsetMs, uncertaintyMs, null);
    }

    public static Reading unknown(String problem) {
      return new Reading(0, 0, problem);
    }

    public boolean known() {
      return problem == null;
    }

    /** How far the clock is certainly off: the offset's size less its uncertainty (0 when within it). */
    long beyondUncertaintyMs() {
      return Math.max(0, Math.abs(offsetMs) - uncertaintyMs);
    }

    /** E.g. "+1234 ms (± 2 ms)", or "unknown (why)". */
    public String describe() {
      return known() ? String.format(Locale.ROOT, "%+d ms (± %d ms)", offsetMs, uncertaintyMs)
          : "unknown (" + problem + ")";
    }
  }

  /** What the fleet does about a reading. */
  public enum Verdict {
    /** Within the warning bound. */
    OK,
    /** Beyond the warning bound: said, and the phase goes on. */
    WARNING,
    /** Beyond the refusal bound: the phase is refused. */
    REFUSED,
    /** Not measured (see the reading's problem): said, and the phase goes on. */
    UNKNOWN
  }

  private ClockCheck() {
  }

  /**
   * The verdict on {@code r}: an offset is judged beyond its uncertainty, so a slow connection never makes an
   * aligned clock look wrong.
   */
  public static Verdict judge(Reading r, long warnMs, long refuseMs) {
    if (!r.known()) {
      return Verdict.UNKNOWN;
    }
    long off = r.beyondUncertaintyMs();
    return off > refuseMs ? Verdict.REFUSED : off > warnMs ? Verdict.WARNING : Verdict.OK;
  }

  /**
   * Runs {@code command} (ssh to the client with its input open, running {@link #REMOTE_LOOP}) and measures; the
   * whole probe ends within {@code timeoutMs}, the process killed if need be.
   */
  static Reading measure(List<String> command, long timeoutMs) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
    Process p;
    try {
      p = new ProcessBuilder(command).redirectErrorStream(true).start();
    } catch (IOException e) {
      return Reading.unknown("cannot start " + command.get(0) + ": " + e.getMessage());
    }
    BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    String end = "\u0000end";
    Thread reader = new Thread(() -> {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        String line;
        while ((line = r.readLine()) != null) {
          lines.add(line);
        }
      } catch (IOException e) {
        // killed: what was read is there
      }
      lines.add(end);
    }, "clock-check");
    reader.setDaemon(true);
    reader.start();
    long bestRtt = Long.MAX_VALUE;
    long bestOffset = 0;
    try (OutputStream toClient = p.getOutputStream()) {
      for (int i = 0; i < EXCHANGES; i++) {
        long beforeMs = System.currentTimeMillis();
        long beforeNs = System.nanoTime();
        toClient.write('\n');
        toClient.flush();
        String answer = lines.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        long afterNs = System.nanoTime();
        if (answer == null) {
          return Reading.unknown("no answer within " + Captured.seconds(timeoutMs) + " s");
        }
        if (answer.equals(end)) {
          return Reading.unknown(ended(p, deadline, lines, end));
        }
        String t = answer.trim();
        if (!t.matches("\\d{16,19}")) {
          if (p.waitFor(500, TimeUnit.MILLISECONDS) && p.exitValue() != 0) {
            // ssh's own message (Connection refused, Permission denied ...) or the shell's
            return Reading.unknown("the command ended with exit code " + p.exitValue() + ": " + shorten(t));
          }
          return Reading.unknown("the answer to date +%s%N was '" + shorten(t) + "', not a time in nanoseconds");
        }
        long rttNs = afterNs - beforeNs;
        if (rttNs < bestRtt) {
          bestRtt = rttNs;
          // the head's midpoint in epoch ms, from one wall-clock reading and the monotonic clock's interval
          double midMs = beforeMs + rttNs / 2e6;
          bestOffset = Math.round(Long.parseLong(t) / 1e6 - midMs);
        }
      }
    } catch (IOException e) {
      // the client's side closed (a broken pipe): the command ended
      return Reading.unknown(ended(p, deadline, lines, end));
    } finally {
      p.destroy();
      if (!p.waitFor(2, TimeUnit.SECONDS)) {
        p.destroyForcibly();
      }
    }
    // half the round trip, rounded up: the answer was taken somewhere within it
    return Reading.measured(bestOffset, (bestRtt + 1_999_999) / 2_000_000);
  }

  /** Why the probe stopped answering: its exit code and the last line it printed (ssh's reason). */
  private static String ended(Process p, long deadline, BlockingQueue<String> lines, String end)
      throws InterruptedException {
    long waitNs = Math.max(0, Math.min(deadline - System.nanoTime(), TimeUnit.SECONDS.toNanos(5)));
    if (!p.waitFor(waitNs, TimeUnit.NANOSECONDS)) {
      return "the connection closed before an answer";
    }
    String last = null;
    String line;
    while ((line = lines.poll(1, TimeUnit.SECONDS)) != null && !line.equals(end)) {
      if (!line.trim().isEmpty()) {
        last = line.trim();
      }
    }
    return "the command ended with exit code " + p.exitValue() + (last == null ? " before answering"
        : ": " + shorten(last));
  }

  private static String shorten(String s) {
    String one = s.replaceAll("[\\p{Cntrl}]", "?");
    return one.length() > 120 ? one.substring(0, 120) + "..." : one;
  }
}
