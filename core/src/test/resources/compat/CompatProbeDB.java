package compat;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import site.ycsb.ByteIterator;
import site.ycsb.Client;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.measurements.Measurements;
import site.ycsb.workloads.CoreWorkload;

/**
 * A binding written against YCSB 0.17.0's API only. The compatibility test compiles it against 0.17.0's core
 * and runs it on this core, and compiles it against this core and runs it inside 0.17.0's Client.
 */
public class CompatProbeDB extends DB {
  private static final Map<String, Map<String, String>> STORE = new ConcurrentHashMap<>();
  private static final AtomicLong OPS = new AtomicLong();
  private static final AtomicLong BYTES = new AtomicLong();
  private static int instances;

  @Override
  public void init() throws DBException {
    String table = getProperties().getProperty(CoreWorkload.TABLENAME_PROPERTY,
        CoreWorkload.TABLENAME_PROPERTY_DEFAULT);
    if (!"usertable".equals(table)) {
      throw new DBException("unexpected table " + table);
    }
    if (!isClientProperty(Client.RECORD_COUNT_PROPERTY)
        || !"500".equals(getProperties().getProperty(Client.RECORD_COUNT_PROPERTY, Client.DEFAULT_RECORD_COUNT))) {
      throw new DBException("Client's constants do not name the run's properties");
    }
    synchronized (CompatProbeDB.class) {
      instances++;
    }
  }

  /** 0.17.0's Client constants are compile-time constants: code may use them where Java requires one. */
  private static boolean isClientProperty(String name) {
    switch (name) {
    case Client.OPERATION_COUNT_PROPERTY:
    case Client.RECORD_COUNT_PROPERTY:
    case Client.WORKLOAD_PROPERTY:
    case Client.DB_PROPERTY:
    case Client.EXPORTER_PROPERTY:
    case Client.EXPORT_FILE_PROPERTY:
    case Client.THREAD_COUNT_PROPERTY:
    case Client.INSERT_COUNT_PROPERTY:
    case Client.TARGET_PROPERTY:
    case Client.MAX_EXECUTION_TIME:
    case Client.DO_TRANSACTIONS_PROPERTY:
    case Client.STATUS_PROPERTY:
    case Client.LABEL_PROPERTY:
      return true;
    default:
      return false;
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    OPS.incrementAndGet();
    long intended = Measurements.getMeasurements().getIntendedtartTimeNs();
    if (intended < 0) {
      return Status.UNEXPECTED_STATE;
    }
    Map<String, String> row = STORE.get(key);
    if (row == null) {
      return Status.NOT_FOUND;
    }
    StringByteIterator.putAllAsByteIterators(result, row);
    return Status.OK;
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    OPS.incrementAndGet();
    return Status.NOT_IMPLEMENTED;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    OPS.incrementAndGet();
    Map<String, String> row = STORE.get(key);
    if (row == null) {
      return Status.NOT_FOUND;
    }
    Map<String, String> strings = StringByteIterator.getStringMap(values);
    synchronized (row) {
      row.putAll(strings);
    }
    return Status.OK;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    OPS.incrementAndGet();
    Map<String, String> row = new HashMap<String, String>();
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      byte[] bytes = e.getValue().toArray();
      BYTES.addAndGet(bytes.length);
      row.put(e.getKey(), new String(bytes));
    }
    STORE.put(key, row);
    Measurements.getMeasurements().measure("PROBE-INSERT", 1);
    return Status.OK;
  }

  @Override
  public Status delete(String table, String key) {
    OPS.incrementAndGet();
    return STORE.remove(key) == null ? Status.NOT_FOUND : Status.OK;
  }

  @Override
  public void cleanup() throws DBException {
    synchronized (CompatProbeDB.class) {
      if (--instances == 0) {
        System.out.println("[COMPAT-PROBE], ops=" + OPS.get() + ", rows=" + STORE.size() + ", bytes=" + BYTES.get());
      }
    }
  }
}
