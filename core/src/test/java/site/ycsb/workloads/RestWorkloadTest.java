package site.ycsb.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.cli.PropertyReader;

/** RestWorkload: trace files, URL selection and the calls it makes. */
class RestWorkloadTest {
  @TempDir
  Path dir;

  private Path trace(String name, String... lines) throws IOException {
    Path f = dir.resolve(name);
    Files.write(f, Arrays.asList(lines), StandardCharsets.UTF_8);
    return f;
  }

  private Properties props(String... kv) throws IOException {
    Properties p = new Properties();
    p.setProperty("url.trace.read", trace("read.txt", "/a", "/b", "/c", "/d", "/e", "/f", "/g", "/h").toString());
    p.setProperty("url.trace.update", trace("update.txt", "/u1", "/u2").toString());
    p.setProperty("fieldlength", "10");
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  private static RestWorkload init(Properties p) throws Exception {
    RestWorkload w = new RestWorkload();
    w.init(p);
    return w;
  }

  @Test
  void should_keep_urls_in_file_order_and_skip_blanks_and_comments_when_reading_a_trace() throws Exception {
    Path f = trace("t.txt", "# popular first", "  /x?id=1  ", "", "/y", "#/z");
    Properties p = new Properties();
    p.setProperty("url.trace.read", f.toString());
    assertEquals(Arrays.asList("/x?id=1", "/y"), RestWorkload.readTrace(new PropertyReader(p), "url.trace.read",
        "read"));
  }

  @Test
  void should_favour_early_lines_when_requestdistribution_is_zipfian() throws Exception {
    RestWorkload w = init(props());
    Map<String, Integer> counts = count(w, 20000);
    assertTrue(counts.get("/a") > 3 * counts.getOrDefault("/h", 0), counts.toString());
    assertEquals(8, counts.size(), counts.toString());
  }

  @Test
  void should_spread_evenly_when_requestdistribution_is_uniform() throws Exception {
    RestWorkload w = init(props("requestdistribution", "uniform"));
    Map<String, Integer> counts = count(w, 16000);
    for (int c : counts.values()) {
      assertTrue(c > 1500 && c < 2500, counts.toString());
    }
    assertEquals(8, counts.size());
  }

  @Test
  void should_favour_early_lines_and_stay_in_the_trace_when_requestdistribution_is_exponential() throws Exception {
    RestWorkload w = init(props("requestdistribution", "exponential"));
    Map<String, Integer> counts = count(w, 20000);
    assertFalse(counts.containsKey(null), "every draw is a line of the trace: " + counts);
    assertEquals(20000, counts.values().stream().mapToInt(Integer::intValue).sum());
    assertTrue(counts.get("/a") > counts.get("/d") && counts.get("/d") > counts.getOrDefault("/h", 0),
        counts.toString());
  }

  @Test
  void should_send_most_draws_to_the_first_lines_when_requestdistribution_is_hotspot() throws Exception {
    RestWorkload w = init(props("requestdistribution", "hotspot", "hotspotdatafraction", "0.25",
        "hotspotopnfraction", "0.9"));
    Map<String, Integer> counts = count(w, 20000);
    int hot = counts.getOrDefault("/a", 0) + counts.getOrDefault("/b", 0);
    assertTrue(hot > 17500 && hot < 18500, "90% to the first quarter: " + counts);
  }

  /** Mean body field length of {@code n} updates. */
  private static double meanFieldLength(RestWorkload w, int n) {
    long total = 0;
    for (int i = 0; i < n; i++) {
      Recording db = new Recording();
      w.doTransaction(db, null);
      total += db.lastFieldLength;
    }
    return (double) total / n;
  }

  @Test
  void should_skew_zipfian_body_lengths_by_insertsizezipfconstant() throws Exception {
    String[] common = {"readproportion", "0", "updateproportion", "1", "fieldlength", "1000",
        "fieldlengthdistribution", "zipfian"};
    Properties steep = props(common);
    steep.setProperty("insertsizezipfconstant", "0.99");
    Properties flat = props(common);
    flat.setProperty("insertsizezipfconstant", "0.1");
    double steepMean = meanFieldLength(init(steep), 3000);
    double flatMean = meanFieldLength(init(flat), 3000);
    assertTrue(steepMean < 200 && flatMean > 300, "0.99: " + steepMean + ", 0.1: " + flatMean);
  }

  private static Map<String, Integer> count(RestWorkload w, int n) {
    Map<String, Integer> counts = new HashMap<>();
    for (int i = 0; i < n; i++) {
      counts.merge(w.nextUrl("read"), 1, Integer::sum);
    }
    return counts;
  }

  @Test
  void should_call_the_binding_with_trace_urls_and_bodies_of_fieldcount_fields() throws Exception {
    RestWorkload w = init(props("fieldcount", "3", "readproportion", "0.5", "updateproportion", "0.5"));
    Recording db = new Recording();
    for (int i = 0; i < 200; i++) {
      w.doTransaction(db, null);
    }
    assertTrue(db.calls.containsKey("read") && db.calls.containsKey("update"), db.calls.toString());
    for (String url : db.calls.get("update")) {
      assertTrue(url.equals("/u1") || url.equals("/u2"), url);
    }
    assertEquals(3, db.lastBodySize);
    assertEquals(10, db.lastFieldLength);
  }

  @Test
  void should_insert_the_insert_trace_in_order_when_loading() throws Exception {
    Properties p = props("dotransactions", "false", "url.trace.insert", trace("ins.txt", "/i1", "/i2").toString());
    p.remove("url.trace.read"); // the load needs only the insert trace
    RestWorkload w = init(p);
    Recording db = new Recording();
    for (int i = 0; i < 3; i++) {
      assertTrue(w.doInsert(db, null));
    }
    assertEquals(Arrays.asList("/i1", "/i2", "/i1"), db.calls.get("insert"));
  }

  @Test
  void should_start_at_insertstart_so_that_clients_splitting_a_load_insert_different_urls() throws Exception {
    Path trace = trace("ins.txt", "/i0", "/i1", "/i2", "/i3", "/i4", "/i5");
    java.util.List<String> all = new java.util.ArrayList<>();
    for (String[] split : new String[][] {{"0", "2"}, {"2", "2"}, {"4", "2"}}) {
      Properties p = props("dotransactions", "false", "url.trace.insert", trace.toString(), "insertstart", split[0],
          "insertcount", split[1]);
      RestWorkload w = init(p);
      Recording db = new Recording();
      for (int i = 0; i < 2; i++) {
        assertTrue(w.doInsert(db, null));
      }
      all.addAll(db.calls.get("insert"));
    }
    assertEquals(Arrays.asList("/i0", "/i1", "/i2", "/i3", "/i4", "/i5"), all);
    RestWorkload wrap = init(props("dotransactions", "false", "url.trace.insert", trace.toString(), "insertstart",
        "5"));
    Recording db = new Recording();
    wrap.doInsert(db, null);
    wrap.doInsert(db, null);
    assertEquals(Arrays.asList("/i5", "/i0"), db.calls.get("insert"));
  }

  @Test
  void should_refuse_with_one_line_naming_the_property_when_a_trace_is_missing_empty_or_unset() throws Exception {
    String[][] cases = {{"url.trace.read", dir.resolve("nope.txt").toString()}, {"url.trace.read", dir.toString()},
        {"url.trace.read", trace("empty.txt", "", "# nothing").toString()}, {"url.trace.delete", ""},
        {"readzipfconstant", "1"}, {"requestdistribution", "latest"}, {"scanproportion", "0.1"},
        {"fieldlengthdistfile", dir.resolve("hist.txt").toString()}, {"insertproportion", "1.5"},
        {"requestdistribution", "sequential"}, {"insertstart", "-1"}, {"exponential.frac", "2"},
        {"insertsizezipfconstant", "1"}, {"insertsizezipfconstant", "2.5"}, {"updatezipfconstant", "2"}};
    for (String[] c : cases) {
      Properties p = props(c);
      if (c[0].equals("url.trace.delete")) {
        p.setProperty("deleteproportion", "0.1");
      }
      if (c[0].equals("insertsizezipfconstant")) {
        p.setProperty("fieldlengthdistribution", "zipfian");
      }
      if (c[0].startsWith("exponential.")) {
        p.setProperty("requestdistribution", "exponential");
      }
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> init(p), c[0]);
      assertTrue(e.getMessage().contains(c[0]), e.getMessage());
      assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }
  }

  /** Records the URLs per operation. */
  static final class Recording extends DB {
    final Map<String, List<String>> calls = new HashMap<>();
    int lastBodySize;
    long lastFieldLength;

    private Status record(String op, String url) {
      calls.computeIfAbsent(op, k -> new java.util.ArrayList<>()).add(url);
      return Status.OK;
    }

    @Override
    public Status read(String t, String k, Set<String> f, Map<String, ByteIterator> r) {
      return record("read", k);
    }

    @Override
    public Status scan(String t, String k, int n, Set<String> f, Vector<HashMap<String, ByteIterator>> r) {
      return record("scan", k);
    }

    @Override
    public Status update(String t, String k, Map<String, ByteIterator> v) {
      lastBodySize = v.size();
      lastFieldLength = v.values().iterator().next().bytesLeft();
      return record("update", k);
    }

    @Override
    public Status insert(String t, String k, Map<String, ByteIterator> v) {
      return record("insert", k);
    }

    @Override
    public Status delete(String t, String k) {
      return record("delete", k);
    }
  }
}
