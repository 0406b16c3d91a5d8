package site.ycsb.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Properties;

import org.junit.jupiter.api.Test;

/** The core workload's proportions: 0.17.0 divides each by their sum; a sum other than 1 is said, with the mix run. */
class OperationMixWarningTest {
  private static Properties props(String... nameValues) {
    Properties p = new Properties();
    for (int i = 0; i < nameValues.length; i += 2) {
      p.setProperty(nameValues[i], nameValues[i + 1]);
    }
    return p;
  }

  @Test
  void should_name_the_mix_that_runs_when_the_proportions_add_up_to_more_than_1() {
    String w = CoreWorkload.proportionsWarning(props("readproportion", "0.9", "updateproportion", "0.9"));
    assertNotNull(w);
    assertTrue(w.startsWith("Warning: the operation proportions add up to 1.800, not 1"), w);
    assertTrue(w.endsWith("the run's mix is: read 50.00%, update 50.00%"), w);
  }

  @Test
  void should_count_the_defaults_when_only_some_proportions_are_set_and_the_sum_is_below_1() {
    String w = CoreWorkload.proportionsWarning(props("readproportion", "0.5"));
    assertNotNull(w);
    assertTrue(w.contains("add up to 0.5500") && w.contains("read 90.91%, update 9.091%"), w);
    assertNotNull(CoreWorkload.proportionsWarning(props("readproportion", "0.2", "updateproportion", "0",
        "insertproportion", "0.2")));
  }

  @Test
  void should_say_nothing_when_the_proportions_add_up_to_1_within_rounding() {
    assertNull(CoreWorkload.proportionsWarning(new Properties()), "the defaults: 0.95 + 0.05");
    assertNull(CoreWorkload.proportionsWarning(props("readproportion", "0.1", "updateproportion", "0.2",
        "insertproportion", "0.7")));
    assertNull(CoreWorkload.proportionsWarning(props("readproportion", "0.3333333", "updateproportion", "0.3333333",
        "scanproportion", "0.3333334")));
    assertNull(CoreWorkload.proportionsWarning(props("readproportion", "0", "updateproportion", "0")),
        "all zero is refused elsewhere, with its own message");
  }

  @Test
  void should_say_nothing_when_a_shipped_workload_file_is_run() throws IOException {
    int files = 0;
    try (DirectoryStream<Path> dir = Files.newDirectoryStream(Paths.get("../workloads"), "workload[a-f]")) {
      for (Path f : dir) {
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(f)) {
          p.load(in);
        }
        assertNull(CoreWorkload.proportionsWarning(p), f.toString());
        files++;
      }
    }
    assertEquals(6, files);
  }
}
