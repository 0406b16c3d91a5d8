package site.ycsb.db.cql;

/**
 * Maps a driver exception to an {@link ErrorKind}; implemented once per driver.
 *
 * <p>Implementations are shared by every client thread and called from the driver's I/O threads: they must be
 * thread-safe (stateless, as the drivers' are).
 */
public interface ErrorClassifier {
  /** The kind of the failure; never null (unknown failures are {@link ErrorKind#OTHER}). */
  ErrorKind classify(Throwable failure);
}
