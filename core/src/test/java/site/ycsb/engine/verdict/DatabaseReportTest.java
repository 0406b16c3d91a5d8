package site.ycsb.engine.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static site.ycsb.testsupport.DeclaredFields.declared;
import static site.ycsb.testsupport.DeclaredFields.keys;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import site.ycsb.ClientRunner;
import site.ycsb.MemoryDB;
import site.ycsb.NodeEventsDB;
import site.ycsb.cli.ExitCode;
import site.ycsb.output.RecordFiles;
import site.ycsb.output.SummaryFields;
import site.ycsb.support.DatabaseReports;

/**
 * What a binding reports through {@link DatabaseReports} reaches the run's record: its settings in summary.json, each
 * node event as a line when it happens, and a verdict that names the nodes that went down — or says the cluster was
 * unreachable when none was up.
 */
class DatabaseReportTest {
  @TempDir
  Path tmp;

  @BeforeEach
  void clear() {
    MemoryDB.clear();
    NodeEventsDB.reset();
  }

  private ClientRunner run(Path results, String... more) throws IOException {
    Path w = tmp.resolve("workload");
    Files.write(w, ("workload=" + site.ycsb.NotFoundTolerantWorkload.class.getName() + "\nrecordcount=20\noperationcount=200\n"
        + "readproportion=1\nupdateproportion=0\ntable=nodes\n").getBytes(StandardCharsets.UTF_8));
    java.util.List<String> args = new java.util.ArrayList<>(java.util.Arrays.asList("-t", "-db",
        NodeEventsDB.class.getName(), "-P", w.toString(), "-threads", "1", "-p", "results.dir=" + results,
        "-p", "max_consecutive_errors=0"));
    args.addAll(java.util.Arrays.asList(more));
    return ClientRunner.run(args.toArray(new String[0]));
  }

  /** summary.json without its white space (the writer indents it). */
  private static String summary(Path results) throws IOException {
    return new String(Files.readAllBytes(results.resolve("summary.json")), StandardCharsets.UTF_8)
        .replaceAll("\\s+", "");
  }

  @Test
  void should_name_the_node_that_went_down_and_came_back_in_a_verdict_and_keep_the_events_and_settings()
      throws IOException {
    Path results = tmp.resolve("r");
    ClientRunner r = run(results, "-p", "nodeevents.back=true");
    assertEquals(ExitCode.OK, r.exitCode, r.toString());
    assertTrue(r.err.contains("nodetest: node 127.0.0.3:9042 down (test host-down event; 2 of 3 nodes up)"), r.err);
    assertTrue(r.err.matches("(?s).*WARNING: database node went down during the run \\(the nodetest binding's client "
        + "library, host-down and host-up events\\): 127\\.0\\.0\\.3:9042 down at \\+\\d+\\.\\d s, up again at "
        + "\\+\\d+\\.\\d s\\. .*"), r.err);
    assertFalse(r.err.contains("unreachable"), r.err);
    String s = summary(results);
    assertTrue(s.contains("\"database\":{\"settings\":{\"nodetest\":{\"readconsistency\":\"ONE\"}}"), s);
    assertTrue(s.contains("\"node\":\"127.0.0.3:9042\",\"state\":\"down\""), s);
    assertTrue(s.contains("\"node\":\"127.0.0.3:9042\",\"state\":\"up\""), s);
    assertTrue(s.contains("databasenodewentdownduringtherun"), "in health.warnings: " + s);
    assertFalse(DatabaseReports.listened(), "the engine stops listening when the run ends");
  }

  @Test
  void should_say_the_cluster_was_unreachable_when_every_node_the_client_knew_went_down() throws IOException {
    Path results = tmp.resolve("r");
    ClientRunner r = run(results, "-p", "nodeevents.all=true");
    assertEquals(ExitCode.ERRORS_OVER_BUDGET, r.exitCode, "max_consecutive_errors=0: failures are counted, the run "
        + "completes, and its exit code says they were over errors.budget: " + r);
    assertTrue(r.longValue("READ", "Return=SERVICE_UNAVAILABLE") > 100, r.out);
    assertTrue(r.err.matches("(?s).*WARNING: the cluster was unreachable: no node of the 3 the client knew was up "
        + "from \\+\\d+\\.\\d s until the run ended \\(.*127\\.0\\.0\\.1:9042 down at .*"), r.err);
    int unreachable = r.err.indexOf("WARNING: the cluster was unreachable");
    int failed = r.err.indexOf("operations failed (");
    assertTrue(failed > 0, "the failures are named: " + r.err);
    assertTrue(unreachable < failed, "the cluster's verdict comes first: " + r.err);
    for (String otherCause : new String[] {"the client limited", "client-limited", "the machine did not run",
        "the schedule was not kept"}) {
      assertFalse(r.err.contains(otherCause), "one cause per fact: " + r.err);
    }
    assertTrue(summary(results).contains("theclusterwasunreachable"), summary(results));
  }

