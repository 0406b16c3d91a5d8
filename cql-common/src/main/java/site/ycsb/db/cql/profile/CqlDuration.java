package site.ycsb.db.cql.profile;

/**
 * A generated CQL {@code duration} (months, days, nanoseconds), without the driver's class: the binding converts it
 * to {@code com.datastax.driver.core.Duration} before it binds. Immutable.
 */
public final class CqlDuration {
  private final int months;
  private final int days;
  private final long nanos;

  public CqlDuration(int months, int days, long nanos) {
    this.months = months;
    this.days = days;
    this.nanos = nanos;
  }

  public int months() {
    return months;
  }

  public int days() {
    return days;
  }

  public long nanos() {
    return nanos;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof CqlDuration)) {
      return false;
    }
    CqlDuration d = (CqlDuration) o;
    return months == d.months && days == d.days && nanos == d.nanos;
  }

  @Override
  public int hashCode() {
    return (31 * months + days) * 31 + Long.hashCode(nanos);
  }

  /** CQL's duration literal, e.g. {@code 3mo12d5000000000ns}. */
  @Override
  public String toString() {
    return months + "mo" + days + "d" + nanos + "ns";
  }
}
