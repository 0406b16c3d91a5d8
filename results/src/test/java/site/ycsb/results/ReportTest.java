package site.ycsb.results;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ReportTest {
  @TempDir
  Path tmp;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int report(String... args) {
    return Report.run(args, new PrintStream(out, true), new PrintStream(err, true));
  }

  @Test
  void should_write_report_when_scratch() throws Exception {
    ReportFixtures.twoConfigurations(tmp.resolve("results"));
    Path o = java.nio.file.Paths.get("/tmp/scratch-report");
    assertEquals(0, report("-o", o.toString(), tmp.resolve("results").toString()),
        new String(err.toByteArray(), StandardCharsets.UTF_8));
  }
}
