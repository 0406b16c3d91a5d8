package site.ycsb.db.cql.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Properties;

import org.junit.jupiter.api.Test;

/**
 * cassandra-stress's statistical stop (err&lt;, n&gt;, n&lt;): checked against its definition (the population standard
 * deviation of the interval row rates over the square root of their number, relative to their mean), and through the
 * workload, which stops the engine by requesting a stop.
 */
class ConvergenceStopTest {
  /** The first sample count at which the definition says stop. */
  private static int definedStop(double[] rates, double err, int min, int max) {
    double sum = 0;
    double squares = 0;
    for (int n = 1; n <= rates.length; n++) {
      sum += rates[n - 1];
      squares += rates[n - 1] * rates[n - 1];
      double mean = sum / n;
      double sd = Math.sqrt(Math.max(0, squares / n - mean * mean));
      if (n >= min && sd / Math.sqrt(n) / mean < err || n >= max) {
        return n;
      }
    }
    return -1;
  }

  private static int stopsAt(ConvergenceStop c, double[] rates) {
    for (int i = 0; i < rates.length; i++) {
      if (c.sample(rates[i])) {
        return i + 1;
      }
    }
    return -1;
  }

  @Test
  void should_stop_at_nmin_when_the_row_rate_is_steady() {
    double[] rates = new double[100];
    java.util.Arrays.fill(rates, 1000);
    ConvergenceStop c = new ConvergenceStop(0.02, 30, 200, 1000, () -> { });
    assertEquals(30, stopsAt(c, rates));
    assertTrue(c.verdict().startsWith("converged after 30 intervals"), c.verdict());
  }

  @Test
  void should_stop_when_the_standard_error_falls_below_err_when_the_rate_varies() {
    double[] rates = new double[400];
    java.util.Random r = new java.util.Random(3);
    for (int i = 0; i < rates.length; i++) {
      rates[i] = 1000 + 300 * r.nextGaussian();
    }
    int expected = definedStop(rates, 0.02, 10, 400);
    assertTrue(expected > 10 && expected < 400, "the standard error needs about 225 samples: " + expected);
    assertEquals(expected, stopsAt(new ConvergenceStop(0.02, 10, 400, 1000, () -> { }), rates));
  }

  @Test
  void should_stop_at_nmax_when_the_rate_does_not_converge() {
    double[] rates = new double[100];
    for (int i = 0; i < rates.length; i++) {
      rates[i] = i % 2 == 0 ? 0 : 2000;
    }
    ConvergenceStop c = new ConvergenceStop(0.001, 5, 50, 1000, () -> { });
    assertEquals(50, stopsAt(c, rates));
    assertTrue(c.verdict().startsWith("not converged, stopped after 50 intervals"), c.verdict());
    assertFalse(c.sample(1000), "stops once");
  }

  private static Properties props(String... kv) {
    Properties p = new Properties();
    p.setProperty("profile", ProfileTest.MEMO.toString());
    for (String s : kv) {
      p.setProperty(s.substring(0, s.indexOf('=')), s.substring(s.indexOf('=') + 1));
    }
    return p;
  }

  @Test
  void should_request_the_engine_to_stop_when_the_run_converges() throws Exception {
    StressProfileWorkload w = new StressProfileWorkload();
    w.init(props("ops=insert=1,select1=1", "profile.err=0.9", "profile.nmin=2", "profile.nmax=3"));
    StressProfileWorkloadTest.MemoryTable db = new StressProfileWorkloadTest.MemoryTable();
    Object t = w.initThread(new Properties(), 0, 1);
    long deadline = System.nanoTime() + 20_000_000_000L;
    while (!w.isStopRequested() && System.nanoTime() < deadline) {
      w.doTransaction(db, t);
      Thread.sleep(1);
    }
    assertTrue(w.isStopRequested(), "the workload asked the engine to stop");
    String out = StressProfileWorkloadTest.cleanupOutput(w);
    assertTrue(out.matches("(?s).*StressProfileWorkload: stopped: (converged|not converged, stopped) after [23] "
        + "intervals of 1000 ms: .*profile.err=0.9, profile.nmin=2, profile.nmax=3\\).*"), out);
  }

  @Test
  void should_refuse_with_one_line_when_err_or_n_is_bad() {
    String[][] cases = {
        {"profile.err=0", "above 0 and below 1"}, {"profile.err=1", "above 0 and below 1"},
        {"profile.err=-0.1", "between 0 and 1"}, {"profile.err=x", "profile.err=x"},
        {"profile.err=2", "between 0 and 1"},
        {"profile.nmin=0", "between 1 and"}, {"profile.nmin=x", "not a whole number"},
        {"profile.nmax=10", "below profile.nmin=30"}, {"profile.nmax=2.5", "not a whole number"},
    };
    for (String[] c : cases) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> new StressProfileWorkload().init(props(c[0])), c[0]);
      String m = e.getMessage();
      assertTrue(m.startsWith(c[0].substring(0, c[0].indexOf('='))) && m.contains(c[1]) && !m.contains("\n"),
          c[0] + " -> " + m);
    }
  }
}
