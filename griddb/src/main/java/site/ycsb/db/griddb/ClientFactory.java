package site.ycsb.db.griddb;

import com.toshiba.mwcloud.gs.GSException;
import com.toshiba.mwcloud.gs.GridStoreFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import site.ycsb.DBException;

import java.util.Properties;

/**
 * The GridDB client factory a client thread's store comes from: one of its own, configured with {@link
 * GridDBConfig#factoryProperties()} (the request timeout).
 *
 * <p>Why not GridDB's shared {@code GridStoreFactory.getInstance()}: the stores of one factory share one channel per
 * cluster, whose node resolver holds a lock while it connects to a node. When the node stops answering, every thread's
 * reconnect waits for that lock in turn, and each holder waits out the request timeout: with 4 threads operations
 * failed after 36-41 s instead of 22 s, with 16 every one waited the whole 60 s the node was frozen (measured against
 * GridDB 5.9; see the README, "A node that stops answering"). A factory per thread ({@code SubnetGridStoreFactory},
 * the class behind the shared one in the 5.6 client) gives each thread its own channel, which reconnects on its own. A
 * client jar without that class gets the shared factory, configured once for the process, and a line saying what that
 * costs.
 *
 * <p>Thread-safe: the shared fallback is configured under the class's lock.
 */
final class ClientFactory {
  private static final Logger LOG = LoggerFactory.getLogger(ClientFactory.class);
  /** The shared factory's settings once applied (it is one per JVM), or null before the first. */
  private static Properties sharedSettings;

  private ClientFactory() {
  }

  /** A factory of its own for one client thread (close it with its store), or null when only the shared one exists. */
  static GridStoreFactory own(GridDBConfig config) throws DBException {
    GridStoreFactory factory;
    try {
      // Each also registers a JVM shutdown hook that closes it: the binding closes it first, at cleanup.
      factory = new com.toshiba.mwcloud.gs.subnet.SubnetGridStoreFactory();
    } catch (LinkageError e) {
      return null;
    }
    try {
      factory.setProperties(config.factoryProperties());
      return factory;
    } catch (GSException e) {
      throw refused(config, e);
    }
  }

  /**
   * GridDB's shared factory, when {@link #own} has none: its settings are the first client's, for every store of the
   * process (a later client with other settings is told so in one line instead of silently running with the first).
   */
  static synchronized GridStoreFactory shared(GridDBConfig config) throws DBException {
    Properties p = config.factoryProperties();
    if (sharedSettings == null) {
      try {
        if (!p.isEmpty()) {
          GridStoreFactory.getInstance().setProperties(p);
        }
        sharedSettings = p;
      } catch (GSException e) {
        throw refused(config, e);
      }
      LOG.warn("GridDB: this client jar has no factory per thread"
          + " (com.toshiba.mwcloud.gs.subnet.SubnetGridStoreFactory): all client threads share GridDB's client"
          + " factory, which reconnects them one at a time, so an operation on a node that stopped answering may wait longer than griddb.requesttimeoutmillis and the failover timeout");
    } else if (!sharedSettings.equals(p)) {
      LOG.warn("GridDB: this client's griddb.requesttimeoutmillis/griddb.maxconnectionpoolsize ({}) are not applied:"
          + " GridDB's shared client factory keeps the settings of the first client ({})", p, sharedSettings);
    }
    return GridStoreFactory.getInstance();
  }

  private static DBException refused(GridDBConfig config, GSException e) {
    return new DBException("GridDB: the client refused the factory settings " + config.factoryProperties()
        + " (griddb.requesttimeoutmillis, griddb.maxconnectionpoolsize): " + GridStoreSession.convert(e).oneLine());
  }
}
