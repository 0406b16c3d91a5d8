package site.ycsb;

import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;

/**
 * The binding API: one subclass per database, loaded by class name through its public no-argument constructor.
 *
 * <p>The engine creates <b>one instance per client thread</b> and calls {@link #init()}, the operations and
 * {@link #cleanup()} from that thread only, so an instance needs no synchronisation of its own; state shared
 * between instances (a driver session, say) must be made thread-safe by the binding. All instances receive the
 * same merged {@link Properties} object.
 *
 * <p>Operations return a {@link Status} and never {@code null}. The engine times each call; a binding that
 * retries internally should do so inside the call so that the reported latency includes every attempt.
 */
public abstract class DB {
  private Properties properties = new Properties();

  /** Sets the merged properties of the run; called once, before {@link #init()}. */
  public void setProperties(Properties p) {
    properties = p;
  }

  /** The merged properties of the run. */
  public Properties getProperties() {
    return properties;
  }

  /** Connects to the database. Called once per instance, in its client thread, before any operation. */
  public void init() throws DBException {
  }

  /** Releases what {@link #init()} acquired. Called once per instance, in its client thread. */
  public void cleanup() throws DBException {
  }

  /**
   * Reads one record.
   *
   * @param table the table name
   * @param key the record key
   * @param fields the fields to read, or {@code null} for all of them
   * @param result receives one entry per field read
   * @return {@link Status#OK}, {@link Status#NOT_FOUND} for a missing record, or an error status
   */
  public abstract Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result);

  /**
   * Reads up to {@code recordcount} records in key order starting at {@code startkey} (inclusive).
   *
   * @param table the table name
   * @param startkey the first key to read
   * @param recordcount the number of records to read
   * @param fields the fields to read, or {@code null} for all of them
   * @param result receives one map per record
   * @return {@link Status#OK} or an error status
   */
  public abstract Status scan(String table, String startkey, int recordcount, Set<String> fields,
                              Vector<HashMap<String, ByteIterator>> result);

  /**
   * Writes the given fields of an existing record, leaving its other fields as they are.
   *
   * @param table the table name
   * @param key the record key
   * @param values the fields to write
   * @return {@link Status#OK} or an error status
   */
  public abstract Status update(String table, String key, Map<String, ByteIterator> values);

  /**
   * Inserts a record (or replaces it, for stores where a write is an upsert).
   *
   * @param table the table name
   * @param key the record key
   * @param values all fields of the record
   * @return {@link Status#OK} or an error status
   */
  public abstract Status insert(String table, String key, Map<String, ByteIterator> values);

  /**
   * Deletes a record.
   *
   * @param table the table name
   * @param key the record key
   * @return {@link Status#OK} or an error status
   */
  public abstract Status delete(String table, String key);
}
