package site.ycsb.db.cql.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

import org.junit.jupiter.api.Test;

import site.ycsb.Status;
import site.ycsb.measurements.Measurements;

/**
 * What the workload asks the binding to do (recorded by an in-memory table standing in for the binding; the
 * real binding is covered by CassandraStressProfileIT): which blocks inserts write with insertstart and
 * profile.population, that queries bind rows of loaded or inserted blocks only, and the closing line.
 */
class StressProfileWorkloadTest {
  /** Keeps the rows inserted (by name and date, the memo's key) and answers queries from them. */
  static final class MemoryTable extends NamedOnlyDb {
    final Map<List<Object>, Object[]> rows = new HashMap<>();
    final List<String> names = new ArrayList<>();
    int batches;
    int notFound;

    @Override
    public Status executeNamed(String name, Object request) {
      names.add(name);
      ProfileRequest r = (ProfileRequest) request;
      if (r.kind() != ProfileRequest.Kind.QUERY) {
        batches++;
        assertEquals(ProfileRequest.Kind.UNLOGGED_BATCH, r.kind());
        for (Object[] row : r.rows()) {
          rows.put(Arrays.asList(row[0], row[1]), row);
        }
        return Status.OK;
      }
      Object[] v = r.rows().get(0);
      boolean found = rows.containsKey(Arrays.asList(v[0], v[1]));
      r.resultRows(found ? 1 : 0);
      notFound += found ? 0 : 1;
      return found ? Status.OK : Status.NOT_FOUND;
    }
  }

  private static Properties props(String... kv) {
    Properties p = new Properties();
    p.setProperty("profile", ProfileTest.MEMO.toString());
    p.setProperty("profile.seed", "3");
    for (String s : kv) {
      p.setProperty(s.substring(0, s.indexOf('=')), s.substring(s.indexOf('=') + 1));
    }
    return p;
  }

  /** The memo's (name, date) keys of blocks {@code from..to-1}. */
  private static Set<List<Object>> keys(RowGenerator g, long from, long to) {
    Set<List<Object>> out = new HashSet<>();
    for (long b = from; b < to; b++) {
      for (int i = 0; i < g.partitionsInBlock(b); i++) {
        Object[] row = g.row(RowGenerator.partition(b, i), 0);
        out.add(Arrays.asList(row[0], row[1]));
      }
    }
    return out;
  }

  @Test
  void should_write_consecutive_blocks_from_insertstart_however_threads_share_the_inserts() throws Exception {
    StressProfileWorkload w = new StressProfileWorkload();
    w.init(props("dotransactions=false", "insertstart=20"));
    MemoryTable db = new MemoryTable();
    Object t0 = w.initThread(new Properties(), 0, 2);
    Object t1 = w.initThread(new Properties(), 1, 2);
    // The engine hands operations to whichever thread is free: here thread 0 does five, thread 1 one.
    for (int i = 0; i < 5; i++) {
      assertTrue(w.doInsert(db, t0));
    }
    assertTrue(w.doInsert(db, t1));
    // Blocks 20..25, ten partitions each (insert.partitions fixed(10)), nothing else.
    assertEquals(keys(w.generator(), 20, 26), db.rows.keySet());
    assertEquals(6, db.batches);
  }

  @Test
  void should_query_loaded_blocks_from_the_start_and_insert_after_them_when_population_is_set() throws Exception {
    StressProfileWorkload load = new StressProfileWorkload();
    load.init(props("dotransactions=false"));
    MemoryTable db = new MemoryTable();
    Object l = load.initThread(new Properties(), 0, 1);
    for (int i = 0; i < 5; i++) {
      load.doInsert(db, l);
    }
    Set<List<Object>> loaded = new HashSet<>(db.rows.keySet());
    StressProfileWorkload run = new StressProfileWorkload();
    run.init(props("profile.population=5", "ops=select1=1"));
    db.names.clear();
    Object t = run.initThread(new Properties(), 0, 1);
    for (int i = 0; i < 200; i++) {
      assertTrue(run.doTransaction(db, t));
    }
    // Every operation was a query (none fell back to an insert) and found its row.
    assertEquals(200, db.names.stream().filter("select1"::equals).count());
    assertEquals(0, db.notFound);
    assertEquals(loaded, db.rows.keySet());

    StressProfileWorkload mixed = new StressProfileWorkload();
    mixed.init(props("profile.population=5", "ops=insert=1"));
    mixed.doTransaction(db, mixed.initThread(new Properties(), 0, 1));
    Set<List<Object>> added = new HashSet<>(db.rows.keySet());
    added.removeAll(loaded);
    assertEquals(keys(mixed.generator(), 5, 6), added, "a run's first insert writes block 5");
  }

