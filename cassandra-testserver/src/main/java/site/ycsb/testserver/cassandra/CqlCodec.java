package site.ycsb.testserver.cassandra;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Encodes the few requests and decodes the few responses of CQL native protocol v4 that the test server needs:
 * STARTUP, AUTH_RESPONSE (SASL PLAIN), QUERY without values, and READY / AUTHENTICATE / AUTH_SUCCESS / RESULT /
 * ERROR. Only uncompressed frames.
 */
final class CqlCodec {
  /** Largest frame body accepted from a server (the protocol's own default limit is 256 MB). */
  static final int MAX_BODY = 256 * 1024 * 1024;

  private CqlCodec() {
  }

  static byte[] startup(int stream) {
    Map<String, String> options = new LinkedHashMap<>();
    options.put("CQL_VERSION", "3.0.0");
    Body body = new Body();
    body.stringMap(options);
    return frame(stream, CqlFrame.OP_STARTUP, body.toByteArray());
  }

  /** SASL PLAIN token: empty authorization id, NUL, user, NUL, password. */
  static byte[] authResponse(int stream, String username, String password) {
    byte[] user = username.getBytes(StandardCharsets.UTF_8);
    byte[] pass = password.getBytes(StandardCharsets.UTF_8);
    byte[] token = new byte[user.length + pass.length + 2];
    System.arraycopy(user, 0, token, 1, user.length);
    System.arraycopy(pass, 0, token, user.length + 2, pass.length);
    Body body = new Body();
    body.bytes(token);
    return frame(stream, CqlFrame.OP_AUTH_RESPONSE, body.toByteArray());
  }

  static byte[] query(int stream, String cql, int consistency) {
    Body body = new Body();
    body.longString(cql);
    body.shortValue(consistency);
    body.byteValue(0); // no values, no paging options
    return frame(stream, CqlFrame.OP_QUERY, body.toByteArray());
  }

  static byte[] frame(int stream, int opcode, byte[] body) {
    ByteBuffer buf = ByteBuffer.allocate(CqlFrame.HEADER_LENGTH + body.length);
    buf.put((byte) CqlFrame.VERSION_REQUEST).put((byte) 0).putShort((short) stream).put((byte) opcode)
        .putInt(body.length).put(body);
    return buf.array();
  }

  /** Reads one whole frame; EOFException when the server closed the connection. */
  static CqlFrame readFrame(InputStream in) throws IOException {
    DataInputStream data = new DataInputStream(in);
    byte[] header = new byte[CqlFrame.HEADER_LENGTH];
    data.readFully(header);
    ByteBuffer h = ByteBuffer.wrap(header);
    int version = h.get() & 0xFF;
    int flags = h.get() & 0xFF;
    int stream = h.getShort();
    int opcode = h.get() & 0xFF;
    int length = h.getInt();
    if ((version & 0x7F) != CqlFrame.VERSION_REQUEST) {
      throw new IOException(String.format("server answered with protocol version 0x%02X, expected v4", version));
    }
    if (length < 0 || length > MAX_BODY) {
      throw new IOException("invalid frame body length " + length);
    }
    byte[] body = new byte[length];
    data.readFully(body);
    return new CqlFrame(version, flags, stream, opcode, body);
  }

  /** The body after the optional tracing id, warnings and custom payload that precede the message proper. */
  static ByteBuffer messageBody(CqlFrame frame, List<String> warningsOut) {
    ByteBuffer buf = ByteBuffer.wrap(frame.body);
    try {
      if ((frame.flags & CqlFrame.FLAG_TRACING) != 0) {
        buf.position(buf.position() + 16);
      }
      if ((frame.flags & CqlFrame.FLAG_WARNING) != 0) {
        List<String> warnings = readStringList(buf);
        if (warningsOut != null) {
          warningsOut.addAll(warnings);
        }
      }
      if ((frame.flags & CqlFrame.FLAG_CUSTOM_PAYLOAD) != 0) {
        int n = readShort(buf);
        for (int i = 0; i < n; i++) {
          readString(buf);
          readBytes(buf);
        }
      }
    } catch (BufferUnderflowException | IllegalArgumentException e) {
      throw new IllegalStateException("truncated " + CqlFrame.opcodeName(frame.opcode) + " frame header fields");
    }
    return buf;
  }

  static CqlException decodeError(CqlFrame frame, String context) {
    ByteBuffer buf = messageBody(frame, null);
    try {
      int code = buf.getInt();
      String message = readString(buf);
      return new CqlException(code, message, context);
    } catch (BufferUnderflowException e) {
      throw new IllegalStateException("truncated ERROR frame");
    }
  }

  /** The authenticator class name announced by an AUTHENTICATE frame. */
  static String decodeAuthenticate(CqlFrame frame) {
    return readString(messageBody(frame, null));
  }

