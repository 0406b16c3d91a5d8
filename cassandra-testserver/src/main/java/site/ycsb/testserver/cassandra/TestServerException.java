package site.ycsb.testserver.cassandra;

/** A test server could not be prepared, started, reached or stopped; the message says why in one line (plus, for
 * a failed start, the last lines of the server log). */
public class TestServerException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public TestServerException(String message) {
    super(message);
  }

  public TestServerException(String message, Throwable cause) {
    super(message, cause);
  }
}