  @Test
  void should_find_every_queried_row_when_queries_follow_inserts_without_a_population() throws Exception {
    StressProfileWorkload w = new StressProfileWorkload();
    w.init(props("ops=insert=1,select1=3"));
    MemoryTable db = new MemoryTable();
    Object t0 = w.initThread(new Properties(), 0, 2);
    Object t1 = w.initThread(new Properties(), 1, 2);
    for (int i = 0; i < 300; i++) {
      w.doTransaction(db, i % 2 == 0 ? t0 : t1);
    }
    long selects = db.names.stream().filter("select1"::equals).count();
    assertTrue(selects > 150, "selects " + selects);
    assertEquals(0, db.notFound, "every select bound a row that was inserted");
    long inserts = db.batches;
    StressProfileWorkload.ThreadState s = (StressProfileWorkload.ThreadState) t0;
    Set<Long> chosen = new HashSet<>();
    for (int i = 0; i < 1000; i++) {
      long block = w.queryBlock(s);
      assertTrue(block >= 0 && block < inserts, "block " + block + " of " + inserts);
      chosen.add(block);
    }
    assertEquals(inserts, chosen.size(), "every inserted block is chosen now and then");
  }

  @Test
  void should_name_the_attempted_blocks_in_the_closing_line() throws Exception {
    StressProfileWorkload w = new StressProfileWorkload();
    w.init(props("dotransactions=false", "insertstart=7"));
    MemoryTable db = new MemoryTable();
    Object t0 = w.initThread(new Properties(), 0, 1);
    for (int i = 0; i < 4; i++) {
      w.doInsert(db, t0);
    }
    String line = cleanupOutput(w).trim();
    assertTrue(line.contains("seed 3: 4 inserts attempted, insert blocks 7..10 (partition numbers block*100000+0..n-1), 0 failed"), line);
    assertEquals(1, line.split("\n").length, line);
  }

  @Test
  void should_count_in_the_summary_the_partitions_of_measured_operations_only_when_a_warm_up_precedes()
      throws Exception {
    StressProfileWorkload w = new StressProfileWorkload();
    w.init(props("ops=insert=1,select1=3", "profile.summary=true"));
    MemoryTable db = new MemoryTable();
    Object t0 = w.initThread(new Properties(), 0, 1);
    Measurements measurements = Measurements.getMeasurements();
    measurements.setRecording(false); // the engine's warm-up: not measured, not counted
    try {
      for (int i = 0; i < 50; i++) {
        w.doTransaction(db, t0);
      }
    } finally {
      measurements.setRecording(true);
    }
    for (int i = 0; i < 150; i++) {
      w.doTransaction(db, t0);
    }
    List<String> measured = db.names.subList(50, db.names.size());
    long inserts = measured.stream().filter("insert"::equals).count();
    long selects = measured.stream().filter("select1"::equals).count();
    assertEquals(150, inserts + selects);
    assertTrue(inserts > 0 && selects > 0, measured.toString());
    assertEquals(0, db.notFound);
    String out = cleanupOutput(w);
    // Ten partitions of one row per insert (the memo's insert.partitions), one partition and row per select.
    assertTrue(out.contains(String.format(Locale.ROOT, "Total partitions          : %,d [insert: %,d, select1: %,d]",
        10 * inserts + selects, 10 * inserts, selects)), out);
    assertTrue(out.contains("Total operation time      : 00:00:"), out);
  }

