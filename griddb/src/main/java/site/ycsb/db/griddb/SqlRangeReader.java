package site.ycsb.db.griddb;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * {@link RangeReader} over GridDB's SQL interface (JDBC): {@code SELECT ... WHERE ycsb_key >= ? ORDER BY ycsb_key
 * LIMIT n} on one container, the row-key range read that TQL cannot express for STRING keys. One connection per
 * client thread; prepared statements are kept (LRU) per SQL text.
 *
 * <p>Not thread-safe: one per client thread, used on that thread.
 */
public final class SqlRangeReader implements RangeReader {
  private static final int MAX_STATEMENTS = 512;

  private final Connection connection;
  private final TableSchema schema;
  private final Map<String, PreparedStatement> statements =
      new LinkedHashMap<String, PreparedStatement>(64, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, PreparedStatement> eldest) {
          if (size() > MAX_STATEMENTS) {
            closeQuietly(eldest.getValue());
            return true;
          }
          return false;
        }
      };

  private SqlRangeReader(Connection connection, TableSchema schema) {
    this.connection = connection;
    this.schema = schema;
  }

  /** Opens a connection; {@code describe} names the target in the error (the URL holds no secret). */
  public static SqlRangeReader open(String url, Properties props, TableSchema schema) throws StoreException {
    try {
      return new SqlRangeReader(DriverManager.getConnection(url, props), schema);
    } catch (SQLException e) {
      throw new StoreException(e.getErrorCode(), "cannot open GridDB SQL connection " + url + ": "
          + e.getMessage(), false, e instanceof SQLTimeoutException, e);
    }
  }

  /** The SQL text of one range read (identifiers double-quoted; the limit is an integer literal). */
  static String sql(TableSchema schema, String container, boolean inclusive, int limit, int[] columns) {
    StringBuilder sb = new StringBuilder("SELECT \"").append(TableSchema.KEY_COLUMN).append('"');
    for (int c : columns) {
      sb.append(", \"").append(schema.columns().get(c)).append('"');
    }
    sb.append(" FROM \"").append(container).append("\" WHERE \"").append(TableSchema.KEY_COLUMN).append("\" ")
        .append(inclusive ? ">=" : ">").append(" ? ORDER BY \"").append(TableSchema.KEY_COLUMN)
        .append("\" ASC LIMIT ").append(limit);
    return sb.toString();
  }

  @Override
  public List<String[]> read(String container, String fromKey, boolean inclusive, int limit, int[] columns)
      throws StoreException {
    String sql = sql(schema, container, inclusive, limit, columns);
    try {
      PreparedStatement ps = statements.get(sql);
      if (ps == null) {
        ps = connection.prepareStatement(sql);
        statements.put(sql, ps);
      }
      ps.setString(1, fromKey);
      List<String[]> out = new ArrayList<>();
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          String[] row = new String[columns.length + 1];
          for (int i = 0; i < row.length; i++) {
            row[i] = rs.getString(i + 1);
          }
          out.add(row);
        }
      }
      return out;
    } catch (SQLException e) {
      closeQuietly(statements.remove(sql));
      throw new StoreException(e.getErrorCode(), "SQL range read on " + container + ": " + e.getMessage(),
          e instanceof SQLTransientException, e instanceof SQLTimeoutException, e);
    }
  }

  private static void closeQuietly(PreparedStatement ps) {
    if (ps != null) {
      try {
        ps.close();
      } catch (SQLException e) {
        // Nothing useful to do: the statement is dropped either way.
      }
    }
  }

  @Override
  public void close() {
    for (PreparedStatement ps : statements.values()) {
      closeQuietly(ps);
    }
    statements.clear();
    try {
      connection.close();
    } catch (SQLException e) {
      // Closing at cleanup; a failure here cannot change any result.
    }
  }
}
