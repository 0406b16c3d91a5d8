package site.ycsb.fleet.suite;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import site.ycsb.fleet.ssh.ClockCheck;
import site.ycsb.output.SummaryFields;

/**
 * What a fleet phase adds to its directory beside the merged result: {@code fleet-phase.json}, each client's clock
 * against the head's before the phase and when its schedule opened and its measurement started, and from these the
 * start skew (the spread of the schedules' openings) and the spread of the measurements' starts. The suite's
 * summaries ({@link FleetSummary}) are made from it.
 *
 * <p>Not thread-safe: filled by the phase's own thread.
 */
public final class FleetPhaseRecord {
  public static final String FILE = "fleet-phase.json";
  /** The value of {@link Fields#FORMAT}. */
  static final String FORMAT_VALUE = "ycsb-fleet-phase/1";
  private static final ObjectMapper JSON = new ObjectMapper();

  private final ObjectNode root = JSON.createObjectNode();
  private final ObjectNode clients = JSON.createObjectNode();
  private long firstOpening = Long.MAX_VALUE;
  private long lastOpening = Long.MIN_VALUE;
  private long firstMeasured = Long.MAX_VALUE;
  private long lastMeasured = Long.MIN_VALUE;

  public FleetPhaseRecord(String phase, int repeat, long warnMs, long refuseMs) {
    root.put(Fields.FORMAT, FORMAT_VALUE);
    root.put(Fields.PHASE, phase);
    root.put(Fields.REPEAT, repeat);
    root.putObject(Fields.CLOCK_BOUNDS_MS).put(Fields.WARN, warnMs).put(Fields.REFUSE, refuseMs);
    root.set(Fields.CLIENTS, clients);
  }

  private ObjectNode client(String host) {
    JsonNode c = clients.get(host);
    return c != null ? (ObjectNode) c : clients.putObject(host);
  }

  /** The client's clock as measured before the phase. */
  public void clock(String host, ClockCheck.Reading r, ClockCheck.Verdict v) {
    ObjectNode c = client(host).putObject(Fields.CLOCK);
    c.put(Fields.VERDICT, verdictValue(v));
    if (r.known()) {
      c.put(Fields.OFFSET_MS, r.offsetMs);
      c.put(Fields.UNCERTAINTY_MS, r.uncertaintyMs);
    } else {
      c.put(Fields.PROBLEM, r.problem);
    }
  }

  /** How {@link Fields#VERDICT} writes a clock's verdict: its name in lower case ("warning"). */
  static String verdictValue(ClockCheck.Verdict v) {
    return v.name().toLowerCase(java.util.Locale.ROOT);
  }

  /** The common instant the clients' schedules were to open at. */
  public void commonStart(long epochMs) {
    root.put(Fields.COMMON_START_EPOCH_MS, epochMs);
  }

  /**
   * A client's result directory: its schedule opened at {@code startEpochMs - warmup.durationMs} (the engine
   * measures from the end of the warm-up), its measurement at {@code startEpochMs}.
   */
  public void completed(String host, Path resultDir) {
    ObjectNode c = client(host);
    c.put(Fields.COMPLETED, true);
    try {
      site.ycsb.results.ResultDir r = site.ycsb.results.ResultDir.load(resultDir);
      long measured = r.startEpochMs();
      long opened = measured
          - r.summary().path(SummaryFields.WARMUP).path(SummaryFields.Warmup.DURATION_MS).asLong(0);
      c.put(Fields.SCHEDULE_OPENED_EPOCH_MS, opened);
      c.put(Fields.MEASUREMENT_START_EPOCH_MS, measured);
      firstOpening = Math.min(firstOpening, opened);
      lastOpening = Math.max(lastOpening, opened);
      firstMeasured = Math.min(firstMeasured, measured);
      lastMeasured = Math.max(lastMeasured, measured);
      root.put(Fields.START_SKEW_MS, lastOpening - firstOpening);
      root.put(Fields.MEASUREMENT_START_SPREAD_MS, lastMeasured - firstMeasured);
    } catch (site.ycsb.results.UsageException e) {
      c.put(Fields.PROBLEM, "no readable summary: " + e.getMessage());
    }
  }

