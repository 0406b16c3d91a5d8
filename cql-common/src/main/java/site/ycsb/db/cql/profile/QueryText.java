package site.ycsb.db.cql.profile;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the text of a profile query says about how to run it: the column each {@code ?} binds (as cassandra-stress
 * binds a marker by the column the server names it after), whether it is a read or a write, whether it is a
 * lightweight transaction ({@code IF ...}), whether sending it twice could do something else than once, and which
 * markers of an {@code UPDATE ... IF col = ?} take the value the row holds now (cassandra-stress reads it before the
 * update). Immutable; the caller maps column names to columns.
 */
final class QueryText {
  private static final Pattern VERB = Pattern.compile("^\\s*(\\w+)");
  /** {@code ? + col}: a list prepend (not idempotent). */
  private static final Pattern PREPEND = Pattern.compile("(?s)^\\s*\\+");
  private static final Pattern IF = Pattern.compile("(?i)\\bif\\b");
  private static final Pattern IF_EXISTS = Pattern.compile("(?is)\\bif\\s+(not\\s+)?exists\\s*;?\\s*$");

  /** One marker: the column it binds (as CQL reads the name), and whether it is an {@code IN ?}. */
  static final class Marker {
    final String column;
    final boolean in;
    final int position;
    /** {@code col = col + ?}: an addition, which is not idempotent. */
    final boolean additive;

    Marker(String column, boolean in, int position, boolean additive) {
      this.column = column;
      this.in = in;
      this.position = position;
      this.additive = additive;
    }
  }

  final List<Marker> markers;
  /** The first word: select, insert, update, delete, begin, ... (lower case). */
  final String verb;
  /** Not a SELECT: a statement that returns no rows when it succeeds. */
  final boolean write;
  /** A write with an {@code IF} clause: a lightweight transaction, whose result says whether it applied. */
  final boolean conditional;
  /** Whether sending it twice has the effect of sending it once (false for additions and conditions). */
  final boolean idempotent;
  /** The markers (by index) inside the IF clause of an UPDATE, whose column's current value they take; empty. */
  final List<Integer> conditionMarkers;

  private QueryText(List<Marker> markers, String verb, boolean conditional, boolean additive,
                    List<Integer> conditionMarkers) {
    this.markers = Collections.unmodifiableList(markers);
    this.verb = verb;
    this.write = !verb.equals("select");
    this.conditional = conditional;
    this.idempotent = !conditional && !additive;
    this.conditionMarkers = Collections.unmodifiableList(conditionMarkers);
  }

  /**
   * Reads {@code cql}.
   *
   * @throws IllegalArgumentException naming the first {@code ?} whose column cannot be told (one line)
   */
  static QueryText parse(String cql) {
    String plain = CqlScanner.maskLiterals(CqlScanner.stripComments(cql));
    String masked = maskNames(plain);
    Matcher first = VERB.matcher(masked);
    String verb = first.find() ? first.group(1).toLowerCase(Locale.ROOT) : "";
    boolean write = !verb.equals("select");
    Matcher ifMatcher = IF.matcher(masked);
    int ifAt = write && ifMatcher.find() ? ifMatcher.start() : -1;
    boolean conditional = ifAt >= 0;
    List<Marker> markers = new ArrayList<>();
    boolean additive = false;
    java.util.Map<Integer, String> values = verb.equals("insert") ? insertValues(plain)
        : java.util.Collections.emptyMap();
    for (int pos = plain.indexOf('?'); pos >= 0; pos = plain.indexOf('?', pos + 1)) {
      Marker m = values.containsKey(pos) ? new Marker(values.get(pos), false, pos, false) : markerAt(plain, pos);
      if (m == null) {
        throw new IllegalArgumentException("the ? at '" + excerpt(cql, pos) + "' does not follow <column> =, <, >, "
            + "<=, >=, != or IN (or <column> = <column> +), nor is it a value of INSERT ... VALUES: cassandra-stress "
            + "binds each ? to a column's value "
            + "(LIMIT ?, USING TTL ?, token(...) > ? and CONTAINS ? have none)");
      }
      markers.add(m);
      additive |= m.additive || write && PREPEND.matcher(plain.substring(pos + 1, Math.min(plain.length(),
          pos + 64))).find();
    }
    List<Integer> conditionMarkers = new ArrayList<>();
    if (conditional && verb.equals("update") && !IF_EXISTS.matcher(masked.substring(ifAt)).find()) {
      for (int i = 0; i < markers.size(); i++) {
        if (markers.get(i).position > ifAt) {
          conditionMarkers.add(i);
        }
      }
    }
    return new QueryText(markers, verb, conditional, additive, conditionMarkers);
  }

  private static final Pattern INSERT_HEAD = Pattern.compile(
      "(?is)^\\s*insert\\s+into\\s+(?:\"(?:[^\"]|\"\")+\"|\\w+)(?:\\s*\\.\\s*(?:\"(?:[^\"]|\"\")+\"|\\w+))?\\s*\\(");
  private static final Pattern VALUES = Pattern.compile("(?is)^\\s*values\\s*\\(");

