package site.ycsb.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import site.ycsb.ClientRunner;
import site.ycsb.MemoryDB;
import site.ycsb.NoOpWorkload;
import site.ycsb.Workload;
import site.ycsb.cli.EngineOptions;
import site.ycsb.measurements.Measurements;
import site.ycsb.workloads.CoreWorkload;

class EnginePrewarmTest {
  @TempDir
  Path dir;

  private static Properties coreProps() {
    Properties p = new Properties();
    p.setProperty("workload", CoreWorkload.class.getName());
    p.setProperty("recordcount", "1000");
    p.setProperty("operationcount", "1000");
    return p;
  }

  @Test
  void should_run_the_path_without_touching_the_run_measurements_or_outputs_when_the_workload_is_core()
      throws Exception {
    Properties props = coreProps();
    props.setProperty("results.dir", dir.resolve("results").toString());
    props.setProperty(EngineOptions.HDR_FILE_OUTPUT.name(), "true");
    props.setProperty(EngineOptions.HDR_OUTPUT_PATH.name(), dir.resolve("hdr-").toString());
    props.setProperty(Measurements.MEASUREMENT_INTERVAL, "both");
    // Paths where the workload records into the process-wide measurements itself.
    props.setProperty("dataintegrity", "true");
    props.setProperty("readmodifywriteproportion", "0.5");
    props.setProperty("readproportion", "0.5");
    Measurements.setProperties(props);
    Measurements run = Measurements.getMeasurements();
    CoreWorkload workload = new CoreWorkload();
    workload.init(props);

    EnginePrewarm.Result result = EnginePrewarm.run(workload, props, true, EnginePrewarm.MAX_NANOS);

    assertNull(result.skipped, result.describe());
    assertTrue(result.operations > 0, result.describe());
    assertTrue(run.takeIntervals().isEmpty(), "the run's measurements recorded something: " + run.getSummary());
    assertFalse(new File(dir.toFile(), "results").exists(), "a results directory was created");
    try (java.util.stream.Stream<Path> files = Files.list(dir)) {
      assertEquals(0, files.count(), "an interval log or other file was written");
    }
  }

  @Test
  void should_warm_the_insert_path_and_leave_the_run_key_sequence_alone_when_loading() {
    MemoryDB.clear();
    ClientRunner r = ClientRunner.run("-load", "-db", MemoryDB.class.getName(), "-p",
        "workload=" + CoreWorkload.class.getName(), "-p", "recordcount=500", "-p", "table=prewarmload",
        "-threads", "2");
    assertEquals(0, r.exitCode, r.toString());
    assertTrue(r.err.contains("engine path warmed: "), r.err);
    assertEquals(500, MemoryDB.table("prewarmload").size(), r.toString());
    java.util.Set<String> expected = new java.util.TreeSet<>();
    for (long k = 0; k < 500; k++) {
      expected.add(CoreWorkload.buildKeyName(k, 1, false));
    }
    assertEquals(expected, MemoryDB.table("prewarmload").keySet(), "keys 0..499 of the run's own sequence");
    assertEquals(500L, r.longValue("INSERT", "Operations"), "only the run's inserts are measured");
  }

  @Test
  void should_skip_with_the_reason_when_the_workload_is_not_the_core_workload() {
    Workload other = new NoOpWorkload();
    EnginePrewarm.Result result = EnginePrewarm.run(other, coreProps(), true, EnginePrewarm.MAX_NANOS);
    assertEquals(0, result.operations);
    assertTrue(result.describe().startsWith("engine path not warmed (workload "), result.describe());
  }

  @Test
  void should_bound_the_record_count_and_switch_outputs_off_when_preparing_its_properties() {
    Properties props = coreProps();
    props.setProperty("recordcount", "1000000000");
    props.setProperty("insertstart", "500000000");
    props.setProperty("insertcount", "500000000");
    props.setProperty("exportfile", "/tmp/x");
    props.setProperty("results.dir", "/tmp/r");
    Properties p = EnginePrewarm.throwAwayProperties(props);
    assertEquals(Long.toString(EnginePrewarm.MAX_RECORDS), p.getProperty("recordcount"));
    assertNull(p.getProperty("insertstart"));
    assertNull(p.getProperty("insertcount"));
    assertNull(p.getProperty("exportfile"));
    assertNull(p.getProperty("results.dir"));
    assertEquals("false", p.getProperty(EngineOptions.HDR_FILE_OUTPUT.name()));
    assertEquals("1000000000", props.getProperty("recordcount"), "the run's properties are not modified");
  }
}
