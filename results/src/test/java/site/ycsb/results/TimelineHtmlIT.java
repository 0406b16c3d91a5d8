package site.ycsb.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The timeline page as a reader sees it on a laptop (headless Chromium, 1366x768): a merged 3-client run with node
 * events, a stalled database and marks from every client.
 */
class TimelineHtmlIT {
  private static final long T0 = 1_790_000_000_000L;
  private static final int LAPTOP_WIDTH = 1366;
  private static final int LAPTOP_HEIGHT = 768;
  /** Each image's decoded and shown size, the window's height, and the box of every block of the page in order. */
  private static final String LAYOUT_PROBE = "<script>window.addEventListener('load', function () {"
      + " var lines = ['window ' + window.innerWidth + 'x' + window.innerHeight];"
      + " document.querySelectorAll('img').forEach(function (i) { var r = i.getBoundingClientRect();"
      + " lines.push('img ' + i.getAttribute('src') + ' ' + i.naturalWidth + 'x' + i.naturalHeight + ' shown '"
      + " + Math.round(r.width) + 'x' + Math.round(r.height)); });"
      + " document.querySelectorAll('body > *').forEach(function (e) { var r = e.getBoundingClientRect();"
      + " lines.push('block ' + e.tagName + '#' + e.id + ' ' + r.top + ' ' + r.bottom + ' ' + r.left + ' ' + r.right);"
      + " }); var pre = document.createElement('pre'); pre.id = 'layout-probe'; pre.textContent = lines.join('\\n');"
      + " document.body.appendChild(pre); });</script>";

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
    List<String> clients = new ArrayList<>();
    for (int c = 0; c < 3; c++) {
      ResultDirFixture f = new ResultDirFixture();
      f.host = "client-" + c;
      f.startEpochMs = T0 + 200L * c;
      f.intervalSec = 1;
      f.lastIntervalMs = 9;
      f.cause = "database";
      f.verdictText = "a database node went down";
      f.nodeEvents.add(new Object[] {"127.0.0.3:9042", "down", T0 + 20_000 + c * 40L});
      f.nodeEvents.add(new Object[] {"127.0.0.3:9042", "up", T0 + 35_000 + c * 40L});
      for (int i = 0; i < 60; i++) {
        boolean outage = i >= 20 && i < 35;
        f.interval("READ", ResultDirFixture.range(500 + c, outage ? 900_000 : 9_000, outage ? 30_000 : 300));
        f.interval("Intended-READ", ResultDirFixture.range(600 + c, outage ? 2_000_000 : 12_000, outage ? 60_000
            : 400));
        f.interval("UPDATE", ResultDirFixture.range(400 + c, outage ? 700_000 : 7_000, outage ? 30_000 : 300));
        f.interval("Intended-UPDATE", ResultDirFixture.range(500 + c, outage ? 1_900_000 : 11_000, outage ? 60_000
            : 400));
      }
      Path dir = f.write(tmp.resolve("clients/client-" + c));
      MarksFile.append(dir, T0 + 19_900, "kill node 3");
      MarksFile.append(dir, T0 + 33_000, "restart node 3");
      clients.add(dir.toString());
    }
    double[] cpu = new double[60];
    for (int i = 0; i < cpu.length; i++) {
      cpu[i] = i >= 20 && i < 35 ? 5 : 40;
    }
    NodeFixture.add(tmp.resolve("clients/client-0"), "127.0.0.2", false, 10, cpu);
    List<String> merge = new ArrayList<>();
    merge.add("-o");
    merge.add(tmp.resolve("merged").toString());
    merge.addAll(clients);
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    assertEquals(0, Merge.run(merge.toArray(new String[0]), new PrintStream(new ByteArrayOutputStream()),
        new PrintStream(err)), err.toString("UTF-8"));
    report = tmp.resolve("report");
    assertEquals(0, Report.run(new String[] {"-o", report.toString(), "--title", "Three clients, node 3 killed",
        tmp.resolve("merged").toString()}, new PrintStream(new ByteArrayOutputStream()), new PrintStream(err)),
        err.toString("UTF-8"));
  }

  private static void requireChromium() {
    assumeTrue(chromium != null, "chromium not installed (apt-get install -y chromium); HTML rendering not checked");
  }

  private static List<String> probe() throws Exception {
    Document dom = Jsoup.parse(chromium.dumpDomWithScript(report.resolve("report.html"), tmp, LAYOUT_PROBE,
        LAPTOP_WIDTH, LAPTOP_HEIGHT));
    Element probe = dom.getElementById("layout-probe");
    assertNotNull(probe, "the probe ran");
    List<String> lines = new ArrayList<>();
    for (String l : probe.wholeText().split("\n")) {
      lines.add(l);
    }
    return lines;
  }

  @Test
  void should_draw_every_chart_at_its_size_and_the_timeline_within_a_laptop_window_when_chromium_renders()
      throws Exception {
    requireChromium();
    List<String> lines = probe();

    int windowHeight = Integer.parseInt(lines.get(0).split("x")[1]);
    boolean timeline = false;
    for (String l : lines) {
      if (!l.startsWith("img ")) {
        continue;
      }
      String[] p = l.split(" ");
      boolean isTimeline = p[1].startsWith("charts/timeline-");
      int height = isTimeline ? TimelineChart.HEIGHT : ChartWriter.HEIGHT;
      assertEquals(ChartWriter.WIDTH + "x" + height, p[2], "decoded at its size: " + l);
      int shownHeight = Integer.parseInt(p[4].split("x")[1]);
      int shownWidth = Integer.parseInt(p[4].split("x")[0]);
      assertTrue(shownWidth <= LAPTOP_WIDTH, l);
      if (isTimeline) {
        timeline = true;
        assertTrue(shownHeight <= windowHeight, "the timeline fits the window (" + windowHeight + "): " + l);
      }
    }
    assertTrue(timeline, "a timeline chart: " + lines);
  }

  @Test
  void should_lay_the_page_out_top_to_bottom_without_overlaps_when_chromium_renders() throws Exception {
    requireChromium();
    List<String> order = new ArrayList<>();
    double previousBottom = Double.NEGATIVE_INFINITY;
    for (String l : probe()) {
      if (!l.startsWith("block ")) {
        continue;
      }
      String[] p = l.split(" ");
      if (p[1].startsWith("SCRIPT#") || p[1].equals("PRE#layout-probe")) {
        continue; // not drawn
      }
      double top = Double.parseDouble(p[2]);
      double bottom = Double.parseDouble(p[3]);
      double right = Double.parseDouble(p[5]);
      assertTrue(top >= previousBottom - 0.5, "overlaps the block above: " + l);
      assertTrue(right <= LAPTOP_WIDTH, "wider than the window: " + l);
      previousBottom = Math.max(previousBottom, bottom);
      order.add(p[1]);
    }
    String joined = String.join(" ", order);
    assertTrue(joined.matches(".*TABLE#runs .*H2#verdict .*H2#timeline FIGURE#chart-timeline-A H2# "
        + "TABLE#events-timeline-A .*TABLE#throughput .*"), joined);
  }

  @Test
  void should_list_every_clients_kill_and_node_events_under_the_timeline_when_clients_were_merged()
      throws Exception {
    requireChromium();
    Document dom = Jsoup.parse(chromium.dumpDom(report.resolve("report.html"), tmp));

    Element events = dom.getElementById("events-timeline-A");
    assertNotNull(events);
    String text = events.text();
    for (int c = 0; c < 3; c++) {
      assertTrue(text.contains("client-" + c), text);
    }
    assertEquals(3, count(text, "mark: kill node 3"), text);
    assertEquals(3, count(text, "database node: 127.0.0.3:9042 down"), text);
    assertEquals(3, count(text, "database stalled"), text);
    Path png = report.resolve("screenshot.png");
    chromium.screenshot(report.resolve("report.html"), png, tmp, LAPTOP_WIDTH, 2400);
    Path keep = Paths.get("target", "report-it");
    Files.createDirectories(keep);
    Files.copy(png, keep.resolve("timeline-screenshot.png"), StandardCopyOption.REPLACE_EXISTING);
    Files.copy(report.resolve("charts/timeline-A.png"), keep.resolve("timeline-A.png"),
        StandardCopyOption.REPLACE_EXISTING);
  }

  private static int count(String text, String what) {
    int n = 0;
    for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
      n++;
    }
    return n;
  }
}
