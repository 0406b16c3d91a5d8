package site.ycsb.db.griddb;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The columns of every container of a YCSB table: the row key {@value #KEY_COLUMN} (STRING) followed by
 * {@code fieldcount} nullable STRING columns named {@code <fieldnameprefix>0..N-1}, and, in an {@link #isOrdered()
 * ordered} container, a last column {@value #ORD_COLUMN} (LONG, TREE index) holding {@link ScanOrder#of} the key,
 * which the session writes itself. A row is a {@code String[]} indexed like {@link #columns()} (0 = key; the number
 * column is not part of it).
 *
 * <p>Immutable and thread-safe.
 */
public final class TableSchema {
  /** Name of the row-key column (not {@code key}, which is an SQL keyword). */
  public static final String KEY_COLUMN = "ycsb_key";
  /** Name of the order-number column of an ordered container. */
  public static final String ORD_COLUMN = "ycsb_ord";
  /** A scan-index container: the key and its order number, no fields. */
  static final TableSchema SCAN_INDEX = new TableSchema(0, "field", true);

  private final List<String> columns;
  private final Map<String, Integer> indexByField;
  private final boolean ordered;
  private final String fieldNamePrefix;

  public TableSchema(int fieldCount, String fieldNamePrefix) {
    this(fieldCount, fieldNamePrefix, false);
  }

  private TableSchema(int fieldCount, String fieldNamePrefix, boolean ordered) {
    this.ordered = ordered;
    this.fieldNamePrefix = fieldNamePrefix;
    List<String> cols = new ArrayList<>(fieldCount + 1);
    Map<String, Integer> index = new HashMap<>();
    cols.add(KEY_COLUMN);
    for (int i = 0; i < fieldCount; i++) {
      String name = fieldNamePrefix + i;
      cols.add(name);
      index.put(name, i + 1);
    }
    this.columns = Collections.unmodifiableList(cols);
    this.indexByField = index;
  }

  /** The same columns in an ordered container (one more column, {@value #ORD_COLUMN}). */
  public TableSchema ordered() {
    return ordered ? this : new TableSchema(columns.size() - 1, fieldNamePrefix, true);
  }

  /** Whether containers of this schema carry {@value #ORD_COLUMN}. */
  public boolean isOrdered() {
    return ordered;
  }

  /** Column names of a row, key first (without {@value #ORD_COLUMN}). */
  public List<String> columns() {
    return columns;
  }

  public int columnCount() {
    return columns.size();
  }

  /** Column index of a YCSB field, or -1 if the table has no such field. */
  public int indexOf(String field) {
    Integer i = indexByField.get(field);
    return i == null ? -1 : i;
  }

  /** A new row holding only the key. */
  public String[] newRow(String key) {
    String[] row = new String[columns.size()];
    row[0] = key;
    return row;
  }

  /**
   * Compares an existing container's schema with this one.
   *
   * @return null if they match, else one line saying what differs
   */
  public String mismatch(ContainerSchema existing) {
    if (!"COLLECTION".equals(existing.getType())) {
      return "it is a " + existing.getType() + ", not a COLLECTION";
    }
    if (!existing.hasRowKey()) {
      return "it has no row key";
    }
    List<String> names = existing.getColumnNames();
    List<String> types = existing.getColumnTypes();
    List<String> wantNames = new ArrayList<>(columns);
    List<String> wantTypes = new ArrayList<>(Collections.nCopies(columns.size(), "STRING"));
    if (ordered) {
      wantNames.add(ORD_COLUMN);
      wantTypes.add("LONG");
    }
    boolean same = names.size() == wantNames.size();
    for (int i = 0; same && i < names.size(); i++) {
      same = names.get(i).toLowerCase(Locale.ROOT).equals(wantNames.get(i).toLowerCase(Locale.ROOT))
          && wantTypes.get(i).equals(types.get(i));
    }
    if (same) {
      return null;
    }
    String need = columns.size() == 1 && ordered ? "a scan index needs "
        : "fieldcount/fieldnameprefix and its scan layout need ";
    return "it has columns " + describe(names, types) + " but " + need + describe(wantNames, wantTypes);
  }

  private static String describe(List<String> names, List<String> types) {
    StringBuilder sb = new StringBuilder("[");
    int n = names.size();
    for (int i = 0; i < n; i++) {
      if (n > 6 && i == 3) {
        sb.append(", ...(").append(n - 5).append(" more)");
        i = n - 3;
        continue;
      }
      if (i > 0) {
        sb.append(", ");
      }
      sb.append(names.get(i)).append(' ').append(types.get(i));
    }
    return sb.append(']').toString();
  }
}
