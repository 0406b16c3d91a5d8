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
 * <p>A table's layout is recorded in the collection {@code <table>_layout} by the run that creates it: rows
 * {@code scanlayout} ({@link ScanLayout}), {@code scanindexcount} (K), {@code containernames} (when C is below the
 * partition count: the containers were then chosen to spread over the nodes that owned the partitions at creation,
 * which later runs must not recompute, since owners move) and, last, {@code containercount} (C), so a table whose
 * count row exists is complete. Later runs route and scan with what is recorded, so a run phase always
 * finds what the load phase wrote; an explicit property that disagrees with the record is an error. A table recorded
 * before scan layouts existed has no {@code scanlayout} row: K > 0 means {@link ScanLayout#INDEX}, else
 * {@link ScanLayout#SQL}.
 *
 * <p>Thread-safe: client threads call {@link #obtain} concurrently during init. Known layouts are read without a
 * lock; creating one is serialised on the class, so one thread creates (or checks) a table's containers and the
 * others wait for its result. The returned lists are shared and must not be modified.
 */
public final class TableLayouts {
  static final String COUNT_ROW = "containercount";
  static final String INDEX_ROW = "scanindexcount";
  static final String LAYOUT_ROW = "scanlayout";
  static final String NAMES_ROW = "containernames";
  /** Scan-index containers of a new {@link ScanLayout#INDEX} table unless {@code griddb.scanindexcount} says so. */
  public static final int DEFAULT_SCAN_INDEX = 8;
  /**
   * Data containers per node of a new {@link ScanLayout#ROWS} table unless {@code griddb.containercount} says
   * otherwise: a scan reads every data container, so fewer is faster for scans, while writes want enough containers
   * to keep a node's partition threads busy (see the README's cost model).
   */
  public static final int DEFAULT_ROWS_CONTAINERS_PER_NODE = 8;
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
   * @param configuredCount data containers asked for; 0 = unset
   * @param configuredLayout scan layout asked for; null = unset
   * @param configuredIndex scan-index containers asked for; -1 = unset
   */
  public static ContainerRouter obtain(String scope, String table, int configuredCount, ScanLayout configuredLayout,
                                       int configuredIndex, TableSchema schema, StoreSession session)
      throws StoreException, DBException {
    String id = scope + "\u0000" + table + "\u0000" + schema.columns();
    ContainerRouter known = LAYOUTS.get(id);
    if (known != null) {
      return known;
    }
    synchronized (TableLayouts.class) {
      known = LAYOUTS.get(id);
      if (known == null) {
        known = create(table, configuredCount, configuredLayout, configuredIndex, schema, session);
        LAYOUTS.put(id, known);
      }
      return known;
    }
  }

  /** Forgets all layouts (unit tests). */
  static void reset() {
    LAYOUTS.clear();
  }

  private static ContainerRouter create(String table, int configuredCount, ScanLayout configuredLayout,
                                        int configuredIndex, TableSchema schema, StoreSession session)
      throws StoreException, DBException {
    if (!table.matches("[A-Za-z0-9_]+")) {
      throw new DBException("GridDB: table '" + table + "' must use only letters, digits and '_'");
    }
    int partitions = session.partitionCount();
    String meta = metaContainer(table);
    ensure(session, meta, META_SCHEMA);
    Integer storedCount = recorded(meta, session.get(meta, COUNT_ROW), "container count");
    boolean exists = storedCount != null;
    ScanLayout layout = layout(table, meta, exists, configuredLayout, session);
    int indexCount = indexCount(table, meta, exists, layout, configuredIndex, session);
    // Which node owns each partition, for a new table only (it decides C and where the containers go).
    int[] owners = exists ? null : owners(session, partitions);
    int count;
    if (exists) {
      if (configuredCount != 0 && configuredCount != storedCount) {
        throw disagrees(table, storedCount, "containers", GridDBOptions.CONTAINER_COUNT.name(),
            configuredCount);
      }
      count = storedCount;
    } else if (configuredCount != 0) {
      count = configuredCount;
    } else {
      count = layout == ScanLayout.ROWS
          ? Math.min(partitions, DEFAULT_ROWS_CONTAINERS_PER_NODE * ContainerLayout.nodes(owners)) : partitions;
    }
    TableSchema dataSchema = layout == ScanLayout.ROWS ? schema.ordered() : schema;
    String recordedNames = null;
    List<String> names;
    if (exists) {
      String[] row = session.get(meta, NAMES_ROW);
      names = row == null || row[1] == null ? ContainerLayout.choose(table, count, partitions, session::partitionOf)
          : recordedNames(table, meta, row[1], count);
    } else if (count < partitions) {
      // Fewer containers than partitions: spread them over the nodes too, and record the choice.
      names = ContainerLayout.choose(table, count, partitions, session::partitionOf, owners);
      recordedNames = suffixes(table, names);
    } else {
      names = ContainerLayout.choose(table, count, partitions, session::partitionOf);
    }
    for (String name : names) {
      ensure(session, name, dataSchema);
    }
    List<String> index = indexCount == 0 ? new ArrayList<>()
        : ContainerLayout.choose(indexPrefix(table), indexCount, partitions, session::partitionOf);
    for (String name : index) {
      ensure(session, name, TableSchema.SCAN_INDEX);
    }
    if (!exists) {
      record(session, meta, LAYOUT_ROW, layout.propertyValue());
      record(session, meta, INDEX_ROW, Integer.toString(indexCount));
      if (recordedNames != null) {
        record(session, meta, NAMES_ROW, recordedNames);
      }
      record(session, meta, COUNT_ROW, Integer.toString(count));
    }
    return new ContainerRouter(names, layout, index);
  }

  /** Node index (0..N-1, in order of first appearance) of each partition's current owner. */
  private static int[] owners(StoreSession session, int partitions) throws StoreException {
    Map<String, Integer> index = new java.util.HashMap<>();
    int[] node = new int[partitions];
    for (int p = 0; p < partitions; p++) {
      String owner = session.ownerOf(p);
      Integer i = index.get(owner);
      if (i == null) {
        i = index.size();
        index.put(owner, i);
      }
      node[p] = i;
    }
    return node;
  }

  /** The names' numbers ({@code <table>_<n>}), comma-separated: what the {@value #NAMES_ROW} row holds. */
  private static String suffixes(String table, List<String> names) {
    StringBuilder sb = new StringBuilder();
    for (String name : names) {
      sb.append(sb.length() == 0 ? "" : ",").append(name.substring(table.length() + 1));
    }
    return sb.toString();
  }

  private static List<String> recordedNames(String table, String meta, String value, int count) throws DBException {
    List<String> names = new ArrayList<>(count);
    for (String n : value.split(",")) {
      if (!n.matches("[0-9]{1,18}")) {
        throw new DBException("GridDB: " + meta + " holds an unreadable container list '" + value + "'");
      }
      names.add(table + "_" + n);
    }
    if (names.size() != count) {
      throw new DBException("GridDB: " + meta + " lists " + names.size() + " containers but records " + count);
    }
    return names;
  }

  private static void record(StoreSession session, String meta, String name, String value) throws StoreException {
    String[] row = META_SCHEMA.newRow(name);
    row[1] = value;
    session.put(meta, row);
  }

  /** Prefix of a table's scan-index container names ({@code <table>_scan_<n>}). */
  static String indexPrefix(String table) {
    return table + "_scan";
  }

  /**
   * A new table gets the configured layout (default {@link ScanLayout#ROWS}); an existing one keeps its recorded
   * layout, and one recorded before layouts existed has {@link ScanLayout#INDEX} if it has a scan index, else
   * {@link ScanLayout#SQL}.
   */
  private static ScanLayout layout(String table, String meta, boolean exists, ScanLayout configured,
                                   StoreSession session) throws StoreException, DBException {
    if (!exists) {
      return configured == null ? ScanLayout.ROWS : configured;
    }
    String[] row = session.get(meta, LAYOUT_ROW);
    ScanLayout stored;
    if (row == null || row[1] == null) {
      Integer k = recorded(meta, session.get(meta, INDEX_ROW), "scan index count");
      stored = k != null && k > 0 ? ScanLayout.INDEX : ScanLayout.SQL;
    } else {
      stored = ScanLayout.parse(row[1]);
      if (stored == null) {
        throw new DBException("GridDB: " + meta + " holds an unreadable scan layout '" + row[1] + "'");
      }
    }
    if (configured != null && configured != stored) {
      throw new DBException("GridDB: table " + table + " was created with griddb.scanlayout="
          + stored.propertyValue() + " but griddb.scanlayout=" + configured.propertyValue()
          + "; drop its containers or use that layout (or leave griddb.scanlayout unset)");
    }
    return stored;
  }

  /** K: the configured or recorded count for an {@link ScanLayout#INDEX} table, else 0. */
  private static int indexCount(String table, String meta, boolean exists, ScanLayout layout, int configured,
                                StoreSession session) throws StoreException, DBException {
    if (layout != ScanLayout.INDEX) {
      return 0;
    }
    if (!exists) {
      return configured < 0 ? DEFAULT_SCAN_INDEX : configured;
    }
    Integer stored = recorded(meta, session.get(meta, INDEX_ROW), "scan index count");
    int count = stored == null ? 0 : stored;
    if (configured >= 0 && configured != count) {
      throw disagrees(table, count, "scan index containers",
          GridDBOptions.SCAN_INDEX_COUNT.name(), configured);
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
