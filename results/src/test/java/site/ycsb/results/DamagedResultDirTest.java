package site.ycsb.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.stream.Stream;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Classes of damaged result directories, each refused by both {@code merge} and {@code report} with exit 2 and
 * one line that names the file and what is wrong, instead of a merged or reported figure that is silently wrong.
 */
class DamagedResultDirTest {
  @TempDir
  Path tmp;

  static Stream<Arguments> damages() {
    return Stream.of(
        summary("\"operations\" is \"many\", expected a whole number >= 0", s -> s.put("operations", "many")),
        summary("\"operations\" is -3, expected a whole number >= 0", s -> s.put("operations", -3)),
        summary("\"threads\" is \"x\", expected a whole number >= 0", s -> s.put("threads", "x")),
        summary("\"runtimeMs\" is 1.5, expected a whole number >= 0", s -> s.put("runtimeMs", 1.5)),
        summary("\"throughput\" is \"fast\", expected a number >= 0", s -> s.put("throughput", "fast")),
        summary("\"exitCode\" is \"zero\", expected a whole number", s -> s.put("exitCode", "zero")),
        // Hand-edited figures that no longer agree: throughput is operations / runtime in every summary written.
        summary("but \"operations\" / \"runtimeMs\" is", s -> s.put("throughput", 99999999.0)),
        summary("but \"operations\" / \"runtimeMs\" is",
            s -> s.put("operations", s.get("operations").asLong() * 1000)),
        summary("but \"operations\" / \"runtimeMs\" is", s -> s.put("runtimeMs", s.get("runtimeMs").asLong() / 2)),
        summary("\"endEpochMs\" is before \"startEpochMs\"", s -> s.put("endEpochMs", 5)),
        summary("\"measurements\" is not a JSON object", s -> s.putArray("measurements")),
        summary("\"measurements.READ\" is not a JSON object", s -> s.with("measurements").put("READ", 7)),
        summary("\"measurements.READ.operations\" is \"10\", expected a whole number >= 0",
            s -> s.with("measurements").with("READ").put("operations", "10")),
        summary("\"measurements.READ.averageUs\" is -1.0, expected a number >= 0",
            s -> s.with("measurements").with("READ").put("averageUs", -1.0)),
        Arguments.of("hdr log from another run", "holds 3 values but", (Damage) dir -> {
          Histogram3.write(dir.resolve("hdr/READ.hdr"));
        }),
        Arguments.of("truncated hdr log", "holds 0 values but", (Damage) dir -> {
          Files.write(dir.resolve("hdr/READ.hdr"), "#[StartTime: 1790000000.000]\n".getBytes(StandardCharsets.UTF_8));
        }));
  }

  private static Arguments summary(String expected, Consumer<ObjectNode> edit) {
    return Arguments.of("summary.json: " + expected, expected, (Damage) dir -> {
      Path file = dir.resolve(site.ycsb.output.RecordFiles.SUMMARY);
      ObjectNode s = (ObjectNode) Json.read(file);
      edit.accept(s);
      Files.write(file, s.toString().getBytes(StandardCharsets.UTF_8));
    });
  }

  /** A change to an otherwise good result directory. */
  interface Damage {
    void apply(Path dir) throws IOException;
  }

  /** Writes a valid hdr log of three values: a log that does not belong to the summary beside it. */
  static final class Histogram3 {
    static void write(Path file) throws IOException {
      org.HdrHistogram.Histogram h = HdrLog.emptyHistogram();
      h.recordValue(100);
      h.recordValue(200);
      h.recordValue(300);
      h.setStartTimeStamp(1_790_000_000_000L);
      h.setEndTimeStamp(1_790_000_010_000L);
      HdrLog.write(file, "foreign", 1_790_000_000_000L, java.util.Collections.singletonList(h));
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("damages")
  void should_refuse_with_one_line_naming_the_problem_when_a_result_directory_is_damaged(String name,
      String expected, Damage damage) throws IOException {
    Path good = new ResultDirFixture().interval("READ", 100, 200, 300, 400).write(tmp.resolve("good"));
    ResultDirFixture other = new ResultDirFixture();
    other.host = "client-2";
    Path bad = other.interval("READ", 150, 250, 350, 450).write(tmp.resolve("bad"));
    damage.apply(bad);

    String[] merge = run(true, "-o", tmp.resolve("merged").toString(), good.toString(), bad.toString());
    assertEquals("2", merge[0], "merge: " + merge[1]);
    assertOneLine(merge[1], expected);
    // merge writes its interval logs as it goes: a refused merge takes them back, so a second try can use the name
    assertFalse(Files.exists(tmp.resolve("merged")), "a refused merge left " + tmp.resolve("merged"));

    String[] report = run(false, "-o", tmp.resolve("report").toString(), bad.toString());
    assertEquals("2", report[0], "report: " + report[1]);
    assertOneLine(report[1], expected);
  }

  private static void assertOneLine(String err, String expected) {
    assertTrue(err.contains(expected), "expected '" + expected + "' in: " + err);
    assertEquals(1, err.trim().split("\n").length, err);
  }

  private static String[] run(boolean merge, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream o = new PrintStream(out, true);
    PrintStream e = new PrintStream(err, true);
    int code = merge ? Merge.run(args, o, e) : Report.run(args, o, e);
    return new String[] {String.valueOf(code), new String(err.toByteArray(), StandardCharsets.UTF_8)};
  }
}
