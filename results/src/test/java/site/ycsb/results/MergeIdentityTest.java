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
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The class "results doubled or mixed": however one client run reaches a merge twice — the same directory, a copy, a
 * copy whose runId was removed or edited, a symbolic link, a merged result beside one of its sources, two merges
 * sharing a source, nested merges — the merge is refused in one line (exit 2) and writes nothing; and a merge's output
 * is never inside an input or another run's record, by real path.
 */
class MergeIdentityTest {
  private static final long T0 = 1_790_000_000_000L;

  @TempDir
  Path tmp;

  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @BeforeEach
  void clients() throws Exception {
    for (String host : new String[] {"a", "b", "c"}) {
      ResultDirFixture f = new ResultDirFixture();
      f.host = host;
      f.startEpochMs = T0;
      f.interval("READ", 1).write(tmp.resolve(host));
      ObjectNode s = (ObjectNode) Json.read(tmp.resolve(host).resolve(site.ycsb.output.RecordFiles.SUMMARY));
      s.put("runId", "run-" + host);
      Json.write(tmp.resolve(host).resolve(site.ycsb.output.RecordFiles.SUMMARY), s);
    }
    assertEquals(0, merge(tmp.resolve("ab"), "a", "b"), stderr());
    assertEquals(0, merge(tmp.resolve("ac"), "a", "c"), stderr());
    err.reset();
  }

  private int merge(Path out, String... inputs) {
    List<String> args = new ArrayList<>();
    args.add("-o");
    args.add(out.toString());
    for (String in : inputs) {
      args.add(tmp.resolve(in).toString());
    }
    return Merge.run(args.toArray(new String[0]), new PrintStream(new ByteArrayOutputStream(), true),
        new PrintStream(err, true));
  }

  private String stderr() {
    return new String(err.toByteArray(), StandardCharsets.UTF_8);
  }

  /** A copy of {@code from} as {@code to}, with its summary's runId changed by {@code runId} (null: removed). */
  private void copy(String from, String to, String runId) throws IOException {
    try (Stream<Path> paths = Files.walk(tmp.resolve(from))) {
      for (Path p : (Iterable<Path>) paths::iterator) {
        Files.copy(p, tmp.resolve(to).resolve(tmp.resolve(from).relativize(p).toString()));
      }
    }
    ObjectNode s = (ObjectNode) Json.read(tmp.resolve(to).resolve(site.ycsb.output.RecordFiles.SUMMARY));
    if (runId == null) {
      s.remove("runId");
    } else {
      s.put("runId", runId);
    }
    Json.write(tmp.resolve(to).resolve(site.ycsb.output.RecordFiles.SUMMARY), s);
  }

  /** Each case: how to make the inputs, then the inputs (names under tmp). */
  static Stream<String> twice() {
    return Stream.of("same:a,b,a", "copy:a,b,copy", "copy-without-runid:a,b,copy", "copy-with-other-runid:b,copy",
        "link:a,link", "link:b,a,link", "merged-and-source:ab,a", "merged-and-source:b,ab",
        "merged-and-copy-without-runid:ab,copy", "two-merges-sharing-a-source:ab,ac",
        "merged-copy-without-runid:ab,copy", "nested:abc,c", "nested:abc,ab", "nested-copy:abc,copy");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("twice")
  void should_refuse_in_one_line_when_a_client_run_would_be_counted_twice(String spec) throws Exception {
    String how = spec.substring(0, spec.indexOf(':'));
    String[] inputs = spec.substring(spec.indexOf(':') + 1).split(",");
    switch (how) {
    case "copy":
      copy("a", "copy", "run-a");
      break;
    case "copy-without-runid":
    case "merged-and-copy-without-runid":
      copy("a", "copy", null);
      break;
    case "copy-with-other-runid":
      copy("b", "copy", "edited");
      break;
    case "link":
      Files.createSymbolicLink(tmp.resolve("link"), tmp.resolve("a"));
      break;
    case "merged-copy-without-runid":
      copy("ab", "copy", null);
      break;
    case "nested":
      assertEquals(0, merge(tmp.resolve("abc"), "ab", "c"), stderr());
      err.reset();
      break;
    case "nested-copy":
      assertEquals(0, merge(tmp.resolve("abc"), "ab", "c"), stderr());
      err.reset();
      copy("b", "copy", null);
      break;
    default:
      break;
    }
    assertEquals(2, merge(tmp.resolve("out"), inputs), stderr());
    assertEquals(1, stderr().trim().split("\n").length, stderr());
    assertTrue(stderr().startsWith("merge: refusing to merge: "), stderr());
    assertFalse(Files.exists(tmp.resolve("out")), "nothing written");
  }

  @ParameterizedTest
  @ValueSource(strings = {"a", "a/hdr", "a/inner/deeper", "ab/x", "link-to-a", "link-to-a/x", "a/../a/y",
      "other", "other/sub"})
  void should_refuse_an_output_inside_an_input_or_another_record_when_resolved(String out) throws Exception {
    Files.createSymbolicLink(tmp.resolve("link-to-a"), tmp.resolve("a"));
    Files.createDirectories(tmp.resolve("other"));
    Files.write(tmp.resolve("other").resolve(site.ycsb.output.RecordFiles.SUMMARY), "{}".getBytes(StandardCharsets.UTF_8));
    assertEquals(2, merge(tmp.resolve(out), "a", "c"), stderr());
    assertEquals(1, stderr().trim().split("\n").length, stderr());
    assertFalse(Files.exists(tmp.resolve("a").resolve("summary.json.tmp")));
  }

  @org.junit.jupiter.api.Test
  void should_merge_and_record_its_source_runs_when_every_run_is_distinct() throws Exception {
    assertEquals(0, merge(tmp.resolve("abc"), "ab", "c"), stderr());
    ResultDir merged = ResultDir.load(tmp.resolve("abc"));
    assertEquals(3, merged.sourceRuns().size());
    assertFalse(merged.text("runId").isEmpty());
    assertEquals("run-a", merged.sourceRuns().get(0)[0]);
  }

  @ParameterizedTest
  @ValueSource(strings = {"a", "a/report", "ab/report", "link-to-a/report", "a/../ab"})
  void should_refuse_a_report_written_into_a_runs_record(String out) throws Exception {
    Files.createSymbolicLink(tmp.resolve("link-to-a"), tmp.resolve("a"));
    int code = Report.run(new String[] {"-o", tmp.resolve(out).toString(), tmp.resolve("c").toString()},
        new PrintStream(new ByteArrayOutputStream(), true), new PrintStream(err, true));
    assertEquals(2, code, stderr());
    assertTrue(stderr().contains("the record of another run"), stderr());
    assertFalse(Files.exists(tmp.resolve("a/report")));
  }

  /**
   * A file of a run's record is refused as a place for a report (exit 2, the user's mistake); any other file cannot
   * receive a report directory (exit 1, "the report cannot be written", as the README lists, with the cause).
   */
  @ParameterizedTest
  @org.junit.jupiter.params.provider.CsvSource({"a-file,1", "a/summary.json,2", "a/output.txt,2"})
  void should_refuse_in_one_line_a_report_output_that_is_a_file(String out, int expected) throws Exception {
    Files.write(tmp.resolve("a-file"), new byte[] {1});
    int code = Report.run(new String[] {"-o", tmp.resolve(out).toString(), tmp.resolve("c").toString()},
        new PrintStream(new ByteArrayOutputStream(), true), new PrintStream(err, true));
    assertEquals(expected, code, stderr());
    assertEquals(1, stderr().trim().split("\n").length, stderr());
  }
}