  /**
   * The markers of an {@code INSERT INTO t (c1, c2, ...) VALUES (?, ?, ...)}: the position of each value that is a
   * {@code ?} and the column it goes to (the server names such a marker after that column); empty when the statement
   * is not of that form (a JSON insert, ...).
   */
  private static java.util.Map<Integer, String> insertValues(String s) {
    java.util.Map<Integer, String> out = new java.util.HashMap<>();
    Matcher head = INSERT_HEAD.matcher(s);
    if (!head.find()) {
      return out;
    }
    int namesOpen = head.end() - 1;
    int namesClose = CqlScanner.matching(s, namesOpen);
    if (namesClose < 0) {
      return out;
    }
    Matcher values = VALUES.matcher(s.substring(namesClose + 1));
    if (!values.find()) {
      return out;
    }
    int valuesOpen = namesClose + 1 + values.end() - 1;
    int valuesClose = CqlScanner.matching(s, valuesOpen);
    if (valuesClose < 0) {
      return out;
    }
    List<String> names = CqlScanner.splitTopLevel(s.substring(namesOpen + 1, namesClose));
    int start = valuesOpen + 1;
    int index = 0;
    int depth = 0;
    for (int i = start; i <= valuesClose; i++) {
      char c = s.charAt(i);
      if (c == '(' || c == '[' || c == '{') {
        depth++;
      } else if ((c == ')' || c == ']' || c == '}') && i < valuesClose) {
        depth--;
      } else if (c == '\'' || c == '"') {
        i = CqlScanner.endOfQuoted(s, i, c) - 1;
      } else if (depth == 0 && (c == ',' || i == valuesClose)) {
        String value = s.substring(start, i).trim();
        if (value.equals("?") && index < names.size()) {
          out.put(s.indexOf('?', start), CqlScanner.identifier(names.get(index)));
        }
        index++;
        start = i + 1;
      }
    }
    return out;
  }

  /**
   * The marker at {@code pos} (a {@code ?} of {@code s}, literals masked), read backwards from it: {@code col <op> ?},
   * {@code col IN ?}, or {@code col = col + ?} / {@code - ?}; null when none of them. Each step reads only the
   * characters it needs, so a statement of any length is read in time proportional to it.
   */
  private static Marker markerAt(String s, int pos) {
    int i = skipSpaces(s, pos - 1);
    if (i < 0) {
      return null;
    }
    char c = s.charAt(i);
    if (c == '+' || c == '-') { // col = col + ?
      int nameEnd = skipSpaces(s, i - 1);
      int nameStart = nameStart(s, nameEnd);
      if (nameStart < 0) {
        return null;
      }
      int eq = skipSpaces(s, nameStart - 1);
      if (eq < 0 || s.charAt(eq) != '=' || eq > 0 && "<>!".indexOf(s.charAt(eq - 1)) >= 0) {
        return null;
      }
      int targetEnd = skipSpaces(s, eq - 1);
      int targetStart = nameStart(s, targetEnd);
      if (targetStart < 0) {
        return null;
      }
      String target = CqlScanner.identifier(s.substring(targetStart, targetEnd + 1));
      String added = CqlScanner.identifier(s.substring(nameStart, nameEnd + 1));
      return target.equals(added) ? new Marker(target, false, pos, true) : null;
    }
    if (c == '=' || c == '<' || c == '>') { // =, <=, >=, !=, <, >
      int op = i;
      if (c == '=' && i > 0 && "<>!".indexOf(s.charAt(i - 1)) >= 0) {
        op = i - 1;
      }
      int nameEnd = skipSpaces(s, op - 1);
      int nameStart = nameStart(s, nameEnd);
      return nameStart < 0 ? null
          : new Marker(CqlScanner.identifier(s.substring(nameStart, nameEnd + 1)), false, pos, false);
    }
    int wordStart = nameStart(s, i);
    if (wordStart >= 0 && i - wordStart == 1 && s.substring(wordStart, i + 1).equalsIgnoreCase("in")
        && wordStart > 0 && Character.isWhitespace(s.charAt(wordStart - 1))) { // col IN ?
      int nameEnd = skipSpaces(s, wordStart - 1);
      int nameStart = nameStart(s, nameEnd);
      return nameStart < 0 ? null
          : new Marker(CqlScanner.identifier(s.substring(nameStart, nameEnd + 1)), true, pos, false);
    }
    return null;
  }

  /** The last index at or before {@code i} that is not whitespace, or -1. */
  private static int skipSpaces(String s, int i) {
    while (i >= 0 && Character.isWhitespace(s.charAt(i))) {
      i--;
    }
    return i;
  }

  /**
   * The first index of the name that ends at {@code end} (a word, or a quoted name ending with {@code "}), or -1
   * when no name ends there.
   */
  private static int nameStart(String s, int end) {
    if (end < 0) {
      return -1;
    }
    if (s.charAt(end) == '"') {
      int i = end - 1;
      while (i >= 0) {
        if (s.charAt(i) == '"') {
          if (i > 0 && s.charAt(i - 1) == '"') {
            i -= 2; // a doubled quote is part of the name
            continue;
          }
          return i == end - 1 ? -1 : i;
        }
        i--;
      }
      return -1;
    }
    int i = end;
    while (i >= 0 && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_')) {
      i--;
    }
    return i == end ? -1 : i + 1;
  }

  /** {@code s} with the content of quoted names blanked, so that a name such as {@code "if"} is not read as IF. */
  private static String maskNames(String s) {
    StringBuilder out = new StringBuilder(s);
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) == '\'') {
        i = CqlScanner.endOfQuoted(s, i, '\'') - 1;
      } else if (s.charAt(i) == '"') {
        int end = CqlScanner.endOfQuoted(s, i, '"');
        for (int k = i + 1; k < end - 1; k++) {
          out.setCharAt(k, 'x');
        }
        i = end - 1;
      }
    }
    return out.toString();
  }

  private static String excerpt(String cql, int pos) {
    String s = cql.substring(Math.max(0, pos - 30), Math.min(cql.length(), pos + 10)).replaceAll("\\s+", " ");
    return s.trim();
  }
}
