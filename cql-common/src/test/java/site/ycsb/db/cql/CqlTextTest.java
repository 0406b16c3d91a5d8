package site.ycsb.db.cql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Collections;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

class CqlTextTest {
  @Test
  void should_build_each_operation_with_the_key_column_y_id() {
    assertEquals("SELECT * FROM usertable WHERE y_id = ?", CqlText.read("usertable", null));
    assertEquals("SELECT field0, field3 FROM t WHERE y_id = ?",
        CqlText.read("t", new TreeSet<>(Arrays.asList("field3", "field0"))));
    assertEquals("SELECT * FROM t WHERE token(y_id) >= token(?) LIMIT ?", CqlText.scan("t", null));
    assertEquals("INSERT INTO t (y_id, a, b) VALUES (?, ?, ?)", CqlText.insert("t", Arrays.asList("a", "b"), false));
    assertEquals("UPDATE t SET a = ?, b = ? WHERE y_id = ?", CqlText.update("t", Arrays.asList("a", "b"), false));
    assertEquals("DELETE FROM t WHERE y_id = ?", CqlText.delete("t", false));
  }

  @Test
  void should_add_the_lwt_conditions_when_conditional() {
    assertTrue(CqlText.insert("t", Collections.singletonList("a"), true).endsWith(" IF NOT EXISTS"));
    assertTrue(CqlText.update("t", Collections.singletonList("a"), true).endsWith(" IF EXISTS"));
    assertTrue(CqlText.delete("t", true).endsWith(" IF EXISTS"));
    assertThrows(IllegalArgumentException.class, () -> CqlText.update("t", Collections.emptyList(), false));
  }

  @Test
  void should_never_show_the_password_when_settings_are_described() {
    CqlSettings settings = CqlSettings.builder("cassandra").hosts(Arrays.asList("h1", "h2"))
        .credentials("alice", "s3cr3t-pw").retries(4, 10, 100).build();
    String line = settings.describe();
    assertFalse(line.contains("s3cr3t-pw"), line);
    assertTrue(line.contains("password ***") && line.contains("retry limit 4") && line.contains("[h1, h2]"), line);
    assertFalse(settings.fingerprint().contains("s3cr3t-pw"));
  }

  @Test
  void should_trace_about_the_configured_fraction_when_sampling() {
    double[] next = {0.0};
    TracingSampler sampler = new TracingSampler(0.1, () -> next[0]);
    int traced = 0;
    for (int i = 0; i < 1000; i++) {
      next[0] = i / 1000.0;
      traced += sampler.shouldTrace() ? 1 : 0;
    }
    assertEquals(100, traced);
    assertFalse(new TracingSampler(0.0).shouldTrace());
  }
}
