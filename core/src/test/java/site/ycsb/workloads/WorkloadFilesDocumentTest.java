package site.ycsb.workloads;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

import site.ycsb.BasicTSDB;

/**
 * Every property the time-series workload, its binding base class and {@code basicts}, and the constant-occupancy
 * workload read is documented in the shipped workload files (tsworkload_template or workload_template).
 */
class WorkloadFilesDocumentTest {
  private static final Path WORKLOADS = Paths.get("..", "workloads");

  private static String file(String name) throws IOException {
    return new String(Files.readAllBytes(WORKLOADS.resolve(name)), StandardCharsets.UTF_8);
  }

  private static Properties load(String name) throws IOException {
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(WORKLOADS.resolve(name))) {
      p.load(in);
    }
    return p;
  }

  private static boolean documents(String text, String name) {
    return text.contains("\n" + name + "=") || text.contains("\n#" + name + "=");
  }

  private static void assertDocumented(Set<String> asked, String... files) throws IOException {
    StringBuilder all = new StringBuilder();
    for (String f : files) {
      all.append('\n').append(file(f));
    }
    Set<String> missing = new TreeSet<>();
    for (String name : asked) {
      if (!documents(all.toString(), name)) {
        missing.add(name);
      }
    }
    assertTrue(missing.isEmpty(), String.join(" or ", files) + " does not document " + missing);
  }

  @Test
  void should_document_every_time_series_property_when_reading_tsworkload_template() throws Exception {
    site.ycsb.RecordingProperties p = new site.ycsb.RecordingProperties();
    p.putAll(load("tsworkload_template"));
    p.setProperty("groupbyfunction", "SUM"); // so that the group-by and downsampling keys are all asked for
    p.setProperty("groupbykeys", "0,0,1,1");
    p.setProperty("requestdistribution", "hotspot"); // so that its fractions are asked for
    new TimeSeriesWorkload().init(p);
    BasicTSDB db = new BasicTSDB();
    db.setProperties(p);
    p.setProperty("basicdb.verbose", "false");
    db.init();
    db.cleanup();
    Set<String> asked = new TreeSet<>(p.asked);
    asked.remove("dotransactions"); // set by the engine (-load / -t)
    assertTrue(asked.size() > 35, "properties read: " + asked);
    assertTrue(asked.contains("timeseriesdb.metric") && asked.contains("basicdb.count"), asked.toString());
    // the engine's own properties (threadcount) are in workload_template; the rest in tsworkload_template
    assertDocumented(asked, "tsworkload_template", "workload_template");
    String ts = file("tsworkload_template");
    for (String name : asked) {
      if (!name.startsWith("basicdb.") && !name.equals("threadcount")) {
        assertTrue(documents(ts, name), "tsworkload_template does not document " + name);
      }
    }
  }

  @Test
  void should_document_every_constant_occupancy_property_when_reading_workload_template() throws Exception {
    site.ycsb.RecordingProperties p = new site.ycsb.RecordingProperties();
    p.putAll(load("workload_template"));
    p.setProperty("workload", ConstantOccupancyWorkload.class.getName());
    p.setProperty("disksize", "100000");
    new ConstantOccupancyWorkload().init(p);
    assertTrue(p.asked.containsAll(java.util.Arrays.asList("disksize", "occupancy", "storageages")), p.asked
        .toString());
    p.asked.remove("dotransactions");
    assertDocumented(p.asked, "workload_template");
  }
}
