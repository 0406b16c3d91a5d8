package site.ycsb.db.griddb;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The columns of every container of a YCSB table: the row key {@value #KEY_COLUMN} (STRING) followed by
 * {@code fieldcount} nullable STRING columns named {@code <fieldnameprefix>0..N-1}. A row is a {@code String[]}
 * indexed like the columns (0 = key).
 */
public final class TableSchema {
  /** Name of the row-key column (not {@code key}, which is an SQL keyword). */
  public static final String KEY_COLUMN = "ycsb_key";

  private final List<String> columns;
  private final Map<String, Integer> indexByField;

  public TableSchema(int fieldCount, String fieldNamePrefix) {
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

  /** Column names, key first. */
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
    boolean same = names.size() == columns.size();
    for (int i = 0; same && i < names.size(); i++) {
      same = names.get(i).toLowerCase(Locale.ROOT).equals(columns.get(i).toLowerCase(Locale.ROOT))
          && "STRING".equals(types.get(i));
    }
    if (same) {
      return null;
    }
    return "it has columns " + describe(names, types) + " but fieldcount/fieldnameprefix need "
        + describe(columns, Collections.nCopies(columns.size(), "STRING"));
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
