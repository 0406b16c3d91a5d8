package site.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Map;

import org.junit.jupiter.api.Test;
import site.ycsb.cli.ExitCode;

/** BATCHED_OK (a binding that buffers inserts, e.g. GridDB's griddb.insertbatchsize) is a success everywhere. */
class BatchedInsertTest {
  /** The null database, acknowledging every insert as batched. */
  public static class BatchingDB extends BasicDB {
    @Override
    public Status insert(String table, String key, Map<String, ByteIterator> values) {
      return Status.BATCHED_OK;
    }
  }

  @Test
  void should_not_call_the_run_failed_when_every_insert_was_batched() {
    ClientRunner r = ClientRunner.run("-load", "-db", BatchingDB.class.getName(), "-p",
        "workload=site.ycsb.workloads.CoreWorkload", "-p", "recordcount=500", "-p", "basicdb.verbose=false",
        "-threads", "2");
    assertEquals(ExitCode.OK, r.exitCode, r.toString());
    assertEquals(500, r.longValue("INSERT", "Return=BATCHED_OK"));
    assertFalse(r.err.contains("operations failed"), r.err);
  }
}
