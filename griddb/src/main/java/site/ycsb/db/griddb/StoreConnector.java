package site.ycsb.db.griddb;

import site.ycsb.DBException;

/**
 * Opens the per-thread connections to GridDB; replaced by a test double in unit tests.
 *
 * <p>Implementations are called by every client thread's init at once: they must be thread-safe.
 */
public interface StoreConnector {
  /** Opens a key-value session and proves the cluster answers; a failure is one line naming the target. */
  StoreSession open(GridDBConfig config) throws DBException;

  /** Opens the SQL range reader used by scans. */
  RangeReader openReader(GridDBConfig config, TableSchema schema) throws StoreException;
}
