package site.ycsb.fleet.suite;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import site.ycsb.fleet.ssh.ClockCheck;

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
  private static final ObjectMapper JSON = new ObjectMapper();

  private final ObjectNode root = JSON.createObjectNode();
  private final ObjectNode clients = JSON.createObjectNode();
  private long firstOpening = Long.MAX_VALUE;
  private long lastOpening = Long.MIN_VALUE;
  private long firstMeasured = Long.MAX_VALUE;
  private long lastMeasured = Long.MIN_VALUE;

  public FleetPhaseRecord(String phase, int repeat, long warnMs, long refuseMs) {
    root.put("format", "ycsb-fleet-phase/1");
    root.put("phase", phase);
    root.put("repeat", repeat);
    root.putObject("clockBoundsMs").put("warn", warnMs).put("refuse", refuseMs);
    root.set("clients", clients);
  }

  private ObjectNode client(String host) {
    JsonNode c = clients.get(host);
    return c != null ? (ObjectNode) c : clients.putObject(host);
  }

  /** The client's clock as measured before the phase. */
  public void clock(String host, ClockCheck.Reading r, ClockCheck.Verdict v) {
    ObjectNode c = client(host).putObject("clock");
    c.put("verdict", v.name().toLowerCase(java.util.Locale.ROOT));
    if (r.known()) {
      c.put("offsetMs", r.offsetMs);
      c.put("uncertaintyMs", r.uncertaintyMs);
    } else {
      c.put("problem", r.problem);
    }
  }

  /** The common instant the clients' schedules were to open at. */
  public void commonStart(long epochMs) {
    root.put("commonStartEpochMs", epochMs);
  }

  /**
   * A client's result directory: its schedule opened at {@code startEpochMs - warmup.durationMs} (the engine
   * measures from the end of the warm-up), its measurement at {@code startEpochMs}.
   */
  public void completed(String host, Path resultDir) {
    ObjectNode c = client(host);
    c.put("completed", true);
    try {
      site.ycsb.results.ResultDir r = site.ycsb.results.ResultDir.load(resultDir);
      long measured = r.startEpochMs();
      long opened = measured - r.summary().path("warmup").path("durationMs").asLong(0);
      c.put("scheduleOpenedEpochMs", opened);
      c.put("measurementStartEpochMs", measured);
      firstOpening = Math.min(firstOpening, opened);
      lastOpening = Math.max(lastOpening, opened);
      firstMeasured = Math.min(firstMeasured, measured);
      lastMeasured = Math.max(lastMeasured, measured);
      root.put("startSkewMs", lastOpening - firstOpening);
      root.put("measurementStartSpreadMs", lastMeasured - firstMeasured);
    } catch (site.ycsb.results.UsageException e) {
      c.put("problem", "no readable summary: " + e.getMessage());
    }
  }

  /** A client that did not complete the phase, and why. */
  public void missing(String host, String why) {
    client(host).put("completed", false).put("problem", why);
  }

  /** The spread of the schedules' openings, ms, or null when no client's is known. */
  Long startSkewMs() {
    return root.hasNonNull("startSkewMs") ? root.get("startSkewMs").asLong() : null;
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
}
