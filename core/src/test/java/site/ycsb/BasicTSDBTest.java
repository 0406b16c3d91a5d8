package site.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Properties;
import java.util.Vector;

import org.junit.jupiter.api.Test;

/** {@code basicts}: the null time-series database honours 0.17.0's basicdb.* properties. */
class BasicTSDBTest {

  private static BasicTSDB open(String... kv) throws DBException {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    BasicTSDB db = new BasicTSDB();
    db.setProperties(p);
    db.init();
    return db;
  }

  private static Map<String, ByteIterator> point(long ts, double value) {
    Map<String, ByteIterator> v = new HashMap<>();
    v.put("TAG1", new StringByteIterator("b"));
    v.put("TAG0", new StringByteIterator("a"));
    v.put("YCSBTS", new NumericByteIterator(ts));
    v.put("YCSBV", new NumericByteIterator(value));
    return v;
  }

  /** Runs {@code body} and returns what it printed on stdout. */
  private static String stdout(ThrowingRunnable body) throws Exception {
    PrintStream saved = System.out;
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    synchronized (System.class) {
      System.setOut(new PrintStream(buf, true, "UTF-8"));
      try {
        body.run();
      } finally {
        System.setOut(saved);
      }
    }
    return new String(buf.toByteArray(), StandardCharsets.UTF_8);
  }

  interface ThrowingRunnable {
    void run() throws Exception;
  }

  @Test
  void should_print_each_decoded_call_when_verbose() throws Exception {
    String out = stdout(() -> {
      BasicTSDB db = open("basicdb.verbose", "true");
      db.insert("usertable", "cpu", point(1500000060L, 2.5));
      db.read("usertable", "cpu", new LinkedHashSet<>(Arrays.asList("TAG0=a", "YCSBTS=1500000060")), null);
      db.scan("usertable", "mem", 1, new LinkedHashSet<>(Arrays.asList("YCSBTS=10,70", "YCSBGB=SUM")),
          new Vector<>());
      db.cleanup();
    });
    assertTrue(out.contains("\nINSERT cpu 1500000060 {TAG0=a, TAG1=b} 2.5\n"), out);
    assertTrue(out.contains("\nREAD cpu 1500000060 {TAG0=[a]}\n"), out);
    assertTrue(out.contains("\nSCAN mem 10 70 {} SUM\n"), out);
  }

  @Test
  void should_print_nothing_per_call_when_not_verbose() throws Exception {
    String out = stdout(() -> {
      BasicTSDB db = open("basicdb.verbose", "false");
      assertEquals(Status.OK, db.insert("usertable", "cpu", point(1, 1)));
      db.cleanup();
    });
    assertEquals("", out);
  }

  @Test
  void should_accept_updates_and_deletes_as_0_17_0s_basicts_does() throws Exception {
    BasicTSDB db = open("basicdb.verbose", "false");
    assertEquals(Status.OK, db.update("usertable", "cpu", point(1, 1)));
    assertEquals(Status.OK, db.delete("usertable", "cpu:TAG0=a:YCSBTS=1"));
    db.cleanup();
  }

  @Test
  void should_count_distinct_points_when_basicdb_count_is_true() throws Exception {
    String out = stdout(() -> {
      BasicTSDB db = open("basicdb.verbose", "false", "basicdb.count", "true");
      db.insert("usertable", "cpu", point(60, 1));
      db.insert("usertable", "cpu", point(60, 2)); // the same point again (another value)
      db.insert("usertable", "cpu", point(120, 1));
      db.insert("usertable", "mem", point(60, 1));
      db.cleanup();
    });
    assertTrue(out.contains("[INSERTS], Uniques, 3"), out);
  }

  @Test
  void should_delay_each_call_when_basicdb_simulatedelay_is_set() throws Exception {
    BasicTSDB db = open("basicdb.verbose", "false", "basicdb.simulatedelay", "40", "basicdb.randomizedelay",
        "false");
    long start = System.nanoTime();
    db.insert("usertable", "cpu", point(60, 1));
    assertTrue(System.nanoTime() - start >= 40_000_000L, "the call took at least the simulated delay");
    db.cleanup();
  }

  @Test
  void should_refuse_a_bad_basicdb_property_as_a_configuration_mistake() {
    DBException e = assertThrows(DBException.class, () -> open("basicdb.verbose", "loud"));
    assertTrue(e.getCause() instanceof IllegalArgumentException);
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
  }
}
