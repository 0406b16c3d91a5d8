package site.ycsb.testserver.cassandra;

/** Names of the CQL native protocol v4 error codes, for readable error messages. */
final class CqlErrorCodes {
  static final int SERVER_ERROR = 0x0000;
  static final int PROTOCOL_ERROR = 0x000A;
  static final int BAD_CREDENTIALS = 0x0100;
  static final int UNAVAILABLE = 0x1000;
  static final int OVERLOADED = 0x1001;
  static final int IS_BOOTSTRAPPING = 0x1002;
  static final int TRUNCATE_ERROR = 0x1003;
  static final int WRITE_TIMEOUT = 0x1100;
  static final int READ_TIMEOUT = 0x1200;
  static final int READ_FAILURE = 0x1300;
  static final int FUNCTION_FAILURE = 0x1400;
  static final int WRITE_FAILURE = 0x1500;
  static final int SYNTAX_ERROR = 0x2000;
  static final int UNAUTHORIZED = 0x2100;
  static final int INVALID = 0x2200;
  static final int CONFIG_ERROR = 0x2300;
  static final int ALREADY_EXISTS = 0x2400;
  static final int UNPREPARED = 0x2500;

  private CqlErrorCodes() {
  }

  static String describe(int code) {
    return name(code) + String.format(" (0x%04X)", code);
  }

  static String name(int code) {
    switch (code) {
      case SERVER_ERROR: return "Server error";
      case PROTOCOL_ERROR: return "Protocol error";
      case BAD_CREDENTIALS: return "Authentication error";
      case UNAVAILABLE: return "Unavailable";
      case OVERLOADED: return "Overloaded";
      case IS_BOOTSTRAPPING: return "Is bootstrapping";
      case TRUNCATE_ERROR: return "Truncate error";
      case WRITE_TIMEOUT: return "Write timeout";
      case READ_TIMEOUT: return "Read timeout";
      case READ_FAILURE: return "Read failure";
      case FUNCTION_FAILURE: return "Function failure";
      case WRITE_FAILURE: return "Write failure";
      case SYNTAX_ERROR: return "Syntax error";
      case UNAUTHORIZED: return "Unauthorized";
      case INVALID: return "Invalid query";
      case CONFIG_ERROR: return "Config error";
      case ALREADY_EXISTS: return "Already exists";
      case UNPREPARED: return "Unprepared";
      default: return "Error";
    }
  }
}