  /** A client that did not complete the phase, and why. */
  public void missing(String host, String why) {
    client(host).put(Fields.COMPLETED, false).put(Fields.PROBLEM, why);
  }

  /** The spread of the schedules' openings, ms, or null when no client's is known. */
  Long startSkewMs() {
    return root.hasNonNull(Fields.START_SKEW_MS) ? root.get(Fields.START_SKEW_MS).asLong() : null;
  }

  /**
   * E.g. "the clients' schedules opened within 12 ms of each other (start skew); the clients' measurements started
   * within 15 ms of each other".
   */
  public String spreads() {
    if (firstOpening > lastOpening) {
      return "measurement start times unknown";
    }
    return "the clients' schedules opened within " + (lastOpening - firstOpening) + " ms of each other (start skew); "
        + "the clients' measurements started within " + (lastMeasured - firstMeasured) + " ms of each other";
  }

  public void write(Path dir) throws IOException {
    Files.write(dir.resolve(FILE), JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(root));
  }

  /** The record in a phase directory, or null when there is none or it cannot be read. */
  static JsonNode read(Path dir) {
    Path f = dir.resolve(FILE);
    if (!Files.isRegularFile(f)) {
      return null;
    }
    try {
      return JSON.readTree(f.toFile());
    } catch (IOException e) {
      return null;
    }
  }

  /** The field names of {@link #FILE}, for its writer here and its readers (the suite's summaries). */
  static final class Fields {
    /** {@link FleetPhaseRecord#FORMAT_VALUE}. */
    static final String FORMAT = "format";
    /** The phase's name. */
    static final String PHASE = "phase";
    /** The repeat, from 1. */
    static final String REPEAT = "repeat";
    /** The clock bounds, ms: an object of {@link #WARN} and {@link #REFUSE}. */
    static final String CLOCK_BOUNDS_MS = "clockBoundsMs";
    /** The offset from which a client's clock is warned of. */
    static final String WARN = "warn";
    /** The offset from which the phase is refused. */
    static final String REFUSE = "refuse";
    /** Each client by host: an object of {@link #COMPLETED}, {@link #CLOCK}, the starts and {@link #PROBLEM}. */
    static final String CLIENTS = "clients";
    /** The common instant the clients' schedules were to open at, epoch ms. */
    static final String COMMON_START_EPOCH_MS = "commonStartEpochMs";
    /** The spread of the schedules' openings, ms. */
    static final String START_SKEW_MS = "startSkewMs";
    /** The spread of the measurements' starts, ms. */
    static final String MEASUREMENT_START_SPREAD_MS = "measurementStartSpreadMs";
    /** A client's: whether it completed the phase. */
    static final String COMPLETED = "completed";
    /** A client's: its clock against the head's, an object of {@link #VERDICT} and offset or problem. */
    static final String CLOCK = "clock";
    /** A client's: when its schedule opened, epoch ms. */
    static final String SCHEDULE_OPENED_EPOCH_MS = "scheduleOpenedEpochMs";
    /** A client's: when its measurement started, epoch ms. */
    static final String MEASUREMENT_START_EPOCH_MS = "measurementStartEpochMs";
    /** A client's, or its clock's: what went wrong, in words. */
    static final String PROBLEM = "problem";
    /** The clock's verdict: "ok", "warning", "refused" or "unknown". */
    static final String VERDICT = "verdict";
    /** The clock's offset, client minus head, ms. */
    static final String OFFSET_MS = "offsetMs";
    /** The offset's uncertainty (half the round trip), ms. */
    static final String UNCERTAINTY_MS = "uncertaintyMs";

    private Fields() {
    }
  }
}
