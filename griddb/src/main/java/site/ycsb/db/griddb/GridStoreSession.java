package site.ycsb.db.griddb;

import com.toshiba.mwcloud.gs.ColumnInfo;
import com.toshiba.mwcloud.gs.Container;
import com.toshiba.mwcloud.gs.ContainerInfo;
import com.toshiba.mwcloud.gs.ContainerType;
import com.toshiba.mwcloud.gs.GSException;
import com.toshiba.mwcloud.gs.GSType;
import com.toshiba.mwcloud.gs.GridStore;
import com.toshiba.mwcloud.gs.GridStoreFactory;
import com.toshiba.mwcloud.gs.IndexType;
import com.toshiba.mwcloud.gs.PartitionController;
import com.toshiba.mwcloud.gs.Query;
import com.toshiba.mwcloud.gs.Row;
import com.toshiba.mwcloud.gs.RowKeyPredicate;
import com.toshiba.mwcloud.gs.RowSet;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/** {@link StoreSession} over one {@link GridStore} (GridDB's client is not thread-safe: one per thread). */
public final class GridStoreSession implements StoreSession {
  private final GridStore store;
  /** The client factory this session's store came from when it is the session's own (closed with it), else null. */
  private final GridStoreFactory factory;
  private final Map<String, Container<String, Row>> containers = new HashMap<>();
  private final Map<String, Container<String, Row>> txContainers = new HashMap<>();
  /** Per container handle: its number of STRING columns, and whether an order-number column follows them. */
  private final Map<Object, int[]> layouts = new IdentityHashMap<>();
  private PartitionController partitions;

  public GridStoreSession(GridStore store) {
    this(store, null);
  }

  /** A session over {@code store}, closing {@code factory} (the store's own, or null for a shared one) with it. */
  public GridStoreSession(GridStore store, GridStoreFactory factory) {
    this.store = store;
    this.factory = factory;
  }

  /** Closes a factory whose store could not be made; the failure to make it is the one to report. */
  static void closeQuietly(GridStoreFactory factory) {
    if (factory != null) {
      try {
        factory.close();
      } catch (GSException e) {
        // nothing was opened through it
      }
    }
  }

  /** Converts a GridDB exception of an idempotent request (see {@link #convert(GSException, boolean)}). */
  static StoreException convert(GSException e) {
    return convert(e, true);
  }

  /**
   * Converts a GridDB exception, classified by its class and code ({@link ErrorKind}); it is marked retryable when
   * the kind is transient and the request idempotent or certainly not applied.
   *
   * @param idempotent whether repeating the failed request is harmless even if it was applied: reads, full-row
   *                   puts, removes, and the steps of a transaction before its commit (a failure there aborts the
   *                   whole transaction, which is then repeated); not a commit
   */
  static StoreException convert(GSException e, boolean idempotent) {
    String message = String.valueOf(e.getMessage());
    int code = codeOf(e.getErrorCode(), message);
    ErrorKind kind = ErrorKind.classify(code, e.getClass());
    return new StoreException(kind, code, message, kind.retryable(idempotent), e);
  }

  private static final java.util.regex.Pattern NESTED_CODE = java.util.regex.Pattern.compile("\\[(\\d+):[A-Z_]+\\]");

  /**
   * The error code, or, when the client gave none, the first one its message names: a thread whose failover found
   * another thread's failover already failed throws {@code GSTimeoutException} with code 0 and the message
   * {@code ... Previously failed in the other thread (reason=[10053:TXN_CLUSTER_NAME_INVALID] ...)} (seen against
   * a real node with a wrong cluster name and with a killed node).
   */
  static int codeOf(int code, String message) {
    if (code != 0) {
      return code;
    }
    java.util.regex.Matcher m = NESTED_CODE.matcher(message);
    return m.find() ? Integer.parseInt(m.group(1)) : 0;
  }

  /**
   * Drops a cached container handle after a failure: the client closes handles whose failover gave up
   * ({@code [145038:JC_CONTAINER_CLOSED]} on every later call), so the next call must fetch a new one.
   */
  private StoreException forget(String container, GSException e) {
    containers.remove(container);
    return convert(e);
  }

  /** After a failed multi-container request: drops every cached handle (any of them may be closed). */
  private StoreException forgetAll(GSException e) {
    containers.clear();
    return convert(e);
  }

