package site.ycsb.db.cql.profile;

import java.util.Collections;
import java.util.List;

/**
 * What a profile operation asks the CQL binding to execute: one CQL text and its rows of bound values, run as a
 * batch (insert) or as one query whose empty result means NOT_FOUND. Driver-independent (plain Java values of
 * the types the DataStax 3.x driver binds, except
 * for the neutral date and duration values of {@link #neutralValues()}). Immutable, except for the row count of a query's result, which the
 * binding reports back ({@link #resultRows(long)}) from the executing thread before it returns.
 */
public final class ProfileRequest {
  /** How the binding runs the rows. */
  public enum Kind {
    /** A LOGGED batch of one statement per row. */
    LOGGED_BATCH,
    /** An UNLOGGED batch of one statement per row. */
    UNLOGGED_BATCH,
    /** A COUNTER batch of one counter update per row (not idempotent: never retried after it may have applied). */
    COUNTER_BATCH,
    /** One query (one row of values); no result row means NOT_FOUND. */
    QUERY
  }

  private final String cql;
  private final List<Object[]> rows;
  private final Kind kind;
  private final boolean neutralValues;
  private long resultRows;

  /** A request whose values are all of the types the driver binds. */
  public ProfileRequest(String cql, List<Object[]> rows, Kind kind) {
    this(cql, rows, kind, false);
  }

  /** A request whose values may include driver-neutral ones ({@link #neutralValues()}). */
  public ProfileRequest(String cql, List<Object[]> rows, Kind kind, boolean neutralValues) {
    this.cql = cql;
    this.rows = Collections.unmodifiableList(rows);
    this.kind = kind;
    this.neutralValues = neutralValues;
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

  public List<Object[]> rows() {
    return rows;
  }

  public Kind kind() {
    return kind;
  }

  /** Rows the query returned (0 until the binding reports them; a batch reports none). */
  public long resultRows() {
    return resultRows;
  }

  /** Called by the binding: the query returned {@code rows} rows. */
  public void resultRows(long rows) {
    this.resultRows = rows;
  }
}
