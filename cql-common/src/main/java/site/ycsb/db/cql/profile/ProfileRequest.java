package site.ycsb.db.cql.profile;

import java.util.Collections;
import java.util.List;

/**
 * What a profile operation asks the CQL binding to execute: one CQL text and its rows of bound values, run as a
 * batch (insert) or as one query whose empty result means NOT_FOUND. Driver-independent (plain Java values of
 * the types the DataStax 3.x driver binds). Immutable.
 */
public final class ProfileRequest {
  /** How the binding runs the rows. */
  public enum Kind {
    /** A LOGGED batch of one statement per row. */
    LOGGED_BATCH,
    /** An UNLOGGED batch of one statement per row. */
    UNLOGGED_BATCH,
    /** One query (one row of values); no result row means NOT_FOUND. */
    QUERY
  }

  private final String cql;
  private final List<Object[]> rows;
  private final Kind kind;

  public ProfileRequest(String cql, List<Object[]> rows, Kind kind) {
    this.cql = cql;
    this.rows = Collections.unmodifiableList(rows);
    this.kind = kind;
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
}