  static CqlResult decodeResult(CqlFrame frame) {
    List<String> warnings = new ArrayList<>();
    ByteBuffer buf = messageBody(frame, warnings);
    try {
      int kind = buf.getInt();
      switch (kind) {
        case CqlResult.KIND_ROWS:
          return decodeRows(buf, warnings);
        case CqlResult.KIND_SET_KEYSPACE:
          return CqlResult.withoutRows(kind, readString(buf), warnings);
        case CqlResult.KIND_SCHEMA_CHANGE:
          String change = readString(buf);
          String target = readString(buf);
          String keyspace = readString(buf);
          return CqlResult.withoutRows(kind, change + " " + target + " " + keyspace, warnings);
        case CqlResult.KIND_VOID:
        case CqlResult.KIND_PREPARED:
          return CqlResult.withoutRows(kind, null, warnings);
        default:
          throw new IllegalStateException("unknown RESULT kind " + kind);
      }
    } catch (BufferUnderflowException | IllegalArgumentException e) {
      throw new IllegalStateException("truncated RESULT frame");
    }
  }

  private static CqlResult decodeRows(ByteBuffer buf, List<String> warnings) {
    int flags = buf.getInt();
    int columnCount = buf.getInt();
    if (columnCount < 0) {
      throw new IllegalStateException("negative column count " + columnCount);
    }
    if ((flags & 0x0002) != 0) {
      readBytes(buf); // paging state
    }
    List<String> names = new ArrayList<>();
    List<Integer> types = new ArrayList<>();
    if ((flags & 0x0004) == 0) {
      boolean globalTableSpec = (flags & 0x0001) != 0;
      if (globalTableSpec) {
        readString(buf);
        readString(buf);
      }
      for (int i = 0; i < columnCount; i++) {
        if (!globalTableSpec) {
          readString(buf);
          readString(buf);
        }
        names.add(readString(buf));
        types.add(readTypeOption(buf));
      }
    }
    int rowCount = buf.getInt();
    if (rowCount < 0) {
      throw new IllegalStateException("negative row count " + rowCount);
    }
    List<List<byte[]>> rows = new ArrayList<>(Math.min(rowCount, 10_000));
    for (int r = 0; r < rowCount; r++) {
      List<byte[]> row = new ArrayList<>(columnCount);
      for (int c = 0; c < columnCount; c++) {
        row.add(readBytes(buf));
      }
      rows.add(Collections.unmodifiableList(row));
    }
    return new CqlResult(CqlResult.KIND_ROWS, null, names, types, rows, warnings);
  }

  /** Reads a column type [option], skipping nested parameters; returns the top-level type id. */
  private static int readTypeOption(ByteBuffer buf) {
    int id = readShort(buf);
    switch (id) {
      case 0x0000:
        readString(buf);
        break;
      case 0x0020:
      case 0x0022:
        readTypeOption(buf);
        break;
      case 0x0021:
        readTypeOption(buf);
        readTypeOption(buf);
        break;
      case 0x0030:
        readString(buf);
        readString(buf);
        int fields = readShort(buf);
        for (int i = 0; i < fields; i++) {
          readString(buf);
          readTypeOption(buf);
        }
        break;
      case 0x0031:
        int elements = readShort(buf);
        for (int i = 0; i < elements; i++) {
          readTypeOption(buf);
        }
        break;
      default:
        break;
    }
    return id;
  }

  static int readShort(ByteBuffer buf) {
    return buf.getShort() & 0xFFFF;
  }

  static String readString(ByteBuffer buf) {
    int n = readShort(buf);
    byte[] b = new byte[n];
    buf.get(b);
    return new String(b, StandardCharsets.UTF_8);
  }

  static List<String> readStringList(ByteBuffer buf) {
    int n = readShort(buf);
    List<String> list = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      list.add(readString(buf));
    }
    return list;
  }

  /** A [bytes] value; null for a negative length (CQL null). */
  static byte[] readBytes(ByteBuffer buf) {
    int n = buf.getInt();
    if (n < 0) {
      return null;
    }
    if (n > buf.remaining()) {
      throw new BufferUnderflowException();
    }
    byte[] b = new byte[n];
    buf.get(b);
    return b;
  }

  /** Builder for request bodies (and, in tests, for fake server responses). */
  static final class Body {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    Body byteValue(int v) {
      out.write(v);
      return this;
    }

    Body shortValue(int v) {
      out.write((v >>> 8) & 0xFF);
      out.write(v & 0xFF);
      return this;
    }

    Body intValue(int v) {
      shortValue(v >>> 16);
      return shortValue(v & 0xFFFF);
    }

    Body longValue(long v) {
      intValue((int) (v >>> 32));
      return intValue((int) v);
    }

    Body string(String s) {
      byte[] b = s.getBytes(StandardCharsets.UTF_8);
      if (b.length > 0xFFFF) {
        throw new IllegalArgumentException("string longer than 65535 bytes");
      }
      shortValue(b.length);
      out.write(b, 0, b.length);
      return this;
    }

    Body longString(String s) {
      byte[] b = s.getBytes(StandardCharsets.UTF_8);
      intValue(b.length);
      out.write(b, 0, b.length);
      return this;
    }

    Body bytes(byte[] b) {
      if (b == null) {
        return intValue(-1);
      }
      intValue(b.length);
      out.write(b, 0, b.length);
      return this;
    }

    Body stringMap(Map<String, String> map) {
      shortValue(map.size());
      for (Map.Entry<String, String> e : map.entrySet()) {
        string(e.getKey());
        string(e.getValue());
      }
      return this;
    }

    byte[] toByteArray() {
      return out.toByteArray();
    }
  }
}
