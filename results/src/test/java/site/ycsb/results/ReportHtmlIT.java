package site.ycsb.results;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Renders the HTML report in real headless Chromium and checks what a reader would see. */
class ReportHtmlIT {
  @TempDir
  static Path tmp;
  static Chromium chromium;
  static Path report;

  @BeforeAll
  static void renderReport() throws Exception {
    chromium = Chromium.find();
    if (chromium == null) {
      return;
    }
    ReportFixtures.campaign(tmp.resolve("r/griddb-3"), ReportFixtures.GRIDDB, "3nodes", 2, 300, 1);
    ReportFixtures.campaign(tmp.resolve("r/griddb-5"), ReportFixtures.GRIDDB, "5nodes", 1, 250, 2);
    ReportFixtures.campaign(tmp.resolve("r/cassandra-3"), ReportFixtures.CASSANDRA, "3nodes", 2, 500, 3);
    double[] cpu = new double[60];
    for (int i = 0; i < cpu.length; i++) {
      cpu[i] = 30 + i;
    }
    NodeFixture.add(tmp.resolve("r/griddb-3/workloada"), "127.0.0.2", false, 10, cpu);
    report = tmp.resolve("report");
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Report.run(new String[] {"-o", report.toString(), "--compare", "CassandraCQLClient 3nodes",
        "GridDBClient 3nodes", tmp.resolve("r").toString()}, new PrintStream(new ByteArrayOutputStream()),
        new PrintStream(err));
    assertEquals(0, code, new String(err.toByteArray(), StandardCharsets.UTF_8));
  }

  private static void requireChromium() {
    assumeTrue(chromium != null, "chromium not installed (apt-get install -y chromium); HTML rendering not checked");
  }

  @Test
  void should_show_tables_and_drawn_charts_when_chromium_renders_the_report() throws Exception {
    requireChromium();
    Document dom = Jsoup.parse(chromium.dumpDomWithImageProbe(report.resolve("report.html"), tmp));

    Element throughput = dom.getElementById("throughput");
    assertNotNull(throughput, "throughput table");
    assertEquals("Configuration load A C", throughput.select("thead th").eachText().stream()
        .collect(Collectors.joining(" ")));
    List<String> griddb3 = rowStartingWith(throughput, "GridDBClient 3nodes");
    assertEquals(ReportTables.fixed1(ResultDir.load(tmp.resolve("r/griddb-3/workloada")).throughput()),
        griddb3.get(2));
    Element latency = dom.getElementById("latency");
    assertTrue(latency.select("thead th").eachText().containsAll(
        java.util.Arrays.asList("Average", "p95", "p99", "p99.9", "Max")));
    assertTrue(latency.select("tbody td").eachText().contains("READ"));
    assertTrue(latency.select("tbody td").eachText().contains("UPDATE"));
    assertTrue(latency.select("tbody td").eachText().contains("INSERT"));
    Element comparison = dom.getElementById("comparison");
    assertEquals("A throughput (ops/sec) 50.0 50.0 1.00",
        String.join(" ", rowStartingWith(comparison, "A throughput (ops/sec)")));

    List<String> images = dom.select("img").eachAttr("src");
    assertTrue(images.containsAll(java.util.Arrays.asList("charts/throughput-A.svg", "charts/latency-A.svg",
        "charts/scaling.svg", "charts/nodes-cpu-A.svg")), images.toString());
    assertEquals(images.indexOf("charts/throughput-A.svg") + 1, images.indexOf("charts/nodes-cpu-A.svg"),
        "the nodes' CPU beside the throughput: " + images);
    List<String> node = rowStartingWith(dom.getElementById("database-nodes"), "A");
    assertEquals(java.util.Arrays.asList("A", "GridDBClient 3nodes", "127.0.0.2", "60", "59.5", "89.0"),
        node.subList(0, 6));
    String drawn = dom.getElementById("image-probe").text();
    for (String src : images) {
      int height = src.startsWith("charts/timeline-") ? TimelineChart.HEIGHT : ChartWriter.HEIGHT;
      assertTrue(drawn.contains(src + " " + ChartWriter.WIDTH + "x" + height),
          "chart not drawn by the browser: " + src + " in " + drawn);
    }
  }

  @Test
  void should_render_a_non_blank_screenshot_when_chromium_draws_the_page() throws Exception {
    requireChromium();
    Path png = report.resolve("screenshot.png");

    chromium.screenshot(report.resolve("report.html"), png, tmp);

    BufferedImage image = ImageIO.read(png.toFile());
    assertNotNull(image, "screenshot is a PNG");
    Set<Integer> colours = new HashSet<>();
    for (int y = 0; y < image.getHeight(); y += 3) {
      for (int x = 0; x < image.getWidth(); x += 3) {
        colours.add(image.getRGB(x, y));
      }
    }
    assertTrue(colours.size() > 50, "page looks blank: " + colours.size() + " colours");
    // kept for a human look: target/report-it/screenshot.png
    Path keep = Paths.get("target", "report-it");
    Files.createDirectories(keep);
    Files.copy(png, keep.resolve("screenshot.png"), StandardCopyOption.REPLACE_EXISTING);
  }

  private static List<String> rowStartingWith(Element table, String first) {
    for (Element row : table.select("tbody tr")) {
      List<String> cells = row.select("td").eachText();
      if (cells.get(0).equals(first)) {
        return cells;
      }
    }
    throw new AssertionError("no row " + first + " in table " + table.id());
  }
}
