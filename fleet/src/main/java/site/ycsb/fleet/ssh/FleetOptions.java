package site.ycsb.fleet.ssh;

import java.util.Arrays;

import site.ycsb.fleet.UsageException;
import site.ycsb.options.Option;
import site.ycsb.options.OptionSet;

/**
 * The fleet's options on ssh connections and client clocks ({@code fleet}, {@code fleet --findmax};
 * {@code fleet-install} takes the first three), each declared once as binding-support's {@link Option} named after
 * its flag ({@code --ssh-setups N}): default, bounds, unit and meaning. The parsers read a value by its declaration
 * ({@code OptionValues.commandLine}) and the README's table is generated from {@link #SET} (with the suite's own
 * options, {@code SuiteOptions.markdownTable}).
 *
 * <p>Immutable and thread-safe.
 */
public final class FleetOptions {
  /**
   * OpenSSH's default {@code MaxStartups 10:30:100} starts dropping unauthenticated connections at 10; the head
   * cannot tell which client hosts share one sshd (one machine under several names, a bastion on the way), so it
   * counts every set-up together and stays below 10.
   */
  public static final Option<Integer> SSH_SETUPS = Option.count("--ssh-setups", 8, 1, 100).unit("connections")
      .meaning("the most ssh/scp connections of the head being set up at once, to all client hosts together (they "
          + "may share one sshd, whose default `MaxStartups 10:30:100` drops connections from the 10th "
          + "unauthenticated one on); a short command or copy holds its place until it ends, a phase's engine until "
          + "it has started. A set-up refused or reset by the server is tried again, " + SshGate.ATTEMPTS
          + " attempts in all, waiting 0.5, 1 and 2 s (±25%) between them").build();
  public static final Option<Long> SSH_TIMEOUT = Option.whole("--ssh-timeout", 120L, 5, 86_400).unit("s")
      .meaning("deadline of each short remote command (checks, mkdir, unpacking and `java -version`, the clock "
          + "check, stopping an engine); one that passes it is killed and its host named with the deadline").build();
  public static final Option<Long> COPY_TIMEOUT = Option.whole("--copy-timeout", 3600L, 5, 604_800).unit("s")
      .meaning("deadline of each scp (the tarball, the -P files, a client's result directory); one that passes it "
          + "is killed and its host named").build();
  public static final Option<Long> CLOCK_WARN = Option.whole("--clock-warn", 50L, 0, 3_600_000).unit("ms")
      .meaning("before every phase each client's clock is compared with the head's over ssh; a warning names the "
          + "client whose offset exceeds this many ms beyond the measurement's uncertainty (half the best round trip)")
      .build();
  public static final Option<Long> CLOCK_REFUSE = Option.whole("--clock-refuse", 1000L, 1, 3_600_000).unit("ms")
      .meaning("the phase is refused (one line naming the host and its offset, exit 1) when a client's offset "
          + "exceeds this many ms beyond the uncertainty: merged intervals assume aligned clocks").build();

  /** The options, in the README's order. */
  public static final OptionSet SET = new OptionSet(Arrays.<Option<?>>asList(SSH_SETUPS, SSH_TIMEOUT, COPY_TIMEOUT,
      CLOCK_WARN, CLOCK_REFUSE));

  private FleetOptions() {
  }

  /** Refuses a warning bound above the refusal bound (the warning could never be given). */
  public static void requireOrdered(long warnMs, long refuseMs) throws UsageException {
    if (warnMs > refuseMs) {
      throw new UsageException(CLOCK_WARN.name() + " " + warnMs + " is above " + CLOCK_REFUSE.name() + " " + refuseMs
          + "; the warning bound must not exceed the refusal bound");
    }
  }
}
