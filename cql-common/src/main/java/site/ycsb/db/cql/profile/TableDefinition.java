package site.ycsb.db.cql.profile;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@code CREATE TABLE} statement read far enough to generate rows for it: the table's name, each column's name and
 * type text, and the primary key. Everything after the column list ({@code WITH ...}) is left to the server, which
 * judges it when the table is created. Comments and string literals are handled as CQL has them, so a profile's
 * {@code WITH CLUSTERING ORDER BY (...) AND comment = 'a (b)'} is read right. Immutable.
 */
final class TableDefinition {
  private static final Pattern HEAD = Pattern.compile(
      "(?is)\\s*create\\s+(?:column\\s*family|table)\\s+(?:if\\s+not\\s+exists\\s+)?"
          + "((?:\"(?:[^\"]|\"\")+\"|[\\w]+)(?:\\s*\\.\\s*(?:\"(?:[^\"]|\"\")+\"|[\\w]+))?)\\s*\\(");
  private static final Pattern PRIMARY_KEY = Pattern.compile("(?is)primary\\s+key\\s*\\((.*)\\)");
  private static final Pattern INLINE_KEY = Pattern.compile("(?is)(.*?)\\s+primary\\s+key\\s*");

  /** The table's name as CQL reads it (without a keyspace). */
  final String name;
  /** The keyspace the statement names, or null. */
  final String keyspace;
  /** Column name (as CQL reads it) to its type text, in definition order. */
  final Map<String, String> columns;
  final List<String> partitionKey;
  final List<String> clustering;

  private TableDefinition(String name, String keyspace, Map<String, String> columns, List<String> partitionKey,
                          List<String> clustering) {
    this.name = name;
    this.keyspace = keyspace;
    this.columns = Collections.unmodifiableMap(columns);
    this.partitionKey = Collections.unmodifiableList(partitionKey);
    this.clustering = Collections.unmodifiableList(clustering);
  }

  /**
   * Reads {@code cql}.
   *
   * @throws IllegalArgumentException with a one-line reason (the caller names the key)
   */
  static TableDefinition parse(String cql) {
    String text = CqlScanner.stripComments(cql);
    int quote = CqlScanner.unclosedQuote(text);
    if (quote >= 0) {
      int from = Math.max(text.lastIndexOf(',', quote), text.lastIndexOf('(', quote)) + 1;
      int to = text.length();
      for (char end : new char[] {',', ')'}) {
        int at = text.indexOf(end, quote);
        to = at >= 0 ? Math.min(to, at) : to;
      }
      String part = text.substring(from, to).trim();
      if (!part.startsWith("\"")) { // in the type: the type's own reason
        String[] def = nameAndRest(part);
        String type = def.length < 2 ? "" : def[1];
        try {
          CqlType.parse(type);
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException("column '" + def[0] + "' has type '" + abbreviate(type) + "': "
              + e.getMessage());
        }
      }
      throw new IllegalArgumentException("column definition '" + abbreviate(part) + "' has an unclosed \" in its "
          + "name");
    }
    String masked = CqlScanner.maskLiterals(text);
    Matcher head = HEAD.matcher(masked);
    if (!head.lookingAt()) {
      throw new IllegalArgumentException("not a CREATE TABLE <name> (<columns>, PRIMARY KEY (...)) statement");
    }
    String[] qualified = splitQualified(text.substring(head.start(1), head.end(1)));
    int open = head.end() - 1;
    int close = CqlScanner.matching(masked, open);
    if (close < 0) {
      throw new IllegalArgumentException("the column list opened by '(' is not closed");
    }
    String rest = masked.substring(close + 1).trim();
    if (!rest.isEmpty() && !rest.equals(";") && !rest.toLowerCase(Locale.ROOT).startsWith("with")) {
      throw new IllegalArgumentException("unexpected '" + abbreviate(text.substring(close + 1).trim())
          + "' after the column list (expected WITH ... or the end)");
    }
    Map<String, String> columns = new LinkedHashMap<>();
    List<String> key = new ArrayList<>();
    List<String> clustering = new ArrayList<>();
    boolean keyClause = false;
    for (String part : CqlScanner.splitTopLevel(text.substring(open + 1, close))) {
      Matcher pk = PRIMARY_KEY.matcher(part);
      if (pk.matches()) {
        if (keyClause || !key.isEmpty()) {
          throw new IllegalArgumentException("more than one PRIMARY KEY");
        }
        keyClause = true;
        primaryKey(pk.group(1), key, clustering);
        continue;
      }
      String[] def = nameAndRest(part);
      String type = def.length < 2 ? "" : def[1]; // no type: the caller says so, after it has judged the name
      Matcher inline = INLINE_KEY.matcher(type);
      if (inline.matches()) {
        if (keyClause || !key.isEmpty()) {
          throw new IllegalArgumentException("more than one PRIMARY KEY");
        }
        type = inline.group(1);
        key.add(def[0]);
      }
      if (columns.put(def[0], type.trim()) != null) {
        throw new IllegalArgumentException("column '" + def[0] + "' is defined twice");
      }
    }
    if (key.isEmpty()) {
      throw new IllegalArgumentException("has no PRIMARY KEY");
    }
    for (String k : concat(key, clustering)) {
      if (!columns.containsKey(k)) {
        throw new IllegalArgumentException("PRIMARY KEY names column '" + k + "', which is not defined");
      }
    }
    return new TableDefinition(qualified[1], qualified[0], columns, key, clustering);
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> out = new ArrayList<>(a);
    out.addAll(b);
    return out;
  }

