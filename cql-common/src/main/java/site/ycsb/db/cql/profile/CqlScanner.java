package site.ycsb.db.cql.profile;

import java.util.ArrayList;
import java.util.List;

/**
 * Lexical help for the CQL a profile holds: comments removed, string literals masked (so that a {@code ?}, a comma or
 * a parenthesis inside {@code 'a?b'} or {@code $$...$$} is not read as syntax), brackets matched. Positions are kept:
 * a masked text has the same length as the original, so an index found in one is valid in the other. Stateless.
 */
final class CqlScanner {
  private CqlScanner() {
  }

  /**
   * {@code cql} without its comments ({@code -- ...}, {@code // ...} to the end of the line, and
   * {@code /* ... *}{@code /}), each replaced by as many spaces; literals and quoted names are kept.
   */
  static String stripComments(String cql) {
    StringBuilder out = new StringBuilder(cql);
    int i = 0;
    while (i < cql.length()) {
      char c = cql.charAt(i);
      if (c == '\'' || c == '"') {
        i = endOfQuoted(cql, i, c);
      } else if (cql.startsWith("$$", i)) {
        int end = cql.indexOf("$$", i + 2);
        i = end < 0 ? cql.length() : end + 2;
      } else if (cql.startsWith("--", i) || cql.startsWith("//", i)) {
        int end = cql.indexOf('\n', i);
        end = end < 0 ? cql.length() : end;
        blank(out, i, end);
        i = end;
      } else if (cql.startsWith("/*", i)) {
        int end = cql.indexOf("*/", i + 2);
        end = end < 0 ? cql.length() : end + 2;
        blank(out, i, end);
        i = end;
      } else {
        i++;
      }
    }
    return out.toString();
  }

  /**
   * {@code cql} with the content of every string literal ({@code '...'} with {@code ''} inside, {@code $$...$$})
   * replaced by spaces, the quotes kept; quoted names ({@code "..."}) are kept as they are.
   */
  static String maskLiterals(String cql) {
    StringBuilder out = new StringBuilder(cql);
    int i = 0;
    while (i < cql.length()) {
      char c = cql.charAt(i);
      if (c == '\'') {
        int end = endOfQuoted(cql, i, c);
        blank(out, i + 1, Math.max(i + 1, end - 1));
        i = end;
      } else if (c == '"') {
        i = endOfQuoted(cql, i, c);
      } else if (cql.startsWith("$$", i)) {
        int end = cql.indexOf("$$", i + 2);
        end = end < 0 ? cql.length() : end + 2;
        blank(out, i + 2, Math.max(i + 2, end - 2));
        i = end;
      } else {
        i++;
      }
    }
    return out.toString();
  }

  /**
   * The index of the bracket that closes the one at {@code open} (one of {@code ([{<}), counting brackets of that
   * kind only and skipping quoted text; -1 when it is not closed.
   */
  static int matching(String masked, int open) {
    char opening = masked.charAt(open);
    char closing = opening == '(' ? ')' : opening == '[' ? ']' : opening == '{' ? '}' : '>';
    int depth = 0;
    for (int i = open; i < masked.length(); i++) {
      char c = masked.charAt(i);
      if (c == '\'' || c == '"') {
        i = endOfQuoted(masked, i, c) - 1;
      } else if (c == opening) {
        depth++;
      } else if (c == closing) {
        depth--;
        if (depth == 0) {
          return i;
        }
      }
    }
    return -1;
  }

  /**
   * The index of a double quote that is never closed (outside string literals), or -1: the text after it would
   * otherwise read as one quoted name.
   */
  static int unclosedQuote(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\'' || c == '"') {
        int close = closingQuote(s, i, c);
        if (close < 0) {
          return c == '"' ? i : -1;
        }
        i = close;
      }
    }
    return -1;
  }

  /** {@code s} split at each top-level comma (outside brackets and quotes); blank parts are dropped. */
  static List<String> splitTopLevel(String s) {
    List<String> out = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\'' || c == '"') {
        i = endOfQuoted(s, i, c) - 1;
      } else if (c == '(' || c == '<' || c == '[' || c == '{') {
        depth++;
      } else if (c == ')' || c == '>' || c == ']' || c == '}') {
        depth--;
      } else if (c == ',' && depth == 0) {
        add(out, s.substring(start, i));
        start = i + 1;
      }
    }
    add(out, s.substring(start));
    return out;
  }

  private static void add(List<String> out, String part) {
    if (!part.trim().isEmpty()) {
      out.add(part.trim());
    }
  }

  /**
   * One past the quote that closes the one at {@code start} (a doubled quote is part of the text); the end of
   * {@code s} when it is not closed.
   */
  static int endOfQuoted(String s, int start, char quote) {
    int close = closingQuote(s, start, quote);
    return close < 0 ? s.length() : close + 1;
  }

  /** The index of the quote that closes the one at {@code start}, or -1. */
  static int closingQuote(String s, int start, char quote) {
    int i = start + 1;
    while (i < s.length()) {
      if (s.charAt(i) == quote) {
        if (i + 1 < s.length() && s.charAt(i + 1) == quote) {
          i += 2;
          continue;
        }
        return i;
      }
      i++;
    }
    return -1;
  }

  private static void blank(StringBuilder out, int from, int to) {
    for (int i = from; i < to; i++) {
      if (out.charAt(i) != '\n') {
        out.setCharAt(i, ' ');
      }
    }
  }

  /**
   * An identifier as CQL reads it: a quoted name as written (without its quotes, {@code ""} as {@code "}), an
   * unquoted one in lower case.
   */
  static String identifier(String token) {
    String t = token.trim();
    if (t.length() >= 2 && t.startsWith("\"") && t.endsWith("\"")) {
      return t.substring(1, t.length() - 1).replace("\"\"", "\"");
    }
    return t.toLowerCase(java.util.Locale.ROOT);
  }
}
