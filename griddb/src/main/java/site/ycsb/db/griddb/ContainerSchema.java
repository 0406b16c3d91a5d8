package site.ycsb.db.griddb;

import java.util.Collections;
import java.util.List;

/**
 * What GridDB reports about an existing container, as plain values (type and column names/types by name).
 *
 * <p>Immutable and thread-safe.
 */
public final class ContainerSchema {
  private final String type;
  private final boolean rowKey;
  private final List<String> columnNames;
  private final List<String> columnTypes;

  public ContainerSchema(String type, boolean rowKey, List<String> columnNames, List<String> columnTypes) {
    this.type = type;
    this.rowKey = rowKey;
    this.columnNames = Collections.unmodifiableList(columnNames);
    this.columnTypes = Collections.unmodifiableList(columnTypes);
  }

  public String getType() {
    return type;
  }

  public boolean hasRowKey() {
    return rowKey;
  }

  public List<String> getColumnNames() {
    return columnNames;
  }

  public List<String> getColumnTypes() {
    return columnTypes;
  }
}
