package site.ycsb.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static site.ycsb.testsupport.DeclaredFields.declared;
import static site.ycsb.testsupport.DeclaredFields.keys;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.output.RecordFiles;
import site.ycsb.output.SummaryFields;
import site.ycsb.output.SummaryFields.Causes;
import site.ycsb.output.SummaryFields.Health;
import site.ycsb.output.SummaryFields.Measurement;
import site.ycsb.output.SummaryFields.Verdict;

/**
 * summary.json written by the real engine (in this JVM, BasicDB) and by merge, read back by {@link ResultDir}: every
 * object holds exactly the fields {@link SummaryFields} declares for it, and what the reader returns is what the
 * writer wrote. A field the engine or merge writes under a name of its own, or one declared but never written, fails
 * here.
 */
class SummaryFormatTest {
  /** The top-level fields only sampled nodes or a binding that samples its nodes add: BasicDB has none. */
  private static final List<String> REPORTED_ONLY = Arrays.asList(SummaryFields.DATABASE_NODES,
      SummaryFields.DATABASE_VIEW);
  /** Fields of health and its verdict that only merge writes (declared as "Merged only"). */
  private static final List<String> HEALTH_MERGED_ONLY = Arrays.asList(Health.CLIENT_LIMITED_HOSTS,
      Health.PER_CLIENT);
  private static final List<String> VERDICT_MERGED_ONLY = Arrays.asList(Verdict.HOSTS_BY_CAUSE);

  @TempDir
  Path tmp;

  private Path client;
  private JsonNode written;

  @BeforeEach
  void run() throws Exception {
    Path workload = tmp.resolve("workload");
    Files.write(workload, ("workload=site.ycsb.workloads.CoreWorkload\nrecordcount=100\noperationcount=1500\n"
        + "readproportion=0.5\nupdateproportion=0.5\n").getBytes(StandardCharsets.UTF_8));
    client = tmp.resolve("client");
    // a target (the schedule's figures), both measurements (service and intended), a warm-up, an error budget
    int code = engine("-t", "-db", "site.ycsb.BasicDB", "-P", workload.toString(), "-p", "basicdb.verbose=false",
        "-threads", "2", "-target", "3000", "-p", "measurement.interval=both", "-p", "status.interval=0.5",
        "-p", "warmup=200ms", "-p", "errors.budget=1%", "-p", "results.dir=" + client, "-l", "format");
    assertEquals(0, code, "the engine's run failed");
    written = Json.read(client.resolve(RecordFiles.SUMMARY));
  }

  private static synchronized int engine(String... args) {
    PrintStream out = System.out;
    PrintStream err = System.err;
    try {
      System.setOut(new PrintStream(new ByteArrayOutputStream(), true));
      System.setErr(new PrintStream(new ByteArrayOutputStream(), true));
      return site.ycsb.Client.run(args);
    } finally {
      System.setOut(out);
      System.setErr(err);
    }
  }

  @Test
  void should_write_exactly_the_declared_fields_when_the_engine_writes_a_summary() throws Exception {
    Set<String> top = declared(SummaryFields.class, SummaryFields.FORMAT_VALUE);
    Set<String> expected = new TreeSet<>(top);
    expected.removeAll(REPORTED_ONLY);
    assertEquals(expected, keys(written));
    assertEquals(SummaryFields.FORMAT_VALUE, written.path(SummaryFields.FORMAT).asText());
    assertEquals(declared(SummaryFields.Warmup.class), keys(written.path(SummaryFields.WARMUP)));
    assertEquals(declared(SummaryFields.Errors.class), keys(written.path(SummaryFields.ERRORS)));
    assertEquals(declared(SummaryFields.Database.class), keys(written.path(SummaryFields.DATABASE)));

    JsonNode health = written.path(SummaryFields.HEALTH);
    assertEquals(without(declared(Health.class), HEALTH_MERGED_ONLY), keys(health));
    assertEquals(without(declared(Verdict.class), VERDICT_MERGED_ONLY), keys(health.path(Health.VERDICT)));
    assertEquals(declared(Causes.class), keys(health.path(Health.CAUSES)));

    Set<String> kinds = new TreeSet<>();
    Set<String> measurementFields = declared(Measurement.class, Measurement.KIND_SERVICE, Measurement.KIND_INTENDED);
    Iterator<Map.Entry<String, JsonNode>> it = written.path(SummaryFields.MEASUREMENTS).fields();
    while (it.hasNext()) {
      Map.Entry<String, JsonNode> m = it.next();
      // latencies above an hour are the one field written only when there are any
      assertEquals(without(measurementFields, Arrays.asList(Measurement.CLAMPED_ABOVE_1H)), keys(m.getValue()),
          m.getKey());
      kinds.add(m.getValue().path(Measurement.KIND).asText());
    }
    assertEquals(new TreeSet<>(Arrays.asList(Measurement.KIND_SERVICE, Measurement.KIND_INTENDED)), kinds);
  }