  @Test
  void should_tell_whether_no_node_was_up_within_a_window_when_asked_for_the_lateness_verdict() {
    DatabaseReport one = DatabaseReport.listen(new java.io.PrintStream(new java.io.ByteArrayOutputStream()));
    try {
      long before = System.currentTimeMillis();
      site.ycsb.support.DatabaseReports.nodeEvent("t", "127.0.0.1:9042", false, 1, 2, "test");
      assertFalse(one.unreachable(before - 1000, System.currentTimeMillis() + 1000), "one node of two still up");
      site.ycsb.support.DatabaseReports.nodeEvent("t", "127.0.0.2:9042", false, 0, 2, "test");
      long down = System.currentTimeMillis();
      assertTrue(one.unreachable(before - 1000, down + 1000), "none up, to the end of the window");
      assertFalse(one.unreachable(before - 60_000, before - 30_000), "a window that ended before the outage");
      site.ycsb.support.DatabaseReports.nodeEvent("t", "127.0.0.1:9042", true, 1, 2, "test");
      long back = System.currentTimeMillis();
      assertTrue(one.unreachable(before - 1000, back + 1000), "the outage lay inside the window");
      assertFalse(one.unreachable(back + 60_000, back + 120_000), "a window after the cluster came back");
    } finally {
      one.stop();
    }
  }

  @Test
  void should_place_an_event_at_the_start_when_it_is_within_the_clocks_resolution_before_it() {
    assertEquals("+0.0 s", DatabaseReport.when(1_000_000 - DatabaseView.CLOCK_SLACK_MS, 1_000_000));
    assertEquals("+0.0 s", DatabaseReport.when(1_000_000, 1_000_000));
    assertEquals("+1.5 s", DatabaseReport.when(1_001_500, 1_000_000));
    assertEquals("0.0 s before the measured run", DatabaseReport.when(999_990, 1_000_000));
    assertEquals("3.0 s before the measured run", DatabaseReport.when(997_000, 1_000_000));
  }

  @Test
  void should_give_no_database_verdict_and_an_empty_event_list_when_no_node_went_down() throws IOException {
    Path results = tmp.resolve("r");
    ClientRunner r = run(results, "-p", "operationcount=20");
    assertEquals(ExitCode.OK, r.exitCode, r.toString());
    assertFalse(r.err.contains("went down"), r.err);
    assertTrue(summary(results).contains("\"nodeEvents\":[]"), summary(results));
  }

  @Test
  void should_keep_each_nodes_own_figures_and_name_the_queue_in_a_verdict_when_a_binding_samples_them()
      throws IOException {
    Path results = tmp.resolve("r");
    ClientRunner r = run(results, "-p", "nodeevents.gauges=true", "-p", "operationcount=40");
    assertEquals(ExitCode.OK, r.exitCode, r.toString());
    String s = summary(results);
    assertTrue(s.contains("\"databaseView\":{\"nodes\":[{\"node\":\"127.0.0.2:9042\",\"binding\":\"nodetest\","
        + "\"source\":\"testthreadpools\",\"samples\":4,\"figures\":{\"ReadStageactive\":{\"mean\":32.0,\"max\":32.0},"
        + "\"ReadStagepending\":{\"mean\":4.0,\"max\":4.0}}},{\"node\":\"127.0.0.3:9042\""), s);
    assertTrue(s.contains("\"MutationStageactive\":{\"mean\":1.0,\"max\":1.0}}}]"), "0 throughout is left out: " + s);
    assertTrue(r.err.contains("Database's own view of node 127.0.0.2:9042 (nodetest, test thread pools, 4 samples; "
        + "mean/max over the measured run): ReadStage active 32/32, ReadStage pending 4/4"), r.err);
    assertTrue(r.err.contains("WARNING: the database held work back by its own view (nodetest, test thread pools): "
        + "node 127.0.0.2:9042: 4 tasks pending in ReadStage (max; mean 4). "), r.err);
    assertFalse(r.err.contains("node 127.0.0.3:9042: "), "an idle node is not in the verdict: " + r.err);
    assertTrue(s.contains("thedatabaseheldworkbackbyitsownview"), "in health.warnings and the section: " + s);
  }

