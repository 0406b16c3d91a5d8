package site.ycsb.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.NumericByteIterator;
import site.ycsb.Status;
import site.ycsb.TimeseriesDB;
import site.ycsb.WorkloadException;

/** TimeSeriesWorkload's series layout, write order, queries and validation, against an in-memory TimeseriesDB. */
class TimeSeriesWorkloadTest {
  private static final long START = 1_500_000_000L;

  private static Properties props(String... kv) {
    Properties p = new Properties();
    p.setProperty("timestampstart", Long.toString(START));
    p.setProperty("fieldcount", "2");
    p.setProperty("tagcount", "2");
    p.setProperty("tagcardinality", "2,3");
    p.setProperty("delayedseries", "0");
    p.setProperty("recordcount", "120");
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  private static TimeSeriesWorkload workload(Properties p) throws WorkloadException {
    TimeSeriesWorkload w = new TimeSeriesWorkload();
    w.init(p);
    return w;
  }

  private static MemoryTSDB db(Properties p) throws DBException {
    MemoryTSDB db = new MemoryTSDB();
    db.setProperties(p);
    db.init();
    return db;
  }

  private static MemoryTSDB load(Properties p, long points) throws Exception {
    Properties loadProps = new Properties();
    loadProps.putAll(p);
    loadProps.setProperty("dotransactions", "false");
    TimeSeriesWorkload w = workload(loadProps);
    MemoryTSDB db = db(loadProps);
    for (long i = 0; i < points; i++) {
      assertTrue(w.doInsert(db, null));
    }
    return db;
  }

  @Test
  void should_lay_out_one_series_per_metric_and_tag_combination_when_cardinalities_are_given() throws Exception {
    SeriesLayout layout = workload(props()).layout();
    assertEquals(12, layout.seriesCount());
    Set<String> ids = new HashSet<>();
    Set<String> metrics = new HashSet<>();
    for (int s = 0; s < layout.seriesCount(); s++) {
      Map<String, String> tags = new TreeMap<>();
      for (int k = 0; k < layout.tagCount(); k++) {
        tags.put(layout.tagKey(k), layout.tagValue(s, k));
        assertEquals(8, layout.tagValue(s, k).length());
      }
      ids.add(MemoryTSDB.id(layout.metric(s), tags));
      metrics.add(layout.metric(s));
      assertEquals(8, layout.metric(s).length());
    }
    assertEquals(12, ids.size());
    assertEquals(2, metrics.size());
  }

  @Test
  void should_write_every_series_once_per_interval_when_loading() throws Exception {
    MemoryTSDB db = load(props("timestampinterval", "60"), 12 * 5);
    assertEquals(12, db.series.size());
    for (Map<Long, Object> points : db.series.values()) {
      assertEquals(new HashSet<>(java.util.Arrays.asList(START, START + 60, START + 120, START + 180, START + 240)),
          points.keySet());
    }
    // interval by interval: no point of interval i+1 before every point of interval i
    for (int i = 0; i < db.inserts.size(); i++) {
      assertEquals(START + 60L * (i / 12), db.inserts.get(i)[1]);
    }
  }

  @Test
  void should_shuffle_series_order_per_interval_when_randomtimeseriesorder_is_true() throws Exception {
    MemoryTSDB shuffled = load(props("randomtimeseriesorder", "true"), 12 * 4);
    MemoryTSDB ordered = load(props("randomtimeseriesorder", "false"), 12 * 4);
    assertNotEquals(order(shuffled), order(ordered));
    assertEquals(new HashSet<>(order(shuffled)), new HashSet<>(order(ordered)));
  }

  private static List<String> order(MemoryTSDB db) {
    List<String> ids = new java.util.ArrayList<>();
    for (Object[] insert : db.inserts) {
      ids.add(insert[0] + "@" + insert[1]);
    }
    return ids;
  }

  @Test
  void should_write_timestamps_out_of_order_when_randomwritetimestamporder_is_true() throws Exception {
    int window = SeriesLayout.WRITE_ORDER_WINDOW;
    MemoryTSDB db = load(props("randomwritetimestamporder", "true"), 12L * window * 2);
    boolean backwards = false;
    for (int i = 1; i < db.inserts.size(); i++) {
      backwards |= (long) db.inserts.get(i)[1] < (long) db.inserts.get(i - 1)[1];
    }
    assertTrue(backwards);
    for (Map<Long, Object> points : db.series.values()) {
      assertEquals(2 * window, points.size());
    }
  }

  @Test
  void should_write_delayed_series_late_when_delayedseries_is_set() throws Exception {
    Properties p = props("delayedseries", "0.5", "delayedintervals", "3", "randomtimeseriesorder", "false");
    SeriesLayout layout = workload(p).layout();
    assertTrue(layout.delayedCount() > 0 && layout.delayedCount() < 12, "some but not all series delayed");
    MemoryTSDB db = load(p, 12 * 10 - layout.delayedCount() * 3);
    for (int s = 0; s < 12; s++) {
      Map<String, String> tags = new TreeMap<>();
      for (int k = 0; k < 2; k++) {
        tags.put(layout.tagKey(k), layout.tagValue(s, k));
      }
      // after 10 slots an on-time series has 10 points, a delayed one 7
      assertEquals(layout.delay(s) == 3 ? 7 : 10, db.series.get(MemoryTSDB.id(layout.metric(s), tags)).size());
    }
    // a delayed series' interval 0 is written only after the on-time series wrote intervals 0, 1 and 2
    int firstDelayed = -1;
    for (int i = 12 - layout.delayedCount(); i < db.inserts.size() && firstDelayed < 0; i++) {
      if ((long) db.inserts.get(i)[1] == START) {
        firstDelayed = i;
      }
    }
    assertTrue(firstDelayed >= 3 * (12 - layout.delayedCount()), "delayed point came at " + firstDelayed);
  }

  @Test
  void should_leave_out_about_a_sparsity_fraction_of_points_when_sparsity_is_set() throws Exception {
    Properties p = props("sparsity", "0.3", "fieldcount", "10");
    MemoryTSDB db = load(p, 6000);
    long lastTs = 0;
    for (Object[] insert : db.inserts) {
      lastTs = Math.max(lastTs, (long) insert[1]);
    }
    long intervals = (lastTs - START) / 60;
    double present = 6000.0 / (intervals * 60); // 60 series
    assertTrue(present > 0.62 && present < 0.78, "fraction written " + present);
    assertEquals(6000, db.inserts.size());
  }

  @Test
  void should_find_a_written_point_when_reading_after_load_in_another_instance() throws Exception {
    for (String[] variant : new String[][] {{}, {"sparsity", "0.2"}, {"delayedseries", "0.3"},
        {"randomwritetimestamporder", "true"}, {"randomtimeseriesorder", "false", "recordcount", "100"}}) {
      Properties p = props(variant);
      long loaded = variant.length > 2 ? Long.parseLong(p.getProperty("recordcount")) : 1000;
      p.setProperty("recordcount", Long.toString(loaded));
      p.setProperty("readproportion", "1");
      p.setProperty("updateproportion", "0");
      MemoryTSDB db = load(p, loaded);
      TimeSeriesWorkload run = workload(p);
      CountingDB counting = new CountingDB(db);
      for (int i = 0; i < 2000; i++) {
        run.doTransaction(counting, null);
      }
      assertEquals(2000, counting.ok, "reads that found their point, variant " + java.util.Arrays.toString(variant));
    }
  }

  @Test
  void should_size_the_loaded_extent_arithmetically_when_recordcount_is_huge() {
    long[] extent = assertTimeoutPreemptively(java.time.Duration.ofSeconds(60), () -> workload(props(
        "recordcount", "1000000000007", "delayedseries", "0.5", "randomwritetimestamporder", "true")).layout()
        .extentOf(1_000_000_000_007L)); // a hang guard: walking 10^11 slots one by one would never finish
    SeriesLayout layout = assertTimeoutPreemptively(java.time.Duration.ofSeconds(60), () -> workload(props(
        "delayedseries", "0.5")).layout());
    // 12 series, the delayed ones missing from the first 5 slots: 5 short slots, then whole ones
    long shortSlots = 5L * (12 - layout.delayedCount());
    long whole = (1_000_000_000_007L - shortSlots) / 12;
    assertEquals(5 + whole, extent[0]);
    assertEquals(5 + whole + ((1_000_000_000_007L - shortSlots) % 12 == 0 ? 0 : 1), extent[1]);
  }

  @Test
  void should_agree_with_a_slot_by_slot_count_when_sizing_the_loaded_extent() throws Exception {
    for (String order : new String[] {"true", "false"}) {
      SeriesLayout layout = workload(props("delayedseries", "0.4", "delayedintervals", "4",
          "randomwritetimestamporder", order)).layout();
      for (long points = 0; points < 12 * 30; points++) {
        long position = 0;
        long left = points;
        long[] expected = null;
        while (expected == null) {
          long n = layout.pointsIn(layout.slotAt(position));
          if (left == 0) {
            expected = new long[] {position, position};
          } else if (n > left) {
            expected = new long[] {position, position + 1};
          } else {
            left -= n;
            position++;
          }
        }
        assertEquals(java.util.Arrays.toString(expected), java.util.Arrays.toString(layout.extentOf(points)),
            points + " points, randomwritetimestamporder=" + order);
      }
    }
  }

  @Test
  void should_append_after_the_loaded_points_when_inserting_in_the_run() throws Exception {
    Properties p = props("recordcount", "100", "insertproportion", "1", "readproportion", "0", "updateproportion", "0",
        "sparsity", "0.1", "delayedseries", "0.2");
    MemoryTSDB db = load(p, 100);
    TimeSeriesWorkload run = workload(p);
    for (int i = 0; i < 300; i++) {
      run.doTransaction(db, null);
    }
    Set<String> seen = new HashSet<>();
    for (Object[] insert : db.inserts) {
      assertTrue(seen.add(insert[0] + "@" + insert[1]), "written twice: " + insert[0] + "@" + insert[1]);
    }
    assertEquals(400, seen.size());
  }

  @Test
  void should_scan_querytimespan_from_a_loaded_point_when_querytimespan_is_set() throws Exception {
    Properties p = props("recordcount", "120", "scanproportion", "1", "readproportion", "0", "updateproportion", "0",
        "querytimespan", "300");
    MemoryTSDB db = load(p, 120);
    TimeSeriesWorkload run = workload(p);
    CountingDB counting = new CountingDB(db);
    for (int i = 0; i < 200; i++) {
      run.doTransaction(counting, null);
      assertEquals(300, db.lastScanEnd - db.lastScanStart);
      assertTrue(db.lastScanStart >= START && db.lastScanStart < START + 600);
      assertEquals(TimeseriesDB.AggregationOperation.NONE, db.lastAggregation);
    }
    assertEquals(200, counting.ok);
  }

  @Test
  void should_draw_span_in_whole_intervals_when_queryrandomtimespan_is_true() throws Exception {
    TimeSeriesWorkload w = workload(props("recordcount", "120", "querytimespan", "330", "queryrandomtimespan",
        "true"));
    Set<Long> lengths = new HashSet<>();
    for (int i = 0; i < 500; i++) {
      long[] span = w.span(3);
      assertEquals(START + 180, span[0]);
      lengths.add(span[1] - span[0]);
    }
    assertEquals(new HashSet<>(java.util.Arrays.asList(0L, 60L, 120L, 180L, 240L, 300L)), lengths);
  }

  @Test
  void should_drop_group_by_tags_and_add_aggregations_when_grouping_and_downsampling() throws Exception {
    TimeSeriesWorkload w = workload(props("recordcount", "120", "groupbyfunction", "sum", "groupbykeys", "0,1",
        "downsamplingfunction", "AVERAGE", "downsamplinginterval", "600"));
    SeriesLayout layout = w.layout();
    Set<String> fields = w.scanFields(5, new long[] {10, 20});
    Set<String> expected = new LinkedHashSet<>(java.util.Arrays.asList(
        layout.tagKey(0) + "=" + layout.tagValue(5, 0), "YCSBTS=10,20", "YCSBGB=SUM", "YCSBDS=AVERAGE600"));
    assertEquals(expected, fields);
  }

  @Test
  void should_decode_to_the_same_point_when_a_read_and_an_insert_pass_through_TimeseriesDB() throws Exception {
    Properties p = props("recordcount", "120", "valuetype", "integers", "tagpairdelimiter", "~",
        "querytimespandelimiter", ";", "timestampkey", "TS", "valuekey", "VAL");
    TimeSeriesWorkload w = workload(p);
    Map<String, ByteIterator> values = w.pointValues(7, 4);
    assertTrue(((NumericByteIterator) values.get("VAL")).getLong() >= 0);
    MemoryTSDB db = db(p);
    assertEquals(Status.OK, db.insert("usertable", w.layout().metric(7), values));
    assertEquals(Status.OK, db.read("usertable", w.layout().metric(7), w.readFields(7, 4), new HashMap<>()));
    assertEquals(Status.NOT_FOUND, db.read("usertable", w.layout().metric(7), w.readFields(7, 5), new HashMap<>()));
    assertEquals(Status.NOT_FOUND, db.read("usertable", w.layout().metric(7), w.readFields(6, 4), new HashMap<>()));
    assertEquals(Status.OK, db.scan("usertable", w.layout().metric(7), 0, w.scanFields(7, new long[] {
        w.timestamp(3), w.timestamp(4)}), new java.util.Vector<>()));
    Object stored = db.series.values().iterator().next().get(START + 4 * 60);
    assertTrue(stored instanceof Long, "integers stay integers: " + stored);
  }

  @Test
  void should_produce_floats_ints_or_both_when_valuetype_says_so() throws Exception {
    for (String type : new String[] {"floats", "integers", "mixed"}) {
      TimeSeriesWorkload w = workload(props("valuetype", type));
      Set<Boolean> floating = new HashSet<>();
      for (int i = 0; i < 200; i++) {
        floating.add(((NumericByteIterator) w.pointValues(0, i).get("YCSBV")).isFloatingPoint());
      }
      assertEquals(type.equals("mixed") ? 2 : 1, floating.size(), type);
      assertEquals(type.equals("floats") || type.equals("mixed"), floating.contains(true), type);
    }
  }

  @Test
  void should_join_metric_tags_and_range_with_deletedelimiter_when_deleting() throws Exception {
    TimeSeriesWorkload w = workload(props("deletedelimiter", "#"));
    SeriesLayout l = w.layout();
    assertEquals(l.metric(4) + "#" + l.tagKey(0) + "=" + l.tagValue(4, 0) + "#" + l.tagKey(1) + "=" + l.tagValue(4, 1)
        + "#YCSBTS=5,9", w.deleteKey(4, new long[] {5, 9}));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "timestampinterval|0", "timestampinterval|x", "timestampunits|FORTNIGHTS", "tagcount|-1",
      "tagcardinality|1,0", "tagcardinality|1,a", "tagcardinality|1,2,3", "tagkeylength|0", "tagvaluelength|0",
      "tagpairdelimiter|a", "deletedelimiter|=", "querytimespandelimiter|5", "randomwritetimestamporder|maybe",
      "randomtimeseriesorder|yes", "valuetype|strings", "sparsity|1", "sparsity|-0.1", "delayedseries|1.5",
      "delayedintervals|-2", "querytimespan|-1", "queryrandomtimespan|2", "groupbyfunction|MEDIAN",
      "groupbykeys|1", "groupbykeys|1,x", "downsamplingfunction|SUM", "downsamplinginterval|-5", "debug|on",
      "test|on", "fieldcount|0", "fieldlength|0", "timestampkey|YCSBV", "readproportion|2",
      "readmodifywriteproportion|0.5", "timestampstart|-3", "tagcardinality|100000,100000", "fieldlength|1",
      "tagcount|2000000000", "fieldlength|2000000000", "tagkeylength|100000", "tagvaluelength|100000",
      "timestampinterval|9223372036854775807", "querytimespan|9223372036854775807"})
  void should_refuse_with_a_one_line_message_naming_the_property_when_a_value_is_bad(String name, String value) {
    Properties p = props(name, value);
    if (name.equals("groupbykeys")) {
      p.setProperty("groupbyfunction", "SUM");
    }
    if (name.equals("fieldlength")) {
      p.setProperty("fieldcount", "60");
    }
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> workload(p));
    assertTrue(e.getMessage().contains(name), e.getMessage());
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
  }

  @Test
  void should_refuse_a_run_that_reads_when_recordcount_covers_no_whole_interval() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> workload(props("recordcount",
        "5")));
    assertTrue(e.getMessage().startsWith("recordcount=5"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> workload(props("recordcount", "0")));
  }

  @Test
  void should_accept_an_insert_only_run_when_nothing_was_loaded() throws Exception {
    workload(props("recordcount", "0", "insertproportion", "1", "readproportion", "0", "updateproportion", "0"));
  }

  /** Passes calls on and counts the ones that found what they addressed. */
  static final class CountingDB extends DB {
    private final DB target;
    int ok;

    CountingDB(DB target) {
      this.target = target;
    }

    private Status count(Status s) {
      if (s.isOk()) {
        ok++;
      }
      return s;
    }

    @Override
    public Status read(String t, String k, Set<String> f, Map<String, ByteIterator> r) {
      return count(target.read(t, k, f, r));
    }

    @Override
    public Status scan(String t, String k, int n, Set<String> f,
                       java.util.Vector<HashMap<String, ByteIterator>> r) {
      return count(target.scan(t, k, n, f, r));
    }

    @Override
    public Status update(String t, String k, Map<String, ByteIterator> v) {
      return count(target.update(t, k, v));
    }

    @Override
    public Status insert(String t, String k, Map<String, ByteIterator> v) {
      return count(target.insert(t, k, v));
    }

    @Override
    public Status delete(String t, String k) {
      return count(target.delete(t, k));
    }
  }
}
