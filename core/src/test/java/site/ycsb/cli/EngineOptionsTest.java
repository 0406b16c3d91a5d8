package site.ycsb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.HashSet;
import java.util.Properties;
import java.util.Set;

import org.junit.jupiter.api.Test;

import site.ycsb.Client;
import site.ycsb.Workload;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.OneMeasurementHistogram;
import site.ycsb.measurements.OneMeasurementRaw;
import site.ycsb.measurements.OneMeasurementTimeSeries;
import site.ycsb.options.Option;

class EngineOptionsTest {
  private static Option<?> option(String name) {
    for (Option<?> o : EngineOptions.all()) {
      if (o.name().equals(name)) {
        return o;
      }
    }
    return null;
  }

  /** Every {@code *_PROPERTY}-style constant of a 0.17.0 class names an option; its {@code *_DEFAULT} is that default. */
  private static void assertAliases(Class<?> holder, String... constants) throws ReflectiveOperationException {
    for (String constant : constants) {
      Field f = holder.getField(constant);
      assertTrue(Modifier.isStatic(f.getModifiers()) && Modifier.isFinal(f.getModifiers()), constant);
      String value = (String) f.get(null);
      Option<?> o = option(value);
      assertTrue(o != null, holder.getSimpleName() + "." + constant + " = " + value + " names no engine option");
      try {
        Object def = holder.getField(constant + "_DEFAULT").get(null);
        assertEquals(String.valueOf(o.defaultValue()), def, holder.getSimpleName() + "." + constant + "_DEFAULT");
      } catch (NoSuchFieldException e) {
        // no default constant in 0.17.0
      }
    }
  }

  @Test
  void should_keep_0_17_0_constants_as_aliases_of_the_declared_options_when_compared_by_name_and_default()
      throws ReflectiveOperationException {
    assertAliases(Client.class, "OPERATION_COUNT_PROPERTY", "RECORD_COUNT_PROPERTY", "WORKLOAD_PROPERTY",
        "DB_PROPERTY", "EXPORTER_PROPERTY", "EXPORT_FILE_PROPERTY", "THREAD_COUNT_PROPERTY", "INSERT_COUNT_PROPERTY",
        "TARGET_PROPERTY", "MAX_EXECUTION_TIME", "DO_TRANSACTIONS_PROPERTY", "STATUS_PROPERTY", "LABEL_PROPERTY",
        "RESULTS_DIR_PROPERTY", "START_EPOCH_MS_PROPERTY");
    assertEquals(String.valueOf(EngineOptions.RECORD_COUNT.defaultValue()), Client.DEFAULT_RECORD_COUNT);
    assertAliases(Workload.class, "INSERT_START_PROPERTY", "INSERT_COUNT_PROPERTY");
    assertEquals(String.valueOf(EngineOptions.INSERT_START.defaultValue()), Workload.INSERT_START_PROPERTY_DEFAULT);
    assertAliases(Measurements.class, "MEASUREMENT_TYPE_PROPERTY", "MEASUREMENT_INTERVAL",
        "MEASUREMENT_TRACK_JVM_PROPERTY");
    assertAliases(OneMeasurementHistogram.class, "BUCKETS");
    assertAliases(OneMeasurementRaw.class, "OUTPUT_FILE_PATH", "NO_SUMMARY_STATS");
    assertAliases(OneMeasurementTimeSeries.class, "GRANULARITY");
  }

  @Test
  void should_declare_each_name_once_with_a_meaning_when_listing_all_options() {
    Set<String> names = new HashSet<>();
    for (Option<?> o : EngineOptions.all()) {
      assertTrue(names.add(o.name()), "declared twice: " + o.name());
      assertFalse(o.meaning().trim().isEmpty(), o.name());
      assertTrue(o.defaultValue() == null || o.type().isInstance(o.defaultValue()), o.name());
    }
    assertTrue(names.contains("target") && names.contains("measurement.interval") && names.contains("warmup"));
  }

