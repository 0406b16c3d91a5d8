package site.ycsb;

/**
 * The requested database binding class could not be found or instantiated.
 *
 * <p>Immutable and thread-safe, as exceptions are once thrown.
 */
public class UnknownDBException extends Exception {
  private static final long serialVersionUID = 1L;

  public UnknownDBException() {
    super();
  }

  public UnknownDBException(String message) {
    super(message);
  }

  public UnknownDBException(String message, Throwable cause) {
    super(message, cause);
  }

  public UnknownDBException(Throwable cause) {
    super(cause);
  }
}
