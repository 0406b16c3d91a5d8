package site.ycsb.generator;

import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;

/** Left padding: superclass fields are laid out first, so these sit before {@link LastValueCell#value}. */
abstract class LastValueCellPadBefore {
  long p01;
  long p02;
  long p03;
  long p04;
  long p05;
  long p06;
  long p07;
  long p08;
}

/** Holds the value field between the two paddings. */
abstract class LastValueCellValue extends LastValueCellPadBefore {
  volatile Object value;
}

/**
 * The "last value" of a shared generator, alone on its cache lines. Every client thread writes it on every draw;
 * kept inside the generator object it would share a line with the generator's read-only parameters and make
 * every other core re-fetch them after each draw (false sharing).
 */
final class LastValueCell<T> extends LastValueCellValue {
  private static final AtomicReferenceFieldUpdater<LastValueCellValue, Object> VALUE =
      AtomicReferenceFieldUpdater.newUpdater(LastValueCellValue.class, Object.class, "value");

  long q01;
  long q02;
  long q03;
  long q04;
  long q05;
  long q06;
  long q07;
  long q08;

  /** A release store: readers only need some recent value, so no full fence on the per-draw path. */
  void set(T v) {
    VALUE.lazySet(this, v);
  }

  /** Like {@link #set(Object)} but skips the store when the value is already there (cheap for repeating values). */
  void setIfChanged(T v) {
    if (value != v) {
      VALUE.lazySet(this, v);
    }
  }

  @SuppressWarnings("unchecked")
  T get() {
    return (T) value;
  }
}
