package site.ycsb.fleet.suite;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * suite-summary.json: the machine-readable twin of suite-summary.md. Per completed phase directory its phase,
 * repeat, directory (relative to the output directory) and throughput, and for a fleet the phase's
 * {@link FleetPhaseRecord} (start skew, each client's clock offset and start).
 */
public final class SuiteSummaryJson {
  public static final String FILE = "suite-summary.json";
  private static final ObjectMapper JSON = new ObjectMapper();

  private SuiteSummaryJson() {
  }

  static void write(Path out, List<Path> phaseDirs) throws IOException {
    ObjectNode root = JSON.createObjectNode();
    root.put("format", "ycsb-suite-summary/1");
    ArrayNode phases = root.putArray("phases");
    for (Path dir : phaseDirs) {
      ObjectNode p = phases.addObject();
      p.put("phase", dir.getFileName().toString());
      p.put("repeat", Integer.parseInt(dir.getParent().getFileName().toString()));
      p.put("dir", out.toAbsolutePath().normalize().relativize(dir.toAbsolutePath().normalize()).toString());
      Double throughput = SuiteTable.throughput(dir);
      if (throughput == null) {
        p.putNull("throughput");
      } else {
        p.put("throughput", throughput);
      }
      JsonNode fleet = FleetPhaseRecord.read(dir);
      if (fleet != null) {
        p.set("fleet", fleet);
      }
    }
    Files.write(out.resolve(FILE), JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(root));
  }
}
