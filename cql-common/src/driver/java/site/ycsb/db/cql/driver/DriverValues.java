package site.ycsb.db.cql.driver;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.datastax.driver.core.Duration;
import com.datastax.driver.core.LocalDate;

import site.ycsb.db.cql.profile.CqlDuration;

/**
 * Converts a profile's driver-neutral values ({@link site.ycsb.db.cql.profile.ProfileRequest#neutralValues()}) to the
 * driver's: a JDK {@link java.time.LocalDate} to the driver's {@link LocalDate} (CQL {@code date}), a
 * {@link CqlDuration} to {@link Duration}, also inside lists, sets and maps; every other value is kept. Stateless.
 */
final class DriverValues {
  private DriverValues() {
  }

  /** The row with its neutral values converted (a new array; the row is not changed). */
  static Object[] convert(Object[] row) {
    Object[] out = new Object[row.length];
    for (int i = 0; i < row.length; i++) {
      out[i] = convert(row[i]);
    }
    return out;
  }

  static Object convert(Object v) {
    if (v instanceof java.time.LocalDate) {
      return LocalDate.fromDaysSinceEpoch(Math.toIntExact(((java.time.LocalDate) v).toEpochDay()));
    }
    if (v instanceof CqlDuration) {
      CqlDuration d = (CqlDuration) v;
      return Duration.newInstance(d.months(), d.days(), d.nanos());
    }
    if (v instanceof List) {
      return convertAll((List<?>) v, new ArrayList<>(((List<?>) v).size()));
    }
    if (v instanceof Set) {
      return convertAll((Set<?>) v, new LinkedHashSet<>());
    }
    if (v instanceof Map) {
      Map<Object, Object> out = new LinkedHashMap<>();
      for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
        out.put(convert(e.getKey()), convert(e.getValue()));
      }
      return out;
    }
    return v;
  }

  private static <C extends Collection<Object>> C convertAll(Collection<?> in, C out) {
    for (Object o : in) {
      out.add(convert(o));
    }
    return out;
  }
}
