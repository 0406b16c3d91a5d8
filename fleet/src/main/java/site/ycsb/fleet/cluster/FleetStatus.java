package site.ycsb.fleet.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import site.ycsb.cli.ExitCode;


/**
 * The FLEET-STATUS file at the top of a fleet's output directory: whether every phase completed on every client,
 * and for each phase which clients completed and which are missing and why. Rewritten after every phase.
 *
 * <p>Thread-safe: the per-client tasks of a phase record into it at once (synchronized).
 */
final class FleetStatus {
  static final String FILE = "FLEET-STATUS";
  private final Path file;
  private final List<String> phaseLines = new ArrayList<>();
  private final List<String> missing = new ArrayList<>();
  private String state = "running";

  FleetStatus(Path outDir) {
    this.file = outDir.resolve(FILE);
  }

  synchronized void phase(String line, List<String> missingHosts) throws IOException {
    phaseLines.add(line);
    missing.addAll(missingHosts);
    if (!missingHosts.isEmpty()) {
      state = "incomplete";
    }
    write();
  }

  /** Final state: complete if every phase ran on every client, else incomplete (or failed, with why). */
  synchronized void finish(boolean allPhasesRan, String why) throws IOException {
    if (!"incomplete".equals(state)) {
      state = allPhasesRan ? "complete" : "failed: " + why;
    }
    write();
  }

  /**
   * Every phase ran and its record is complete, but in some phase more operations failed than errors.budget allows
   * (engine exit 4): still {@code status: complete}, with that said after it.
   */
  synchronized void finishOverBudget() throws IOException {
    if (!"incomplete".equals(state)) {
      state = "complete; more operations failed than errors.budget allows in some phase (exit "
          + ExitCode.ERRORS_OVER_BUDGET + ", see the phases' WARNING lines)";
    }
    write();
  }

  synchronized boolean incomplete() {
    return "incomplete".equals(state);
  }

  private void write() throws IOException {
    StringBuilder sb = new StringBuilder();
    sb.append("status: ").append(state).append('\n');
    if (!missing.isEmpty()) {
      sb.append("missing: ").append(String.join("; ", missing)).append('\n');
    }
    for (String l : phaseLines) {
      sb.append("phase ").append(l).append('\n');
    }
    Files.write(file, sb.toString().getBytes(StandardCharsets.UTF_8));
  }
}