  @Test
  void should_write_only_the_declared_fields_when_writing_the_database_sections() throws Exception {
    Path results = tmp.resolve("r");
    ClientRunner r = run(results, "-p", "nodeevents.back=true", "-p", "nodeevents.gauges=true");
    assertEquals(ExitCode.OK, r.exitCode, r.toString());
    JsonNode s = new ObjectMapper().readTree(results.resolve(RecordFiles.SUMMARY).toFile());
    JsonNode database = s.path(SummaryFields.DATABASE);
    assertEquals(declared(SummaryFields.Database.class), keys(database));
    JsonNode events = database.path(SummaryFields.Database.NODE_EVENTS);
    assertTrue(events.size() >= 2, events.toString());
    for (JsonNode e : events) {
      assertEquals(declared(SummaryFields.NodeEvent.class), keys(e));
    }
    JsonNode view = s.path(SummaryFields.DATABASE_VIEW);
    assertEquals(declared(SummaryFields.DatabaseView.class), keys(view));
    assertTrue(view.path(SummaryFields.DatabaseView.NODES).size() > 0, view.toString());
    for (JsonNode n : view.path(SummaryFields.DatabaseView.NODES)) {
      Set<String> fields = keys(n);
      fields.add(SummaryFields.ViewNode.DROPPED_SAMPLES); // only when samples were dropped
      assertEquals(declared(SummaryFields.ViewNode.class), fields);
      n.path(SummaryFields.ViewNode.FIGURES).forEach(f -> assertEquals(declared(SummaryFields.ViewFigure.class),
          keys(f)));
    }
  }

  @Test
  void should_write_no_database_view_when_no_binding_sampled_one() throws IOException {
    Path results = tmp.resolve("r");
    ClientRunner r = run(results, "-p", "operationcount=20");
    assertEquals(ExitCode.OK, r.exitCode, r.toString());
    assertFalse(summary(results).contains("databaseView"), summary(results));
    assertFalse(r.err.contains("Database's own view"), r.err);
  }

  @Test
  void should_pair_each_silence_with_its_answer_and_cut_it_to_the_measured_window_when_nodes_stopped_answering() {
    java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
    DatabaseReport report = DatabaseReport.listen(new java.io.PrintStream(printed, true));
    try {
      DatabaseReports.nodeSilence("nodetest", "127.0.0.3:9042", true, 2, 3, "no answer for 2.0 s to 9 requests");
      DatabaseReports.nodeSilence("nodetest", "127.0.0.3:9042", false, 3, 3, "answered a probe");
      DatabaseReports.nodeSilence("nodetest", "127.0.0.2:9042", true, 2, 3, "no answer for 2.0 s to 4 requests");
    } finally {
      report.stop();
    }
    java.util.List<DatabaseReports.NodeEvent> events = report.events();
    long t0 = events.get(0).epochMillis();
    long t2 = events.get(2).epochMillis();
    // a window that starts before the first silence and ends after the last event: both silences, the second open
    java.util.List<DatabaseReport.Silence> all = report.silences(t0 - 1000, t2 + 5000);
    assertEquals(2, all.size(), all.toString());
    assertEquals("127.0.0.3:9042", all.get(0).node);
    assertFalse(all.get(0).ongoing);
    assertEquals("127.0.0.2:9042", all.get(1).node);
    assertTrue(all.get(1).ongoing);
    assertEquals(t2 + 5000, all.get(1).toMs, "an open silence lasts to the window's end");
    assertTrue(all.get(1).micros() >= 5_000_000);
    // a window that ends before the first silence sees none
    assertTrue(report.silences(t0 - 5000, t0 - 1000).isEmpty());
    // a window that starts after the first answer: only the open one, cut at the window's start
    java.util.List<DatabaseReport.Silence> late = report.silences(t2 + 1000, t2 + 3000);
    assertEquals(1, late.size(), late.toString());
    assertEquals(2_000_000, late.get(0).micros());
    String verdict = report.verdict(t0);
    assertTrue(verdict.startsWith("database nodes stopped answering during the run (the nodetest binding, requests "
        + "left unanswered over open connections): 127.0.0.3:9042 stopped answering at +0.0 s, answered again at +"),
        verdict);
    assertTrue(verdict.contains("127.0.0.2:9042 stopped answering at +"), verdict);
    String json = report.json().replaceAll("\\s+", "");
    assertTrue(json.contains("\"node\":\"127.0.0.3:9042\",\"state\":\"silent\""), json);
    assertTrue(json.contains("\"state\":\"answering\""), json);
    assertTrue(new String(printed.toByteArray(), StandardCharsets.UTF_8).contains(
        "nodetest: node 127.0.0.3:9042 stopped answering (no answer for 2.0 s to 9 requests; 2 of 3 nodes answering)"));
  }