  @Test
  void should_read_what_the_engine_wrote_when_results_loads_the_directory() throws Exception {
    ResultDir dir = ResultDir.load(client);
    assertEquals("run", dir.phase());
    assertEquals("format", dir.label());
    assertEquals("site.ycsb.BasicDB", dir.db());
    assertEquals("site.ycsb.workloads.CoreWorkload", dir.workload());
    assertEquals("workload", dir.workloadName());
    assertEquals(2, dir.threads());
    assertEquals(written.path(SummaryFields.VERSION).asText(), dir.version());
    assertEquals(written.path(SummaryFields.HOST).asText(), dir.host());
    assertFalse(dir.host().isEmpty());
    assertEquals(written.path(SummaryFields.OPERATIONS).asLong(), dir.operations());
    assertTrue(dir.operations() > 0, "operations: " + dir.operations());
    assertEquals(written.path(SummaryFields.THROUGHPUT).asDouble(), dir.throughput(), 0.0);
    assertEquals(written.path(SummaryFields.START_EPOCH_MS).asLong(), dir.startEpochMs());
    assertEquals(written.path(SummaryFields.END_EPOCH_MS).asLong(), dir.endEpochMs());
    assertEquals(500, dir.statusIntervalMs());
    assertEquals("both", dir.property("measurement.interval"));
    assertTrue(dir.measurementNames().containsAll(Arrays.asList("READ", "UPDATE", "Intended-READ")),
        dir.measurementNames().toString());
    assertFalse(dir.isMerged());
    assertEquals(written.path(SummaryFields.RUN_ID).asText(), dir.sourceRuns().get(0)[0]);
    assertTrue(Files.isRegularFile(dir.scheduleLagLog()), dir.scheduleLagLog().toString());
    assertTrue(Files.isRegularFile(dir.timeseries()), dir.timeseries().toString());
    assertTrue(Files.isRegularFile(dir.hdrLog("READ")), dir.hdrLog("READ").toString());
    assertTrue(Files.isRegularFile(client.resolve(RecordFiles.OUTPUT)));
    assertTrue(Files.isRegularFile(client.resolve(RecordFiles.STATUS_LOG)));
    // merge's text output is made from the summary: its overall figures are the engine's output.txt's
    String text = new String(Files.readAllBytes(client.resolve(RecordFiles.OUTPUT)), StandardCharsets.UTF_8);
    String rendered = TextOutput.render(dir.summary());
    String runtime = "[OVERALL], RunTime(ms), " + written.path(SummaryFields.RUNTIME_MS).asLong();
    assertTrue(text.contains(runtime) && rendered.contains(runtime), rendered);
  }

  @Test
  void should_write_the_declared_merged_fields_when_merge_writes_a_summary() throws Exception {
    Path merged = tmp.resolve("merged");
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    assertEquals(0, Merge.run(new String[] {"-o", merged.toString(), client.toString()},
        new PrintStream(new ByteArrayOutputStream(), true), new PrintStream(err, true)), err.toString());
    JsonNode m = Json.read(merged.resolve(RecordFiles.SUMMARY));

    Set<String> allowed = declared(SummaryFields.class, SummaryFields.FORMAT_VALUE);
    allowed.addAll(declared(SummaryFields.OfMerged.class));
    Set<String> extra = without(keys(m), allowed);
    assertEquals(new TreeSet<String>(), extra, "merged fields not declared");
    assertTrue(keys(m).containsAll(declared(SummaryFields.OfMerged.class)), keys(m).toString());
    assertEquals(declared(SummaryFields.Warmup.class), keys(m.path(SummaryFields.WARMUP)));
    assertEquals(declared(SummaryFields.Merge.class), keys(m.path(SummaryFields.OfMerged.MERGE)));
    assertEquals(declared(SummaryFields.Timeline.class), keys(m.path(SummaryFields.OfMerged.TIMELINE)));
    JsonNode events = m.path(SummaryFields.OfMerged.TIMELINE).path(SummaryFields.Timeline.EVENTS);
    assertTrue(events.size() > 0, "the warm-up's end is an event: " + events);
    for (JsonNode event : events) {
      assertEquals(declared(SummaryFields.Event.class), keys(event));
    }
    for (JsonNode run : m.path(SummaryFields.OfMerged.MERGE).path(SummaryFields.Merge.SOURCE_RUNS)) {
      assertEquals(declared(SummaryFields.SourceRun.class), keys(run));
    }
    JsonNode health = m.path(SummaryFields.HEALTH);
    assertEquals(new TreeSet<String>(), without(keys(health), declared(Health.class)), "merged health");
    assertEquals(new TreeSet<String>(), without(keys(health.path(Health.VERDICT)), declared(Verdict.class)));
    assertEquals(new TreeSet<String>(), without(keys(health.path(Health.CAUSES)), declared(Causes.class)));
    for (JsonNode one : health.path(Health.PER_CLIENT)) {
      Set<String> own = declared(Health.class);
      own.add(SummaryFields.HOST);
      assertEquals(new TreeSet<String>(), without(keys(one), own), "perClient");
    }
    Set<String> measurementFields = declared(Measurement.class, Measurement.KIND_SERVICE, Measurement.KIND_INTENDED);
    Iterator<Map.Entry<String, JsonNode>> it = m.path(SummaryFields.MEASUREMENTS).fields();
    while (it.hasNext()) {
      Map.Entry<String, JsonNode> e = it.next();
      assertEquals(new TreeSet<String>(), without(keys(e.getValue()), measurementFields), e.getKey());
    }

    ResultDir read = ResultDir.load(merged);
    assertTrue(read.isMerged());
    assertEquals(ResultDir.load(client).host(), read.clients().get(0));
    assertEquals(written.path(SummaryFields.RUN_ID).asText(), read.sourceRuns().get(0)[0]);
    assertEquals(ResultDir.load(client).fingerprint(), read.sourceRuns().get(0)[1]);
    assertEquals(written.path(SummaryFields.OPERATIONS).asLong(), read.operations());
  }

  private static Set<String> without(Set<String> all, java.util.Collection<String> less) {
    Set<String> out = new TreeSet<>(all);
    out.removeAll(less);
    return out;
  }
}
