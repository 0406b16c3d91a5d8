package site.ycsb.db.cql;

/**
 * One try of a request; it may throw whatever the driver throws.
 *
 * <p>Not thread-safe: one per request, run by the thread that executes the request.
 */
@FunctionalInterface
public interface Attempt<T> {
  T run() throws Exception;
}
