package site.ycsb.observe;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Properties;

import org.junit.jupiter.api.Test;

import site.ycsb.cli.UsageException;

class RunObserversTest {
  private static final RunLabels LABELS = new RunLabels("id", "host", "site.ycsb.BasicDB",
      "site.ycsb.workloads.CoreWorkload", "run");

  @Test
  void should_load_nothing_when_no_metrics_option_is_set() throws UsageException {
    Properties p = new Properties();
    p.setProperty("metrics.push.interval", "5s");
    assertNull(RunObservers.start(p, LABELS));
  }

  @Test
  void should_say_in_one_line_which_jar_is_missing_when_the_observer_class_is_absent() {
    Properties p = new Properties();
    p.setProperty("metrics.listen", "9400");
    // core's own tests have no metrics jar: the same refusal a user without it gets
    String m = assertThrows(UsageException.class, () -> RunObservers.start(p, LABELS)).getMessage();
    assertTrue(m.contains("metrics jar") && m.contains(RunObservers.PROMETHEUS) && !m.contains("\n"), m);
  }

  @Test
  void should_refuse_a_class_that_is_not_an_observer() {
    String m = assertThrows(UsageException.class,
        () -> RunObservers.start("java.lang.String", new Properties(), LABELS)).getMessage();
    assertTrue(m.startsWith("live metrics could not start"), m);
  }
}
