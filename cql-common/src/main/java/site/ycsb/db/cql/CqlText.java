package site.ycsb.db.cql;

import java.util.Collection;

/**
 * The CQL of each YCSB operation. Rows live in {@code <table>(y_id varchar PRIMARY KEY, field0 varchar, ...)};
 * names are validated with {@link Identifiers} before they get here and stay unquoted, as in YCSB.
 *
 * <p>Stateless and thread-safe.
 */
public final class CqlText {
  /** The partition-key column, as in YCSB's Cassandra binding. */
  public static final String KEY_COLUMN = "y_id";

  private CqlText() {
  }

  /** {@code SELECT <fields>|* FROM t WHERE y_id = ?}; null or empty fields = all columns. */
  public static String read(String table, Collection<String> fields) {
    return "SELECT " + columns(fields) + " FROM " + table + " WHERE " + KEY_COLUMN + " = ?";
  }

  /**
   * Rows from the start key on, in TOKEN order (the partitioner's order, not key order), like YCSB's binding:
   * {@code SELECT ... WHERE token(y_id) >= token(?) LIMIT ?}.
   */
  public static String scan(String table, Collection<String> fields) {
    return "SELECT " + columns(fields) + " FROM " + table + " WHERE token(" + KEY_COLUMN + ") >= token(?) LIMIT ?";
  }

  /** {@code INSERT INTO t (y_id, f...) VALUES (?, ...)} [IF NOT EXISTS]; an upsert unless conditional. */
  public static String insert(String table, Collection<String> fields, boolean conditional) {
    StringBuilder names = new StringBuilder(KEY_COLUMN);
    StringBuilder marks = new StringBuilder("?");
    for (String field : fields) {
      names.append(", ").append(field);
      marks.append(", ?");
    }
    return "INSERT INTO " + table + " (" + names + ") VALUES (" + marks + ")" + (conditional ? " IF NOT EXISTS" : "");
  }

  /** {@code UPDATE t SET f = ?, ... WHERE y_id = ?} [IF EXISTS]; fields must not be empty. */
  public static String update(String table, Collection<String> fields, boolean conditional) {
    if (fields.isEmpty()) {
      throw new IllegalArgumentException("an update needs at least one field");
    }
    StringBuilder set = new StringBuilder();
    for (String field : fields) {
      set.append(set.length() == 0 ? "" : ", ").append(field).append(" = ?");
    }
    return "UPDATE " + table + " SET " + set + " WHERE " + KEY_COLUMN + " = ?" + (conditional ? " IF EXISTS" : "");
  }

  /** {@code DELETE FROM t WHERE y_id = ?} [IF EXISTS]. */
  public static String delete(String table, boolean conditional) {
    return "DELETE FROM " + table + " WHERE " + KEY_COLUMN + " = ?" + (conditional ? " IF EXISTS" : "");
  }

  private static String columns(Collection<String> fields) {
    return fields == null || fields.isEmpty() ? "*" : String.join(", ", fields);
  }
}
