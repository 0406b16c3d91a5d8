package site.ycsb.testserver.cassandra;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The decoded RESULT of one CQL statement: its kind and, for SELECTs, the column names and raw cell values. */
public final class CqlResult {
  static final int KIND_VOID = 1;
  static final int KIND_ROWS = 2;
  static final int KIND_SET_KEYSPACE = 3;
  static final int KIND_PREPARED = 4;
  static final int KIND_SCHEMA_CHANGE = 5;

  static final int TYPE_BIGINT = 0x0002;
  static final int TYPE_COUNTER = 0x0005;
  static final int TYPE_INT = 0x0009;
  static final int TYPE_ASCII = 0x0001;
  static final int TYPE_VARCHAR = 0x000D;
  static final int TYPE_UUID = 0x000C;
  static final int TYPE_TIMEUUID = 0x000F;
  static final int TYPE_LIST = 0x0020;
  static final int TYPE_MAP = 0x0021;
  static final int TYPE_SET = 0x0022;

  private final int kind;
  private final String detail;
  private final List<String> columnNames;
  private final List<Integer> columnTypes;
  private final List<List<byte[]>> rows;
  private final List<String> warnings;

  CqlResult(int kind, String detail, List<String> columnNames, List<Integer> columnTypes,
            List<List<byte[]>> rows, List<String> warnings) {
    this.kind = kind;
    this.detail = detail;
    this.columnNames = Collections.unmodifiableList(columnNames);
    this.columnTypes = Collections.unmodifiableList(columnTypes);
    this.rows = Collections.unmodifiableList(rows);
    this.warnings = Collections.unmodifiableList(warnings);
  }

  static CqlResult withoutRows(int kind, String detail, List<String> warnings) {
    return new CqlResult(kind, detail, Collections.<String>emptyList(), Collections.<Integer>emptyList(),
        Collections.<List<byte[]>>emptyList(), warnings);
  }

  /** True for the result of a SELECT. */
  public boolean hasRows() {
    return kind == KIND_ROWS;
  }

  /** For a schema change "CREATED KEYSPACE ks", for USE the keyspace name, else null. */
  public String detail() {
    return detail;
  }

  public List<String> columnNames() {
    return columnNames;
  }

  public int rowCount() {
    return rows.size();
  }

  /** Raw cell bytes (null for a CQL null). */
  public byte[] raw(int row, int column) {
    return rows.get(row).get(column);
  }

  /** A text (varchar/ascii) cell as a String, null for a CQL null. */
  public String string(int row, int column) {
    requireType(column, TYPE_VARCHAR, TYPE_ASCII);
    byte[] b = raw(row, column);
    return b == null ? null : new String(b, StandardCharsets.UTF_8);
  }

  /** A bigint, counter or int cell as a long. */
  public long longValue(int row, int column) {
    requireType(column, TYPE_BIGINT, TYPE_COUNTER, TYPE_INT);
    byte[] b = raw(row, column);
    if (b == null) {
      throw new IllegalStateException("column " + columnNames.get(column) + " is null in row " + row);
    }
    ByteBuffer buf = ByteBuffer.wrap(b);
    if (b.length == 8) {
      return buf.getLong();
    }
    if (b.length == 4) {
      return buf.getInt();
    }
    throw new IllegalStateException("column " + columnNames.get(column) + " has " + b.length + " bytes, not a number");
  }

  /** A uuid or timeuuid cell, null for a CQL null. */
  public java.util.UUID uuid(int row, int column) {
    requireType(column, TYPE_UUID, TYPE_TIMEUUID);
    byte[] b = raw(row, column);
    if (b == null) {
      return null;
    }
    if (b.length != 16) {
      throw new IllegalStateException("column " + columnNames.get(column) + " has " + b.length + " bytes, not a uuid");
    }
    ByteBuffer buf = ByteBuffer.wrap(b);
    return new java.util.UUID(buf.getLong(), buf.getLong());
  }

  /** A map cell of text keys and values (e.g. a keyspace's replication), empty for a CQL null. */
  public Map<String, String> stringMap(int row, int column) {
    requireType(column, TYPE_MAP);
    Map<String, String> map = new LinkedHashMap<>();
    byte[] b = raw(row, column);
    if (b != null) {
      ByteBuffer buf = ByteBuffer.wrap(b);
      for (int n = collectionSize(buf, column); n > 0; n--) {
        map.put(element(buf, column), element(buf, column));
      }
    }
    return map;
  }

  /** A list or set cell of text elements (e.g. a node's tokens), empty for a CQL null. */
  public List<String> stringList(int row, int column) {
    requireType(column, TYPE_LIST, TYPE_SET);
    List<String> list = new ArrayList<>();
    byte[] b = raw(row, column);
    if (b != null) {
      ByteBuffer buf = ByteBuffer.wrap(b);
      for (int n = collectionSize(buf, column); n > 0; n--) {
        list.add(element(buf, column));
      }
    }
    return list;
  }

  private int collectionSize(ByteBuffer buf, int column) {
    if (buf.remaining() < 4 || buf.getInt(buf.position()) < 0) {
      throw malformed(column);
    }
    return buf.getInt();
  }

  private String element(ByteBuffer buf, int column) {
    if (buf.remaining() < 4) {
      throw malformed(column);
    }
    int length = buf.getInt();
    if (length < 0 || length > buf.remaining()) {
      throw malformed(column);
    }
    byte[] text = new byte[length];
    buf.get(text);
    return new String(text, StandardCharsets.UTF_8);
  }

  private IllegalStateException malformed(int column) {
    return new IllegalStateException("column " + columnNames.get(column) + " holds a malformed collection");
  }

  /** Warnings the server attached to the response (e.g. for an aggregate without a partition key). */
  public List<String> warnings() {
    return warnings;
  }

  private void requireType(int column, int... allowed) {
    if (!hasRows()) {
      throw new IllegalStateException("the statement returned no rows (result kind " + kind + ")");
    }
    int actual = columnTypes.get(column);
    for (int t : allowed) {
      if (t == actual) {
        return;
      }
    }
    throw new IllegalStateException(String.format("column %s has CQL type id 0x%04X", columnNames.get(column),
        actual));
  }
}
