package site.ycsb.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LineThinningTest {
  private static final int DAY_OF_SECONDS = 86_400;

  @Test
  void should_keep_every_columns_first_lowest_highest_and_last_point_when_a_line_has_more_points_than_pixels() {
    XYSeries day = noisyDay(new Random(7), 0);
    int columns = 500;
    XYSeries thin = LineThinning.thin(day, columns);

    assertTrue(thin.getItemCount() <= 4 * columns, "kept " + thin.getItemCount());
    for (int c = 0; c < columns; c++) {
      List<double[]> all = points(day, c, columns);
      List<double[]> kept = points(thin, c, columns);
      assertEquals(all.get(0)[1], kept.get(0)[1], "first point of column " + c);
      assertEquals(all.get(all.size() - 1)[1], kept.get(kept.size() - 1)[1], "last point of column " + c);
      assertEquals(min(all), min(kept), "lowest point of column " + c);
      assertEquals(max(all), max(kept), "highest point of column " + c);
    }
  }

  @Test
  void should_keep_a_lines_gaps_and_its_isolated_points_when_thinning() {
    XYSeries line = noisyDay(new Random(11), 0);
    XYSeries gappy = new XYSeries("gappy", true, true);
    for (int i = 0; i < line.getItemCount(); i++) {
      boolean gap = i % 10_000 == 5_000 || i == 40_001 || i == 40_003; // 40,002 is alone between two breaks
      gappy.add(line.getX(i).doubleValue(), gap ? Double.NaN : line.getY(i).doubleValue());
    }
    XYSeries thin = LineThinning.thin(gappy, 300);

    List<Double> gapsBefore = nanXs(gappy);
    assertEquals(gapsBefore, nanXs(thin));
    int alone = thin.indexOf(40_002.0);
    assertTrue(alone > 0, "the isolated point is kept");
    assertTrue(Double.isNaN(thin.getY(alone - 1).doubleValue()) && Double.isNaN(thin.getY(alone + 1).doubleValue()),
        "and still isolated");
    for (int i = 0; i < thin.getItemCount(); i++) {
      if (Double.isNaN(thin.getY(i).doubleValue())) {
        double x = thin.getX(i).doubleValue();
        assertEquals(gappy.getY(gappy.indexOf(x - 1)), thin.getY(i - 1), "the point before the break at " + x);
        assertEquals(gappy.getY(gappy.indexOf(x + 1)), thin.getY(i + 1), "the point after the break at " + x);
      }
    }
  }

  @Test
  void should_leave_a_line_untouched_when_it_has_at_most_four_points_per_column() {
    XYSeries short1 = new XYSeries("short", true, true);
    for (int i = 0; i < 4 * 960; i++) {
      short1.add(i, i % 7);
    }
    assertSame(short1, LineThinning.thin(short1, 960));
  }

  @Test
  void should_draw_nearly_the_same_pixels_when_a_chart_is_thinned() {
    Random random = new Random(3);
    JFreeChart full = chart(noisyDay(random, 0), noisyDay(random, 50));
    JFreeChart thinned = chart(copy(series(full, 0)), copy(series(full, 1)));
    LineThinning.thin(thinned, 960);
    assertTrue(series(thinned, 0).getItemCount() < DAY_OF_SECONDS / 10, "the chart's lines were thinned");
    ((XYLineAndShapeRenderer) full.getXYPlot().getRenderer()).setDrawSeriesLineAsPath(true); // the one other thing thinning changes

    BufferedImage a = full.createBufferedImage(960, 480);
    BufferedImage b = thinned.createBufferedImage(960, 480);
    int differ = 0;
    for (int x = 0; x < 960; x++) {
      for (int y = 0; y < 480; y++) {
        differ += a.getRGB(x, y) != b.getRGB(x, y) ? 1 : 0;
      }
    }
    // measured with this chart: two columns per pixel, 1,066 pixels differ (lines drawn as paths); one column per
    // pixel moved a line's edge in many more places (4,651, lines drawn segment by segment), hence two
    assertTrue(differ < 960 * 480 / 200, differ + " of " + 960 * 480 + " pixels differ");
  }

  @Test
  void should_write_a_day_of_one_second_intervals_as_a_small_svg_when_charting_it(@TempDir Path dir) throws Exception {
    Random random = new Random(5);
    JFreeChart chart = chart(noisyDay(random, 0), noisyDay(random, 50), noisyDay(random, 100));
    ChartWriter.write(dir, new NamedChart("day", "a day", chart));

    long svg = Files.size(dir.resolve("charts/day.svg"));
    assertTrue(svg < 2_000_000, "the SVG has " + svg + " bytes");
  }

  private static XYSeries noisyDay(Random random, double base) {
    XYSeries s = new XYSeries("line " + base, true, true);
    for (int i = 0; i < DAY_OF_SECONDS; i++) {
      s.add(i, base + 10 + random.nextGaussian() * 3 + (i % 3_600 == 0 ? 40 : 0));
    }
    return s;
  }

  private static JFreeChart chart(XYSeries... lines) {
    XYSeriesCollection data = new XYSeriesCollection();
    for (XYSeries s : lines) {
      data.addSeries(s);
    }
    XYPlot plot = new XYPlot(data, new NumberAxis("s"), new NumberAxis("ms"), new XYLineAndShapeRenderer(true, false));
    JFreeChart chart = new JFreeChart(plot);
    chart.setAntiAlias(false);
    return chart;
  }

  private static XYSeries series(JFreeChart chart, int index) {
    return ((XYSeriesCollection) chart.getXYPlot().getDataset()).getSeries(index);
  }

  private static XYSeries copy(XYSeries s) {
    try {
      return (XYSeries) s.clone();
    } catch (CloneNotSupportedException e) {
      throw new AssertionError(e);
    }
  }

  /** The points in pixel column {@code column} of {@code columns} across 0 .. 86,399 s. */
  private static List<double[]> points(XYSeries s, int column, int columns) {
    double width = (DAY_OF_SECONDS - 1.0) / columns;
    List<double[]> in = new ArrayList<>();
    for (int i = 0; i < s.getItemCount(); i++) {
      double x = s.getX(i).doubleValue();
      if (Math.min(columns - 1, (int) Math.floor(x / width)) == column) {
        in.add(new double[] {x, s.getY(i).doubleValue()});
      }
    }
    return in;
  }

  private static List<Double> nanXs(XYSeries s) {
    List<Double> xs = new ArrayList<>();
    for (int i = 0; i < s.getItemCount(); i++) {
      if (Double.isNaN(s.getY(i).doubleValue())) {
        xs.add(s.getX(i).doubleValue());
      }
    }
    return xs;
  }

  private static double min(List<double[]> points) {
    return points.stream().mapToDouble(p -> p[1]).min().getAsDouble();
  }

  private static double max(List<double[]> points) {
    return points.stream().mapToDouble(p -> p[1]).max().getAsDouble();
  }
}
