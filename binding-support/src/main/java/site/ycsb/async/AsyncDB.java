package site.ycsb.async;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletionStage;

import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * The asynchronous form of YCSB's five operations, offered by a binding whose client library has a non-blocking
 * API. A binding's {@link site.ycsb.DB} subclass implements this interface in addition to the blocking methods:
 * an engine that knows it issues operations without a thread per request in flight; YCSB 0.17.0 and any engine
 * that does not simply call the blocking methods (this interface ships in the binding's own lib, so the class
 * still loads there).
 *
 * <p>Contract, for every method:
 * <ul>
 *   <li>It returns without waiting for the database: no network round trip, lock wait or back-off sleep on the
 *       calling thread (an engine dispatches many operations from few threads).</li>
 *   <li>The returned stage completes exactly once, normally, with the operation's final status — after every
 *       retry the binding makes, so latency measured to completion includes retries and back-off. It never
 *       completes exceptionally for a database error: failures are statuses, as in the blocking API.</li>
 *   <li>Output arguments ({@code result}) are filled before the stage completes and not touched afterwards.</li>
 *   <li>Completion may run on a thread of the client library (an I/O thread): a dependent action must not block.</li>
 *   <li>Methods are called concurrently from several threads on one instance after {@code init()} and before
 *       {@code cleanup()}; the implementation is thread-safe.</li>
 * </ul>
 * Parameters mean what they mean in the corresponding {@link site.ycsb.DB} method.
 */
public interface AsyncDB {
  /** Asynchronous {@link site.ycsb.DB#read}. */
  CompletionStage<Status> readAsync(String table, String key, Set<String> fields, Map<String, ByteIterator> result);

  /** Asynchronous {@link site.ycsb.DB#scan}. */
  CompletionStage<Status> scanAsync(String table, String startkey, int recordcount, Set<String> fields,
                                    Vector<HashMap<String, ByteIterator>> result);

  /** Asynchronous {@link site.ycsb.DB#update}. */
  CompletionStage<Status> updateAsync(String table, String key, Map<String, ByteIterator> values);

  /** Asynchronous {@link site.ycsb.DB#insert}. */
  CompletionStage<Status> insertAsync(String table, String key, Map<String, ByteIterator> values);

  /** Asynchronous {@link site.ycsb.DB#delete}. */
  CompletionStage<Status> deleteAsync(String table, String key);
}
