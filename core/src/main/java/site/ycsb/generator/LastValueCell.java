package site.ycsb.generator;

/**
 * The "last value" of a generator that all client threads share: the value the CALLING thread drew last.
 *
 * <p>Per thread because that is the only meaning "last" has when threads draw concurrently, and because a shared
 * cell written on every draw by every thread makes cores exchange its cache line on every operation (measured: up
 * to twice the CPU per operation on the null database). Counters keep their own, global, last value.
 *
 * <p>Thread-safe by being per thread.
 */
final class LastValueCell<T> {
  private final ThreadLocal<Object> value = new ThreadLocal<>();

  void set(T v) {
    value.set(v);
  }

  /** Like {@link #set(Object)} but skips the store when the value is already there (cheap for repeating values). */
  void setIfChanged(T v) {
    if (value.get() != v) {
      value.set(v);
    }
  }

  @SuppressWarnings("unchecked")
  /** The calling thread's last value, or {@code draw}'s when it has none yet. */
  T getOr(java.util.function.Supplier<T> draw) {
    T v = get();
    return v != null ? v : draw.get();
  }

  T get() {
    return (T) value.get();
  }
}
