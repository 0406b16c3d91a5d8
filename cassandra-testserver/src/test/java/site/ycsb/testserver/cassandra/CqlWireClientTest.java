package site.ycsb.testserver.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Unit test of the client's request/response sequencing against a scripted test double of a CQL server. */
class CqlWireClientTest {
  private ScriptedServer server;

  @AfterEach
  void stopServer() throws IOException {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void should_authenticate_and_return_rows_when_server_asks_for_credentials() throws Exception {
    server = new ScriptedServer(
        reply(CqlFrame.OP_AUTHENTICATE, new CqlCodec.Body().string("org.apache.cassandra.auth.PasswordAuthenticator")),
        reply(CqlFrame.OP_AUTH_SUCCESS, new CqlCodec.Body().bytes(null)),
        reply(CqlFrame.OP_RESULT, countRows(42)));
    try (CqlWireClient client = CqlWireClient.connect("127.0.0.1", server.port(), "u", "p", 5_000)) {
      assertEquals(42L, client.query("SELECT count(*) FROM ks.t").longValue(0, 0));
    }
    List<Integer> opcodes = server.receivedOpcodes();
    assertEquals(3, opcodes.size(), opcodes.toString());
    assertEquals(CqlFrame.OP_STARTUP, (int) opcodes.get(0));
    assertEquals(CqlFrame.OP_AUTH_RESPONSE, (int) opcodes.get(1));
    assertEquals(CqlFrame.OP_QUERY, (int) opcodes.get(2));
  }

  @Test
  void should_throw_server_message_when_credentials_are_rejected() throws Exception {
    server = new ScriptedServer(
        reply(CqlFrame.OP_AUTHENTICATE, new CqlCodec.Body().string("org.apache.cassandra.auth.PasswordAuthenticator")),
        reply(CqlFrame.OP_ERROR, new CqlCodec.Body().intValue(0x0100).string("Provided username u and/or password"
            + " are incorrect")));
    CqlException e = assertThrows(CqlException.class,
        () -> CqlWireClient.connect("127.0.0.1", server.port(), "u", "wrong", 5_000));
    assertEquals(0x0100, e.code());
    assertTrue(e.getMessage().contains("Provided username u and/or password are incorrect"), e.getMessage());
    assertTrue(!e.getMessage().contains("wrong"), "password leaked: " + e.getMessage());
  }

  @Test
  void should_fail_clearly_when_server_requires_auth_and_no_username_given() throws Exception {
    server = new ScriptedServer(
        reply(CqlFrame.OP_AUTHENTICATE, new CqlCodec.Body().string("org.apache.cassandra.auth.PasswordAuthenticator")));
    TestServerException e = assertThrows(TestServerException.class,
        () -> CqlWireClient.connect("127.0.0.1", server.port(), null, null, 5_000));
    assertTrue(e.getMessage().contains("requires authentication"), e.getMessage());
  }

  @Test
  void should_time_out_when_server_does_not_answer_a_query() throws Exception {
    server = new ScriptedServer(reply(CqlFrame.OP_READY, new CqlCodec.Body()));
    try (CqlWireClient client = CqlWireClient.connect("127.0.0.1", server.port(), null, null, 300)) {
      TestServerException e = assertThrows(TestServerException.class, () -> client.query("SELECT 1"));
      assertTrue(e.getMessage().contains("no answer within the timeout"), e.getMessage());
      TestServerException again = assertThrows(TestServerException.class, () -> client.query("SELECT 1"));
      assertTrue(again.getMessage().contains("no longer usable"), again.getMessage());
    }
  }

  @Test
  void should_report_unreachable_port_when_nothing_listens() throws IOException {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    TestServerException e = assertThrows(TestServerException.class,
        () -> CqlWireClient.connect("127.0.0.1", port, null, null, 1_000));
    assertTrue(e.getMessage().startsWith("cannot open a CQL session to 127.0.0.1:" + port), e.getMessage());
  }

  private static CqlCodec.Body countRows(long count) {
    return new CqlCodec.Body().intValue(CqlResult.KIND_ROWS).intValue(0x0001).intValue(1).string("ks").string("t")
        .string("count").shortValue(CqlResult.TYPE_BIGINT).intValue(1)
        .bytes(ByteBuffer.allocate(8).putLong(count).array());
  }

  private static byte[][] reply(int opcode, CqlCodec.Body body) {
    return new byte[][] {{(byte) opcode}, body.toByteArray()};
  }

  /** Accepts one connection; answers the n-th request with the n-th scripted reply, then stays silent. */
  private static final class ScriptedServer implements AutoCloseable {
    private final ServerSocket socket;
    private final List<Integer> opcodes = new CopyOnWriteArrayList<>();
    private final Thread thread;

    ScriptedServer(byte[][]... replies) throws IOException {
      socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
      List<byte[][]> script = new ArrayList<>();
      Collections.addAll(script, replies);
      thread = new Thread(() -> serve(script), "scripted-cql-server");
      thread.setDaemon(true);
      thread.start();
    }

    int port() {
      return socket.getLocalPort();
    }

    List<Integer> receivedOpcodes() throws InterruptedException {
      thread.join(2_000);
      return opcodes;
    }

    private void serve(List<byte[][]> script) {
      try (Socket client = socket.accept()) {
        InputStream in = client.getInputStream();
        OutputStream out = client.getOutputStream();
        for (byte[][] reply : script) {
          byte[] header = new byte[9];
          readFully(in, header);
          ByteBuffer h = ByteBuffer.wrap(header);
          h.position(2);
          short stream = h.getShort();
          opcodes.add(h.get() & 0xFF);
          readFully(in, new byte[h.getInt()]);
          out.write(CqlCodecTest.response(0, stream, reply[0][0], reply[1]));
          out.flush();
        }
        byte[] header = new byte[9];
        if (readFully(in, header)) {
          opcodes.add(header[4] & 0xFF);
        }
        while (in.read() >= 0) {
          // stay silent until the client closes the connection
        }
      } catch (IOException ignored) {
        // the test closed the socket
      }
    }

    private static boolean readFully(InputStream in, byte[] b) throws IOException {
      int off = 0;
      while (off < b.length) {
        int n = in.read(b, off, b.length - off);
        if (n < 0) {
          return false;
        }
        off += n;
      }
      return true;
    }

    @Override
    public void close() throws IOException {
      socket.close();
    }
  }
}
