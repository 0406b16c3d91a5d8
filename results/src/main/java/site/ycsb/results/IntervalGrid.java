package site.ycsb.results;

/**
 * Wall-clock intervals of a merged run: interval i covers (start + i*len, start + (i+1)*len], the last one ends at
 * the merged end. A client's interval is attributed to the merged interval that contains its MIDPOINT, so clients
 * whose interval boundaries are not aligned (they started at different times, or their status ticks drift by a
 * few ms) land in the interval they mostly overlap.
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

  /** The merged interval holding the midpoint of a client interval (clamped to the grid). */
  int indexOf(long intervalStartMs, long intervalEndMs) {
    long mid = intervalStartMs + (intervalEndMs - intervalStartMs) / 2;
    long i = Math.floorDiv(mid - 1 - startMs, lengthMs);
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
