package site.ycsb.db.cql.profile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import site.ycsb.Status;

/**
 * What the workload asks the binding to run for the kinds of operation a profile has (recorded by a stand-in for the
 * binding; the binding itself is covered by the StressProfile integration tests): conditional inserts per
 * partition, the levels, the read before an {@code UPDATE ... IF col = ?}, and a token-range query's position.
 */
class ProfileRequestsTest {
  @TempDir
  Path dir;

  /** Records every request; answers NOT_APPLIED to the requests {@link #notApplied} selects, OK otherwise. */
  static final class Recorder extends NamedOnlyDb {
    final List<ProfileRequest> requests = new ArrayList<>();
    final List<Object> cursorsSeen = new ArrayList<>();
    boolean notApplied;

    @Override
    public Status executeNamed(String name, Object request) {
      ProfileRequest r = (ProfileRequest) request;
      requests.add(r);
      if (r.kind() == ProfileRequest.Kind.TOKEN_RANGE) {
        cursorsSeen.add(r.cursor());
        r.cursor("page after " + requests.size());
        r.resultRows(3);
        r.resultPartitions(2);
      } else if (r.kind() == ProfileRequest.Kind.QUERY) {
        r.resultRows(1);
      }
      return notApplied && r.conditional() ? new Status("NOT_APPLIED", "not applied") : Status.OK;
    }
  }

  private StressProfileWorkload workload(String yaml, String ops) throws Exception {
    Path f = dir.resolve("p.yaml");
    Files.write(f, yaml.getBytes(StandardCharsets.UTF_8));
    Properties p = new Properties();
    p.setProperty("profile", f.toString());
    p.setProperty("ops", ops);
    StressProfileWorkload w = new StressProfileWorkload();
    w.init(p);
    return w;
  }

  private static final String LWT = ProfileKeysTest.BLOG.replace("partitions: fixed(1)", "partitions: fixed(3)")
      .replace("fixed(1)/1000", "fixed(1)/1").replace("fixed(1000)", "fixed(2)");

  @Test
  void should_send_one_conditional_group_per_partition_and_count_not_applied_inserts_apart() throws Exception {
    StressProfileWorkload w = workload(LWT, "insert=1");
    Object state = w.initThread(new Properties(), 0, 1);
    Recorder db = new Recorder();
    assertTrue(w.doInsert(db, state));
    ProfileRequest r = db.requests.get(0);
    assertTrue(r.conditional());
    assertFalse(r.idempotent());
    assertEquals(ProfileRequest.Kind.UNLOGGED_BATCH, r.kind());
    RowGenerator g = w.generator();
    assertEquals(3, r.groups().size()); // three partitions of two rows each: three batches of two
    for (int i = 0; i < 3; i++) {
      List<Object[]> rows = new ArrayList<>();
      g.partitionRows(0, g.partitionOf(0, i), rows);
      List<Object[]> group = r.groups().get(i);
      assertEquals(2, group.size());
      for (int k = 0; k < rows.size(); k++) {
        assertArrayEquals(g.insertValues(rows.get(k)), group.get(k));
      }
    }
    db.notApplied = true;
    assertTrue(w.doInsert(db, state));
    java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
    java.io.PrintStream original = System.err;
    System.setErr(new java.io.PrintStream(err, true, "UTF-8"));
    try {
      w.cleanup();
    } finally {
      System.setErr(original);
    }
    assertTrue(err.toString("UTF-8").contains("2 inserts attempted, insert blocks 0..1 (partition numbers "
        + "block*100000+0..n-1), 0 failed, 1 not applied"), err.toString("UTF-8"));
  }

  @Test
  void should_send_the_rows_of_an_unconditional_insert_as_one_group_with_the_profiles_levels() throws Exception {
    StressProfileWorkload w = workload(LWT.replace("  condition: IF body = NULL       # LWT: Do not override\n",
        "  consistencyLevel: local_quorum\n"), "insert=1");
    Recorder db = new Recorder();
    w.doInsert(db, w.initThread(new Properties(), 0, 1));
    ProfileRequest r = db.requests.get(0);
    assertFalse(r.conditional());
    assertTrue(r.idempotent());
    assertEquals(1, r.groups().size());
    assertEquals(r.rows().size(), r.groups().get(0).size());
    assertEquals("LOCAL_QUORUM", r.consistency());
    assertNull(r.serialConsistency());
  }

  @Test
  void should_ask_to_read_the_rows_key_first_when_a_query_updates_under_a_condition_with_markers() throws Exception {
    StressProfileWorkload w = workload(LWT + "   cas:\n      cql: update posts set title = ? where domain = ? and "
        + "published_date = ? if title = ?\n      fields: samerow\n      serialConsistencyLevel: LOCAL_SERIAL\n",
        "insert=1,cas=1");
    Object state = w.initThread(new Properties(), 0, 1);
    Recorder db = new Recorder();
    w.doInsert(db, state);
    int queries = 0;
    for (int i = 0; i < 200 && queries < 20; i++) {
      w.doTransaction(db, state);
      ProfileRequest r = db.requests.get(db.requests.size() - 1);
      if (r.kind() != ProfileRequest.Kind.WRITE) {
        continue;
      }
      queries++;
      assertTrue(r.conditional() && !r.idempotent());
      assertEquals("LOCAL_SERIAL", r.serialConsistency());
      assertEquals("SELECT \"title\" FROM posts WHERE \"domain\" = ? AND \"published_date\" = ?", r.conditionRead());
      assertArrayEquals(new int[] {3}, r.conditionTargets());
      Object[] values = r.rows().get(0);
      // The key read is the row's key (samerow): the values of the update's domain and published_date markers.
      assertArrayEquals(new Object[] {values[1], values[2]}, r.conditionKey());
    }
    assertEquals(20, queries);
  }

  @Test
  void should_hand_each_token_range_page_the_position_the_previous_page_of_the_thread_left() throws Exception {
    StressProfileWorkload w = workload(LWT + "token_range_queries:\n  all:\n    columns: domain, body\n"
        + "    page_size: 7\n", "all=1");
    Object a = w.initThread(new Properties(), 0, 2);
    Object b = w.initThread(new Properties(), 1, 2);
    Recorder db = new Recorder();
    w.doTransaction(db, a);
    w.doTransaction(db, b);
    w.doTransaction(db, a);
    assertEquals(Arrays.asList(null, null, "page after 1"), db.cursorsSeen);
    ProfileRequest r = db.requests.get(0);
    assertEquals(ProfileRequest.Kind.TOKEN_RANGE, r.kind());
    assertEquals(7, r.pageSize());
    assertEquals("SELECT token(\"domain\"), domain, body FROM posts WHERE token(\"domain\") > ? AND "
        + "token(\"domain\") <= ?", r.cql());
    assertSame(r, db.requests.get(0));
  }
}
