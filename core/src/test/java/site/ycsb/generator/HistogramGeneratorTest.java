package site.ycsb.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistogramGeneratorTest {
  @TempDir
  Path dir;

  private static long[] sample(HistogramGenerator gen, int blockSize, int buckets, int n) {
    long[] counts = new long[buckets];
    for (int i = 0; i < n; i++) {
      long v = gen.nextValue();
      assertEquals(v, gen.lastValue().longValue());
      assertEquals(0, v % blockSize, "not a multiple of the block size: " + v);
      counts[(int) (v / blockSize)]++;
    }
    return counts;
  }

  @Test
  void should_follow_the_bucket_counts_when_built_from_an_array() {
    HistogramGenerator gen = new HistogramGenerator(new long[] {0, 10, 30, 0, 60}, 8);
    Stats.assertFits("histogram", sample(gen, 8, 5, 300_000), new double[] {0, 0.1, 0.3, 0, 0.6});
    assertEquals((10 * 8 + 30 * 16 + 60 * 32) / 100.0, gen.mean(), 1e-9);
  }

  @Test
  void should_read_the_ycsb_file_format_when_built_from_a_file() throws IOException {
    Path file = dir.resolve("hist.txt");
    Files.write(file, "BlockSize\t10\n0\t1\n1\t3\n\n3\t4\n".getBytes(StandardCharsets.UTF_8));
    HistogramGenerator gen = new HistogramGenerator(file.toString());
    Stats.assertFits("histogram file", sample(gen, 10, 4, 200_000), new double[] {0.125, 0.375, 0, 0.5});
  }

  @Test
  void should_name_the_line_when_the_file_is_malformed() throws IOException {
    Path noHeader = dir.resolve("a.txt");
    Files.write(noHeader, "0\t1\n".getBytes(StandardCharsets.UTF_8));
    IOException e1 = assertThrows(IOException.class, () -> new HistogramGenerator(noHeader.toString()));
    assertTrue(e1.getMessage().contains("line 1") && e1.getMessage().contains("BlockSize"), e1.getMessage());
    Path badCount = dir.resolve("b.txt");
    Files.write(badCount, "BlockSize\t4\n0\t1\n1\tmany\n".getBytes(StandardCharsets.UTF_8));
    IOException e2 = assertThrows(IOException.class, () -> new HistogramGenerator(badCount.toString()));
    assertTrue(e2.getMessage().contains("line 3") && e2.getMessage().contains("many"), e2.getMessage());
    Path empty = dir.resolve("c.txt");
    Files.write(empty, new byte[0]);
    assertThrows(IOException.class, () -> new HistogramGenerator(empty.toString()));
    assertThrows(IOException.class, () -> new HistogramGenerator(dir.resolve("missing.txt").toString()));
  }

  @Test
  void should_reject_the_histogram_when_it_has_no_weight() {
    assertThrows(IllegalArgumentException.class, () -> new HistogramGenerator(new long[] {0, 0}, 1));
    assertThrows(IllegalArgumentException.class, () -> new HistogramGenerator(new long[] {1, -1}, 1));
    assertThrows(IllegalArgumentException.class, () -> new HistogramGenerator(new long[] {1}, 0));
  }
}
