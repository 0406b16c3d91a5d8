package site.ycsb.db.cql.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.datastax.driver.core.CodecRegistry;
import com.datastax.driver.core.DataType;
import com.datastax.driver.core.Duration;
import com.datastax.driver.core.LocalDate;
import com.datastax.driver.core.ProtocolVersion;
import com.datastax.driver.core.TypeCodec;

import site.ycsb.db.cql.profile.CqlDuration;

/**
 * The conversion of a profile's driver-neutral date and duration values to the driver's classes (compiled and run
 * against each binding's own driver), and that the driver's codecs accept what the profile generates for each CQL
 * type (the values a bound statement serialises), nested collections included.
 */
class DriverValuesTest {
  private static final CodecRegistry CODECS = CodecRegistry.DEFAULT_INSTANCE;

  private static ByteBuffer serialise(DataType type, Object value) {
    TypeCodec<Object> codec = CODECS.codecFor(type, value);
    return codec.serialize(value, ProtocolVersion.V4);
  }

  @Test
  void should_convert_dates_and_durations_also_inside_collections_and_keep_other_values() {
    java.time.LocalDate day = java.time.LocalDate.of(2031, 7, 4);
    assertEquals(LocalDate.fromYearMonthDay(2031, 7, 4), DriverValues.convert(day));
    assertEquals(Duration.newInstance(3, 12, 5_000_000_000L), DriverValues.convert(new CqlDuration(3, 12,
        5_000_000_000L)));
    Map<Object, Object> nested = new LinkedHashMap<>();
    nested.put("a", Arrays.asList(day, java.time.LocalDate.of(2000, 1, 1)));
    nested.put("b", Collections.singleton(new CqlDuration(0, 1, 2)));
    Object converted = DriverValues.convert(nested);
    Map<Object, Object> expected = new LinkedHashMap<>();
    expected.put("a", Arrays.asList(LocalDate.fromYearMonthDay(2031, 7, 4), LocalDate.fromYearMonthDay(2000, 1, 1)));
    expected.put("b", new HashSet<>(Collections.singleton(Duration.newInstance(0, 1, 2))));
    assertEquals(expected, converted);
    String text = "kept";
    Object[] row = {text, 7L, day};
    Object[] out = DriverValues.convert(row);
    assertSame(text, out[0]);
    assertEquals(7L, out[1]);
    assertEquals(LocalDate.fromYearMonthDay(2031, 7, 4), out[2]);
    assertEquals(day, row[2], "the row itself is not changed");
  }

  @Test
  void should_give_values_the_driver_serialises_for_each_generated_type() {
    // time: a long of nanoseconds; the driver's time codec takes exactly that.
    assertEquals(8, serialise(DataType.time(), 86_399_999_999_999L).remaining());
    assertEquals(4, serialise(DataType.date(), DriverValues.convert(java.time.LocalDate.of(2050, 1, 1)))
        .remaining());
    assertTrue(serialise(DataType.duration(), DriverValues.convert(new CqlDuration(23, 30, 86_399_999_999_999L)))
        .remaining() > 0);
    Map<Object, Object> map = new LinkedHashMap<>();
    map.put("k", new HashSet<>(Arrays.asList(1, 2, 3)));
    assertTrue(serialise(DataType.map(DataType.text(), DataType.frozenSet(DataType.cint())), map).remaining() > 0);
    List<Object> days = new ArrayList<>();
    days.add(java.time.LocalDate.of(2001, 2, 3));
    assertTrue(serialise(DataType.list(DataType.date()), DriverValues.convert(days)).remaining() > 0);
    Map<Object, Object> spans = new LinkedHashMap<>();
    spans.put(1, new CqlDuration(1, 2, 3));
    assertTrue(serialise(DataType.map(DataType.cint(), DataType.duration()), DriverValues.convert(spans))
        .remaining() > 0);
  }
}
