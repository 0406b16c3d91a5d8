package site.ycsb.db.cql.profile;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What a profile operation asks the CQL binding to execute: one CQL text and its rows of bound values. Driver-
 * independent (plain Java values of the types the DataStax 3.x driver binds, except for the neutral date and
 * duration values of {@link #neutralValues()}). Immutable, except for what the binding reports back from the
 * executing thread before it returns: the rows and partitions a read returned ({@link #resultRows(long)}) and a
 * token-range query's position ({@link #cursor(Object)}).
 *
 * <p>How the binding runs it ({@link #kind()}):
 * <ul>
 *   <li>an insert ({@code *_BATCH}): each group of rows ({@link #groups()}) is one statement when it has one row (as
 *       cassandra-stress sends a one-row insert) and one batch of that type otherwise; a conditional insert has one
 *       group per partition (Cassandra takes a conditional batch for one partition only);</li>
 *   <li>{@link Kind#QUERY}: a read; no row means NOT_FOUND, every page is read;</li>
 *   <li>{@link Kind#WRITE}: a query that writes; OK, or NOT_APPLIED when a condition did not hold;</li>
 *   <li>{@link Kind#TOKEN_RANGE}: the next page of the thread's current token range ({@link #cursor()}).</li>
 * </ul>
 */
public final class ProfileRequest {
  /** How the binding runs the rows. */
  public enum Kind {
    /** An insert: a LOGGED batch of one statement per row. */
    LOGGED_BATCH,
    /** An insert: an UNLOGGED batch of one statement per row. */
    UNLOGGED_BATCH,
    /** An insert: a COUNTER batch of one counter update per row (not idempotent). */
    COUNTER_BATCH,
    /** A read (one row of values); no result row means NOT_FOUND. */
    QUERY,
    /** A query that writes (one row of values); NOT_APPLIED when its condition did not hold. */
    WRITE,
    /** One page of a token-range read. */
    TOKEN_RANGE
  }

  private final String cql;
  private final List<List<Object[]>> groups;
  private final List<Object[]> rows;
  private final Kind kind;
  private final boolean neutralValues;
  private final boolean idempotent;
  private final boolean conditional;
  private final String consistency;
  private final String serialConsistency;
  private final String conditionRead;
  private final Object[] conditionKey;
  private final int[] conditionTargets;
  private final int pageSize;
  private Object cursor;
  private long resultRows;
  private long resultPartitions;

  private ProfileRequest(Builder b) {
    this.cql = b.cql;
    List<List<Object[]>> g = new ArrayList<>();
    List<Object[]> all = new ArrayList<>();
    for (List<Object[]> group : b.groups) {
      g.add(Collections.unmodifiableList(new ArrayList<>(group)));
      all.addAll(group);
    }
    this.groups = Collections.unmodifiableList(g);
    this.rows = Collections.unmodifiableList(all);
    this.kind = b.kind;
    this.neutralValues = b.neutralValues;
    this.idempotent = b.idempotent;
    this.conditional = b.conditional;
    this.consistency = b.consistency;
    this.serialConsistency = b.serialConsistency;
    this.conditionRead = b.conditionRead;
    this.conditionKey = b.conditionKey;
    this.conditionTargets = b.conditionTargets;
    this.pageSize = b.pageSize;
    this.cursor = b.cursor;
  }

  /** A request whose values are all of the types the driver binds (one group of rows). */
  public ProfileRequest(String cql, List<Object[]> rows, Kind kind) {
    this(builder(cql, kind).rows(rows));
  }

  /** A request whose values may include driver-neutral ones ({@link #neutralValues()}), one group of rows. */
  public ProfileRequest(String cql, List<Object[]> rows, Kind kind, boolean neutralValues) {
    this(builder(cql, kind).rows(rows).neutralValues(neutralValues));
  }

  /** A builder for a request of {@code kind} running {@code cql}. */
  public static Builder builder(String cql, Kind kind) {
    return new Builder(cql, kind);
  }

  /** Builds a {@link ProfileRequest}; idempotent unless said otherwise (a counter batch never is). */
  public static final class Builder {
    private final String cql;
    private final Kind kind;
    private final List<List<Object[]>> groups = new ArrayList<>();
    private boolean neutralValues;
    private boolean idempotent = true;
    private boolean conditional;
    private String consistency;
    private String serialConsistency;
    private String conditionRead;
    private Object[] conditionKey;
    private int[] conditionTargets = new int[0];
    private int pageSize;
    private Object cursor;

    private Builder(String cql, Kind kind) {
      this.cql = cql;
      this.kind = kind;
      this.idempotent = kind != Kind.COUNTER_BATCH;
    }

    /** Adds one group of rows (one statement or one batch). */
    public Builder rows(List<Object[]> rows) {
      groups.add(rows);
      return this;
    }

    public Builder neutralValues(boolean neutral) {
      this.neutralValues = neutral;
      return this;
    }

    public Builder idempotent(boolean idempotent) {
      this.idempotent = idempotent && kind != Kind.COUNTER_BATCH;
      return this;
    }

    /** A lightweight transaction: its result says whether it applied; never idempotent. */
    public Builder conditional(boolean conditional) {
      this.conditional = conditional;
      if (conditional) {
        this.idempotent = false;
      }
      return this;
    }

    /** The levels the statement asks for (null: the binding's). */
    public Builder consistency(String consistency, String serialConsistency) {
      this.consistency = consistency;
      this.serialConsistency = serialConsistency;
      return this;
    }

    /**
     * A read of the current values to run first: {@code read} bound to {@code key}; its i-th column becomes the
     * value of marker {@code targets[i]} (null when the row does not exist).
     */
    public Builder conditionRead(String read, Object[] key, int[] targets) {
      this.conditionRead = read;
      this.conditionKey = key.clone();
      this.conditionTargets = targets.clone();
      return this;
    }

    /** A token-range read: rows per page and the thread's position (null to start). */
    public Builder page(int pageSize, Object cursor) {
      this.pageSize = pageSize;
      this.cursor = cursor;
      return this;
    }

    public ProfileRequest build() {
      return new ProfileRequest(this);
    }
  }

  /**
   * Whether the values (also inside lists, sets and maps) may include a {@link java.time.LocalDate} for CQL
   * {@code date} or a {@link CqlDuration} for {@code duration}, which the binding converts to the driver's
   * {@code LocalDate} and {@code Duration} before it binds.
   */
  public boolean neutralValues() {
    return neutralValues;
  }

  public String cql() {
    return cql;
  }

  /** Every row, all groups together. */
  public List<Object[]> rows() {
    return rows;
  }

  /** The groups of rows: each one statement (one row) or one batch. */
  public List<List<Object[]>> groups() {
    return groups;
  }

  public Kind kind() {
    return kind;
  }

  /** Whether sending it twice has the same effect as once (so that a timed-out attempt may be retried). */
  public boolean idempotent() {
    return idempotent;
  }

  /** Whether it is a lightweight transaction, whose result says whether it applied. */
  public boolean conditional() {
    return conditional;
  }

  /** The consistency level asked for, or null for the binding's. */
  public String consistency() {
    return consistency;
  }

  /** The serial consistency level asked for, or null for the binding's. */
  public String serialConsistency() {
    return serialConsistency;
  }

  /** The read of current values to run first, or null. */
  public String conditionRead() {
    return conditionRead;
  }

  /** The key values {@link #conditionRead()} binds. */
  public Object[] conditionKey() {
    return conditionKey == null ? null : conditionKey.clone();
  }

  /** For each column of {@link #conditionRead()}, the marker of the statement it fills. */
  public int[] conditionTargets() {
    return conditionTargets.clone();
  }

  /** Rows per page of a token-range read. */
  public int pageSize() {
    return pageSize;
  }

  /** The token-range position before the call; after it, the position to pass to the next one. */
  public Object cursor() {
    return cursor;
  }

  /** Called by the binding: where the next page of the token-range read starts. */
  public void cursor(Object next) {
    this.cursor = next;
  }

  /** Rows the query returned (0 until the binding reports them; a batch reports none). */
  public long resultRows() {
    return resultRows;
  }

  /** Called by the binding: the query returned {@code rows} rows. */
  public void resultRows(long rows) {
    this.resultRows = rows;
  }

  /** Partitions a token-range page returned (distinct tokens not seen before in its range). */
  public long resultPartitions() {
    return resultPartitions;
  }

  /** Called by the binding: the partitions a token-range page returned. */
  public void resultPartitions(long partitions) {
    this.resultPartitions = partitions;
  }
}
