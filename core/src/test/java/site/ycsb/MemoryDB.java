package site.ycsb;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.Vector;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;

/** A real (in-memory, process-wide) key-value store used by engine tests to check what the workload wrote. */
public class MemoryDB extends DB {
  static final ConcurrentHashMap<String, ConcurrentSkipListMap<String, Map<String, byte[]>>> TABLES =
      new ConcurrentHashMap<>();

  public static void clear() {
    TABLES.clear();
  }

  public static ConcurrentSkipListMap<String, Map<String, byte[]>> table(String name) {
    return TABLES.computeIfAbsent(name, n -> new ConcurrentSkipListMap<>());
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    Map<String, byte[]> row = table(table).get(key);
    if (row == null) {
      return Status.NOT_FOUND;
    }
    synchronized (row) {
      for (Map.Entry<String, byte[]> e : row.entrySet()) {
        if (fields == null || fields.contains(e.getKey())) {
          result.put(e.getKey(), new ByteArrayByteIterator(e.getValue()));
        }
      }
    }
    return Status.OK;
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    for (String key : table(table).tailMap(startkey, true).keySet()) {
      if (result.size() >= recordcount) {
        break;
      }
      HashMap<String, ByteIterator> row = new HashMap<>();
      read(table, key, fields, row);
      result.add(row);
    }
    return Status.OK;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    Map<String, byte[]> row = table(table).get(key);
    if (row == null) {
      return Status.NOT_FOUND;
    }
    synchronized (row) {
      for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
        row.put(e.getKey(), e.getValue().toArray());
      }
    }
    return Status.OK;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    Map<String, byte[]> row = new TreeMap<>();
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      row.put(e.getKey(), e.getValue().toArray());
    }
    table(table).put(key, row);
    return Status.OK;
  }

  @Override
  public Status delete(String table, String key) {
    return table(table).remove(key) == null ? Status.NOT_FOUND : Status.OK;
  }
}
