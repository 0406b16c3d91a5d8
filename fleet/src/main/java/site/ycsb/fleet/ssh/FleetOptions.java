package site.ycsb.fleet.ssh;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import site.ycsb.fleet.OptionValues;
import site.ycsb.fleet.UsageException;

/**
 * The fleet's options on ssh connections and client clocks ({@code fleet}, {@code fleet --findmax},
 * {@code fleet-install}), each declared once: name, default, bounds, unit and meaning. The parsers read them by
 * these declarations and the README's table is generated from them ({@link #markdownTable()}).
 *
 * <p>Immutable and thread-safe.
 */
public final class FleetOptions {
  /** One whole-number option {@code --name N}. */
  public static final class Declared {
    public final String name;
    public final long defaultValue;
    final long min;
    final long max;
    final String unit;
    final String meaning;

    private Declared(String name, long defaultValue, long min, long max, String unit, String meaning) {
      this.name = name;
      this.defaultValue = defaultValue;
      this.min = min;
      this.max = max;
      this.unit = unit;
      this.meaning = meaning;
    }

    /** The value as typed, within the bounds; else a one-line usage error naming the option. */
    public long parse(String value) throws UsageException {
      return OptionValues.wholeNumber(name, value, min, max);
    }

    String row() {
      return "| `" + name + " N` | " + defaultValue + " | " + min + ".." + max + " " + unit + " | " + meaning + " |";
    }
  }

  /**
   * OpenSSH's default {@code MaxStartups 10:30:100} starts dropping unauthenticated connections at 10; the head
   * cannot tell which client hosts share one sshd (one machine under several names, a bastion on the way), so it
   * counts every set-up together and stays below 10.
   */
  public static final Declared SSH_SETUPS = new Declared("--ssh-setups", 8, 1, 100, "connections",
      "at most N ssh/scp connections of the head being set up at once, to all client hosts together (they may share "
          + "one sshd, whose default `MaxStartups 10:30:100` drops connections from the 10th unauthenticated one on);"
          + " a short command or copy holds its place until it ends, a phase's engine until it has started. A set-up"
          + " refused or reset by the server is tried again, " + SshGate.ATTEMPTS + " attempts in all, waiting 0.5,"
          + " 1 and 2 s (±25%) between them");
  public static final Declared SSH_TIMEOUT = new Declared("--ssh-timeout", 120, 5, 86_400, "s",
      "deadline of each short remote command (checks, mkdir, unpacking and `java -version`, the clock check, stopping"
          + " an engine); one that passes it is killed and its host named with the deadline");
  public static final Declared COPY_TIMEOUT = new Declared("--copy-timeout", 3600, 5, 604_800, "s",
      "deadline of each scp (the tarball, the -P files, a client's result directory); one that passes it is killed "
          + "and its host named");
  public static final Declared CLOCK_WARN = new Declared("--clock-warn", 50, 0, 3_600_000, "ms",
      "before every phase each client's clock is compared with the head's over ssh; a warning names the client "
          + "whose offset exceeds N ms beyond the measurement's uncertainty (half the best round trip)");
  public static final Declared CLOCK_REFUSE = new Declared("--clock-refuse", 1000, 1, 3_600_000, "ms",
      "the phase is refused (one line naming the host and its offset, exit 1) when a client's offset exceeds N ms "
          + "beyond the uncertainty: merged intervals assume aligned clocks");

  public static final Declared DB_EXPORTER_PORT = new Declared("--db-exporter-port", 0, 0, 65535, "port",
      "`suite` and `fleet` with `--metrics-port` and `--db-hosts`: the port of a Prometheus exporter on every "
          + "`--db-hosts` node (e.g. 9100 for node_exporter, 9180 for ScyllaDB's own), added to "
          + "`prometheus-targets.json` as HOST:N with the node's name in results as its `node` label; 0: none");

  /** The options of {@code fleet} (and {@code fleet --findmax}; {@code suite} takes the last). */
  static final List<Declared> FLEET = Collections.unmodifiableList(Arrays.asList(SSH_SETUPS, SSH_TIMEOUT,
      COPY_TIMEOUT, CLOCK_WARN, CLOCK_REFUSE, DB_EXPORTER_PORT));
  /** The options of {@code fleet-install}. */
  static final List<Declared> INSTALL = Collections.unmodifiableList(Arrays.asList(SSH_SETUPS, SSH_TIMEOUT,
      COPY_TIMEOUT));

  private FleetOptions() {
  }

  /** The declaration named {@code name} among {@code options}, or null. */
  static Declared named(List<Declared> options, String name) {
    for (Declared d : options) {
      if (d.name.equals(name)) {
        return d;
      }
    }
    return null;
  }

  /** The README table of every option (fleet-install takes the first three). */
  public static String markdownTable() {
    StringBuilder sb = new StringBuilder("| option | default | bounds | meaning |\n|---|---:|---|---|\n");
    for (Declared d : FLEET) {
      sb.append(d.row()).append('\n');
    }
    return sb.toString();
  }

  /** Refuses a warning bound above the refusal bound (the warning could never be given). */
  public static void requireOrdered(long warnMs, long refuseMs) throws UsageException {
    if (warnMs > refuseMs) {
      throw new UsageException(CLOCK_WARN.name + " " + warnMs + " is above " + CLOCK_REFUSE.name + " " + refuseMs
          + "; the warning bound must not exceed the refusal bound");
    }
  }
}
