package site.ycsb.results;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The findmax part of the HTML report rendered in real headless Chromium: step table, the drawn curve and the
 * timeline of all steps with their marks listed.
 */
class ReportFindmaxHtmlIT {
  @TempDir
  Path tmp;

  @Test
  void should_show_the_step_table_and_draw_the_curve_when_chromium_renders_a_findmax_report() throws Exception {
    Chromium chromium = Chromium.find();
    assumeTrue(chromium != null, "chromium not installed (apt-get install -y chromium); HTML rendering not checked");
    Path fm = FindmaxFixture.write(tmp.resolve("fm"), 2000);
    Path report = tmp.resolve("report");
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    assertEquals(0, Report.run(new String[] {"-o", report.toString(), fm.toString()},
        new PrintStream(new ByteArrayOutputStream()), new PrintStream(err)), err.toString());

    Document dom = Jsoup.parse(chromium.dumpDomWithImageProbe(report.resolve("report.html"), tmp));

    Element table = dom.getElementById("findmax-fm");
    assertNotNull(table, "findmax table");
    assertEquals(FindmaxFixture.TARGETS.length, table.select("tbody tr").size());
    assertTrue(table.select("tbody td").eachText().contains("pass"));
    String drawn = dom.getElementById("image-probe").text();
    assertTrue(drawn.contains("charts/findmax-fm.svg " + ChartWriter.WIDTH + "x" + ChartWriter.HEIGHT),
        "curve not drawn by the browser: " + drawn);
    assertTrue(drawn.contains("charts/timeline-findmax-fm.svg " + TimelineChart.WIDTH + "x" + TimelineChart.HEIGHT),
        "findmax timeline not drawn by the browser: " + drawn);
    Element events = dom.getElementById("events-timeline-findmax-fm");
    assertNotNull(events, "the steps' marks listed under the timeline");
    assertEquals(FindmaxFixture.TARGETS.length, events.select("tbody tr").size());
    // kept for a human look
    Path keep = java.nio.file.Paths.get("target", "report-it");
    java.nio.file.Files.createDirectories(keep);
    java.nio.file.Files.copy(report.resolve("charts/findmax-fm.png"), keep.resolve("findmax-curve.png"),
        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    java.nio.file.Files.copy(report.resolve("charts/timeline-findmax-fm.png"), keep.resolve("findmax-timeline.png"),
        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
  }
}
