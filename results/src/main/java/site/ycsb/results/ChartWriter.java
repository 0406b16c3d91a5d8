package site.ycsb.results;

import org.jfree.chart.ChartUtils;
import org.jfree.graphics2d.svg.SVGGraphics2D;

import java.awt.Rectangle;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes a chart as SVG (JFreeSVG) and PNG (JFreeChart) files, its lines thinned to its width ({@link LineThinning}). */
final class ChartWriter {
  static final int WIDTH = 960;
  static final int HEIGHT = 480;

  private ChartWriter() {
  }

  static void write(Path outDir, NamedChart c) throws IOException {
    Files.createDirectories(outDir.resolve("charts"));
    LineThinning.thin(c.chart, c.width);
    SVGGraphics2D g = new SVGGraphics2D(c.width, c.height);
    c.chart.draw(g, new Rectangle(0, 0, c.width, c.height));
    Files.write(outDir.resolve(c.svg()), g.getSVGDocument().getBytes(StandardCharsets.UTF_8));
    try (OutputStream out = Files.newOutputStream(outDir.resolve(c.png()))) {
      ChartUtils.writeChartAsPNG(out, c.chart, c.width, c.height);
    }
  }
}
