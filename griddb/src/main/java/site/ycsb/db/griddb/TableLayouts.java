package site.ycsb.db.griddb;

import site.ycsb.DBException;

import java.util.ArrayList;
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
  static final String INDEX_ROW = "scanindexcount";
  /** Scan-index containers of a new table unless {@code griddb.scanindexcount} says otherwise. */
  public static final int DEFAULT_SCAN_INDEX = 8;
  private static final TableSchema META_SCHEMA = new TableSchema(1, "value");
  private static final Map<String, ContainerRouter> LAYOUTS = new ConcurrentHashMap<>();

  private TableLayouts() {
  }

  /** Name of the collection recording a table's layout. */
  static String metaContainer(String table) {
    return table + "_layout";
  }

  /**
   * The containers of {@code table} (data and scan index), created if needed.
   *
   * @param scope identifies the cluster (so two clusters in one process do not share layouts)
   * @param configuredIndex scan-index containers asked for; -1 = unset
   */
  public static ContainerRouter obtain(String scope, String table, int configuredCount, int configuredIndex,
                                       TableSchema schema, StoreSession session) throws StoreException, DBException {
    String id = scope + "\u0000" + table + "\u0000" + schema.columns();
    ContainerRouter known = LAYOUTS.get(id);
    if (known != null) {
      return known;
    }
    synchronized (TableLayouts.class) {
      known = LAYOUTS.get(id);
      if (known == null) {
        known = create(table, configuredCount, configuredIndex, schema, session);
        LAYOUTS.put(id, known);
      }
      return known;
    }
  }

  /** Forgets all layouts (unit tests). */
  static void reset() {
    LAYOUTS.clear();
  }

  private static ContainerRouter create(String table, int configuredCount, int configuredIndex, TableSchema schema,
                                        StoreSession session) throws StoreException, DBException {
    if (!table.matches("[A-Za-z0-9_]+")) {
      throw new DBException("GridDB: table '" + table + "' must use only letters, digits and '_'");
    }
    int partitions = session.partitionCount();
    String meta = metaContainer(table);
    ensure(session, meta, META_SCHEMA);
    String[] stored = session.get(meta, COUNT_ROW);
    Integer storedCount = recorded(meta, stored, "container count");
    int count;
    if (storedCount != null) {
      if (configuredCount != 0 && configuredCount != storedCount) {
        throw disagrees(table, storedCount, "containers", "griddb.containercount", configuredCount);
      }
      count = storedCount;
    } else {
      count = configuredCount == 0 ? partitions : configuredCount;
    }
    int indexCount = indexCount(table, meta, stored != null, configuredIndex, session);
    List<String> names = ContainerLayout.choose(table, count, partitions, session::partitionOf);
    for (String name : names) {
      ensure(session, name, schema);
    }
    List<String> index = indexCount == 0 ? new ArrayList<>()
        : ContainerLayout.choose(indexPrefix(table), indexCount, partitions, session::partitionOf);
    for (String name : index) {
      ensureIndex(session, name);
    }
    if (stored == null) {
      // The index count first: a table whose count row exists is complete, and one without an index row is old.
      String[] row = META_SCHEMA.newRow(INDEX_ROW);
      row[1] = Integer.toString(indexCount);
      session.put(meta, row);
      row = META_SCHEMA.newRow(COUNT_ROW);
      row[1] = Integer.toString(count);
      session.put(meta, row);
    }
    return new ContainerRouter(names, index);
  }

  /** Prefix of a table's scan-index container names ({@code <table>_scan_<n>}). */
  static String indexPrefix(String table) {
    return table + "_scan";
  }

  /**
   * A new table gets the configured count (default {@link #DEFAULT_SCAN_INDEX}); an existing one keeps its recorded
   * count, and one written before scan indexes existed (no row) has none: its scans use SQL.
   */
  private static int indexCount(String table, String meta, boolean exists, int configured, StoreSession session)
      throws StoreException, DBException {
    if (!exists) {
      return configured < 0 ? DEFAULT_SCAN_INDEX : configured;
    }
    Integer stored = recorded(meta, session.get(meta, INDEX_ROW), "scan index count");
    int count = stored == null ? 0 : stored;
    if (configured >= 0 && configured != count) {
      throw disagrees(table, count, "scan index containers", "griddb.scanindexcount", configured);
    }
    return count;
  }

  /** The number a row of the layout container holds, null if the row or its value is missing. */
  private static Integer recorded(String meta, String[] row, String what) throws DBException {
    if (row == null || row[1] == null) {
      return null;
    }
    try {
      return Integer.parseInt(row[1]);
    } catch (NumberFormatException e) {
      throw new DBException("GridDB: " + meta + " holds an unreadable " + what + " '" + row[1] + "'");
    }
  }

  private static DBException disagrees(String table, int recorded, String what, String property, int configured) {
    return new DBException("GridDB: table " + table + " was created with " + recorded + " " + what + " but "
        + property + "=" + configured + "; drop its containers or use that count (or leave " + property + " unset)");
  }

  private static void ensureIndex(StoreSession session, String container) throws StoreException, DBException {
    ContainerSchema existing = session.schemaOf(container);
    if (existing == null) {
      session.createScanIndex(container);
      return;
    }
    List<String> names = existing.getColumnNames();
    List<String> types = existing.getColumnTypes();
    boolean same = "COLLECTION".equals(existing.getType()) && existing.hasRowKey() && names.size() == 2
        && names.get(0).equalsIgnoreCase(TableSchema.KEY_COLUMN) && "STRING".equals(types.get(0))
        && names.get(1).equalsIgnoreCase(StoreSession.ORD_COLUMN) && "LONG".equals(types.get(1));
    if (!same) {
      throw new DBException("GridDB: container " + container + " exists but is not a scan index (columns " + names
          + " " + types + "); drop it or use another table name");
    }
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
