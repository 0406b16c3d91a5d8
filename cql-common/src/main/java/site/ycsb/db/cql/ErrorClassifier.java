package site.ycsb.db.cql;

/** Maps a driver exception to an {@link ErrorKind}; implemented once per driver. */
public interface ErrorClassifier {
  /** The kind of the failure; never null (unknown failures are {@link ErrorKind#OTHER}). */
  ErrorKind classify(Throwable failure);
}
