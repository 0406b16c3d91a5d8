package site.ycsb.testserver.cassandra;

import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;

/**
 * A minimal, blocking, single-connection CQL native protocol v4 client: enough for schema statements, counts and
 * readiness probes, with no dependency beyond the JDK. Not thread-safe; one request in flight at a time.
 */
public final class CqlWireClient implements Closeable {
  private final String target;
  private final Socket socket;
  private final InputStream in;
  private final OutputStream out;
  private int nextStream;
  private boolean broken;

  private CqlWireClient(String host, int port, Socket socket) throws IOException {
    this.target = host + ":" + port;
    this.socket = socket;
    this.in = new BufferedInputStream(socket.getInputStream());
    this.out = socket.getOutputStream();
  }

  /**
   * Opens a connection and completes STARTUP (and, when the server asks for it, SASL PLAIN authentication).
   *
   * @param username null to connect without credentials
   * @param timeoutMillis bound for the TCP connect and for each response
   * @throws CqlException when the server refuses (e.g. bad credentials), with the server's message
   * @throws TestServerException when the server cannot be reached or does not answer in time
   */
  public static CqlWireClient connect(String host, int port, String username, String password, int timeoutMillis) {
    Socket socket = new Socket();
    CqlWireClient client = null;
    try {
      socket.setTcpNoDelay(true);
      socket.setSoTimeout(timeoutMillis);
      socket.connect(new InetSocketAddress(host, port), timeoutMillis);
      client = new CqlWireClient(host, port, socket);
      client.handshake(username, password);
      return client;
    } catch (IOException e) {
      closeQuietly(socket);
      throw new TestServerException("cannot open a CQL session to " + host + ":" + port + ": " + describe(e), e);
    } catch (RuntimeException e) {
      closeQuietly(socket);
      throw e;
    }
  }

  private void handshake(String username, String password) throws IOException {
    CqlFrame response = roundTrip(CqlCodec.startup(stream()), "STARTUP");
    if (response.opcode == CqlFrame.OP_READY) {
      return;
    }
    if (response.opcode != CqlFrame.OP_AUTHENTICATE) {
      throw unexpected(response, "STARTUP");
    }
    String authenticator = CqlCodec.decodeAuthenticate(response);
    if (username == null) {
      throw new TestServerException("server " + target + " requires authentication (" + authenticator
          + ") but no username was given");
    }
    CqlFrame auth = roundTrip(CqlCodec.authResponse(stream(), username, password == null ? "" : password),
        "login as " + username);
    if (auth.opcode == CqlFrame.OP_AUTH_SUCCESS) {
      return;
    }
    if (auth.opcode == CqlFrame.OP_AUTH_CHALLENGE) {
      throw new TestServerException("server " + target + " sent a SASL challenge; only PLAIN is supported");
    }
    throw unexpected(auth, "AUTH_RESPONSE");
  }

  /**
   * Runs one CQL statement at consistency ONE.
   *
   * @throws CqlException with the server's message when the server rejects the statement
   * @throws TestServerException on a timeout or a lost connection (the client is unusable afterwards)
   */
  public CqlResult query(String cql) {
    return query(cql, CqlConsistency.ONE);
  }

  /**
   * Runs one CQL statement at the given consistency, e.g. ALL to learn whether this node (the coordinator) holds
   * every replica of the rows read for alive: a replica it believes down makes the server answer Unavailable.
   *
   * @throws CqlException with the server's message when the server rejects the statement
   * @throws TestServerException on a timeout or a lost connection (the client is unusable afterwards)
   */
  public CqlResult query(String cql, CqlConsistency consistency) {
    if (broken) {
      throw new TestServerException("CQL connection to " + target + " is no longer usable after an earlier failure");
    }
    try {
      CqlFrame response = roundTrip(CqlCodec.query(stream(), cql, consistency.code()), abbreviate(cql));
      if (response.opcode != CqlFrame.OP_RESULT) {
        throw unexpected(response, "QUERY");
      }
      return CqlCodec.decodeResult(response);
    } catch (IOException e) {
      broken = true;
      throw new TestServerException("CQL request to " + target + " failed: " + describe(e) + " [" + abbreviate(cql)
          + "]", e);
    }
  }

  private CqlFrame roundTrip(byte[] request, String context) throws IOException {
    out.write(request);
    out.flush();
    CqlFrame response = CqlCodec.readFrame(in);
    if (response.opcode == CqlFrame.OP_ERROR) {
      throw CqlCodec.decodeError(response, context);
    }
    return response;
  }

  private int stream() {
    nextStream = (nextStream + 1) & 0x7FFF;
    return nextStream;
  }

  private TestServerException unexpected(CqlFrame frame, String request) {
    broken = true;
    return new TestServerException("server " + target + " answered " + request + " with unexpected "
        + CqlFrame.opcodeName(frame.opcode));
  }

  /** This connection's own address and port, as the server sees them (e.g. in system_views.clients). */
  public java.net.InetSocketAddress localAddress() {
    return (java.net.InetSocketAddress) socket.getLocalSocketAddress();
  }

  @Override
  public void close() {
    closeQuietly(socket);
  }

  static String abbreviate(String cql) {
    String oneLine = cql.replaceAll("\\s+", " ").trim();
    return oneLine.length() <= 120 ? oneLine : oneLine.substring(0, 117) + "...";
  }

  private static String describe(IOException e) {
    if (e instanceof SocketTimeoutException) {
      return "no answer within the timeout";
    }
    if (e instanceof java.io.EOFException) {
      return "connection closed by the server";
    }
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }

  private static void closeQuietly(Socket socket) {
    try {
      socket.close();
    } catch (IOException ignored) {
      // nothing useful to do: the connection is being discarded
    }
  }
}
