package site.ycsb.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
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

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The time-series and REST workload files: they parse, validate, and document every property the workload reads. */
class TimeSeriesWorkloadFilesTest {
  private static final Path WORKLOADS = Paths.get("..", "workloads");

  /** Properties that remember which names were asked for. */
  static final class RecordingProperties extends Properties {
    final Set<String> asked = new TreeSet<>();

    @Override
    public String getProperty(String key) {
      asked.add(key);
      return super.getProperty(key);
    }

    @Override
    public String getProperty(String key, String defaultValue) {
      asked.add(key);
      return super.getProperty(key, defaultValue);
    }
  }

  private static Properties read(String file) throws IOException {
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(WORKLOADS.resolve(file))) {
      p.load(in);
    }
    return p;
  }

  @ParameterizedTest
  @ValueSource(strings = {"tsworkloada", "tsworkloadb", "tsworkload_template"})
  void should_initialise_the_workload_for_load_and_run_when_reading_the_shipped_file(String file) throws Exception {
    Properties p = read(file);
    assertEquals(TimeSeriesWorkload.class.getName(), p.getProperty("workload"));
    for (String phase : new String[] {"false", "true"}) {
      Properties q = new Properties();
      q.putAll(p);
      q.setProperty("dotransactions", phase);
      q.setProperty("timestampstart", "1700000000");
      new TimeSeriesWorkload().init(q);
    }
  }

  @Test
  void should_document_every_property_the_workload_reads_when_reading_the_template() throws Exception {
    RecordingProperties p = new RecordingProperties();
    p.putAll(read("tsworkload_template"));
    p.setProperty("groupbyfunction", "SUM"); // so that the optional properties are asked for as well
    new TimeSeriesWorkload().init(p);
    String template = new String(Files.readAllBytes(WORKLOADS.resolve("tsworkload_template")),
        StandardCharsets.UTF_8);
    p.asked.remove("dotransactions"); // the phase, set by -load / -t
    assertTrue(p.asked.size() > 30, "properties read: " + p.asked);
    for (String name : p.asked) {
      assertTrue(template.contains("\n" + name + "=") || template.contains("\n#" + name + "="),
          "tsworkload_template does not document " + name);
    }
  }

  @Test
  void should_document_every_property_RestWorkload_reads_when_reading_restworkload() throws Exception {
    RecordingProperties p = new RecordingProperties();
    p.putAll(read("restworkload"));
    p.setProperty("deleteproportion", "0.1"); // so that every trace is asked for
    for (String op : new String[] {"read", "insert", "update", "delete"}) {
      p.setProperty("url.trace." + op, WORKLOADS.resolve("rest-traces").resolve(op + ".txt").toString());
    }
    new RestWorkload().init(p);
    String file = new String(Files.readAllBytes(WORKLOADS.resolve("restworkload")), StandardCharsets.UTF_8);
    p.asked.remove("dotransactions");
    assertTrue(p.asked.size() > 15, "properties read: " + p.asked);
    for (String name : p.asked) {
      assertTrue(file.contains("\n" + name + "=") || file.contains("\n#" + name + "="),
          "restworkload does not document " + name);
    }
  }

  @Test
  void should_keep_punctuation_delimiters_when_the_template_is_parsed() throws Exception {
    Properties p = read("tsworkload_template");
    assertEquals("=", p.getProperty("tagpairdelimiter"));
    assertEquals(",", p.getProperty("querytimespandelimiter"));
    assertEquals(":", p.getProperty("deletedelimiter"));
  }
}
