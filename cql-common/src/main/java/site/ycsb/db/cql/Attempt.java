package site.ycsb.db.cql;

/** One try of a request; it may throw whatever the driver throws. */
@FunctionalInterface
public interface Attempt<T> {
  T run() throws Exception;
}
