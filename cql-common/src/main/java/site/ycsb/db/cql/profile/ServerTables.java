package site.ycsb.db.cql.profile;

import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The {@code CREATE TABLE} statements a CQL binding read from the server for profiles without
 * {@code table_definition} (the table exists already, as cassandra-stress allows), handed to the workload of the
 * same process: the binding's init runs before the workload's {@code initThread}. Thread-safe.
 */
public final class ServerTables {
  private static final ConcurrentMap<String, String> DEFINITIONS = new ConcurrentHashMap<>();

  private ServerTables() {
  }

  /** Records the definition of {@code keyspace.table} as the server gave it. */
  public static void put(String keyspace, String table, String createTable) {
    DEFINITIONS.put(key(keyspace, table), createTable);
  }

  /** The definition of {@code keyspace.table}, or null when no binding has read it. */
  public static String get(String keyspace, String table) {
    return DEFINITIONS.get(key(keyspace, table));
  }

  private static String key(String keyspace, String table) {
    return (keyspace + "." + table).toLowerCase(Locale.ROOT);
  }
}
