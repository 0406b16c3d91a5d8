package site.ycsb.db.griddb;

import com.toshiba.mwcloud.gs.GSException;
import com.toshiba.mwcloud.gs.GridStore;
import com.toshiba.mwcloud.gs.GridStoreFactory;
import site.ycsb.DBException;


/**
 * Connects with GridDB's official client (a client factory per thread, see {@link ClientFactory}) and JDBC driver.
 *
 * <p>Thread-safe: every client thread opens its own session through it.
 */
public final class GridStoreConnector implements StoreConnector {
  @Override
  public StoreSession open(GridDBConfig config) throws DBException {
    GridStoreFactory own = ClientFactory.own(config);
    GridStoreFactory factory = own != null ? own : ClientFactory.shared(config);
    GridStoreSession session;
    try {
      GridStore store = factory.getGridStore(config.gridStoreProperties());
      session = new GridStoreSession(store, own);
    } catch (GSException e) {
      GridStoreSession.closeQuietly(own);
      throw failure(config, GridStoreSession.convert(e));
    }
    try {
      // getGridStore does not connect; this round trip proves members, cluster name and credentials now.
      session.partitionCount();
      return session;
    } catch (StoreException e) {
      try {
        session.close();
      } catch (StoreException ignored) {
        // The connection failure is the one to report.
      }
      throw failure(config, e);
    }
  }

  /** One line: what failed, where (never the password), GridDB's error and a hint for the usual causes. */
  static DBException failure(GridDBConfig config, StoreException e) {
    return new DBException("GridDB: cannot connect (" + config.describeTarget() + "): " + e.oneLine() + hint(e));
  }

  static String hint(StoreException e) {
    switch (e.getCode()) {
    case ErrorKind.CLUSTER_NAME_INVALID:
      return " -- is the cluster name right?";
    case ErrorKind.AUTH:
      return " -- check user and password";
    case ErrorKind.NODE_NOT_JOINED:
      return " -- the node has not joined its cluster (is the cluster started?)";
    case ErrorKind.BAD_CONNECTION:
      return " -- no member reachable (host, port, firewall?)";
    default:
      return e.isTimeout() ? " -- no answer within griddb.failovertimeoutseconds" : "";
    }
  }

  @Override
  public RangeReader openReader(GridDBConfig config, TableSchema schema) throws StoreException {
    return SqlRangeReader.open(config.jdbcUrl(), config.jdbcProperties(), schema);
  }
}
