package site.ycsb.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** merge and report quote what the user typed (paths, names) in their errors: masked, on one line. */
class ToolMessagesTest {
  private static final String SECRET = "S3cretPW";

  @TempDir
  Path tmp;

  private static String[] run(boolean merge, String... args) {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream e = new PrintStream(err, true);
    int code = merge ? Merge.run(args, new PrintStream(new ByteArrayOutputStream()), e)
        : Report.run(args, new PrintStream(new ByteArrayOutputStream()), e);
    return new String[] {String.valueOf(code), new String(err.toByteArray(), StandardCharsets.UTF_8)};
  }

  @Test
  void should_mask_a_secret_and_keep_one_line_when_an_error_quotes_what_was_typed() throws Exception {
    Path a = new ResultDirFixture().interval("READ", 100, 200).write(tmp.resolve("a"));
    String[][] cases = {
        run(false, "-o", tmp.resolve("r").toString(), "--compare", "password=" + SECRET, "B", a.toString()),
        run(true, "-o", tmp.resolve("m").toString(), a.toString(), tmp.resolve("token=" + SECRET).toString()),
        run(true, "-o", tmp.resolve("m2").toString(), a.toString(), tmp.resolve("no\nsuch").toString()),
    };
    for (String[] r : cases) {
      assertEquals("2", r[0], r[1]);
      assertEquals(1, r[1].trim().split("\n").length, r[1]);
      assertFalse(r[1].contains(SECRET), r[1]);
    }
    assertTrue(cases[0][1].contains("password=***"), cases[0][1]);
    assertTrue(cases[2][1].contains("no\\nsuch"), cases[2][1]);
  }

  @Test
  void should_refuse_in_one_line_naming_both_values_when_an_option_is_given_twice() throws Exception {
    Path a = new ResultDirFixture().interval("READ", 100, 200).write(tmp.resolve("a"));
    String r1 = tmp.resolve("r1").toString();
    String r2 = tmp.resolve("r2").toString();
    String[][] cases = {
        run(false, "-o", r1, "--output", r2, a.toString()),
        run(false, "--format", "md", "--format", "html", "-o", r1, a.toString()),
        run(false, "--title", "one", "--title", "two", "-o", r1, a.toString()),
        run(false, "--bucket", "1h", "--bucket", "1h", "-o", r1, a.toString()),
        run(true, "-o", r1, "--output", r2, a.toString()),
    };
    for (String[] r : cases) {
      assertEquals("2", r[0], r[1]);
      assertEquals(1, r[1].trim().split("\n").length, r[1]);
      assertTrue(r[1].contains(" is given twice ("), r[1]);
    }
    assertTrue(cases[1][1].contains("--format is given twice ('md', then 'html')"), cases[1][1]);
  }

  @Test
  void should_mask_credentials_in_every_written_report_when_the_title_holds_a_url() throws Exception {
    Path a = new ResultDirFixture().interval("READ", 100, 200).write(tmp.resolve("a"));
    Path out = tmp.resolve("report");
    String[] r = run(false, "--format", "md,csv,html", "--title", "see https://bench:" + SECRET + "@10.0.0.1/x", "-o",
        out.toString(), a.toString());
    assertEquals("0", r[0], r[1]);
    try (java.util.stream.Stream<Path> files = java.nio.file.Files.walk(out)) {
      for (Path f : (Iterable<Path>) files.filter(java.nio.file.Files::isRegularFile)::iterator) {
        String text = new String(java.nio.file.Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
        assertFalse(text.contains(SECRET), f.toString());
      }
    }
    assertTrue(new String(java.nio.file.Files.readAllBytes(out.resolve("report.md")), StandardCharsets.UTF_8)
        .contains("bench:***@10.0.0.1"));
  }
}
