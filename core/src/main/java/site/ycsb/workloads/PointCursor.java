package site.ycsb.workloads;

/**
 * Walks the write order of a {@link SeriesLayout} from a given write position, handing out each present point once.
 * Shared by all client threads of a phase, hence synchronized.
 */
final class PointCursor {
  private final SeriesLayout layout;
  private long position;
  private long slot;
  private int[] order;
  private int index;

  PointCursor(SeriesLayout layout, long startPosition) {
    this.layout = layout;
    this.position = startPosition;
    enterPosition();
  }

  /** The next point to write: {series, interval}. */
  synchronized long[] next() {
    while (true) {
      if (index == order.length) {
        position++;
        enterPosition();
      }
      int series = order[index++];
      if (layout.writtenIn(series, slot)) {
        return new long[] {series, slot - layout.delay(series)};
      }
    }
  }

  private void enterPosition() {
    slot = layout.slotAt(position);
    order = layout.seriesOrder(slot);
    index = 0;
  }
}