  @Test
  void should_say_down_not_down_again_when_a_node_first_stopped_answering_then_went_down() {
    DatabaseReport report = heard(() -> {
      DatabaseReports.nodeSilence("nodetest", "127.0.0.3:9042", true, 2, 3, "no answer for 2.0 s");
      DatabaseReports.nodeEvent("nodetest", "127.0.0.3:9042", false, 2, 3, "the driver's host-down event");
      DatabaseReports.nodeEvent("nodetest", "127.0.0.3:9042", true, 3, 3, "the driver's host-up event");
      DatabaseReports.nodeEvent("nodetest", "127.0.0.3:9042", false, 2, 3, "the driver's host-down event");
    });
    String verdict = report.verdict(report.events().get(0).epochMillis());
    assertTrue(verdict.matches("database node went down or stopped answering during the run \\(.*\\): 127\\.0\\.0\\.3:9042 "
        + "stopped answering at \\+\\d+\\.\\d s, down at \\+\\d+\\.\\d s, up again at \\+\\d+\\.\\d s, down again at .*"), verdict);
  }

  @Test
  void should_not_call_the_cluster_unreachable_when_every_node_was_only_silent_for_a_moment() {
    DatabaseReport report = heard(() -> {
      DatabaseReports.nodeSilence("nodetest", "127.0.0.1:9042", true, 2, 3, "no answer for 2.0 s");
      DatabaseReports.nodeSilence("nodetest", "127.0.0.2:9042", true, 1, 3, "no answer for 2.0 s");
      DatabaseReports.nodeSilence("nodetest", "127.0.0.3:9042", true, 0, 3, "no answer for 2.0 s");
      DatabaseReports.nodeSilence("nodetest", "127.0.0.3:9042", false, 1, 3, "answered");
    });
    String verdict = report.verdict(report.events().get(0).epochMillis());
    assertTrue(verdict.startsWith("database nodes stopped answering during the run"), verdict);
    assertFalse(verdict.contains("unreachable"), verdict);
  }

  @Test
  void should_name_a_slow_node_apart_and_keep_it_out_of_the_silences_when_a_node_answered_slowly() {
    DatabaseReport report = heard(() -> {
      DatabaseReports.nodeSlowness("nodetest", "127.0.0.3:9042", true, 2, 3, "p99 295 ms, the others' 1.9 ms");
      DatabaseReports.nodeSlowness("nodetest", "127.0.0.3:9042", false, 3, 3, "p99 1.9 ms");
    });
    java.util.List<DatabaseReports.NodeEvent> events = report.events();
    long t0 = events.get(0).epochMillis();
    assertTrue(report.silences(t0 - 1000, t0 + 60_000).isEmpty(), "a slow node is no silence");
    String verdict = report.verdict(t0);
    assertTrue(verdict.matches("database node answered far slower than the other nodes during the run \\(the "
        + "nodetest binding's answer times per node\\): 127\\.0\\.0\\.3:9042 slow at \\+0\\.0 s \\(p99 295 ms, the "
        + "others' 1\\.9 ms\\), at the others' speed again at \\+\\d+\\.\\d s\\. Operations sent to it waited on it: "
        + "the database's doing, not the client's\\."), verdict);
    assertFalse(verdict.contains("went down") || verdict.contains("stopped answering"), verdict);
    String json = report.json().replaceAll("\\s+", "");
    assertTrue(json.contains("\"node\":\"127.0.0.3:9042\",\"state\":\"slow\""), json);
    assertTrue(json.contains("\"state\":\"normal\""), json);
  }

  @Test
  void should_add_the_slow_node_after_the_down_one_when_one_node_went_down_and_another_answered_slowly() {
    DatabaseReport report = heard(() -> {
      DatabaseReports.nodeEvent("nodetest", "127.0.0.1:9042", false, 2, 3, "the driver's host-down event");
      DatabaseReports.nodeSlowness("nodetest", "127.0.0.2:9042", true, 2, 3, "p99 400 ms");
    });
    String verdict = report.verdict(report.events().get(0).epochMillis());
    assertTrue(verdict.startsWith("database node went down during the run (the nodetest binding's client library, "
        + "host-down and host-up events): 127.0.0.1:9042 down at +0.0 s."), verdict);
    assertTrue(verdict.contains("not the client's. Database node answered far slower than the other nodes during the "
        + "run (the nodetest binding's answer times per node): 127.0.0.2:9042 slow at +"), verdict);
    assertFalse(verdict.contains("unreachable"), verdict);
  }

  /** A report that heard what {@code events} (the bindings' calls) said, and listens no longer. */
  private static DatabaseReport heard(Runnable events) {
    DatabaseReport report = DatabaseReport.listen(new java.io.PrintStream(new java.io.ByteArrayOutputStream()));
    try {
      events.run();
    } finally {
      report.stop();
    }
    return report;
  }
}
