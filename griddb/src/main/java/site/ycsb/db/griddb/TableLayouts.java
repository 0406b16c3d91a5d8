package site.ycsb.db.griddb;

import site.ycsb.DBException;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Creates (or checks) each table's containers once per process, whatever the number of client threads, and
 * remembers the container list.
 *
 * <p>A table's container count is recorded in the collection {@code <table>_layout} (row {@code containercount}) by
 * the run that creates it, and later runs route with that count, so a run phase always finds what the load phase
 * wrote; an explicit {@code griddb.containercount} that disagrees with it is an error.
 *
 * <p>Thread-safe: client threads call {@link #obtain} concurrently during init. Known layouts are read without a
 * lock; creating one is serialised on the class, so one thread creates (or checks) a table's containers and the
 * others wait for its result. The returned lists are shared and must not be modified.
 */
public final class TableLayouts {
  static final String COUNT_ROW = "containercount";
  private static final TableSchema META_SCHEMA = new TableSchema(1, "value");
  private static final Map<String, List<String>> LAYOUTS = new ConcurrentHashMap<>();

  private TableLayouts() {
  }

  /** Name of the collection recording a table's layout. */
  static String metaContainer(String table) {
    return table + "_layout";
  }

  /**
   * The container names of {@code table}, created if needed.
   *
   * @param scope identifies the cluster (so two clusters in one process do not share layouts)
   */
  public static List<String> obtain(String scope, String table, int configuredCount, TableSchema schema,
                                    StoreSession session) throws StoreException, DBException {
    String id = scope + "\u0000" + table + "\u0000" + schema.columns();
    List<String> known = LAYOUTS.get(id);
    if (known != null) {
      return known;
    }
    synchronized (TableLayouts.class) {
      known = LAYOUTS.get(id);
      if (known == null) {
        known = create(table, configuredCount, schema, session);
        LAYOUTS.put(id, known);
      }
      return known;
    }
  }

  /** Forgets all layouts (unit tests). */
  static void reset() {
    LAYOUTS.clear();
  }

  private static List<String> create(String table, int configuredCount, TableSchema schema, StoreSession session)
      throws StoreException, DBException {
    if (!table.matches("[A-Za-z0-9_]+")) {
      throw new DBException("GridDB: table '" + table + "' must use only letters, digits and '_'");
    }
    int partitions = session.partitionCount();
    String meta = metaContainer(table);
    ensure(session, meta, META_SCHEMA);
    String[] stored = session.get(meta, COUNT_ROW);
    int count;
    if (stored != null && stored[1] != null) {
      int storedCount;
      try {
        storedCount = Integer.parseInt(stored[1]);
      } catch (NumberFormatException e) {
        throw new DBException("GridDB: " + meta + " holds an unreadable container count '" + stored[1] + "'");
      }
      if (configuredCount != 0 && configuredCount != storedCount) {
        throw new DBException("GridDB: table " + table + " was created with " + storedCount
            + " containers but griddb.containercount=" + configuredCount
            + "; drop its containers or use that count (or leave griddb.containercount unset)");
      }
      count = storedCount;
    } else {
      count = configuredCount == 0 ? partitions : configuredCount;
    }
    List<String> names = ContainerLayout.choose(table, count, partitions, session::partitionOf);
    for (String name : names) {
      ensure(session, name, schema);
    }
    if (stored == null) {
      String[] row = META_SCHEMA.newRow(COUNT_ROW);
      row[1] = Integer.toString(count);
      session.put(meta, row);
    }
    return names;
  }

  private static void ensure(StoreSession session, String container, TableSchema schema)
      throws StoreException, DBException {
    ContainerSchema existing = session.schemaOf(container);
    if (existing == null) {
      session.createContainer(container, schema);
      return;
    }
    String mismatch = schema.mismatch(existing);
    if (mismatch != null) {
      throw new DBException("GridDB: container " + container + " already exists with another schema: " + mismatch
          + "; drop it or use another table name");
    }
  }
}
