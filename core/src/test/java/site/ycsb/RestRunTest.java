package site.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** RestWorkload through the real engine with the shipped workload file and sample traces. */
class RestRunTest {
  private static final String TRACES = "../workloads/rest-traces/";

  private static ClientRunner run(String phase, String... extra) {
    String[] base = {phase, "-db", "site.ycsb.BasicDB", "-P", "../workloads/restworkload", "-p",
        "basicdb.verbose=false", "-p", "url.trace.read=" + TRACES + "read.txt", "-p",
        "url.trace.insert=" + TRACES + "insert.txt", "-p", "url.trace.update=" + TRACES + "update.txt", "-p",
        "url.trace.delete=" + TRACES + "delete.txt"};
    String[] args = java.util.Arrays.copyOf(base, base.length + extra.length);
    System.arraycopy(extra, 0, args, base.length, extra.length);
    return ClientRunner.run(args);
  }

  @Test
  void should_run_the_mix_and_load_the_insert_trace_when_using_the_shipped_file() {
    ClientRunner r = run("-t", "-p", "operationcount=500", "-p", "deleteproportion=0.05");
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(500, r.longValueOrZero("READ", "Operations") + r.longValueOrZero("INSERT", "Operations")
        + r.longValueOrZero("UPDATE", "Operations") + r.longValueOrZero("DELETE", "Operations"));
    ClientRunner load = run("-load");
    assertEquals(0, load.exitCode, load.toString());
    assertEquals(4, load.longValue("INSERT", "Operations"));
  }

  @Test
  void should_exit_2_with_one_line_when_a_trace_file_is_missing() {
    ClientRunner r = run("-t", "-p", "url.trace.read=/no/such/trace.txt");
    assertEquals(2, r.exitCode, r.toString());
    assertTrue(r.err.contains("url.trace.read=/no/such/trace.txt does not exist"), r.err);
    assertFalse(r.err.contains("\tat "), r.err);
  }

  /** Records the keys (URLs) each operation addressed. */
  public static final class UrlRecordingDB extends DB {
    static final java.util.Map<String, java.util.Set<String>> URLS = new java.util.concurrent.ConcurrentHashMap<>();

    private static Status record(String op, String key) {
      URLS.computeIfAbsent(op, k -> java.util.concurrent.ConcurrentHashMap.newKeySet()).add(key);
      return Status.OK;
    }

    @Override
    public Status read(String t, String key, java.util.Set<String> f, java.util.Map<String, ByteIterator> r) {
      return record("read", key);
    }

    @Override
    public Status scan(String t, String k, int n, java.util.Set<String> f,
        java.util.Vector<java.util.HashMap<String, ByteIterator>> r) {
      return Status.NOT_IMPLEMENTED;
    }

    @Override
    public Status update(String t, String key, java.util.Map<String, ByteIterator> v) {
      return record("update", key);
    }

    @Override
    public Status insert(String t, String key, java.util.Map<String, ByteIterator> v) {
      return record("insert", key);
    }

    @Override
    public Status delete(String t, String key) {
      return record("delete", key);
    }
  }

  @org.junit.jupiter.params.ParameterizedTest(name = "{0}recordcount={1}")
  @org.junit.jupiter.params.provider.CsvSource({"read,1", "read,3", "insert,2", "update,1", "update,3", "delete,2",
      "delete,1"})
  void should_use_only_the_first_urls_of_a_trace_when_its_recordcount_is_set_as_in_0_17_0(String op, int count)
      throws java.io.IOException {
    UrlRecordingDB.URLS.clear();
    ClientRunner r = run("-t", "-db", UrlRecordingDB.class.getName(), "-p", "operationcount=400",
        "-p", "readproportion=0", "-p", "updateproportion=0", "-p", "insertproportion=0", "-p", "deleteproportion=0",
        "-p", op + "proportion=1", "-p", op + "recordcount=" + count, "-p", "requestdistribution=uniform");
    assertEquals(0, r.exitCode, r.toString());
    java.util.List<String> firstUrls = new java.util.ArrayList<>();
    for (String line : java.nio.file.Files.readAllLines(java.nio.file.Paths.get(TRACES + op + ".txt"))) {
      if (!line.trim().isEmpty() && !line.trim().startsWith("#") && firstUrls.size() < count) {
        firstUrls.add(line.trim());
      }
    }
    assertEquals(new java.util.TreeSet<>(firstUrls), new java.util.TreeSet<>(UrlRecordingDB.URLS.get(op)));
  }

  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(strings = {"0", "-1", "x", "1000", "2.5"})
  void should_exit_2_when_a_trace_recordcount_is_not_a_count_of_its_urls(String count) {
    ClientRunner r = run("-t", "-p", "readrecordcount=" + count);
    assertEquals(2, r.exitCode, r.toString());
    assertTrue(r.err.contains("readrecordcount=" + count), r.err);
  }
}
