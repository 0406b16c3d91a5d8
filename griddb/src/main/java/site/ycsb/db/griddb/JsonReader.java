package site.ycsb.db.griddb;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small JSON reader for GridDB's REST answers ({@code /node/stat}): objects become {@code Map<String, Object>},
 * arrays {@code List<Object>}, numbers {@code Double}, and strings, booleans and null themselves. The binding ships
 * in a YCSB 0.17.0 install's lib/ beside other bindings' JSON libraries, so it brings none of its own.
 *
 * <p>Not thread-safe: one per text.
 */
final class JsonReader {
  private final String text;
  private int at;

  private JsonReader(String text) {
    this.text = text;
  }

  /** The value of {@code text}; an IllegalArgumentException names the offset of the first mistake. */
  static Object parse(String text) {
    JsonReader r = new JsonReader(text);
    Object v = r.value();
    r.space();
    if (r.at != text.length()) {
      throw r.error("text after the value");
    }
    return v;
  }

  private Object value() {
    space();
    if (at >= text.length()) {
      throw error("the text ends before a value");
    }
    char c = text.charAt(at);
    switch (c) {
      case '{':
        return object();
      case '[':
        return array();
      case '"':
        return string();
      case 't':
        return word("true", Boolean.TRUE);
      case 'f':
        return word("false", Boolean.FALSE);
      case 'n':
        return word("null", null);
      default:
        return number();
    }
  }

  private Map<String, Object> object() {
    Map<String, Object> out = new LinkedHashMap<>();
    at++;
    space();
    if (peek('}')) {
      at++;
      return out;
    }
    while (true) {
      space();
      if (!peek('"')) {
        throw error("a name in quotes expected");
      }
      String name = string();
      space();
      expect(':');
      out.put(name, value());
      space();
      if (peek(',')) {
        at++;
      } else {
        expect('}');
        return out;
      }
    }
  }

  private List<Object> array() {
    List<Object> out = new ArrayList<>();
    at++;
    space();
    if (peek(']')) {
      at++;
      return out;
    }
    while (true) {
      out.add(value());
      space();
      if (peek(',')) {
        at++;
      } else {
        expect(']');
        return out;
      }
    }
  }

  private String string() {
    StringBuilder b = new StringBuilder();
    at++;
    while (at < text.length()) {
      char c = text.charAt(at++);
      if (c == '"') {
        return b.toString();
      }
      if (c != '\\') {
        b.append(c);
        continue;
      }
      if (at >= text.length()) {
        break;
      }
      char e = text.charAt(at++);
      switch (e) {
        case 'n':
          b.append('\n');
          break;
        case 't':
          b.append('\t');
          break;
        case 'r':
          b.append('\r');
          break;
        case 'b':
          b.append('\b');
          break;
        case 'f':
          b.append('\f');
          break;
        case 'u':
          if (at + 4 > text.length()) {
            throw error("a short \\u escape");
          }
          try {
            b.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
          } catch (NumberFormatException x) {
            throw error("a bad \\u escape");
          }
          at += 4;
          break;
        default:
          b.append(e);
      }
    }
    throw error("an unterminated string");
  }

  private Object word(String w, Object v) {
    if (!text.startsWith(w, at)) {
      throw error("an unknown word");
    }
    at += w.length();
    return v;
  }

  private Double number() {
    int start = at;
    while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) {
      at++;
    }
    try {
      return Double.valueOf(text.substring(start, at));
    } catch (NumberFormatException e) {
      at = start;
      throw error("a value expected");
    }
  }

  private void space() {
    while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
      at++;
    }
  }

  private boolean peek(char c) {
    return at < text.length() && text.charAt(at) == c;
  }

  private void expect(char c) {
    if (!peek(c)) {
      throw error("'" + c + "' expected");
    }
    at++;
  }

  private IllegalArgumentException error(String what) {
    return new IllegalArgumentException("not JSON at offset " + at + ": " + what);
  }
}
