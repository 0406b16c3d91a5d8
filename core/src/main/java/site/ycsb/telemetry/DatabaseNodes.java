package site.ycsb.telemetry;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

import site.ycsb.measurements.exporter.JsonText;
import site.ycsb.output.SummaryFields;

/**
 * summary.json's {@code databaseNodes} section — per node the phase's mean and maximum CPU, I/O wait, memory, disk
 * and network ({@link NodeSummary}), the verdicts that name nodes that were the limit, the problems of sampling — and
 * the one line per node printed after a run. {@link #fromFiles} recomputes it from the nodes' files for another
 * window (merge, a fleet's phase).
 *
 * <p>Stateless; thread-safe.
 */
public final class DatabaseNodes {
  /** The section's name in summary.json. */
  public static final String SECTION = SummaryFields.DATABASE_NODES;

  private DatabaseNodes() {
  }

  /**
   * The section's JSON.
   *
   * @param samplerCpuMs CPU time of the sampling thread on this machine (ms), or a negative number when not measured
   * @param samplerSec how long it sampled
   */
  static String json(long intervalMs, List<NodeSummary> nodes, double samplerCpuMs, double samplerSec) {
    StringBuilder j = new StringBuilder("{").append(name(SummaryFields.DatabaseNodes.INTERVAL_MS)).append(intervalMs)
        .append(", ").append(name(SummaryFields.DatabaseNodes.NODES)).append('[');
    for (int i = 0; i < nodes.size(); i++) {
      j.append(i == 0 ? "" : ", ").append(nodes.get(i).json());
    }
    j.append("], ").append(name(SummaryFields.DatabaseNodes.VERDICTS)).append(array(verdicts(nodes))).append(", ")
        .append(name(SummaryFields.DatabaseNodes.PROBLEMS)).append(array(problems(nodes)));
    if (samplerCpuMs >= 0 && samplerSec > 0) {
      j.append(", ").append(name(SummaryFields.DatabaseNodes.SAMPLER)).append('{')
          .append(name(SummaryFields.Sampler.CPU_MS)).append(JsonText.number(Math.round(samplerCpuMs * 10) / 10.0))
          .append(", ").append(name(SummaryFields.Sampler.SECONDS))
          .append(JsonText.number(Math.round(samplerSec * 10) / 10.0)).append('}');
    }
    return j.append('}').toString();
  }

  /**
   * The section for a window, from each node's samples file ({@code server-<node>.csv}, {@code files} in the order
   * of {@code nodes}); a node without its file keeps its problems and no samples.
   */
  public static String fromFiles(long intervalMs, List<NodeInfo> nodes, List<Path> files, long startEpochMs,
      long endEpochMs) throws IOException {
    List<NodeSummary> out = new ArrayList<>();
    for (int i = 0; i < nodes.size(); i++) {
      Path f = files.get(i);
      List<NodeRates> rows = f != null && Files.isRegularFile(f) ? NodeCsv.read(f)
          : Collections.<NodeRates>emptyList();
      out.add(NodeSummary.of(nodes.get(i), rows, startEpochMs, endEpochMs));
    }
    return json(intervalMs, out, -1, 0);
  }

  /** Every node's verdicts, in node order. */
  public static List<String> verdicts(List<NodeSummary> nodes) {
    List<String> out = new ArrayList<>();
    for (NodeSummary s : nodes) {
      out.addAll(s.verdicts());
    }
    return out;
  }

  /** Every node's sampling problems, and a line for a node sampled but without a sample in the window. */
  static List<String> problems(List<NodeSummary> nodes) {
    List<String> out = new ArrayList<>();
    for (NodeSummary s : nodes) {
      out.addAll(s.node.problems());
      if (s.samples == 0 && s.node.problems().isEmpty()) {
        out.add(s.node.name + ": no sample in the measured window (a run shorter than the sampling interval?)");
      }
    }
    return out;
  }

  /** One line per node: what it did over the window, for the terminal. */
  public static List<String> lines(List<NodeSummary> nodes) {
    List<String> out = new ArrayList<>();
    for (NodeSummary s : nodes) {
      if (s.samples == 0) {
        continue;
      }
      StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "Database node %s (%s): CPU mean %.0f%% max "
          + "%.0f%%", s.node.name, s.node.source, s.cpu.mean(), s.cpu.max));
      if (s.node.local) {
        sb.append(String.format(Locale.ROOT, " of this machine's %d cores (machine %.0f%%)", s.node.cores,
            s.machineCpu.mean()));
      } else {
        sb.append(String.format(Locale.ROOT, " of %d cores", s.node.cores));
      }
      sb.append(String.format(Locale.ROOT, ", I/O wait %.1f%%", s.iowait.mean()));
      if (!Double.isNaN(s.diskBusy.max)) {
        sb.append(String.format(Locale.ROOT, ", disk read %.1f / write %.1f MB/s, busy max %.0f%%", s.diskRead.mean(),
            s.diskWrite.mean(), s.diskBusy.max));
      }
      if (!Double.isNaN(s.netRx.mean())) {
        sb.append(String.format(Locale.ROOT, ", network in %.1f / out %.1f MB/s", s.netRx.mean(), s.netTx.mean()));
      }
      out.add(sb.append(String.format(Locale.ROOT, " (%d samples)", s.samples)).toString());
    }
    return out;
  }

  /** {@code "field": }, a member's name as the section writes it. */
  private static String name(String field) {
    return JsonText.quote(field) + ": ";
  }

  private static String array(List<String> items) {
    StringBuilder sb = new StringBuilder("[");
    for (int i = 0; i < items.size(); i++) {
      sb.append(i == 0 ? "" : ", ").append(JsonText.quote(items.get(i)));
    }
    return sb.append(']').toString();
  }
}
