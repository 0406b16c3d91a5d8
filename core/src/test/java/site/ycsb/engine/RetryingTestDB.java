package site.ycsb.engine;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;

import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.support.RetryCounters;

/**
 * TEST DOUBLE: a database that answers every call at once and counts one retry per call, under the call's name, in
 * binding-support's {@link RetryCounters}, as a binding that retried each request once would.
 */
public final class RetryingTestDB extends DB {
  /** One set for the JVM, as a binding's shared runtime holds one: a later run in the same JVM starts from its counts. */
  static final RetryCounters COUNTERS = new RetryCounters("READ", "UPDATE", "INSERT", "SCAN", "DELETE");

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    COUNTERS.recordRetry("READ");
    result.put("field0", new StringByteIterator("v"));
    return Status.OK;
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    COUNTERS.recordRetry("SCAN");
    return Status.OK;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    COUNTERS.recordRetry("UPDATE");
    return Status.OK;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    COUNTERS.recordRetry("INSERT");
    return Status.OK;
  }

  @Override
  public Status delete(String table, String key) {
    COUNTERS.recordRetry("DELETE");
    return Status.OK;
  }
}