  private static StoreException missing(String container) {
    return new StoreException(ErrorKind.CONTAINER_MISSING, 0, "container " + container + " does not exist", false,
        null);
  }

  private PartitionController partitions() throws GSException {
    if (partitions == null) {
      partitions = store.getPartitionController();
    }
    return partitions;
  }

  private Container<String, Row> container(String name) throws GSException, StoreException {
    Container<String, Row> c = containers.get(name);
    if (c == null) {
      c = store.getContainer(name);
      if (c == null) {
        throw missing(name);
      }
      containers.put(name, c);
    }
    return c;
  }

  @Override
  public int partitionCount() throws StoreException {
    try {
      return partitions().getPartitionCount();
    } catch (GSException e) {
      throw convert(e);
    }
  }

  @Override
  public int partitionOf(String container) throws StoreException {
    try {
      return partitions().getPartitionIndexOfContainer(container);
    } catch (GSException e) {
      throw convert(e);
    }
  }

  @Override
  public ContainerSchema schemaOf(String container) throws StoreException {
    try {
      ContainerInfo info = store.getContainerInfo(container);
      if (info == null) {
        return null;
      }
      List<String> names = new ArrayList<>();
      List<String> types = new ArrayList<>();
      for (int i = 0; i < info.getColumnCount(); i++) {
        names.add(info.getColumnInfo(i).getName());
        types.add(String.valueOf(info.getColumnInfo(i).getType()));
      }
      return new ContainerSchema(String.valueOf(info.getType()), info.isRowKeyAssigned(), names, types);
    } catch (GSException e) {
      throw convert(e);
    }
  }

  @Override
  public String ownerOf(int partition) throws StoreException {
    try {
      java.net.InetAddress owner = partitions().getOwnerHost(partition);
      return owner == null ? "?" : owner.getHostAddress();
    } catch (GSException e) {
      throw convert(e);
    }
  }

  @Override
  public void createContainer(String container, TableSchema schema) throws StoreException {
    List<ColumnInfo> columns = new ArrayList<>();
    for (int i = 0; i < schema.columnCount(); i++) {
      // Fields are nullable so that a row can lack a field; the row key cannot be NULL.
      columns.add(new ColumnInfo(schema.columns().get(i), GSType.STRING, i == 0 ? Boolean.FALSE : Boolean.TRUE,
          null));
    }
    if (schema.isOrdered()) {
      columns.add(new ColumnInfo(TableSchema.ORD_COLUMN, GSType.LONG, Boolean.FALSE, null));
    }
    try {
      Container<String, Row> c =
          store.putContainer(container, new ContainerInfo(container, ContainerType.COLLECTION, columns, true), false);
      if (schema.isOrdered()) {
        c.createIndex(TableSchema.ORD_COLUMN, IndexType.TREE);
      }
      c.close();
    } catch (GSException e) {
      throw convert(e);
    }
  }

  @Override
  public String[] get(String container, String key) throws StoreException {
    try {
      Container<String, Row> c = container(container);
      return toArray(c.get(key), layouts, c);
    } catch (GSException e) {
      throw forget(container, e);
    }
  }

  @Override
  public void put(String container, String[] row) throws StoreException {
    try {
      Container<String, Row> c = container(container);
      c.put(toRow(c, row, layouts));
    } catch (GSException e) {
      throw forget(container, e);
    }
  }

  @Override
  public void multiPut(Map<String, List<String[]>> rowsByContainer) throws StoreException {
    try {
      Map<String, List<Row>> rows = new HashMap<>();
      for (Map.Entry<String, List<String[]>> e : rowsByContainer.entrySet()) {
        Container<String, Row> c = container(e.getKey());
        List<Row> list = new ArrayList<>(e.getValue().size());
        for (String[] r : e.getValue()) {
          list.add(toRow(c, r, layouts));
        }
        rows.put(e.getKey(), list);
      }
      store.multiPut(rows);
    } catch (GSException e) {
      throw forgetAll(e);
    }
  }

  @Override
  public boolean remove(String container, String key) throws StoreException {
    try {
      return container(container).remove(key);
    } catch (GSException e) {
      throw forget(container, e);
    }
  }

