package site.ycsb.db.griddb;

import site.ycsb.DBException;

/** Opens the per-thread connections to GridDB; replaced by a test double in unit tests. */
public interface StoreConnector {
  /** Opens a key-value session and proves the cluster answers; a failure is one line naming the target. */
  StoreSession open(GridDBConfig config) throws DBException;

  /** Opens the SQL range reader used by scans. */
  RangeReader openReader(GridDBConfig config, TableSchema schema) throws StoreException;
}
