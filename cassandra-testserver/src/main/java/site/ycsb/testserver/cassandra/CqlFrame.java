package site.ycsb.testserver.cassandra;

/** One CQL native protocol v4 frame: the header fields this client uses and the raw body. */
final class CqlFrame {
  static final int HEADER_LENGTH = 9;
  static final int VERSION_REQUEST = 0x04;
  static final int VERSION_RESPONSE = 0x84;

  static final int FLAG_TRACING = 0x02;
  static final int FLAG_CUSTOM_PAYLOAD = 0x04;
  static final int FLAG_WARNING = 0x08;

  static final int OP_ERROR = 0x00;
  static final int OP_STARTUP = 0x01;
  static final int OP_READY = 0x02;
  static final int OP_AUTHENTICATE = 0x03;
  static final int OP_QUERY = 0x07;
  static final int OP_RESULT = 0x08;
  static final int OP_AUTH_CHALLENGE = 0x0E;
  static final int OP_AUTH_RESPONSE = 0x0F;
  static final int OP_AUTH_SUCCESS = 0x10;

  final int version;
  final int flags;
  final int stream;
  final int opcode;
  final byte[] body;

  CqlFrame(int version, int flags, int stream, int opcode, byte[] body) {
    this.version = version;
    this.flags = flags;
    this.stream = stream;
    this.opcode = opcode;
    this.body = body;
  }

  static String opcodeName(int opcode) {
    switch (opcode) {
      case OP_ERROR: return "ERROR";
      case OP_STARTUP: return "STARTUP";
      case OP_READY: return "READY";
      case OP_AUTHENTICATE: return "AUTHENTICATE";
      case OP_QUERY: return "QUERY";
      case OP_RESULT: return "RESULT";
      case OP_AUTH_CHALLENGE: return "AUTH_CHALLENGE";
      case OP_AUTH_RESPONSE: return "AUTH_RESPONSE";
      case OP_AUTH_SUCCESS: return "AUTH_SUCCESS";
      default: return String.format("opcode 0x%02X", opcode);
    }
  }
}