  /** {keyspace or null, table} of a possibly qualified, possibly quoted name. */
  private static String[] splitQualified(String name) {
    List<String> parts = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c == '"') {
        i = CqlScanner.endOfQuoted(name, i, c) - 1;
      } else if (c == '.') {
        parts.add(name.substring(start, i));
        start = i + 1;
      }
    }
    parts.add(name.substring(start));
    return parts.size() == 1 ? new String[] {null, CqlScanner.identifier(parts.get(0))}
        : new String[] {CqlScanner.identifier(parts.get(0)), CqlScanner.identifier(parts.get(1))};
  }

  /** A column definition's name (as CQL reads it) and the rest (its type, maybe STATIC or PRIMARY KEY). */
  private static String[] nameAndRest(String def) {
    String d = def.trim();
    if (d.startsWith("\"")) {
      int end = CqlScanner.endOfQuoted(d, 0, '"');
      return new String[] {CqlScanner.identifier(d.substring(0, end)), d.substring(end).trim()};
    }
    String[] words = d.split("\\s+", 2);
    return words.length == 1 ? new String[] {CqlScanner.identifier(words[0])}
        : new String[] {CqlScanner.identifier(words[0]), words[1].trim()};
  }

  private static void primaryKey(String inside, List<String> key, List<String> clustering) {
    String s = inside.trim();
    List<String> parts = CqlScanner.splitTopLevel(s);
    if (parts.isEmpty()) {
      throw new IllegalArgumentException("PRIMARY KEY () names no column");
    }
    String first = parts.get(0);
    if (first.startsWith("(")) {
      if (!first.endsWith(")")) {
        throw new IllegalArgumentException("unbalanced parentheses in PRIMARY KEY");
      }
      for (String k : CqlScanner.splitTopLevel(first.substring(1, first.length() - 1))) {
        key.add(CqlScanner.identifier(k));
      }
    } else {
      key.add(CqlScanner.identifier(first));
    }
    for (String c : parts.subList(1, parts.size())) {
      clustering.add(CqlScanner.identifier(c));
    }
    if (key.isEmpty()) {
      throw new IllegalArgumentException("PRIMARY KEY has an empty partition key");
    }
  }

  private static String abbreviate(String s) {
    String one = s.replaceAll("\\s+", " ");
    return one.length() > 80 ? one.substring(0, 77) + "..." : one;
  }
}
