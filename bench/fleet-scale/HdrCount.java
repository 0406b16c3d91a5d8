import java.io.File;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * Prints the number of values in each HDR interval log given (every interval added up), one "file count" line each:
 * the check that a merged log holds exactly the values of its clients' logs. Run with HdrHistogram on the class path:
 * {@code java -cp lib/HdrHistogram-*.jar HdrCount.java a.hdr b.hdr}.
 */
public final class HdrCount {
  private HdrCount() {
  }

  public static void main(String[] args) throws Exception {
    for (String f : args) {
      long count = 0;
      HistogramLogReader r = new HistogramLogReader(new File(f));
      EncodableHistogram h;
      while ((h = r.nextIntervalHistogram()) != null) {
        count += ((Histogram) h).getTotalCount();
      }
      r.close();
      System.out.println(f + " " + count);
    }
  }
}
