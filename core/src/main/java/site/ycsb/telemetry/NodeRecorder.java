package site.ycsb.telemetry;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The samples of one node: each new {@link ProcSnapshot} becomes a row ({@link NodeRates}) against the one
 * before, appended to the node's {@code server-<node>.csv} and kept for the phase's summary ({@link NodeSummary}).
 *
 * <p>Kept in bounded memory however long the run: once the owner has said by when the summarised window starts
 * ({@link #windowStartsBy}), a row that starts after that and is more than {@link #TAIL_MS} older than the newest
 * lies inside the window whatever its end (the end of the run), so it is added to fixed-size sums
 * ({@link NodeSummary.Sums}) and dropped; the rows before that point and the last {@link #TAIL_MS} are kept as they
 * are, since whether they count depends on the window's ends. Without that word (and without a file) every row is
 * kept, as a summary for any window needs them.
 *
 * <p>Thread-safe: {@link #accept} and the readers are synchronized (a remote node's reader thread writes, the run's
 * thread reads).
 */
final class NodeRecorder {
  final NodeInfo info;
  private Writer csv;
  private long referenceEpochMs;
  /**
   * How far behind the newest row a row must be before it is summed: the window ends when the run ends, measured on
   * the monotonic clock and mapped onto the wall clock that dates the rows, so a minute covers any drift between them.
   */
  static final long TAIL_MS = 60_000;
  /** The rows before the ones summed (they may start before the window). */
  private final List<NodeRates> head = new ArrayList<>();
  /** The rows summed, in the order taken. */
  private final NodeSummary.Sums inside = new NodeSummary.Sums();
  /** The rows after the ones summed (the last {@link #TAIL_MS}: they may end after the window). */
  private final ArrayDeque<NodeRates> tail = new ArrayDeque<>();
  /** Rows starting at or after this (epoch ms) start inside the window; MAX_VALUE until the owner says. */
  private long windowStartsBy = Long.MAX_VALUE;
  private boolean opened;
  private ProcSnapshot last;
  /** The newest row, or null before the first. */
  private NodeRates newest;
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
    opened = true;
    NodeCsv.writeHeader(file);
    for (NodeRates r : rows()) {
      file.write(NodeCsv.row(r, referenceEpochMs));
    }
    file.flush();
    this.csv = file;
  }

  /**
   * Every window the rows will be summarised over starts at or before {@code epochMs}: from now on the rows that
   * start after it are summed as they age (see the class comment), once the rows go to a file.
   */
  synchronized void windowStartsBy(long epochMs) {
    windowStartsBy = Math.min(windowStartsBy, epochMs);
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
    newest = r;
    keep(r);
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

  /** The newest row, or null before the first (for the live metrics). */
  synchronized NodeRates newest() {
    return newest;
  }

  /** When the last snapshot arrived (epoch ms), 0 before the first. */
  synchronized long lastAcceptedMs() {
    return lastAcceptedMs;
  }

  private void keep(NodeRates r) {
    if (tail.isEmpty() && (!opened || r.epochMs - NodeSummary.length(r) < windowStartsBy)) {
      head.add(r);
      return;
    }
    tail.add(r);
    while (tail.peekFirst().epochMs < r.epochMs - TAIL_MS) {
      NodeRates old = tail.pollFirst();
      inside.add(old, NodeSummary.weightInside(old));
    }
  }

  /** The rows kept as they are (not summed), in the order taken. */
  synchronized List<NodeRates> rows() {
    List<NodeRates> all = new ArrayList<>(head);
    all.addAll(tail);
    return all;
  }

  /** This node's summary over a window that starts at or before {@link #windowStartsBy} and ends with the run. */
  synchronized NodeSummary summary(long startEpochMs, long endEpochMs) {
    return NodeSummary.of(info, head, inside, new ArrayList<>(tail), startEpochMs, endEpochMs);
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
