package site.ycsb.results;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYDataItem;
import org.jfree.data.xy.XYDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import java.util.ArrayList;
import java.util.List;

/**
 * Makes the lines of a chart cheap to draw at any run length, so that a day of one-second intervals (86,400 points
 * per line) does not become an SVG of hundreds of megabytes that a browser cannot open:
 * <ul>
 *   <li>a line renderer draws each line as one path, not as one SVG element per segment (measured on the timeline
 *       of a 60-minute run, 3,600 points per line: 16.5 MB of SVG drawn by segments, 0.97 MB as paths);</li>
 *   <li>a line with more than {@link #POINTS_PER_COLUMN} points per column, at {@link #COLUMNS_PER_PIXEL} columns
 *       per pixel of the chart's width, keeps per column its first, lowest, highest and last point (the "M4" rule),
 *       which draws nearly the same pixels as all of them (the test measures how nearly): spikes and dips stay.
 *       Points whose y is NaN (the breaks in a line) are all kept and end a column's group, so that gaps and
 *       isolated points stay where they were. Shorter lines stay untouched (they may carry a shape per point).</li>
 * </ul>
 * Only the drawing changes: the CSV files and tables beside a chart hold every interval.
 *
 * <p>Stateless and thread-safe; a chart it thins is changed in place.
 */
final class LineThinning {
  /** A series is thinned only when it has more points than this many per column. */
  static final int POINTS_PER_COLUMN = 4;
  /**
   * Columns per pixel of the chart's width. The plot's data area is narrower than the chart and its pixels do not line
   * up with the columns, so one column per pixel would move a line's edge by a pixel in places; two leave it nearly
   * exact at twice the points.
   */
  static final int COLUMNS_PER_PIXEL = 2;

  private LineThinning() {
  }

  /**
   * Draws the lines of the chart's plot (or of its subplots) as paths and thins every {@link XYSeriesCollection} of
   * it for a chart {@code widthPx} pixels wide.
   */
  static void thin(JFreeChart chart, int widthPx) {
    thinPlot(chart.getPlot(), widthPx * COLUMNS_PER_PIXEL);
  }

  private static void thinPlot(Plot plot, int columns) {
    if (plot instanceof CombinedDomainXYPlot) {
      for (Object sub : ((CombinedDomainXYPlot) plot).getSubplots()) {
        thinPlot((Plot) sub, columns);
      }
    } else if (plot instanceof XYPlot) {
      XYPlot xy = (XYPlot) plot;
      for (int d = 0; d < xy.getDatasetCount(); d++) {
        XYDataset data = xy.getDataset(d);
        if (data instanceof XYSeriesCollection) {
          thinCollection((XYSeriesCollection) data, columns);
        }
        if (xy.getRenderer(d) instanceof XYLineAndShapeRenderer) {
          ((XYLineAndShapeRenderer) xy.getRenderer(d)).setDrawSeriesLineAsPath(true);
        }
      }
    }
  }

  private static void thinCollection(XYSeriesCollection data, int columns) {
    List<XYSeries> thinned = new ArrayList<>();
    boolean changed = false;
    for (int s = 0; s < data.getSeriesCount(); s++) {
      XYSeries series = data.getSeries(s);
      XYSeries t = thin(series, columns);
      changed |= t != series;
      thinned.add(t);
    }
    if (changed) { // same order, so the renderer's per-series colours and strokes still apply
      data.removeAllSeries();
      for (XYSeries s : thinned) {
        data.addSeries(s);
      }
    }
  }

  /**
   * The series thinned for {@code columns} columns across its own x range (a column as wide as, or narrower than,
   * one across the axis it is drawn on), or the series itself when it has at most {@link #POINTS_PER_COLUMN} points
   * per column.
   */
  static XYSeries thin(XYSeries series, int columns) {
    int n = series.getItemCount();
    if (columns < 1 || n <= (long) POINTS_PER_COLUMN * columns) {
      return series;
    }
    double minX = series.getMinX();
    double maxX = series.getMaxX();
    double width = (maxX - minX) / columns;
    XYSeries out = new XYSeries(series.getKey(), series.getAutoSort(), series.getAllowDuplicateXValues());
    ColumnGroup group = new ColumnGroup();
    for (int i = 0; i < n; i++) {
      XYDataItem item = series.getDataItem(i);
      double y = item.getYValue();
      if (Double.isNaN(y)) {
        group.flushInto(out);
        out.add(item.getXValue(), Double.NaN, false);
        continue;
      }
      int column = width > 0 ? (int) Math.min(columns - 1, Math.floor((item.getXValue() - minX) / width)) : 0;
      if (group.size > 0 && column != group.column) {
        group.flushInto(out);
      }
      group.add(column, i, item.getXValue(), y);
    }
    group.flushInto(out);
    out.fireSeriesChanged();
    return out;
  }

  /** The points of one pixel column seen so far: its first, lowest, highest and last, by index in the series. */
  private static final class ColumnGroup {
    private static final int FIRST = 0;
    private static final int LOWEST = 1;
    private static final int HIGHEST = 2;
    private static final int LAST = 3;
    int column;
    int size;
    private final int[] index = new int[4];
    private final double[] x = new double[4];
    private final double[] y = new double[4];

    void add(int column, int i, double px, double py) {
      if (size == 0) {
        this.column = column;
        for (int k = 0; k < 4; k++) {
          keep(k, i, px, py);
        }
      } else {
        if (py < y[LOWEST]) {
          keep(LOWEST, i, px, py);
        }
        if (py > y[HIGHEST]) {
          keep(HIGHEST, i, px, py);
        }
        keep(LAST, i, px, py);
      }
      size++;
    }

    private void keep(int k, int i, double px, double py) {
      index[k] = i;
      x[k] = px;
      y[k] = py;
    }

    /** Writes the kept points in series order, each once, and empties the group. */
    void flushInto(XYSeries out) {
      int written = -1;
      while (size > 0) {
        int next = -1;
        for (int k = 0; k < 4; k++) {
          if (index[k] > written && (next < 0 || index[k] < index[next])) {
            next = k;
          }
        }
        if (next < 0) {
          size = 0;
        } else {
          out.add(x[next], y[next], false);
          written = index[next];
        }
      }
    }
  }
}