  @Test
  void should_refuse_bad_population_and_insertstart_with_one_line() {
    for (String bad : new String[] {"profile.population=-1", "profile.population=x", "insertstart=1.5",
        "insertstart=99999999999999999", "profile.summary=maybe"}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> new StressProfileWorkload().init(props(bad)), bad);
      assertTrue(e.getMessage().startsWith(bad.substring(0, bad.indexOf('='))) && !e.getMessage().contains("\n"),
          e.getMessage());
    }
    // The same wording as every other property of the project (binding-support's TypedProperties).
    String[][] worded = {
        {"profile.population=-1", "profile.population=-1 must be between 0 and " + Long.MAX_VALUE / 100_000 / 2},
        {"profile.seed=x", "profile.seed=x is not a whole number"},
        {"profile.schema=yes", "profile.schema=yes must be true or false"},
    };
    for (String[] c : worded) {
      assertEquals(c[1], assertThrows(IllegalArgumentException.class,
          () -> new StressProfileWorkload().init(props(c[0]))).getMessage());
    }
    Properties noProfile = props();
    noProfile.remove("profile");
    assertTrue(assertThrows(IllegalArgumentException.class, () -> new StressProfileWorkload().init(noProfile))
        .getMessage().startsWith("missing required property profile (the path of a cassandra-stress user profile"));
    for (String measurement : new String[] {"measurementtype=histogram", "measurementtype=raw",
        "measurement.interval=intended"}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> new StressProfileWorkload().init(props("profile.summary=true", measurement)), measurement);
      assertTrue(e.getMessage().startsWith("profile.summary=true reads the service-time HDR histograms")
          && e.getMessage().contains(measurement) && !e.getMessage().contains("\n"), e.getMessage());
    }
  }

  /** What the workload's cleanup writes to stderr (the summary lines). */
  static String cleanupOutput(StressProfileWorkload w) throws Exception {
    PrintStream err = System.err;
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    System.setErr(new PrintStream(buf, true, "UTF-8"));
    try {
      w.cleanup();
    } finally {
      System.setErr(err);
    }
    return new String(buf.toByteArray(), StandardCharsets.UTF_8);
  }

  /** Records every request the workload makes. */
  static final class Recorder extends NamedOnlyDb {
    final List<ProfileRequest> requests = new ArrayList<>();

    @Override
    public Status executeNamed(String name, Object request) {
      ProfileRequest r = (ProfileRequest) request;
      requests.add(r);
      r.resultRows(1);
      return Status.OK;
    }
  }

  /** The workload initialised on a profile written to {@code dir} with the text {@code yaml}. */
  private static StressProfileWorkload workload(java.nio.file.Path dir, String yaml, String... kv) throws Exception {
    java.nio.file.Path f = dir.resolve("p.yaml");
    java.nio.file.Files.write(f, yaml.getBytes(StandardCharsets.UTF_8));
    Properties p = props(kv);
    p.setProperty("profile", f.toString());
    StressProfileWorkload w = new StressProfileWorkload();
    w.init(p);
    return w;
  }

  @Test
  void should_send_counter_updates_in_counter_batches_with_values_in_marker_order(@org.junit.jupiter.api.io.TempDir
      java.nio.file.Path dir) throws Exception {
    StressProfileWorkload w = workload(dir, ProfileTest.COUNTERS + "insert:\n  partitions: fixed(2)\n",
        "dotransactions=false");
    Recorder db = new Recorder();
    Object t = w.initThread(new Properties(), 0, 1);
    assertTrue(w.doInsert(db, t));
    ProfileRequest r = db.requests.get(0);
    assertEquals(ProfileRequest.Kind.COUNTER_BATCH, r.kind());
    assertTrue(r.cql().startsWith("UPDATE t SET \"n\" = \"n\" + ?"), r.cql());
    assertFalse(r.neutralValues());
    List<Object[]> expected = w.generator().blockRows(0);
    assertEquals(expected.size(), r.rows().size());
    for (int i = 0; i < expected.size(); i++) {
      Object[] row = expected.get(i); // table order a, n, b, m; the update binds n, m, a, b
      assertEquals(Arrays.asList(row[1], row[3], row[0], row[2]), Arrays.asList(r.rows().get(i)));
    }
  }

  @Test
  void should_mark_requests_with_date_or_duration_values_for_conversion_by_the_binding(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
    StressProfileWorkload w = workload(dir, "keyspace: k\ntable: t\ntable_definition: CREATE TABLE t (a text, "
        + "d date, l frozen<list<int>>, PRIMARY KEY (a, d, l))\nqueries:\n  q:\n    cql: select * from t where "
        + "a = ? and d = ? and l = ?\n", "ops=insert=1,q=1");
    Recorder db = new Recorder();
    Object t = w.initThread(new Properties(), 0, 1);
    Set<List<Object>> written = new HashSet<>();
    for (int i = 0; i < 100; i++) {
      w.doTransaction(db, t);
      ProfileRequest r = db.requests.get(db.requests.size() - 1);
      assertTrue(r.neutralValues());
      if (r.kind() == ProfileRequest.Kind.QUERY) {
        assertTrue(written.contains(Arrays.asList(r.rows().get(0))), "a query binds a written row's key");
      } else {
        assertEquals(ProfileRequest.Kind.LOGGED_BATCH, r.kind());
        for (Object[] row : r.rows()) {
          written.add(Arrays.asList(row));
        }
      }
    }
    assertTrue(written.size() > 10 && db.requests.size() - written.size() > 10, db.requests.size() + " requests");
  }
}
