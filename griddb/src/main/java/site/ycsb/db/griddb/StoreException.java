package site.ycsb.db.griddb;

/**
 * A failure of the GridDB client, reduced to what the binding needs: the GridDB error code, what it means
 * ({@link ErrorKind}), whether retrying the failed request is safe and may succeed, and whether it is a timeout (the
 * client has already retried for {@code failoverTimeout}).
 *
 * <p>Immutable and thread-safe (as exceptions are once thrown).
 */
public class StoreException extends Exception {
  private static final long serialVersionUID = 1L;

  private final int code;
  private final boolean retryable;
  private final boolean timeout;
  private final ErrorKind kind;

  public StoreException(int code, String message, boolean retryable, boolean timeout, Throwable cause) {
    this(null, code, message, retryable, timeout, cause);
  }

  /**
   * A failure classified by {@link ErrorKind}; {@code retryable} is the kind's decision for the request that failed
   * ({@link ErrorKind#retryable(boolean)}).
   */
  public StoreException(ErrorKind kind, int code, String message, boolean retryable, Throwable cause) {
    this(kind, code, message, retryable, kind == ErrorKind.UNREACHABLE, cause);
  }

  private StoreException(ErrorKind kind, int code, String message, boolean retryable, boolean timeout,
                         Throwable cause) {
    super(message, cause);
    this.code = code;
    this.retryable = retryable;
    this.timeout = timeout;
    this.kind = kind;
  }

  /**
   * What the failure means (see {@link ErrorKind}); for an exception made without a kind, derived from its flags
   * and code.
   */
  public ErrorKind kind() {
    if (kind != null) {
      return kind;
    }
    if (timeout) {
      return ErrorKind.UNREACHABLE;
    }
    ErrorKind k = ErrorKind.classify(code, StoreException.class);
    return retryable && k == ErrorKind.OTHER ? ErrorKind.RECOVERABLE : k;
  }

  /**
   * The same failure (code, kind, retryable, timeout) with another message, this exception as its cause: a caller
   * that says what the failure did to its work keeps what the failure means.
   */
  StoreException withMessage(String message) {
    return new StoreException(kind, code, message, retryable, timeout, this);
  }

  public StoreException(int code, String message, boolean retryable, boolean timeout) {
    this(code, message, retryable, timeout, null);
  }

  /** GridDB's error code, 0 when unknown. */
  public int getCode() {
    return code;
  }

  /** True when a retry is safe and may succeed (see {@link ErrorKind#retryable(boolean)}). */
  public boolean isRetryable() {
    return retryable;
  }

  /** True when no member answered: the client gave up after its own failover timeout. */
  public boolean isTimeout() {
    return timeout;
  }

  private static final java.util.regex.Pattern FAILOVER = java.util.regex.Pattern.compile(
      "(.*?)\\(trialCount=(\\d+), failureMillis=(\\d+), timeoutMillis=\\d+, reason=(.*?), history.*");
  /** Longest message kept; the rest is cut (GridDB messages can list whole retry histories). */
  static final int MAX_MESSAGE = 300;

  /**
   * GridDB's failover timeout lists every trial ({@code historyOfTop10(...)=[...]}, ~1,600 characters for 10
   * trials); the count, the time and the first reason say enough: {@code Failover timed out after 10 trials in
   * 10169 ms: [145028:JC_BAD_CONNECTION] Failed to connect (...)}.
   */
  static String shortenFailover(String msg) {
    java.util.regex.Matcher m = FAILOVER.matcher(msg);
    if (m.matches()) {
      msg = m.group(1).trim() + " after " + m.group(2) + " trials in " + m.group(3) + " ms: " + m.group(4);
    } else {
      int history = msg.indexOf(", history");
      if (history > 0) {
        msg = msg.substring(0, history) + ")";
      }
    }
    if (msg.length() > MAX_MESSAGE) {
      msg = msg.substring(0, MAX_MESSAGE) + "...";
    }
    return msg;
  }

  /** One line: the code (if any) and the first line of the message. */
  public String oneLine() {
    String msg = getMessage() == null ? "" : getMessage();
    int nl = msg.indexOf('\n');
    if (nl >= 0) {
      msg = msg.substring(0, nl);
    }
    msg = site.ycsb.support.SecretNames.maskText(shortenFailover(msg)); // the driver quotes the provider URL
    if (code != 0 && !msg.contains(Integer.toString(code))) {
      return "[" + code + "] " + msg.trim();
    }
    return msg.trim();
  }
}
