package site.ycsb.testsupport;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;

import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * A test database that answers every operation at once, with OK unless {@link #answer} says otherwise, and returns
 * nothing: the base of the tests' doubles, which override the operations (or the answer) they are about. One
 * instance per client thread, as every binding.
 */
public class OkDB extends DB {
  /** The status of {@code operation} (READ, SCAN, UPDATE, INSERT, DELETE) on {@code key}; OK here. */
  protected Status answer(String operation, String key) {
    return Status.OK;
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return answer("READ", key);
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    return answer("SCAN", startkey);
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return answer("UPDATE", key);
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return answer("INSERT", key);
  }

  @Override
  public Status delete(String table, String key) {
    return answer("DELETE", key);
  }
}
