package site.ycsb.telemetry;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;

/**
 * The samples of one node: each new {@link ProcSnapshot} becomes a row ({@link NodeRates}) against the one
 * before, kept in memory (for the phase's summary) and appended to the node's {@code server-<node>.csv}.
 *
 * <p>Thread-safe: {@link #accept} and the readers are synchronized (a remote node's reader thread writes, the run's
 * thread reads).
 */
final class NodeRecorder {
  final NodeInfo info;
  private Writer csv;
  private long referenceEpochMs;
  private final List<NodeRates> rows = new ArrayList<>();
  private ProcSnapshot last;
  private long lastAcceptedMs;
  private boolean writeFailed;

  NodeRecorder(NodeInfo info) {
    this.info = info;
  }

  /**
   * From now on every row also goes to {@code file}, the rows taken so far first; {@code referenceEpochMs} is the
   * zero of its elapsed_s column (the schedule's opening, as in timeseries.csv).
   */
  synchronized void open(Writer file, long reference) throws IOException {
    this.referenceEpochMs = reference;
    NodeCsv.writeHeader(file);
    for (NodeRates r : rows) {
      file.write(NodeCsv.row(r, referenceEpochMs));
    }
    file.flush();
    this.csv = file;
  }

  /** A new snapshot taken (or received) at {@code epochMs}. */
  synchronized void accept(ProcSnapshot s, long epochMs) {
    if (s.cores > 0) {
      info.cores = s.cores;
    }
    boolean local = info.local;
    NodeRates r = NodeRates.between(last, s, epochMs, local && s.processTicks >= 0, local);
    last = s;
    lastAcceptedMs = epochMs;
    if (r == null) {
      return;
    }
    rows.add(r);
    if (csv != null && !writeFailed) {
      try {
        csv.write(NodeCsv.row(r, referenceEpochMs));
        csv.flush();
      } catch (IOException e) {
        writeFailed = true;
        info.problem("its samples could not be written (" + e.getMessage() + "); they are kept for the summary");
      }
    }
  }

  /** When the last snapshot arrived (epoch ms), 0 before the first. */
  synchronized long lastAcceptedMs() {
    return lastAcceptedMs;
  }

  synchronized List<NodeRates> rows() {
    return new ArrayList<>(rows);
  }

  synchronized void close() {
    if (csv != null) {
      Writer w = csv;
      csv = null;
      try {
        w.close();
      } catch (IOException e) {
        info.problem("its samples file could not be closed (" + e.getMessage() + ")");
      }
    }
  }
}
