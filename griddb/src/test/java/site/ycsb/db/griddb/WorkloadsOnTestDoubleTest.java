package site.ycsb.db.griddb;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.File;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import site.ycsb.testsupport.MetricLines;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Unit test (no server: the binding runs on {@link FakeStore}, an in-memory test double of GridDB): workloads A-F
 * with {@code dataintegrity=true} through the engine's {@code site.ycsb.Client.run}, with YCSB's un-prefixed
 * property names, checking that the binding's operation semantics fit CoreWorkload (fields, scans, verification).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class WorkloadsOnTestDoubleTest {
  private static final int RECORDS = 500;

  @TempDir
  static Path dir;

  @BeforeAll
  static void requireEngine() {
    boolean engine;
    try {
      Class.forName("site.ycsb.Client").getMethod("run", String[].class);
      engine = true;
    } catch (ReflectiveOperationException e) {
      engine = false;
    }
    assumeTrue(engine, "skipped: the installed core has no site.ycsb.Client.run(String[])");
  }

  private static Map<String, Long> run(String name, Properties extra, String... args) throws Exception {
    Properties p = new Properties();
    p.setProperty("workload", "site.ycsb.workloads.CoreWorkload");
    p.setProperty("notificationMember", "127.0.0.1:10001");
    p.setProperty("clusterName", "unit");
    p.setProperty("userName", "admin");
    p.setProperty("password", "admin");
    p.setProperty("recordcount", Integer.toString(RECORDS));
    p.setProperty("operationcount", "400");
    p.setProperty("dataintegrity", "true");
    p.setProperty("fieldcount", "7");
    p.setProperty("fieldlength", "50");
    p.putAll(extra);
    File props = dir.resolve(name + ".properties").toFile();
    try (OutputStream out = new FileOutputStream(props)) {
      p.store(out, null);
    }
    File export = dir.resolve(name + ".txt").toFile();
    List<String> argv = new ArrayList<>();
    for (String a : args) {
      argv.add(a);
    }
    argv.add("-db");
    argv.add(FakeStoreGridDBClient.class.getName());
    argv.add("-P");
    argv.add(props.getPath());
    argv.add("-p");
    argv.add("exportfile=" + export.getPath());
    argv.add("-threads");
    argv.add("4");
    int code = (Integer) Class.forName("site.ycsb.Client").getMethod("run", String[].class)
        .invoke(null, (Object) argv.toArray(new String[0]));
    String text = new String(Files.readAllBytes(export.toPath()), StandardCharsets.UTF_8);
    assertEquals(0, code, text);
    Map<String, Long> returns = MetricLines.of(text).returns();
    for (String k : returns.keySet()) {
      assertTrue(k.endsWith(" OK") || k.endsWith(" BATCHED_OK"), name + ": " + returns + "\n" + text);
    }
    return returns;
  }

  @Test
  @Order(1)
  void should_load_every_record_when_inserts_are_batched() throws Exception {
    Properties p = new Properties();
    p.setProperty("griddb.insertbatchsize", "64");
    Map<String, Long> r = run("load", p, "-load");
    assertEquals(RECORDS, r.getOrDefault("INSERT OK", 0L) + r.getOrDefault("INSERT BATCHED_OK", 0L), "" + r);
    assertEquals(RECORDS, FakeStoreGridDBClient.STORE.allRows("usertable").size());
  }

  @ParameterizedTest
  @Order(2)
  @ValueSource(chars = {'A', 'B', 'C', 'D', 'E', 'F'})
  void should_run_the_workload_with_only_ok_and_verified_results(char w) throws Exception {
    assumeTrue(FakeStoreGridDBClient.STORE.allRows("usertable").size() >= RECORDS, "load did not run first");
    Properties p = WorkloadMixes.of(w);
    Map<String, Long> r = run("run" + w, p, "-t");
    String main = w == 'E' ? "SCAN OK" : w == 'F' ? "UPDATE OK" : "READ OK";
    assertTrue(r.containsKey(main), w + ": " + r);
    assertTrue(r.containsKey("VERIFY OK") || w == 'E', w + ": " + r);
  }
}
