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
  private static final String NAME = "(\"(?:[^\"]|\"\")+\"|\\w+)";
  /** {@code col = col + ?} (or {@code -}): a counter or collection addition; the marker binds col. */
  private static final Pattern ADDITION = Pattern.compile("(?is)" + NAME + "\\s*=\\s*" + NAME + "\\s*[-+]\\s*$");
  /** {@code col <op> ?}. */
  private static final Pattern RELATION = Pattern.compile("(?is)" + NAME + "\\s*(?:=|<=|>=|<|>|!=)\\s*$");
  /** {@code col IN ?}. */
  private static final Pattern IN = Pattern.compile("(?is)" + NAME + "\\s+in\\s*$");
  /** {@code ? + col}: a list prepend (not idempotent). */
  private static final Pattern PREPEND = Pattern.compile("(?s)^\\s*\\+");
  private static final Pattern IF = Pattern.compile("(?i)\\bif\\b");
  private static final Pattern IF_EXISTS = Pattern.compile("(?is)\\bif\\s+(not\\s+)?exists\\s*;?\\s*$");
  /** How far before a marker its column may stand. */
  private static final int LOOK_BACK = 400;

  /** One marker: the column it binds (as CQL reads the name), and whether it is an {@code IN ?}. */
  static final class Marker {
    final String column;
    final boolean in;
    final int position;

    Marker(String column, boolean in, int position) {
      this.column = column;
      this.in = in;
      this.position = position;
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
    String masked = maskNames(CqlScanner.maskLiterals(CqlScanner.stripComments(cql)));
    String plain = CqlScanner.maskLiterals(CqlScanner.stripComments(cql));
    Matcher first = Pattern.compile("^\\s*(\\w+)").matcher(masked);
    String verb = first.find() ? first.group(1).toLowerCase(Locale.ROOT) : "";
    boolean write = !verb.equals("select");
    Matcher ifMatcher = IF.matcher(masked);
    int ifAt = write && ifMatcher.find() ? ifMatcher.start() : -1;
    boolean conditional = ifAt >= 0;
    List<Marker> markers = new ArrayList<>();
    boolean additive = false;
    for (int pos = plain.indexOf('?'); pos >= 0; pos = plain.indexOf('?', pos + 1)) {
      String before = plain.substring(Math.max(0, pos - LOOK_BACK), pos);
      Matcher add = ADDITION.matcher(before);
      Matcher rel = RELATION.matcher(before);
      Matcher in = IN.matcher(before);
      if (add.find() && CqlScanner.identifier(add.group(1)).equals(CqlScanner.identifier(add.group(2)))) {
        markers.add(new Marker(CqlScanner.identifier(add.group(1)), false, pos));
        additive = true;
      } else if (rel.find()) {
        markers.add(new Marker(CqlScanner.identifier(rel.group(1)), false, pos));
        additive |= write && PREPEND.matcher(plain.substring(pos + 1)).find();
      } else if (in.find()) {
        markers.add(new Marker(CqlScanner.identifier(in.group(1)), true, pos));
      } else {
        throw new IllegalArgumentException("the ? at '" + excerpt(cql, pos) + "' does not follow <column> =, <, >, "
            + "<=, >=, != or IN (or <column> = <column> + ): cassandra-stress binds each ? to a column's value "
            + "(LIMIT ?, USING TTL ?, token(...) > ? and CONTAINS ? have none)");
      }
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
