package site.ycsb.results;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Random;

/** The numbers of the timeline's marks never print over each other while there are rows enough. */
class TimelineLabelsTest {
  @ParameterizedTest
  @ValueSource(ints = {1, 2, 6, 12, 40})
  void should_keep_labels_of_one_row_apart_when_marks_crowd(int marks) {
    Random random = new Random(marks);
    for (int trial = 0; trial < 200; trial++) {
      double[] xs = new double[marks];
      // crowded: all marks within 5% of a 60 s axis, in time order, some at the same moment
      double x = 30;
      for (int i = 0; i < marks; i++) {
        x += random.nextInt(3) == 0 ? 0 : random.nextDouble() * 3.0 / marks;
        xs[i] = x;
      }
      double[] domain = {0, 60};
      int[] rows = TimelineChart.labelRows(xs, domain, TimelineChart.PLOT_PIXELS);

      int rowsNeeded = 0;
      for (int i = 0; i < marks; i++) {
        for (int j = i + 1; j < marks; j++) {
          double left = xs[i] / 60 * TimelineChart.PLOT_PIXELS;
          double otherLeft = xs[j] / 60 * TimelineChart.PLOT_PIXELS;
          boolean overlap = otherLeft < left + TimelineChart.labelPixels(i + 1) + TimelineChart.LABEL_GAP_PIXELS;
          if (rows[i] == rows[j] && overlap) {
            rowsNeeded++;
          }
        }
      }
      if (marks <= TimelineChart.LABEL_ROWS) {
        assertTrue(rowsNeeded == 0, "labels overlap with " + marks + " marks: " + java.util.Arrays.toString(rows));
      }
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {2, 10, 40})
  void should_put_every_label_on_the_first_row_when_marks_are_far_apart(int marks) {
    double[] xs = new double[marks];
    for (int i = 0; i < marks; i++) {
      xs[i] = i * 60.0 / marks;
    }

    int[] rows = TimelineChart.labelRows(xs, new double[] {0, 60}, TimelineChart.PLOT_PIXELS);

    for (int r : rows) {
      assertTrue(r == 0, java.util.Arrays.toString(rows));
    }
  }
}
