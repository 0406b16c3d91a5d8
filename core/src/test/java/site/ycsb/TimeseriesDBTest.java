package site.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The generic-to-time-series decoding of TimeseriesDB, as a binding sees it. */
class TimeseriesDBTest {

  /** Records what the time-series methods received. */
  static final class RecordingTSDB extends TimeseriesDB {
    String metric;
    long ts;
    long end;
    Object value;
    Map<String, List<String>> queryTags;
    Map<String, ByteIterator> insertTags;
    AggregationOperation aggregation;

    @Override
    protected Status read(String m, long timestamp, Map<String, List<String>> tags) {
      metric = m;
      ts = timestamp;
      queryTags = tags;
      return Status.OK;
    }

    @Override
    protected Status scan(String m, long startTs, long endTs, Map<String, List<String>> tags,
                          AggregationOperation aggreg, int timeValue, TimeUnit timeUnit) {
      metric = m;
      ts = startTs;
      end = endTs;
      queryTags = tags;
      aggregation = aggreg;
      return Status.OK;
    }

    @Override
    protected Status insert(String m, long timestamp, long v, Map<String, ByteIterator> tags) {
      metric = m;
      ts = timestamp;
      value = v;
      insertTags = tags;
      return Status.OK;
    }

    @Override
    protected Status insert(String m, long timestamp, double v, Map<String, ByteIterator> tags) {
      metric = m;
      ts = timestamp;
      value = v;
      insertTags = tags;
      return Status.OK;
    }
  }

  private RecordingTSDB db;

  private RecordingTSDB open(String... kv) throws DBException {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    RecordingTSDB d = new RecordingTSDB();
    d.setProperties(p);
    d.init();
    return d;
  }

  @BeforeEach
  void setUp() throws DBException {
    db = open();
  }

  private static Set<String> fields(String... f) {
    return new LinkedHashSet<>(Arrays.asList(f));
  }

  @Test
  void should_decode_timestamp_and_multi_valued_tags_when_reading() {
    assertEquals(Status.OK, db.read("t", "cpu", fields("AA=a1", "AA=a2", "BB=b", "YCSBTS=1451606400"), null));
    assertEquals("cpu", db.metric);
    assertEquals(1451606400L, db.ts);
    assertEquals(Arrays.asList("a1", "a2"), db.queryTags.get("AA"));
    assertEquals(Arrays.asList("b"), db.queryTags.get("BB"));
    assertNull(db.queryTags.get("YCSBTS"));
  }

  @Test
  void should_answer_bad_request_when_a_read_lacks_a_usable_timestamp() {
    assertEquals(Status.BAD_REQUEST, db.read("t", "cpu", fields("AA=a1"), null));
    assertEquals(Status.BAD_REQUEST, db.read("t", "cpu", fields("YCSBTS=soon"), null));
    assertEquals(Status.BAD_REQUEST, db.read("t", "cpu", fields("nodelimiter", "YCSBTS=1"), null));
  }

  @Test
  void should_decode_time_span_and_group_by_when_scanning() {
    assertEquals(Status.OK, db.scan("t", "cpu", 0, fields("YCSBTS=100,200", "AA=a", "YCSBGB=SUM"), new Vector<>()));
    assertEquals(100, db.ts);
    assertEquals(200, db.end);
    assertEquals(TimeseriesDB.AggregationOperation.SUM, db.aggregation);
    assertEquals(Arrays.asList("a"), db.queryTags.get("AA"));
    assertEquals(Status.OK, db.scan("t", "cpu", 0, fields("YCSBTS=150"), new Vector<>()));
    assertEquals(150, db.end);
    assertEquals(TimeseriesDB.AggregationOperation.NONE, db.aggregation);
    assertEquals(Status.BAD_REQUEST, db.scan("t", "cpu", 0, fields("YCSBGB=MEDIAN", "YCSBTS=1"), new Vector<>()));
    assertEquals(Status.BAD_REQUEST, db.scan("t", "cpu", 0, fields("AA=a"), new Vector<>()));
  }

