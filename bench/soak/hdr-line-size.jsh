// bench/soak/hdr-line-size.jsh: run with  jshell --class-path ~/.m2/repository/org/hdrhistogram/HdrHistogram/2.2.2/HdrHistogram-2.2.2.jar bench/soak/hdr-line-size.jsh
import org.HdrHistogram.*;
import java.io.*;
import java.util.*;
// Bytes per interval line of an HdrHistogram interval log (as the engine writes: 3 digits, range 1 us .. 1 h)
// for N values per interval drawn from a lognormal latency distribution with median M us and shape S.
long line(int n, double medianUs, double sigma, long seed) {
  Random r = new Random(seed);
  ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  PrintStream ps = new PrintStream(bytes);
  HistogramLogWriter w = new HistogramLogWriter(ps);
  w.setBaseTime(0);
  Histogram h = new Histogram(1, 3_600_000_000L, 3);
  int lines = 20;
  for (int i = 0; i < lines; i++) {
    h.reset();
    for (int k = 0; k < n; k++) {
      h.recordValue(Math.max(1, Math.min(3_600_000_000L, (long) (medianUs * Math.exp(sigma * r.nextGaussian())))));
    }
    h.setStartTimeStamp(1_700_000_000_000L + i * 1000L);
    h.setEndTimeStamp(1_700_000_000_000L + (i + 1) * 1000L);
    w.outputIntervalHistogram(h);
  }
  ps.flush();
  return bytes.size() / lines;
}
int[] ns = {100, 1000, 10000, 50000, 100000, 500000};
double[][] shapes = {{5, 0.3}, {500, 0.5}, {1000, 1.0}, {1000, 2.0}};
for (double[] s : shapes) {
  StringBuilder sb = new StringBuilder(String.format("median %.0f us sigma %.1f:", s[0], s[1]));
  for (int n : ns) sb.append(String.format(" n=%d %d B;", n, line(n, s[0], s[1], 46)));
  System.out.println(sb);
}
/exit
