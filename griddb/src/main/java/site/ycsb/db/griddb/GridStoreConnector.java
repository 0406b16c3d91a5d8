package site.ycsb.db.griddb;

import com.toshiba.mwcloud.gs.GSException;
import com.toshiba.mwcloud.gs.GridStore;
import com.toshiba.mwcloud.gs.GridStoreFactory;
import site.ycsb.DBException;

import java.util.Properties;

/**
 * Connects with GridDB's official client ({@code GridStoreFactory}) and JDBC driver.
 *
 * <p>Thread-safe: every client thread opens its own session through it; configuring GridDB's process-wide factory, the
 * one shared step, is synchronized and done once.
 */
public final class GridStoreConnector implements StoreConnector {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(GridStoreConnector.class);
  /** The factory settings this process applied (GridDB's factory is one per JVM), or null before the first. */
  private static Properties factorySettings;

  @Override
  public StoreSession open(GridDBConfig config) throws DBException {
    configureFactory(config);
    GridStoreSession session;
    try {
      GridStore store = GridStoreFactory.getInstance().getGridStore(config.gridStoreProperties());
      session = new GridStoreSession(store);
    } catch (GSException e) {
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

  /**
   * Applies the factory settings ({@link GridDBConfig#factoryProperties()}) once per process: GridDB's client factory
   * is one per JVM, so the first client's settings hold for every store. A later client with other settings (another
   * request timeout or pool size in the same JVM) is told so in one line instead of silently running with the first.
   */
  private static synchronized void configureFactory(GridDBConfig config) throws DBException {
    Properties p = config.factoryProperties();
    if (factorySettings != null) {
      if (!factorySettings.equals(p)) {
        LOG.warn("GridDB: this client's griddb.requesttimeoutmillis/griddb.maxconnectionpoolsize ({}) are not applied:"
            + " GridDB's client factory is one per process and keeps the settings of the first client ({})", p,
            factorySettings);
      }
      return;
    }
    try {
      if (!p.isEmpty()) {
        GridStoreFactory.getInstance().setProperties(p);
      }
      factorySettings = p;
    } catch (GSException e) {
      throw new DBException("GridDB: the client refused the factory settings " + p + " (griddb.requesttimeoutmillis,"
          + " griddb.maxconnectionpoolsize): " + GridStoreSession.convert(e).oneLine());
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
