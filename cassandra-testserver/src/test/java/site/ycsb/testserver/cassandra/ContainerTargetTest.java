package site.ycsb.testserver.cassandra;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;

import org.junit.jupiter.api.Test;

/** The Testcontainers switch; this module's own tests run without Testcontainers on the classpath. */
class ContainerTargetTest {
  @Test
  void should_be_requested_only_when_the_switch_is_true() {
    assertTrue(ContainerTarget.requested(Collections.singletonMap(ContainerTarget.ENV_SWITCH, "true")));
    assertTrue(ContainerTarget.requested(Collections.singletonMap(ContainerTarget.ENV_SWITCH, "1")));
    assertFalse(ContainerTarget.requested(Collections.singletonMap(ContainerTarget.ENV_SWITCH, "no")));
    assertFalse(ContainerTarget.requested(Collections.emptyMap()));
  }

  @Test
  void should_explain_in_one_line_when_testcontainers_is_not_on_the_classpath() {
    String reason = ContainerTarget.unavailableReason();
    assertTrue(reason.contains("Testcontainers is not on the test classpath"), reason);
    TestServerException e = assertThrows(TestServerException.class,
        () -> ContainerTarget.start(Collections.emptyMap()));
    assertTrue(e.getMessage().contains("Testcontainers is not on the test classpath"), e.getMessage());
  }
}
