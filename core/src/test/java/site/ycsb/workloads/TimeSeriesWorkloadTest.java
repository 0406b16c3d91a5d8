package site.ycsb.workloads;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;

import org.junit.jupiter.api.Test;

import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.NumericByteIterator;
import site.ycsb.Status;

class TimeSeriesWorkloadTest {

  /** Records every call as the workload made it. */
  static final class RecordingDB extends DB {
    final List<String> keys = new ArrayList<>();
    final List<Map<String, ByteIterator>> inserts = new ArrayList<>();
    final List<Set<String>> reads = new ArrayList<>();
    final List<Set<String>> scans = new ArrayList<>();
    final List<Integer> scanCounts = new ArrayList<>();
    final List<String> deletes = new ArrayList<>();

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
      keys.add(key);
      reads.add(fields);
      return Status.OK;
    }

    @Override
    public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                       Vector<HashMap<String, ByteIterator>> result) {
      keys.add(startkey);
      scans.add(fields);
      scanCounts.add(recordcount);
      return Status.OK;
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
      return Status.OK;
    }

    @Override
    public Status insert(String table, String key, Map<String, ByteIterator> values) {
      keys.add(key);
      inserts.add(values);
      return Status.OK;
    }

    @Override
    public Status delete(String table, String key) {
      deletes.add(key);
      return Status.OK;
    }
  }

  private static Properties props(String... kv) {
    Properties p = new Properties();
    p.setProperty("insertstart", "1000");
    p.setProperty("fieldlength", "8");
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  private static TimeSeriesWorkload workload(Properties p) throws Exception {
    TimeSeriesWorkload w = new TimeSeriesWorkload();
    w.init(p);
    return w;
  }

  private static String seriesId(String key, Map<String, ByteIterator> v) {
    Map<String, String> tags = new java.util.TreeMap<>();
    for (Map.Entry<String, ByteIterator> e : v.entrySet()) {
      if (!e.getKey().equals("YCSBTS") && !e.getKey().equals("YCSBV")) {
        tags.put(e.getKey(), e.getValue().toString());
      }
    }
    return key + tags;
  }

  @Test
  void should_name_10_metrics_with_100_characters_by_default_as_0_17_0_does() throws Exception {
    Properties p = props();
    p.remove("fieldlength");
    String[] metrics = workload(p).metrics();
    assertEquals(10, metrics.length);
    assertEquals(100, metrics[0].length());
    assertTrue(metrics[1].endsWith("AB") && metrics[1].startsWith("AAAA"), metrics[1]);
  }

  @Test
  void should_generate_fixed_length_names_when_initialised() throws Exception {
    TimeSeriesWorkload w = workload(props("fieldcount", "3", "fieldlength", "4", "tagcount", "2",
        "tagkeylength", "3", "tagvaluelength", "2", "tagcardinality", "2,3"));
    assertArrayEquals(new String[] {"AAAA", "AAAB", "AAAC"}, w.metrics());
    assertArrayEquals(new String[] {"AAA", "AAB"}, w.tagKeys());
    assertArrayEquals(new String[] {"AA", "AB", "AC"}, w.tagValues(1));
    assertArrayEquals(new String[] {"AA", "AB"}, w.tagValues(0));
  }

  @Test
  void should_write_every_series_once_per_interval_when_loading() throws Exception {
    Properties p = props("fieldcount", "2", "tagcount", "2", "tagcardinality", "2,3", "recordcount", "36",
        "delayedseries", "0", "randomtimeseriesorder", "true");
    TimeSeriesWorkload w = workload(p);
    Object state = w.initThread(p, 0, 1);
    RecordingDB db = new RecordingDB();
    for (int i = 0; i < 36; i++) {
      assertTrue(w.doInsert(db, state));
    }
    Map<Long, Set<String>> seriesAt = new HashMap<>();
    for (int i = 0; i < 36; i++) {
      Map<String, ByteIterator> v = db.inserts.get(i);
      long ts = ((NumericByteIterator) v.get("YCSBTS")).getLong();
      assertTrue(seriesAt.computeIfAbsent(ts, k -> new HashSet<>()).add(seriesId(db.keys.get(i), v)),
          "series written twice at " + ts);
      assertTrue(((NumericByteIterator) v.get("YCSBV")).isFloatingPoint(), "valuetype floats by default");
      assertEquals(4, v.size(), "two tags, timestamp and value");
    }
    assertEquals(new HashSet<>(java.util.Arrays.asList(1000L, 1060L, 1120L)), seriesAt.keySet());
    for (Set<String> s : seriesAt.values()) {
      assertEquals(12, s.size()); // 2 metrics x 2 x 3 tag values
    }
    // Within one interval all points precede the next interval's (timestamps move forward in order).
    long last = 0;
    for (Map<String, ByteIterator> v : db.inserts) {
      long ts = ((NumericByteIterator) v.get("YCSBTS")).getLong();
      assertTrue(ts >= last);
      last = ts;
    }
  }

  /** The (series, timestamp) identities of the recorded inserts. */
  private static Set<String> points(RecordingDB... dbs) {
    Set<String> out = new HashSet<>();
    for (RecordingDB db : dbs) {
      for (int i = 0; i < db.inserts.size(); i++) {
        Map<String, ByteIterator> v = db.inserts.get(i);
        assertTrue(out.add(seriesId(db.keys.get(i), v) + "@" + ((NumericByteIterator) v.get("YCSBTS")).getLong()),
            "point written twice");
      }
    }
    return out;
  }

  @Test
  void should_write_the_same_points_whatever_the_split_between_threads_when_loading() throws Exception {
    // this engine's threads share one schedule, so one thread may do 1 insert while another does 47
    Properties p = props("fieldcount", "3", "tagcount", "2", "tagcardinality", "2,2", "recordcount", "48",
        "threadcount", "5", "delayedseries", "0");
    TimeSeriesWorkload one = workload(p);
    RecordingDB alone = new RecordingDB();
    Object state = one.initThread(p, 0, 1);
    for (int i = 0; i < 48; i++) {
      one.doInsert(alone, state);
    }
    Set<String> expected = points(alone);
    assertEquals(48, expected.size());
    TimeSeriesWorkload w = workload(p);
    RecordingDB[] dbs = new RecordingDB[5];
    Object[] states = new Object[5];
    for (int t = 0; t < 5; t++) {
      dbs[t] = new RecordingDB();
      states[t] = w.initThread(p, t, 5);
    }
    int[] share = {1, 0, 30, 9, 8}; // more threads than metrics, and unequal shares
    for (int t = 0; t < 5; t++) {
      for (int i = 0; i < share[t]; i++) {
        w.doInsert(dbs[t], states[t]);
      }
    }
    assertEquals(expected, points(dbs));
    // 12 series x 4 intervals: every series at every one of the first 4 timestamps
    Set<Long> timestamps = new HashSet<>();
    for (String point : expected) {
      timestamps.add(Long.parseLong(point.substring(point.indexOf('@') + 1)));
    }
    assertEquals(new HashSet<>(java.util.Arrays.asList(1000L, 1060L, 1120L, 1180L)), timestamps);
  }

  @Test
  void should_write_the_points_of_one_load_when_two_clients_split_it_by_insertstart_and_insertcount()
      throws Exception {
    // 2 metrics x 3 tag values = 6 series; 60 points = 10 intervals, split 36 + 24 (multiples of 6)
    String[] common = {"fieldcount", "2", "tagcount", "1", "tagcardinality", "3", "recordcount", "60",
        "delayedseries", "0"};
    Set<String> whole = points(load(60, props(common)));
    Properties first = props(common);
    first.setProperty("insertcount", "36");
    Properties second = props(common);
    second.setProperty("insertcount", "24");
    second.setProperty("insertstart", String.valueOf(1000 + 6 * 60));
    Set<String> split = points(load(36, first), load(24, second));
    assertEquals(60, whole.size());
    assertEquals(whole, split);
  }

  private static RecordingDB load(int inserts, Properties p) throws Exception {
    TimeSeriesWorkload w = workload(p);
    Object state = w.initThread(p, 0, 1);
    RecordingDB db = new RecordingDB();
    for (int i = 0; i < inserts; i++) {
      assertTrue(w.doInsert(db, state));
    }
    return db;
  }

  @Test
  void should_shuffle_timestamps_when_randomwritetimestamporder_is_true() throws Exception {
    Properties p = props("fieldcount", "1", "tagcount", "0", "recordcount", "50", "delayedseries", "0",
        "randomwritetimestamporder", "true");
    TimeSeriesWorkload w = workload(p);
    Object state = w.initThread(p, 0, 1);
    RecordingDB db = new RecordingDB();
    Set<Long> seen = new HashSet<>();
    List<Long> order = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      w.doInsert(db, state);
      long ts = ((NumericByteIterator) db.inserts.get(i).get("YCSBTS")).getLong();
      assertTrue(seen.add(ts));
      order.add(ts);
    }
    List<Long> sorted = new ArrayList<>(order);
    java.util.Collections.sort(sorted);
    assertEquals(1000L, (long) sorted.get(0));
    assertEquals(1000L + 49 * 60, (long) sorted.get(49));
    assertFalse(order.equals(sorted), "a random permutation of 50 is almost never the identity");
  }

  @Test
  void should_lag_some_series_when_delayedseries_is_set() throws Exception {
    Properties p = props("fieldcount", "1", "tagcount", "1", "tagcardinality", "100", "recordcount", "1000",
        "delayedseries", "1.0", "delayedintervals", "3", "randomtimeseriesorder", "false");
    TimeSeriesWorkload w = workload(p);
    Object state = w.initThread(p, 0, 1);
    RecordingDB db = new RecordingDB();
    w.doInsert(db, state);
    // Every series lags 1..3 intervals, so the first point written is at most at interval 0 of a later round.
    long ts = ((NumericByteIterator) db.inserts.get(0).get("YCSBTS")).getLong();
    assertEquals(1000, ts, "a lagging series starts at the first timestamp once its delay has passed");
    assertTrue(db.inserts.size() == 1);
  }

  @Test
  void should_use_integers_derived_from_series_when_dataintegrity_is_true() throws Exception {
    Properties p = props("fieldcount", "1", "tagcount", "1", "tagcardinality", "2", "recordcount", "4",
        "dataintegrity", "true", "delayedseries", "0");
    TimeSeriesWorkload w = workload(p);
    Object state = w.initThread(p, 0, 1);
    RecordingDB db = new RecordingDB();
    for (int i = 0; i < 4; i++) {
      w.doInsert(db, state);
    }
    Set<Long> values = new HashSet<>();
    for (Map<String, ByteIterator> v : db.inserts) {
      NumericByteIterator value = (NumericByteIterator) v.get("YCSBV");
      assertFalse(value.isFloatingPoint());
      values.add(value.getLong());
    }
    assertEquals(4, values.size());
  }

  @Test
  void should_encode_read_fields_as_tag_pairs_and_timestamp() throws Exception {
    Properties p = props("fieldcount", "1", "tagcount", "2", "tagcardinality", "1,1", "recordcount", "1",
        "readproportion", "1", "updateproportion", "0", "tagpairdelimiter", "~");
    TimeSeriesWorkload w = workload(p);
    RecordingDB db = new RecordingDB();
    w.doTransaction(db, w.initThread(p, 0, 1));
    assertEquals(java.util.Arrays.asList("AAAAAAAA~AAAAAAAA", "AAAAAAAB~AAAAAAAA", "YCSBTS~1000"),
        new ArrayList<>(db.reads.get(0)));
  }

  @Test
  void should_pick_read_timestamps_among_loaded_intervals_when_running() throws Exception {
    Properties p = props("fieldcount", "2", "tagcount", "1", "tagcardinality", "5", "recordcount", "100",
        "readproportion", "1", "updateproportion", "0");
    TimeSeriesWorkload w = workload(p);
    assertEquals(10, w.loadedIntervals());
    RecordingDB db = new RecordingDB();
    Object state = w.initThread(p, 0, 1);
    Set<String> timestamps = new HashSet<>();
    for (int i = 0; i < 500; i++) {
      w.doTransaction(db, state);
    }
    for (Set<String> f : db.reads) {
      for (String field : f) {
        if (field.startsWith("YCSBTS=")) {
          long ts = Long.parseLong(field.substring(7));
          assertTrue(ts >= 1000 && ts <= 1000 + 9 * 60 && (ts - 1000) % 60 == 0, field);
          timestamps.add(field);
        }
      }
    }
    assertEquals(10, timestamps.size());
  }

  @Test
  void should_send_span_group_by_and_downsampling_when_scanning() throws Exception {
    Properties p = props("fieldcount", "1", "tagcount", "3", "tagcardinality", "2,2,2", "recordcount", "8",
        "readproportion", "0", "updateproportion", "0", "scanproportion", "1", "querytimespan", "3600",
        "groupbyfunction", "sum", "groupbykeys", "0,1,1", "downsamplingfunction", "AVERAGE",
        "downsamplinginterval", "300");
    TimeSeriesWorkload w = workload(p);
    RecordingDB db = new RecordingDB();
    w.doTransaction(db, w.initThread(p, 0, 1));
    List<String> f = new ArrayList<>(db.scans.get(0));
    assertEquals(4, f.size(), f.toString());
    assertTrue(f.get(0).matches("AAAAAAAA=AAAAAAA[AB]"), f.toString());
    assertEquals("YCSBTS=1000,4600", f.get(1));
    assertEquals("YCSBGB=SUM", f.get(2));
    assertEquals("YCSBDS=AVERAGE300", f.get(3));
  }

  @Test
  void should_choose_interval_aligned_spans_when_queryrandomtimespan_is_true() throws Exception {
    TimeSeriesWorkload w = workload(props("querytimespan", "600", "queryrandomtimespan", "true"));
    Set<Long> spans = new HashSet<>();
    for (int i = 0; i < 500; i++) {
      long s = w.span();
      assertTrue(s >= 0 && s <= 600 && s % 60 == 0, "span " + s);
      spans.add(s);
    }
    assertEquals(11, spans.size());
  }

  @Test
  void should_join_metric_tags_and_timestamp_when_deleting() throws Exception {
    Properties p = props("fieldcount", "1", "tagcount", "1", "tagcardinality", "1", "recordcount", "1",
        "readproportion", "0", "updateproportion", "0", "deleteproportion", "1", "querytimespan", "120");
    TimeSeriesWorkload w = workload(p);
    RecordingDB db = new RecordingDB();
    w.doTransaction(db, w.initThread(p, 0, 1));
    assertEquals("AAAAAAAA:AAAAAAAA=AAAAAAAA:YCSBTS=1000,1120", db.deletes.get(0));
  }

  @Test
  void should_continue_after_loaded_intervals_when_inserting_in_the_run() throws Exception {
    Properties p = props("fieldcount", "1", "tagcount", "0", "recordcount", "5", "readproportion", "0",
        "updateproportion", "0", "insertproportion", "1", "delayedseries", "0");
    TimeSeriesWorkload w = workload(p);
    RecordingDB db = new RecordingDB();
    Object state = w.initThread(p, 0, 1);
    w.doTransaction(db, state);
    w.doTransaction(db, state);
    assertEquals(1000 + 5 * 60, ((NumericByteIterator) db.inserts.get(0).get("YCSBTS")).getLong());
    assertEquals(1000 + 6 * 60, ((NumericByteIterator) db.inserts.get(1).get("YCSBTS")).getLong());
  }

  @Test
  void should_pad_missing_cardinalities_with_one_and_ignore_extra() throws Exception {
    TimeSeriesWorkload w = workload(props("tagcount", "3", "tagcardinality", "5"));
    assertEquals(5, w.tagValues(0).length);
    assertEquals(1, w.tagValues(2).length);
    TimeSeriesWorkload x = workload(props("tagcount", "1", "tagcardinality", "3,9,9"));
    assertEquals(3, x.tagValues(0).length);
  }

  @Test
  void should_reject_each_bad_property_with_one_line() {
    String[][] bad = {
        {"fieldcount", "0"}, {"fieldcount", "x"}, {"fieldlength", "-1"}, {"tagcount", "-2"},
        {"tagcardinality", "1,0,2,2"}, {"tagcardinality", "a,b"}, {"tagkeylength", "0"},
        {"tagvaluelength", "0"}, {"timestampinterval", "0"}, {"timestampunits", "FORTNIGHTS"},
        {"sparsity", "1"}, {"sparsity", "-0.1"}, {"delayedseries", "1.5"}, {"delayedintervals", "-1"},
        {"querytimespan", "-5"}, {"queryrandomtimespan", "maybe"}, {"valuetype", "strings"},
        {"groupbyfunction", "MEDIAN"}, {"groupbykeys", "1,1"}, {"groupbykeys", "0,1,2,0"},
        {"downsamplingfunction", "P99"}, {"downsamplingfunction", "SUM"}, {"downsamplinginterval", "x"},
        {"tagpairdelimiter", ""}, {"tagpairdelimiter", "A"}, {"deletedelimiter", "1"},
        {"querytimespandelimiter", " "}, {"timestampkey", ""}, {"insertstart", "-1"},
        {"requestdistribution", "latest"}, {"requestdistribution", "bogus"}, {"maxscanlength", "0"},
        {"scanlengthdistribution", "latest"},
        {"readmodifywriteproportion", "0.5"}, {"fieldlengthdistribution", "zipfian"},
        {"fieldcount", "53"}, {"randomtimeseriesorder", "yes"},
    };
    for (String[] kv : bad) {
      Properties p = props(kv);
      if (kv[0].equals("fieldcount") && kv[1].equals("53")) {
        p.setProperty("fieldlength", "1"); // 52 one-character names exist
      }
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> workload(p),
          kv[0] + "=" + kv[1]);
      assertFalse(e.getMessage().contains("\n"), e.getMessage());
      assertTrue(e.getMessage().contains(kv[0]) || e.getMessage().contains("fieldlength"), e.getMessage());
    }
    for (String[] kv : new String[][] {{"hotspotdatafraction", "2"}, {"hotspotopnfraction", "-1"}}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> workload(props("requestdistribution", "hotspot", kv[0], kv[1])));
      assertTrue(e.getMessage().startsWith(kv[0] + "="), e.getMessage());
    }
    Properties none = props("readproportion", "0", "updateproportion", "0");
    assertThrows(IllegalArgumentException.class, () -> workload(none));
  }

  /** The metric keys of {@code n} reads under {@code kv}. */
  private static List<String> readKeys(int n, String... kv) throws Exception {
    Properties p = props(kv);
    p.setProperty("readproportion", "1");
    p.setProperty("updateproportion", "0");
    p.setProperty("recordcount", "100");
    TimeSeriesWorkload w = workload(p);
    Object state = w.initThread(p, 0, 1);
    RecordingDB db = new RecordingDB();
    for (int i = 0; i < n; i++) {
      w.doTransaction(db, state);
    }
    return db.keys;
  }

  @Test
  void should_choose_the_metric_of_queries_by_requestdistribution() throws Exception {
    List<String> sequential = readKeys(6, "fieldcount", "3", "requestdistribution", "sequential");
    assertEquals(java.util.Arrays.asList("AAAAAAAA", "AAAAAAAB", "AAAAAAAC", "AAAAAAAA", "AAAAAAAB", "AAAAAAAC"),
        sequential);
    List<String> hot = readKeys(4000, "fieldcount", "10", "requestdistribution", "hotspot",
        "hotspotdatafraction", "0.2", "hotspotopnfraction", "0.8");
    long inHotSet = hot.stream().filter(k -> k.equals("AAAAAAAA") || k.equals("AAAAAAAB")).count();
    assertTrue(inHotSet > 3000 && inHotSet < 3500, "about 80% + 20% x 2/10 in the hot set: " + inHotSet);
    for (String d : new String[] {"uniform", "zipfian"}) {
      Set<String> seen = new HashSet<>(readKeys(2000, "fieldcount", "10", "requestdistribution", d));
      assertEquals(10, seen.size(), d + " reaches every metric");
    }
    for (String d : new String[] {"uniform", "zipfian", "sequential", "hotspot"}) {
      assertEquals(new HashSet<>(java.util.Arrays.asList("AAAAAAAA")),
          new HashSet<>(readKeys(20, "fieldcount", "1", "requestdistribution", d)), d + " with one metric");
    }
  }

  @Test
  void should_pass_a_scan_length_up_to_maxscanlength_when_scanning() throws Exception {
    for (String d : new String[] {"uniform", "zipfian"}) {
      Properties p = props("readproportion", "0", "updateproportion", "0", "scanproportion", "1", "maxscanlength",
          "7", "scanlengthdistribution", d, "recordcount", "100");
      TimeSeriesWorkload w = workload(p);
      Object state = w.initThread(p, 0, 1);
      RecordingDB db = new RecordingDB();
      for (int i = 0; i < 500; i++) {
        w.doTransaction(db, state);
      }
      assertEquals(1, (int) java.util.Collections.min(db.scanCounts), d);
      assertEquals(7, (int) java.util.Collections.max(db.scanCounts), d);
    }
  }

  @Test
  void should_name_the_workloads_tag_keys_when_a_binding_asks_TimeseriesDB_for_the_possible_tag_keys()
      throws Exception {
    // as YCSB 0.17.0's TimeseriesDB.getPossibleTagKeys answers (seen by calling it): AAAAAAAA.. by default
    assertArrayEquals(new String[] {"AAAAAAAA", "AAAAAAAB", "AAAAAAAC", "AAAAAAAD"},
        DecodingTSDB.possibleTagKeys(new Properties()));
    String[][] cases = {{"tagcount", "2"}, {"tagcount", "3", "tagkeylength", "3"}, {"tagcount", "0"},
        {"tagcount", "60", "tagkeylength", "2"}};
    for (String[] kv : cases) {
      Properties p = props(kv);
      assertArrayEquals(workload(p).tagKeys(), DecodingTSDB.possibleTagKeys(p), String.join(",", kv));
    }
    assertArrayEquals(new String[] {"AAA", "AAB", "AAC"},
        DecodingTSDB.possibleTagKeys(props("tagcount", "3", "tagkeylength", "3")));
  }

  /** A TimeseriesDB that keeps what the base class decoded. */
  static final class DecodingTSDB extends site.ycsb.TimeseriesDB {
    final List<String> calls = new ArrayList<>();

    static String[] possibleTagKeys(Properties p) {
      return getPossibleTagKeys(p);
    }

    @Override
    protected Status read(String metric, long timestamp, Map<String, List<String>> tags) {
      calls.add("read " + metric + " " + timestamp + " " + new java.util.TreeMap<>(tags));
      return Status.OK;
    }

    @Override
    protected Status scan(String metric, long startTs, long endTs, Map<String, List<String>> tags,
                          AggregationOperation aggreg, int timeValue, java.util.concurrent.TimeUnit timeUnit) {
      calls.add("scan " + metric + " " + startTs + " " + endTs + " " + new java.util.TreeMap<>(tags) + " " + aggreg
          + " " + timeValue);
      return Status.OK;
    }

    @Override
    protected Status insert(String metric, long timestamp, long value, Map<String, ByteIterator> tags) {
      calls.add("insertL " + metric + " " + timestamp + " " + new java.util.TreeSet<>(tags.keySet()));
      return Status.OK;
    }

    @Override
    protected Status insert(String metric, long timestamp, double value, Map<String, ByteIterator> tags) {
      calls.add("insertD " + metric + " " + timestamp + " " + new java.util.TreeSet<>(tags.keySet()));
      return Status.OK;
    }
  }

  @Test
  void should_be_decoded_by_timeseriesdb_when_inserting_reading_and_scanning() throws Exception {
    Properties p = props("fieldcount", "1", "tagcount", "2", "tagcardinality", "1,1", "recordcount", "1",
        "delayedseries", "0", "valuetype", "integers", "readproportion", "1", "updateproportion", "0");
    TimeSeriesWorkload w = workload(p);
    DecodingTSDB db = new DecodingTSDB();
    db.setProperties(p);
    db.init();
    Object state = w.initThread(p, 0, 1);
    w.doInsert(db, state);
    w.doTransaction(db, state);
    assertEquals("insertL AAAAAAAA 1000 [AAAAAAAA, AAAAAAAB]", db.calls.get(0));
    assertEquals("read AAAAAAAA 1000 {AAAAAAAA=[AAAAAAAA], AAAAAAAB=[AAAAAAAA]}", db.calls.get(1));

    Properties q = props("fieldcount", "1", "tagcount", "2", "tagcardinality", "1,1", "recordcount", "1",
        "readproportion", "0", "updateproportion", "0", "scanproportion", "1", "querytimespan", "120",
        "groupbyfunction", "MAX", "groupbykeys", "0,1");
    TimeSeriesWorkload scans = workload(q);
    DecodingTSDB sdb = new DecodingTSDB();
    sdb.setProperties(q);
    sdb.init();
    scans.doTransaction(sdb, scans.initThread(q, 0, 1));
    assertEquals("scan AAAAAAAA 1000 1120 {AAAAAAAA=[AAAAAAAA]} MAX 0", sdb.calls.get(0));
  }
}