  @Override
  public List<String[]> orderedRows(String container, long fromOrd, int limit) throws StoreException {
    try {
      Container<String, Row> c = container(container);
      Query<Row> q = c.query(orderedQuery(fromOrd, limit));
      try {
        return rowsOf(q.fetch(), c);
      } finally {
        q.close();
      }
    } catch (GSException e) {
      throw forget(container, e);
    }
  }

  @Override
  public List<List<String[]>> orderedRows(List<String> names, long fromOrd, int limit) throws StoreException {
    String tql = orderedQuery(fromOrd, limit);
    List<Query<Row>> queries = new ArrayList<>(names.size());
    List<Container<String, Row>> handles = new ArrayList<>(names.size());
    try {
      for (String name : names) {
        Container<String, Row> c = container(name);
        handles.add(c);
        queries.add(c.query(tql));
      }
      store.fetchAll(queries);
      List<List<String[]>> out = new ArrayList<>(names.size());
      for (int i = 0; i < queries.size(); i++) {
        out.add(rowsOf(queries.get(i).getRowSet(), handles.get(i)));
      }
      return out;
    } catch (GSException e) {
      throw forgetAll(e);
    } finally {
      for (Query<Row> q : queries) {
        try {
          q.close();
        } catch (GSException e) {
          // Closing a finished query; its result is already read or the failure reported.
        }
      }
    }
  }

  /** TQL for up to {@code limit} rows with order number {@code >= fromOrd}, by order number. */
  private static String orderedQuery(long fromOrd, int limit) {
    return "select * where " + TableSchema.ORD_COLUMN + " >= " + fromOrd + " order by " + TableSchema.ORD_COLUMN
        + " asc limit " + limit;
  }

  /** The rows of a query's result, in its order. */
  private List<String[]> rowsOf(RowSet<Row> rs, Container<String, Row> c) throws GSException {
    List<String[]> rows = new ArrayList<>(rs.size());
    while (rs.hasNext()) {
      rows.add(toArray(rs.next(), layouts, c));
    }
    return rows;
  }

  @Override
  public Map<String, String[]> multiGet(Map<String, List<String>> keysByContainer) throws StoreException {
    try {
      Map<String, RowKeyPredicate<String>> wanted = new HashMap<>();
      for (Map.Entry<String, List<String>> e : keysByContainer.entrySet()) {
        RowKeyPredicate<String> p = RowKeyPredicate.create(String.class);
        for (String key : e.getValue()) {
          p.add(key);
        }
        wanted.put(e.getKey(), p);
      }
      Map<String, List<Row>> got = store.multiGet(wanted);
      Map<String, String[]> out = new HashMap<>();
      for (Map.Entry<String, List<Row>> e : got.entrySet()) {
        Container<String, Row> c = container(e.getKey());
        for (Row row : e.getValue()) {
          String[] values = toArray(row, layouts, c);
          out.put(values[0], values);
        }
      }
      return out;
    } catch (GSException e) {
      throw forgetAll(e);
    }
  }

  @Override
  public RowTransaction beginTransaction(String container) throws StoreException {
    try {
      Container<String, Row> c = txContainers.get(container);
      if (c == null) {
        // A separate handle in manual-commit mode, so plain reads and writes stay auto-commit.
        c = store.getContainer(container);
        if (c == null) {
          throw missing(container);
        }
        c.setAutoCommit(false);
        txContainers.put(container, c);
      }
      return new Tx(container, c);
    } catch (GSException e) {
      throw convert(e);
    }
  }

  /** A transaction on one container's manual-commit handle; a failure drops the handle (it may be closed). */
  private final class Tx implements RowTransaction {
    private final String name;
    private final Container<String, Row> c;

    Tx(String name, Container<String, Row> c) {
      this.name = name;
      this.c = c;
    }

    /** Steps before the commit are idempotent: their failure aborts the transaction, which changed nothing. */
    private StoreException failed(GSException e, boolean idempotent) {
      txContainers.remove(name);
      return convert(e, idempotent);
    }

    @Override
    public String[] getForUpdate(String key) throws StoreException {
      try {
        return toArray(c.get(key, true), layouts, c);
      } catch (GSException e) {
        throw failed(e, true);
      }
    }

    @Override
    public void put(String[] row) throws StoreException {
      try {
        c.put(toRow(c, row, layouts));
      } catch (GSException e) {
        throw failed(e, true);
      }
    }

