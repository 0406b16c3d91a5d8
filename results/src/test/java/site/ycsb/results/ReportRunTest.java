package site.ycsb.results;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class ReportRunTest {
  @TempDir
  Path tmp;

  private ReportRun run(String dir, String label, String phase, String workloadName, String nodesProperty)
      throws Exception {
    ResultDirFixture f = new ResultDirFixture().interval("READ", 1);
    f.label = label;
    f.phase = phase;
    f.workloadName = workloadName;
    f.db = "site.ycsb.db.CassandraCQLClient";
    if (nodesProperty != null) {
      f.properties.put("nodes", nodesProperty);
    }
    return new ReportRun(ResultDir.load(f.write(tmp.resolve(dir))));
  }

  @Test
  void should_name_the_configuration_after_db_and_label_when_a_label_is_set() throws Exception {
    assertEquals("CassandraCQLClient 3nodes", run("x/a", "3nodes", "run", "workloada", null).configuration);
  }

  @Test
  void should_name_the_configuration_after_the_parent_directory_when_the_label_is_empty() throws Exception {
    assertEquals("cassandra-rf3", run("cassandra-rf3/workloadb", "", "run", "workloadb", null).configuration);
  }

  @Test
  void should_map_workload_files_to_letters_and_load_phase_to_load() throws Exception {
    assertEquals("B", run("a", "", "run", "workloadb", null).workload);
    assertEquals("load", run("b", "", "load", "workloada", null).workload);
    assertEquals("mixed90", run("c", "", "run", "mixed90", null).workload);
  }

  @Test
  void should_read_the_node_count_from_property_then_label() throws Exception {
    assertEquals(Integer.valueOf(7), run("a", "3nodes", "run", "workloada", "7").nodes());
    assertEquals(Integer.valueOf(3), run("b", "rf3-3nodes", "run", "workloada", null).nodes());
    assertEquals(Integer.valueOf(5), run("c", "nodes=5", "run", "workloada", null).nodes());
    assertEquals(Integer.valueOf(12), run("d", "griddb-12-node", "run", "workloada", null).nodes());
    assertNull(run("e", "baseline", "run", "workloada", null).nodes());
  }
}
