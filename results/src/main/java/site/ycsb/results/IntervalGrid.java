package site.ycsb.results;

/**
 * Wall-clock intervals of a merged run: interval i covers (start + i*len, start + (i+1)*len], the last one ends at
 * the merged end. A client's interval is attributed to the merged interval that contains its END time, so the
 * clients' interval boundaries need not be aligned.
 */
final class IntervalGrid {
  private final long startMs;
  private final long endMs;
  private final long lengthMs;
  private final int size;

  IntervalGrid(long startMs, long endMs, long lengthMs) {
    this.startMs = startMs;
    this.endMs = Math.max(endMs, startMs + 1);
    this.lengthMs = lengthMs;
    this.size = (int) ((this.endMs - 1 - startMs) / lengthMs) + 1;
  }

  int size() {
    return size;
  }

  /** The merged interval holding a client interval that ended at endEpochMs (clamped to the grid). */
  int indexOf(long endEpochMs) {
    long i = Math.floorDiv(endEpochMs - 1 - startMs, lengthMs);
    return (int) Math.max(0, Math.min(size - 1, i));
  }

  long startOf(int index) {
    return startMs + index * lengthMs;
  }

  long endOf(int index) {
    return index == size - 1 ? endMs : startMs + (index + 1) * lengthMs;
  }

  double seconds(int index) {
    return (endOf(index) - startOf(index)) / 1000.0;
  }
}
