package site.ycsb.db.griddb;

/**
 * A failure of the GridDB client, reduced to what the binding needs: the GridDB error code, whether GridDB marks
 * it retryable, and whether it is a timeout (the client has already retried for {@code failoverTimeout}).
 */
public class StoreException extends Exception {
  private static final long serialVersionUID = 1L;

  private final int code;
  private final boolean retryable;
  private final boolean timeout;

  public StoreException(int code, String message, boolean retryable, boolean timeout, Throwable cause) {
    super(message, cause);
    this.code = code;
    this.retryable = retryable;
    this.timeout = timeout;
  }

  public StoreException(int code, String message, boolean retryable, boolean timeout) {
    this(code, message, retryable, timeout, null);
  }

  /** GridDB's error code, 0 when unknown. */
  public int getCode() {
    return code;
  }

  /** True for errors GridDB marks as recoverable (a retry may succeed). */
  public boolean isRetryable() {
    return retryable;
  }

  /** True when the client gave up after its own failover timeout. */
  public boolean isTimeout() {
    return timeout;
  }

  /** One line: the code (if any) and the first line of the message. */
  public String oneLine() {
    String msg = getMessage() == null ? "" : getMessage();
    int nl = msg.indexOf('\n');
    if (nl >= 0) {
      msg = msg.substring(0, nl);
    }
    // GridDB appends the full failover history to timeouts; the first reason says enough.
    int history = msg.indexOf(", history(");
    if (history > 0) {
      msg = msg.substring(0, history) + ")";
    }
    if (code != 0 && !msg.contains(Integer.toString(code))) {
      return "[" + code + "] " + msg.trim();
    }
    return msg.trim();
  }
}
