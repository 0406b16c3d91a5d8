package site.ycsb.db.griddb;

import java.util.List;
import java.util.Map;

/**
 * The small part of GridDB's key-value client the binding uses, one instance per client thread. Rows are
 * {@code String[]} indexed like {@link TableSchema#columns()}, null for a NULL column; in an ordered container
 * ({@link TableSchema#isOrdered()}) the session writes the key's {@link ScanOrder} number itself.
 */
public interface StoreSession {
  int partitionCount() throws StoreException;

  /** The node that owns a partition now (its address); it may change after a failover. */
  String ownerOf(int partition) throws StoreException;

  int partitionOf(String container) throws StoreException;

  /** The schema of an existing container, or null if it does not exist. */
  ContainerSchema schemaOf(String container) throws StoreException;

  /**
   * Creates a collection with {@code schema} (no-op if it exists with the same schema); an ordered schema's number
   * column gets a TREE index.
   */
  void createContainer(String container, TableSchema schema) throws StoreException;

  /** Reads a whole row, or null if missing. */
  String[] get(String container, String key) throws StoreException;

  /** Writes (replaces) a whole row. */
  void put(String container, String[] row) throws StoreException;

  /** Writes many rows of many containers in one request. */
  void multiPut(Map<String, List<String[]>> rowsByContainer) throws StoreException;

  /** Deletes a row; false if it did not exist. */
  boolean remove(String container, String key) throws StoreException;

  /**
   * Whole rows of an ordered container with number {@code >= fromOrd}, by number ascending (rows with equal numbers
   * in any order), at most {@code limit}.
   */
  List<String[]> orderedRows(String container, long fromOrd, int limit) throws StoreException;

  /** {@link #orderedRows(String, long, int)} on many containers, sent in one request; lists in container order. */
  List<List<String[]>> orderedRows(List<String> containers, long fromOrd, int limit) throws StoreException;

  /** Whole rows of many containers in one request, by key; missing keys are absent from the map. */
  Map<String, String[]> multiGet(Map<String, List<String>> keysByContainer) throws StoreException;

  RowTransaction beginTransaction(String container) throws StoreException;

  /**
   * Called before {@link #close} when the cluster is known unreachable: make closing (and the client's own
   * shutdown hook) give up at once instead of retrying for the failover timeout per open session.
   */
  default void stopWaitingForCluster() {
  }

  void close() throws StoreException;
}
