package site.ycsb.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.HdrHistogram.Histogram;
import org.jfree.data.category.CategoryDataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/** {@code report --bucket}: a long run per hour (or any length), merged across clients, two runs side by side. */
class BucketViewTest {
  private static final long T0 = 1_790_000_000_000L;
  private static final long HOUR = 3_600_000L;

  @TempDir
  Path tmp;

  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  /** A client of {@code minutes} one-minute intervals whose latency grows with the hour; values kept per interval. */
  private static ResultDirFixture client(String host, long seed, int minutes, List<long[]> intended) {
    ResultDirFixture f = new ResultDirFixture();
    f.host = host;
    f.startEpochMs = T0;
    f.intervalSec = 60;
    Random random = new Random(seed);
    for (int i = 0; i < minutes; i++) {
      long[] service = new long[20 + random.nextInt(20)];
      long[] late = new long[service.length];
      for (int k = 0; k < service.length; k++) {
        service[k] = 100 + random.nextInt(1_000 * (1 + i / 60));
        late[k] = service[k] + random.nextInt(5_000);
      }
      f.interval("READ", service);
      f.interval("Intended-READ", late);
      intended.add(late);
    }
    return f;
  }

  private int report(String... args) {
    return Report.run(args, new PrintStream(new ByteArrayOutputStream()), new PrintStream(err));
  }

  private String stderr() {
    return new String(err.toByteArray(), StandardCharsets.UTF_8);
  }

  @Test
  void should_give_each_hour_the_rate_and_percentiles_of_the_merged_histograms_when_two_clients_ran_3_hours()
      throws Exception {
    List<long[]> a = new ArrayList<>();
    List<long[]> b = new ArrayList<>();
    client("a", 1, 180, a).write(tmp.resolve("a"));
    client("b", 2, 180, b).write(tmp.resolve("b"));
    assertEquals(0, Merge.run(new String[] {"-o", tmp.resolve("m").toString(), tmp.resolve("a").toString(),
        tmp.resolve("b").toString()}, new PrintStream(new ByteArrayOutputStream()), new PrintStream(err)), stderr());

    assertEquals(0, report("-o", tmp.resolve("r").toString(), "--bucket", "1h", tmp.resolve("m").toString()),
        stderr());

    List<String> rows = Files.readAllLines(tmp.resolve("r/buckets-A.csv"));
    assertEquals(4, rows.size(), rows.toString());
    for (int hour = 0; hour < 3; hour++) {
      Histogram union = new Histogram(3);
      for (List<long[]> client : java.util.Arrays.asList(a, b)) {
        for (long[] minute : client.subList(hour * 60, hour * 60 + 60)) {
          for (long v : minute) {
            union.recordValue(v);
          }
        }
      }
      String[] cells = rows.get(hour + 1).split(",", -1);
      assertEquals(Integer.toString(hour + 1), cells[1]);
      assertEquals(Long.toString(union.getTotalCount()), cells[4], rows.get(hour + 1));
      assertEquals(ReportTables.fixed1(union.getTotalCount() / 3600.0), cells[5]);
      assertEquals(Long.toString(union.getValueAtPercentile(50)), cells[6]);
      assertEquals(Long.toString(union.getValueAtPercentile(99)), cells[7]);
      assertEquals("intended", cells[8]);
      assertEquals("", cells[9], "a full hour");
    }
    assertTrue(Files.isRegularFile(tmp.resolve("r/charts/buckets-A.svg")));
  }

  @ParameterizedTest
  @CsvSource({"150,yes,true", "130,yes,false", "179,yes,true", "120,,true"})
  void should_show_a_short_last_bucket_at_its_true_rate_and_chart_it_only_when_half_full(int minutes,
      String partial, boolean charted) throws Exception {
    List<long[]> values = new ArrayList<>();
    Path run = client("a", 3, minutes, values).write(tmp.resolve("a"));
    RunCatalog catalog = RunCatalog.load(Collections.singletonList(run));

    BucketView view = BucketView.build(catalog, HOUR);

    Table t = view.tables.get(0);
    List<String> last = t.rows.get(t.rows.size() - 1);
    long ops = 0;
    int fullHours = (minutes - 1) / 60;
    for (long[] minute : values.subList(fullHours * 60, minutes)) {
      ops += minute.length;
    }
    assertEquals(Long.toString(ops), last.get(4));
    assertEquals(ReportTables.fixed1(ops / ((minutes - fullHours * 60) * 60.0)), last.get(5), "its true rate");
    assertEquals(partial == null ? "" : partial, last.get(9));
    CategoryDataset chart = view.charts.get(0).chart.getCategoryPlot().getDataset();
    assertEquals(charted ? fullHours + 1 : fullHours, chart.getColumnCount());
  }

  @Test
  void should_put_two_runs_side_by_side_when_compared() throws Exception {
    Path a = client("a", 4, 120, new ArrayList<>()).write(tmp.resolve("x/griddb"));
    Path b = client("b", 5, 120, new ArrayList<>()).write(tmp.resolve("x/cassandra"));

    BucketView view = BucketView.build(RunCatalog.pair(a, b), HOUR);

    CategoryDataset chart = view.charts.get(0).chart.getCategoryPlot().getDataset();
    assertEquals(java.util.Arrays.asList("griddb", "cassandra"), chart.getRowKeys());
    assertEquals(2, chart.getColumnCount());
    assertEquals(0, report("-o", tmp.resolve("r").toString(), "--bucket", "30m", "--compare", a.toString(),
        b.toString()), stderr());
    assertEquals(1 + 2 * 4, Files.readAllLines(tmp.resolve("r/buckets-A.csv")).size());
  }

  @ParameterizedTest
  @CsvSource({"1h,3600000", "0.5h,1800000", "30m,1800000", "10s,10000", "1.5m,90000", "24H,86400000"})
  void should_read_a_bucket_length_when_written_as_a_duration(String text, long ms) throws Exception {
    assertEquals(ms, ReportOptions.bucketMs(text));
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "500ms", "1", "h", "-1h", "1d", "abc", "0h", "NaNh", "1e9h", ""})
  void should_refuse_in_one_line_when_a_bucket_is_not_a_duration_of_a_second_or_more(String text) throws Exception {
    Path run = client("a", 6, 3, new ArrayList<>()).write(tmp.resolve("a"));

    assertEquals(2, report("-o", tmp.resolve("r").toString(), "--bucket", text, run.toString()));

    assertTrue(stderr().startsWith("report: --bucket takes a duration of at least 1s"), stderr());
    assertEquals(1, stderr().trim().split("\n").length);
  }
}
