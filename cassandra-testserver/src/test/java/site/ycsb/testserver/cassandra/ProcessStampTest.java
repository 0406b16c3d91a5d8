package site.ycsb.testserver.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ProcessStampTest {
  @Test
  void should_be_alive_when_it_names_this_jvm() {
    ProcessStamp self = ProcessStamp.current();
    assertTrue(self.isAlive());
    assertEquals(self, ProcessStamp.parse(self.toString()));
  }

  @Test
  void should_not_be_alive_when_the_pid_was_reused_by_a_later_process() {
    ProcessStamp self = ProcessStamp.current();
    assertFalse(new ProcessStamp(self.pid, self.startTicks + 1).isAlive());
  }

  @Test
  void should_not_be_alive_when_the_process_has_ended() throws Exception {
    try (Sleeper sleeper = Sleeper.start()) {
      ProcessStamp stamp = sleeper.stamp();
      assertTrue(stamp.isAlive());
      sleeper.process.destroyForcibly();
      assertTrue(sleeper.process.waitFor(10, TimeUnit.SECONDS));
      assertFalse(stamp.isAlive());
      assertNull(ProcessStamp.of(sleeper.pid));
    }
  }

  @Test
  void should_reject_text_when_it_is_not_pid_dot_start() {
    for (String text : new String[] {"", "12", "12.", ".3", "a.b", "-1.2", "0.5", "1.2.3"}) {
      assertThrows(IllegalArgumentException.class, () -> ProcessStamp.parse(text), text);
    }
  }
}
