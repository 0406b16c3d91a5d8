package site.ycsb.fleet.suite;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import site.ycsb.fleet.ssh.ClockCheck;
import site.ycsb.fleet.suite.FleetPhaseRecord.Fields;

/**
 * The fleet's section of suite-summary.md: per completed phase, how many clients, the start skew (spread of the
 * schedules' openings), the spread of the measurements' starts, the largest clock offset measured before the phase
 * and which clients' clocks were beyond the warning bound or not measured. Read from each phase's
 * {@link FleetPhaseRecord}; "" for a suite on one machine.
 */
final class FleetSummary {
  private FleetSummary() {
  }

  static String markdown(List<Path> phaseDirs) {
    StringBuilder sb = new StringBuilder("\n## Fleet: start skew and client clocks\n\n| phase | repeat | clients | "
        + "start skew (ms) | measurement starts spread (ms) | largest clock offset | clocks warned or unknown |\n"
        + "|---|---:|---:|---:|---:|---|---|\n");
    boolean any = false;
    for (Path dir : phaseDirs) {
      JsonNode r = FleetPhaseRecord.read(dir);
      if (r == null) {
        continue;
      }
      any = true;
      int clients = 0;
      long worst = 0;
      String worstText = "not measured";
      List<String> flagged = new ArrayList<>();
      for (Iterator<Map.Entry<String, JsonNode>> it = r.path(Fields.CLIENTS).fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> c = it.next();
        if (c.getValue().path(Fields.COMPLETED).asBoolean(false)) {
          clients++;
        }
        JsonNode clock = c.getValue().path(Fields.CLOCK);
        String verdict = clock.path(Fields.VERDICT).asText("");
        if (clock.path(Fields.OFFSET_MS).isNumber()) {
          long off = clock.path(Fields.OFFSET_MS).asLong();
          if (worstText.equals("not measured") || Math.abs(off) > Math.abs(worst)) {
            worst = off;
            worstText = String.format(Locale.ROOT, "%+d ms (± %d ms), %s", off,
                clock.path(Fields.UNCERTAINTY_MS).asLong(), c.getKey());
          }
        }
        if (verdict.equals(FleetPhaseRecord.verdictValue(ClockCheck.Verdict.WARNING))
            || verdict.equals(FleetPhaseRecord.verdictValue(ClockCheck.Verdict.UNKNOWN))) {
          flagged.add(c.getKey() + " " + verdict);
        }
      }
      sb.append("| ").append(r.path(Fields.PHASE).asText()).append(" | ").append(r.path(Fields.REPEAT).asInt())
          .append(" | ").append(clients).append(" | ").append(number(r, Fields.START_SKEW_MS)).append(" | ")
          .append(number(r, Fields.MEASUREMENT_START_SPREAD_MS)).append(" | ").append(worstText).append(" | ")
          .append(flagged.isEmpty() ? "none" : String.join("; ", flagged)).append(" |\n");
    }
    if (!any) {
      return "";
    }
    sb.append("\nStart skew: how far apart the clients' schedules opened (each at the common instant of its own "
        + "clock, or later when its start-up outlasted --start-delay). Clock offsets: client minus head, measured "
        + "over ssh before the phase, ± half the round trip; every client's is in " + SuiteSummaryJson.FILE
        + " and the phase's " + FleetPhaseRecord.FILE + ".\n");
    return sb.toString();
  }

  private static String number(JsonNode r, String field) {
    return r.path(field).isNumber() ? Long.toString(r.path(field).asLong()) : "?";
  }
}
