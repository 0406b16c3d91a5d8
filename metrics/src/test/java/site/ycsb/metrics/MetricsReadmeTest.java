package site.ycsb.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import site.ycsb.cli.EngineOptions;
import site.ycsb.options.Option;

/**
 * The README's live-metrics tables say what the declarations say ({@link EngineOptions}' metrics options,
 * {@link LiveMetric}); {@code -Doptions.readme.write=true} rewrites them.
 */
class MetricsReadmeTest {
  private static final Path README = Paths.get("../README.md");

  static String optionsTable() {
    StringBuilder sb = new StringBuilder("| property | default | meaning |\n|---|---|---|\n");
    for (Option<?> o : EngineOptions.all()) {
      if (!o.name().startsWith("metrics.")) {
        continue;
      }
      Object def = o.defaultValue();
      String shown = def instanceof Long ? TimeUnit.NANOSECONDS.toSeconds((Long) def) + "s" // the durations
          : def.toString().isEmpty() ? "none" : def.toString();
      sb.append("| `").append(o.name()).append("` | ").append(shown.equals("none") ? shown : "`" + shown + "`")
          .append(" | ").append(o.meaning()).append(" |\n");
    }
    return sb.toString();
  }

  static String seriesTable() {
    StringBuilder sb = new StringBuilder("| series | kind | labels beside the run's | meaning |\n|---|---|---|---|\n");
    for (LiveMetric m : LiveMetric.values()) {
      sb.append("| `").append(m.served()).append("` | ").append(m.kind()).append(" | ")
          .append(m.labels().isEmpty() ? "" : "`" + m.labels().replace(", ", "`, `") + "`").append(" | ")
          .append(m.meaning()).append(" |\n");
    }
    return sb.toString();
  }

  private static String check(String text, String name, String table, boolean rewrite) {
    String begin = "<!-- live metrics " + name + ": generated from the declarations, do not edit by hand -->\n";
    String end = "<!-- live metrics " + name + ": end -->";
    int b = text.indexOf(begin);
    int e = text.indexOf(end);
    assertTrue(b >= 0 && e > b, "README.md lacks the markers of the live metrics " + name);
    String now = text.substring(b + begin.length(), e);
    if (!rewrite) {
      assertEquals(table, now, "README.md's live metrics " + name + " differ from the declarations; regenerate with "
          + "-Doptions.readme.write=true");
    }
    return text.substring(0, b + begin.length()) + table + text.substring(e);
  }

  @Test
  void should_list_every_metrics_option_and_series_when_the_readme_is_read() throws IOException {
    boolean rewrite = Boolean.getBoolean("options.readme.write");
    String text = new String(Files.readAllBytes(README), StandardCharsets.UTF_8);
    String updated = check(text, "options", optionsTable(), rewrite);
    updated = check(updated, "series", seriesTable(), rewrite);
    if (rewrite && !updated.equals(text)) {
      Files.write(README, updated.getBytes(StandardCharsets.UTF_8));
    }
  }
}
