package site.ycsb.db.griddb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * A GridDB node's statistics as figures, from a real answer of GridDB 5.9 CE's {@code /node/stat} (captured from the
 * server in /work/shared/griddb): gauges as they are, counters as rates between two readings.
 */
class NodeStatFiguresTest {
  private static final long SECOND = 1_000_000_000L;

  static String realAnswer() throws IOException {
    try (InputStream in = NodeStatFiguresTest.class.getResourceAsStream("node-stat-5.9.json")) {
      java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
      byte[] buf = new byte[4096];
      int n;
      while ((n = in.read(buf)) > 0) {
        out.write(buf, 0, n);
      }
      return new String(out.toByteArray(), StandardCharsets.UTF_8);
    }
  }

  /** The real answer with the performance counters (reads, rows written...) set. */
  private static String withCounters(String answer, long reads, long rowsWritten, long swapReads) {
    return answer.replace("\"totalReadOperation\":0", "\"totalReadOperation\":" + reads)
        .replace("\"totalRowWrite\":0", "\"totalRowWrite\":" + rowsWritten)
        .replace("\"swapRead\":0,\"swapReadSize\"", "\"swapRead\":" + swapReads + ",\"swapReadSize\"");
  }

  @Test
  void should_give_the_gauges_of_the_performance_object_and_no_rate_when_it_is_the_first_reading() throws Exception {
    Map<String, Double> f = new NodeStatFigures().figures(realAnswer(), 0);
    List<String> names = Arrays.asList("connections", "sessions", "transactions", "background tasks",
        "store memory MB", "store use MB", "store memory limit MB", "process memory MB");
    assertEquals(names, Arrays.asList(f.keySet().toArray()));
    assertEquals(1.0, f.get("connections"));
    assertEquals(1024.0, f.get("store memory limit MB"), 1e-9);
    assertEquals(59703296 / 1048576.0, f.get("process memory MB"), 1e-9);
    assertEquals(0.0, f.get("store memory MB"), "the top-level figure, not one of storeDetail's");
  }

  @Test
  void should_give_counters_per_second_of_the_time_between_two_readings() throws Exception {
    NodeStatFigures n = new NodeStatFigures();
    n.figures(withCounters(realAnswer(), 1000, 500, 7), 10 * SECOND);
    Map<String, Double> f = n.figures(withCounters(realAnswer(), 3000, 1500, 7), 12 * SECOND);
    assertEquals(1000.0, f.get("reads/s"), 1e-9);
    assertEquals(500.0, f.get("rows written/s"), 1e-9);
    assertEquals(0.0, f.get("swap reads/s"), 1e-9);
    assertEquals(0.0, f.get("writes/s"), 1e-9);
  }

  @Test
  void should_give_no_rate_when_a_counter_went_down_because_the_node_restarted() throws Exception {
    NodeStatFigures n = new NodeStatFigures();
    n.figures(withCounters(realAnswer(), 5000, 0, 0), SECOND);
    Map<String, Double> f = n.figures(withCounters(realAnswer(), 10, 0, 0), 2 * SECOND);
    assertFalse(f.containsKey("reads/s"), f.toString());
    assertTrue(f.containsKey("writes/s"), f.toString());
  }

  @Test
  void should_refuse_an_answer_that_is_not_the_statistics() {
    for (String bad : new String[] {"", "{", "[1,2]", "{\"performance\": 3}", "{\"errorStatus\":103,\"reason\":"
        + "\"Authentication error.\"}", "<html>401</html>", "{\"performance\":{}} x", "{\"a\":\"\\u12\"}"}) {
      assertThrows(IllegalArgumentException.class, () -> new NodeStatFigures().figures(bad, 0), bad);
    }
  }

  @Test
  void should_read_escapes_nesting_and_literals_when_parsing_json() {
    Object v = JsonReader.parse(" {\"a\\\"b\":[1,-2.5e3,true,false,null,\"x\\ny\\u0041\"],\"o\":{}} ");
    assertEquals("{a\"b=[1.0, -2500.0, true, false, null, x\nyA], o={}}", String.valueOf(v));
  }
}
