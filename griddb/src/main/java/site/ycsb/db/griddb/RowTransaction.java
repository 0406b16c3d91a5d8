package site.ycsb.db.griddb;

/**
 * A transaction on one container: read a row under a lock, write it, commit (or abort).
 *
 * <p>Not thread-safe: a transaction of one client thread's session, used on that thread.
 */
public interface RowTransaction {
  /** Reads a row and locks it until commit or abort; null if it does not exist. */
  String[] getForUpdate(String key) throws StoreException;

  /** Writes a whole row. */
  void put(String[] row) throws StoreException;

  void commit() throws StoreException;

  /** Aborts; never throws (it is called on error paths). */
  void abort();
}