  @Test
  void should_pass_integer_and_floating_values_and_keep_only_tags_when_inserting() {
    Map<String, ByteIterator> v = new HashMap<>();
    v.put("AA", new StringByteIterator("a"));
    v.put("YCSBTS", new NumericByteIterator(1000L));
    v.put("YCSBV", new NumericByteIterator(42L));
    assertEquals(Status.OK, db.insert("t", "cpu", v));
    assertEquals(1000L, db.ts);
    assertEquals(42L, db.value);
    assertEquals(1, db.insertTags.size());
    assertEquals("a", db.insertTags.get("AA").toString());
    v.put("YCSBV", new NumericByteIterator(2.5));
    assertEquals(Status.OK, db.insert("t", "cpu", v));
    assertEquals(2.5, db.value);
    v.put("YCSBV", new StringByteIterator("42"));
    assertEquals(Status.BAD_REQUEST, db.insert("t", "cpu", v));
  }

  @Test
  void should_honour_custom_keys_and_delimiters_even_when_they_are_regex_characters() throws DBException {
    RecordingTSDB d = open("timestampkey", "TS", "tagpairdelimiter", "|", "querytimespandelimiter", ".");
    assertEquals(Status.OK, d.scan("t", "m", 0, fields("TS|5.9", "A|x"), new Vector<>()));
    assertEquals(5, d.ts);
    assertEquals(9, d.end);
    assertEquals(Arrays.asList("x"), d.queryTags.get("A"));
  }

  @Test
  void should_hand_the_key_as_metric_by_default_and_the_table_when_asked_for_0_17_0s_argument() throws DBException {
    Map<String, ByteIterator> v = new HashMap<>();
    v.put("YCSBTS", new NumericByteIterator(1000L));
    v.put("YCSBV", new NumericByteIterator(1L));
    RecordingTSDB d = open("timeseriesdb.metric", "key");
    for (RecordingTSDB one : new RecordingTSDB[] {db, d}) {
      assertEquals(Status.OK, one.insert("usertable", "cpu", v));
      assertEquals("cpu", one.metric);
    }
    RecordingTSDB legacy = open("timeseriesdb.metric", " table ");
    assertEquals(Status.OK, legacy.insert("usertable", "cpu", v));
    assertEquals("usertable", legacy.metric);
    assertEquals(Status.OK, legacy.read("usertable", "mem", fields("YCSBTS=5"), null));
    assertEquals("usertable", legacy.metric);
    assertEquals(Status.OK, legacy.scan("usertable", "disk", 1, fields("YCSBTS=5,9"), new Vector<>()));
    assertEquals("usertable", legacy.metric);
    assertEquals(Status.OK, db.scan("usertable", "disk", 1, fields("YCSBTS=5,9"), new Vector<>()));
    assertEquals("disk", db.metric);
  }

  @Test
  void should_refuse_an_unknown_metric_argument_as_a_configuration_mistake() {
    for (String bad : new String[] {"", "Table", "metric", "keys"}) {
      DBException e = org.junit.jupiter.api.Assertions.assertThrows(DBException.class,
          () -> open("timeseriesdb.metric", bad));
      org.junit.jupiter.api.Assertions.assertTrue(e.getCause() instanceof IllegalArgumentException, bad);
      org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().startsWith("timeseriesdb.metric=" + bad.trim()
          + " is not one of key"), e.getMessage());
    }
  }

  @Test
  void should_not_implement_update_or_delete_when_the_binding_does_not() {
    assertEquals(Status.NOT_IMPLEMENTED, db.update("t", "cpu", new HashMap<>()));
    assertEquals(Status.NOT_IMPLEMENTED, db.delete("t", "cpu"));
  }

  @Test
  void should_exit_2_with_one_line_when_a_time_series_property_is_invalid() {
    for (String bad : new String[] {"timestampunits=FORTNIGHTS", "downsamplingfunction=MEDIAN",
        "downsamplinginterval=often", "downsamplinginterval=-5", "downsamplinginterval=1e9", "debug=yes",
        "test=1"}) {
      ClientRunner r = ClientRunner.run("-load", "-db", "site.ycsb.BasicTSDB", "-p", "recordcount=1",
          "-p", "workload=site.ycsb.workloads.CoreWorkload", "-p", bad);
      assertEquals(2, r.exitCode, bad + "\n" + r.err);
      assertEquals(true, r.err.contains(bad), r.err);
      assertEquals(false, r.err.contains("\tat "), r.err);
    }
  }
}
