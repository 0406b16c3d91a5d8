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

import org.junit.jupiter.api.Test;

/** workloads/restworkload: it initialises RestWorkload and documents every property the workload reads. */
class RestWorkloadFileTest {
  private static final Path WORKLOADS = Paths.get("..", "workloads");

  private static Properties read(String file) throws IOException {
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(WORKLOADS.resolve(file))) {
      p.load(in);
    }
    return p;
  }

  @Test
  void should_document_every_property_RestWorkload_reads_when_reading_restworkload() throws Exception {
    site.ycsb.RecordingProperties p = new site.ycsb.RecordingProperties();
    p.putAll(read("restworkload"));
    assertEquals(RestWorkload.class.getName(), p.getProperty("workload"));
    p.setProperty("deleteproportion", "0.1"); // so that every trace is asked for
    for (String op : new String[] {"read", "insert", "update", "delete"}) {
      p.setProperty("url.trace." + op, WORKLOADS.resolve("rest-traces").resolve(op + ".txt").toString());
    }
    new RestWorkload().init(p);
    for (String distribution : new String[] {"exponential", "hotspot"}) { // their parameters are asked for too
      p.setProperty("requestdistribution", distribution);
      new RestWorkload().init(p);
    }
    String file = new String(Files.readAllBytes(WORKLOADS.resolve("restworkload")), StandardCharsets.UTF_8);
    p.asked.remove("dotransactions");
    assertTrue(p.asked.size() > 15, "properties read: " + p.asked);
    for (String name : p.asked) {
      assertTrue(file.contains("\n" + name + "=") || file.contains("\n#" + name + "="),
          "restworkload does not document " + name);
    }
  }
}