  @Test
  void should_read_the_default_when_absent_and_the_typed_value_when_given() {
    Properties p = new Properties();
    PropertyReader r = new PropertyReader(p);
    assertEquals(1, (int) r.get(EngineOptions.THREAD_COUNT));
    assertEquals("auto", r.get(EngineOptions.ASYNC));
    assertFalse(r.isGiven(EngineOptions.INSERT_COUNT));
    p.setProperty("threadcount", " 16 ");
    p.setProperty("target", "2.5");
    p.setProperty("async", "false");
    p.setProperty("insertcount", "");
    assertEquals(16, (int) r.get(EngineOptions.THREAD_COUNT));
    assertEquals(2.5, r.get(EngineOptions.TARGET), 0);
    assertEquals("false", r.get(EngineOptions.ASYNC));
    assertTrue(r.isGiven(EngineOptions.INSERT_COUNT));
  }

  @Test
  void should_read_blank_text_as_empty_not_as_the_default_when_a_text_option_is_given_blank() {
    Properties p = new Properties();
    assertEquals("site.ycsb.BasicDB", new PropertyReader(p).get(EngineOptions.DB_CLASS));
    for (String blank : new String[] {"", " ", "\t"}) {
      p.setProperty("db", blank);
      p.setProperty("hdrhistogram.percentiles", blank);
      assertEquals("", new PropertyReader(p).get(EngineOptions.DB_CLASS), "an unset $DB must not run BasicDB");
      assertEquals("", new PropertyReader(p).get(EngineOptions.PERCENTILES));
    }
    p.setProperty("db", " site.ycsb.db.Other ");
    assertEquals("site.ycsb.db.Other", new PropertyReader(p).get(EngineOptions.DB_CLASS));
  }

  @Test
  void should_refuse_a_bad_value_in_the_engines_words_when_the_type_or_range_does_not_fit() {
    String[][] cases = {
        {"threadcount", "0", "threadcount=0 must be at least 1"},
        {"threadcount", "many", "threadcount=many is not a whole number"},
        {"target", "fast", "target=fast is not a number"},
        {"status", "yes", "status=yes must be true or false"},
        {"maxexecutiontime", "999999999999", "maxexecutiontime=999999999999 must be between 0 and "
            + EngineOptions.MAX_EXECUTION_SEC},
        {"threadcount", "2147483648", "threadcount=2147483648 is too large (at most 2147483647)"},
        {"threadcount", " ", "threadcount is given empty: give a value, or leave threadcount out for its default"},
        {"operationcount", "-1", "operationcount=-1 must be at least 0"},
        {"target", "1e99", "target=1e99 is too large (at most 1000000000)"},
        {"target", "-1", "target=-1 must be a number of at least 0"},
        {"target", "1e400", "target=1e400 is not a finite number"},
        {"status.interval", "0", "status.interval=0 must be a number of at least 0.001"},
        {"status.interval", "86401", "status.interval=86401 is too large (at most 86400)"},
        {"async", "maybe", "async=maybe is not one of: auto, true, false"},
        {"async", "", "async= is not one of: auto, true, false"},
        {"async", "Auto", "async=Auto is not one of: auto, true, false"},
        {"errors.budget", "1", "errors.budget=1 is not a percentage: write e.g. 0.1% (or 0 for none)"},
        {"errors.budget", "101%", "errors.budget=101% must be between 0% and 100%"},
        {"errors.giveup", "soon", "errors.giveup=soon is not a duration (e.g. 30s, 2m, 500ms, or 0)"},
        {"metrics.pushgateway", "ftp://h:1", "metrics.pushgateway=ftp://h:1 is not an http:// or https:// URL with a "
            + "host"},
        {"measurementtype", "hdr", "measurementtype=hdr is not one of: hdrhistogram, histogram, "
            + "hdrhistogram+histogram, hdrhistogram+raw, timeseries, raw"},
    };
    for (String[] c : cases) {
      Properties p = new Properties();
      p.setProperty(c[0], c[1]);
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> new PropertyReader(p).get(option(c[0])), c[0]);
      assertEquals(c[2], e.getMessage());
    }
  }
}
