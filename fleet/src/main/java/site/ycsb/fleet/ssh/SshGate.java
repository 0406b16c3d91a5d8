package site.ycsb.fleet.ssh;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

/**
 * The way every ssh and scp of the head goes to the clients: at most {@code --ssh-setups} of them being set up at
 * once (all hosts together), a set-up the server refused or reset tried again after a back-off, a bounded number of
 * times, and a deadline on every short command ({@code --ssh-timeout}) and copy ({@code --copy-timeout}).
 *
 * <p>Why all hosts together: OpenSSH's default {@code MaxStartups 10:30:100} drops a growing share of new connections
 * once 10 are unauthenticated, and the head cannot know which of its hosts share an sshd (one machine under several
 * names or ports, a bastion on the way, the loopback addresses of a simulation).
 *
 * <p>Thread-safe: the per-host tasks of a command share one gate.
 */
public final class SshGate {
  /** Attempts of one command whose connection set-up the server refused or reset (the first included). */
  public static final int ATTEMPTS = 4;
  /** The wait after the first refused attempt; it doubles after each further one, ±25%. */
  static final long FIRST_BACKOFF_MS = 500;

  /**
   * What ssh prints when the server refused or dropped the connection before the remote command ran: sshd's
   * MaxStartups drop ("kex_exchange_identification: read: Connection reset by peer", "Connection closed by remote
   * host", "Connection closed by 10.0.0.3 port 22"), a refused port, a banner that never came.
   */
  private static final Pattern REFUSED_SETUP = Pattern.compile("(?i)kex_exchange_identification|"
      + "ssh_exchange_identification|connection reset by peer|connection closed by remote host|"
      + "connection closed by \\S+ port \\d+|connection refused|timed out during banner exchange");

  private final Semaphore setups;
  final int permits;
  public final long commandTimeoutMs;
  public final long copyTimeoutMs;
  private final AtomicInteger refused = new AtomicInteger();

  public SshGate(int permits, long commandTimeoutMs, long copyTimeoutMs) {
    this.setups = new Semaphore(permits, true);
    this.permits = permits;
    this.commandTimeoutMs = commandTimeoutMs;
    this.copyTimeoutMs = copyTimeoutMs;
  }

  /** A short remote command (ssh), with the command deadline. */
  public Captured command(List<String> ssh) throws InterruptedException {
    return run(ssh, commandTimeoutMs);
  }

  /** A copy (scp), with the copy deadline. */
  public Captured copy(List<String> scp) throws InterruptedException {
    return run(scp, copyTimeoutMs);
  }

  private Captured run(List<String> command, long timeoutMs) throws InterruptedException {
    int[] attempts = new int[1];
    Captured r = withRetries(() -> {
      attempts[0]++;
      return Captured.run(command, timeoutMs);
    }, c -> refusedSetup(c.exitCode, c.output));
    return r.afterAttempts(attempts[0]);
  }

  /**
   * A client's clock against the head's ({@link ClockCheck}) over {@code ssh} (with its input open), within the
   * command deadline.
   */
  public ClockCheck.Reading clock(List<String> ssh) throws InterruptedException {
    return withRetries(() -> ClockCheck.measure(ssh, commandTimeoutMs),
        r -> !r.known() && refusedSetup(SshCommand.CONNECTION_FAILED, r.problem));
  }

  /** One attempt of a command through the gate. */
  private interface Attempt<T> {
    T run() throws InterruptedException;
  }

  /** Runs {@code attempt} holding a place, again after a back-off while {@code refusedSetUp} says so. */
  private <T> T withRetries(Attempt<T> attempt, java.util.function.Predicate<T> refusedSetUp)
      throws InterruptedException {
    for (int n = 1; ; n++) {
      T r;
      setups.acquire();
      try {
        r = attempt.run();
      } finally {
        setups.release();
      }
      if (n == ATTEMPTS || !refusedSetUp.test(r)) {
        return r;
      }
      refused.incrementAndGet();
      Thread.sleep(backoffMs(n));
    }
  }

  /** Takes a place for a connection that is set up and stays open (a phase's engine); see {@link #release()}. */
  public void acquire() throws InterruptedException {
    setups.acquire();
  }

  /** Gives back a place taken with {@link #acquire()} (once the remote command has started, or ended). */
  public void release() {
    setups.release();
  }

  /** Counts a set-up the server refused or reset (for the count the tools print at the end). */
  public void countRefused() {
    refused.incrementAndGet();
  }

  /** How many set-ups the servers refused or reset so far (each was tried again, or was the last attempt). */
  public int refusedSetups() {
    return refused.get();
  }

  /** Whether a command that ended with {@code exitCode} and printed {@code output} never reached its remote side. */
  public static boolean refusedSetup(int exitCode, String output) {
    return exitCode != 0 && exitCode != Captured.TIMED_OUT && output != null && REFUSED_SETUP.matcher(output).find();
  }

  /** The wait before attempt {@code attempt + 1}: 0.5 s, 1 s, 2 s ... each ±25%, so that retries do not bunch. */
  public static long backoffMs(int attempt) {
    double base = FIRST_BACKOFF_MS * Math.pow(2, attempt - 1);
    return Math.round(base * (0.75 + 0.5 * ThreadLocalRandom.current().nextDouble()));
  }

  /** E.g. "8 ssh set-ups at a time; 3 refused by a server and tried again". */
  public String describe() {
    int n = refused.get();
    return String.format(Locale.ROOT, "at most %d ssh set-ups at a time; %s", permits,
        n == 0 ? "no set-up refused by a server" : n + " set-up(s) refused or reset by a server and tried again");
  }
}
