package site.ycsb.testserver.cassandra;

/** The server answered a CQL request with an ERROR frame; {@link #getMessage()} carries the server's own message. */
public final class CqlException extends TestServerException {
  private static final long serialVersionUID = 1L;
  private final int code;
  private final String serverMessage;

  CqlException(int code, String serverMessage, String context) {
    super(CqlErrorCodes.describe(code) + ": " + serverMessage + (context == null ? "" : " [" + context + "]"));
    this.code = code;
    this.serverMessage = serverMessage;
  }

  /** The protocol error code, e.g. 0x0100 for bad credentials, 0x2200 for an invalid query. */
  public int code() {
    return code;
  }

  /** The message text exactly as the server sent it. */
  public String serverMessage() {
    return serverMessage;
  }
}