    @Override
    public void commit() throws StoreException {
      try {
        c.commit();
      } catch (GSException e) {
        // The commit may have been applied (unless the kind proves otherwise): not idempotent.
        throw failed(e, false);
      }
    }

    @Override
    public void abort() {
      try {
        c.abort();
      } catch (GSException | RuntimeException e) {
        // The transaction is void anyway; the original failure is what gets reported.
      }
    }
  }

  /**
   * {@code [string columns, 1 if the last column is the order number]} of a container, from a row of it; asked once
   * per handle because {@code Row.getSchema()} builds a new ContainerInfo per call.
   */
  private static int[] layoutOf(Row row, Map<Object, int[]> layouts, Object container) throws GSException {
    int[] layout = layouts.get(container);
    if (layout == null) {
      ContainerInfo info = row.getSchema();
      int n = info.getColumnCount();
      boolean ordered = n > 1 && info.getColumnInfo(n - 1).getType() == GSType.LONG
          && TableSchema.ORD_COLUMN.equalsIgnoreCase(info.getColumnInfo(n - 1).getName());
      layout = new int[] {ordered ? n - 1 : n, ordered ? 1 : 0};
      layouts.put(container, layout);
    }
    return layout;
  }

  private static String[] toArray(Row row, Map<Object, int[]> layouts, Object container) throws GSException {
    if (row == null) {
      return null;
    }
    int n = layoutOf(row, layouts, container)[0];
    String[] out = new String[n];
    for (int i = 0; i < n; i++) {
      out[i] = row.isNull(i) ? null : row.getString(i);
    }
    return out;
  }

  private static Row toRow(Container<String, Row> c, String[] values, Map<Object, int[]> layouts)
      throws GSException {
    Row row = c.createRow();
    for (int i = 0; i < values.length; i++) {
      if (values[i] == null) {
        row.setNull(i);
      } else {
        row.setString(i, values[i]);
      }
    }
    int[] layout = layoutOf(row, layouts, c);
    if (layout[1] == 1) {
      row.setLong(layout[0], ScanOrder.of(values[0]));
    }
    return row;
  }

  /**
   * Sets this store's failover timeout to 0. GridDB's client closes every open session at close and again in its
   * own JVM shutdown hook, each retrying for the failover timeout; against a dead cluster that held a finished run's
   * JVM for minutes. The 5.6 client has no API for it, so this reaches its {@code context.localConfig} by
   * reflection; on any other client layout it does nothing (closing is then still bounded by
   * {@link GridDBClient}, but the JVM may wait for the client's hook).
   */
  @Override
  public void stopWaitingForCluster() {
    try {
      // The factory's store wraps the one holding the connection context ("base", in 5.6).
      Object target = store;
      Object context = null;
      for (int depth = 0; depth < 4 && target != null && context == null; depth++) {
        context = field(target, "context");
        if (context == null) {
          target = field(target, "base");
        }
      }
      Object config = context == null ? null : field(context, "localConfig");
      if (config != null) {
        java.lang.reflect.Field f = config.getClass().getDeclaredField("failoverTimeoutMillis");
        f.setAccessible(true);
        f.setLong(config, 0L);
      }
    } catch (ReflectiveOperationException | RuntimeException e) {
      // Another client version: keep its behaviour.
    }
  }

  private static Object field(Object owner, String name) throws ReflectiveOperationException {
    for (Class<?> c = owner.getClass(); c != null; c = c.getSuperclass()) {
      try {
        java.lang.reflect.Field f = c.getDeclaredField(name);
        f.setAccessible(true);
        return f.get(owner);
      } catch (NoSuchFieldException e) {
        // Try the superclass.
      }
    }
    return null;
  }

  @Override
  public void close() throws StoreException {
    GSException first = null;
    List<Container<String, Row>> all = new ArrayList<>(containers.values());
    all.addAll(txContainers.values());
    for (Container<String, Row> c : all) {
      try {
        c.close();
      } catch (GSException e) {
        first = first == null ? e : first;
      }
    }
    containers.clear();
    txContainers.clear();
    layouts.clear();
    try {
      if (partitions != null) {
        partitions.close();
      }
      store.close();
    } catch (GSException e) {
      first = first == null ? e : first;
    }
    try {
      if (factory != null) {
        factory.close();
      }
    } catch (GSException e) {
      first = first == null ? e : first;
    }
    if (first != null) {
      throw convert(first);
    }
  }
}
