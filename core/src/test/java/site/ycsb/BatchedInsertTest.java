package site.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;

import org.junit.jupiter.api.Test;

/** BATCHED_OK (a binding that buffers inserts, e.g. GridDB's griddb.insertbatchsize) is a success everywhere. */
class BatchedInsertTest {
  /** Acknowledges every insert as batched. */
  public static class BatchingDB extends DB {
    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
      return Status.OK;
    }

    @Override
    public Status scan(String table, String startkey, int recordcount, Set<String> fields,
        Vector<HashMap<String, ByteIterator>> result) {
      return Status.OK;
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
      return Status.OK;
    }

    @Override
    public Status insert(String table, String key, Map<String, ByteIterator> values) {
      return Status.BATCHED_OK;
    }

    @Override
    public Status delete(String table, String key) {
      return Status.OK;
    }
  }

  @Test
  void should_not_call_the_run_failed_when_every_insert_was_batched() {
    ClientRunner r = ClientRunner.run("-load", "-db", BatchingDB.class.getName(), "-p",
        "workload=site.ycsb.workloads.CoreWorkload", "-p", "recordcount=500", "-threads", "2");
    assertEquals(ExitCode.OK, r.exitCode, r.toString());
    assertEquals(500, r.longValue("INSERT", "Return=BATCHED_OK"));
    assertFalse(r.err.contains("operations failed"), r.err);
  }
}
