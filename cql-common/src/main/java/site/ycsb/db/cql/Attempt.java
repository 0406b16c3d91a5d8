package site.ycsb.db.cql;

import site.ycsb.support.RetryLoop;

/**
 * One try of a request; it may throw whatever the driver throws. It is a {@link RetryLoop.Attempt}, so the retry
 * loop runs it as it is (no adapter per request).
 *
 * <p>Not thread-safe: one per request, run by the thread that executes the request.
 */
@FunctionalInterface
public interface Attempt<T> extends RetryLoop.Attempt<T> {
}
