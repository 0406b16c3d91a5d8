package site.ycsb.db.cql.profile;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * A cassandra-stress user profile (YAML), parsed and validated in one place. Every problem is reported as an
 * {@link IllegalArgumentException} whose message is one line: {@code profile <file>: <key>: <problem>}.
 * Immutable once loaded.
 */
public final class Profile {
  /** cassandra-stress defaults. */
  static final String DEFAULT_SIZE = "uniform(4..8)";
  static final String DEFAULT_POPULATION = "uniform(1..100b)";
  static final String DEFAULT_CLUSTER = "fixed(1)";
  static final String DEFAULT_PARTITIONS = "fixed(1)";
  static final String DEFAULT_SELECT = "fixed(1)/1";
  /** The most elements one collection value may hold, nested ones included (size max ^ nesting depth). */
  static final long MAX_ELEMENTS = 100_000;

  private static final Pattern CREATE_TABLE = Pattern.compile(
      "(?is)\\s*create\\s+table\\s+(?:if\\s+not\\s+exists\\s+)?([\\w.\"]+)\\s*\\((.*)\\)\\s*(with\\s+.*)?;?\\s*");
  private static final Pattern PRIMARY_KEY = Pattern.compile("(?is)primary\\s+key\\s*\\((.*)\\)");
  private static final Pattern MARKER = Pattern.compile("(?i)([\\w\"]+)(\\s*(?:=|<=|>=|<|>)|\\s+in)\\s*\\?");

  final String file;
  final String keyspace;
  final String keyspaceDefinition;
  final String table;
  final String tableDefinition;
  /** All columns in table order. */
  final List<Column> columns;
  final List<Column> partitionKey;
  final List<Column> clustering;
  final Distribution partitions;
  /** insert.select: the chance that a row of a partition's visit is written (drawn per partition and visit). */
  final Ratio select;
  /** A LOGGED batch (else UNLOGGED, or COUNTER for a counter table). */
  final boolean logged;
  /** A counter table: every column outside the primary key is a counter; inserts are counter updates. */
  final boolean counter;
  /** The columns the insert binds, in marker order (table order; for a counter table the counters, then the key). */
  final List<Column> insertColumns;
  final Map<String, Query> queries;

  /** One column and how its values are generated. */
  static final class Column {
    final String name;
    final CqlType type;
    final Distribution size;
    final Distribution population;
    final Distribution cluster;
    final int index;

    Column(String name, CqlType type, Distribution size, Distribution population, Distribution cluster,
           int index) {
      this.name = name;
      this.type = type;
      this.size = size;
      this.population = population;
      this.cluster = cluster;
      this.index = index;
    }
  }

  /**
   * A named query: its CQL, which column each {@code ?} binds (and whether it is an {@code IN ?} marker, bound to a
   * list), and whether the values come from one row.
   */
  static final class Query {
    final String name;
    final String cql;
    final List<Column> bindings;
    final boolean[] in;
    final boolean sameRow;

    Query(String name, String cql, List<Column> bindings, boolean[] in, boolean sameRow) {
      this.name = name;
      this.cql = cql;
      this.bindings = bindings;
      this.in = in;
      this.sameRow = sameRow;
    }
  }

  private Profile(String file, Map<String, Object> yaml) {
    this.file = file;
    keyspace = text(yaml, "keyspace");
    keyspaceDefinition = optionalText(yaml, "keyspace_definition");
    table = text(yaml, "table");
    tableDefinition = text(yaml, "table_definition");
    Map<String, Map<String, Object>> specs = columnSpecs(yaml.get("columnspec"));
    Matcher create = CREATE_TABLE.matcher(tableDefinition);
    if (!create.matches()) {
      throw problem("table_definition", "not a CREATE TABLE <name> (<columns>, PRIMARY KEY (...)) statement");
    }
    String defined = create.group(1).replace("\"", "");
    String shortName = defined.contains(".") ? defined.substring(defined.indexOf('.') + 1) : defined;
    if (!shortName.equalsIgnoreCase(table)) {
      throw problem("table_definition", "creates table '" + defined + "' but table: is '" + table + "'");
    }
    List<String> keyNames = new ArrayList<>();
    List<String> clusterNames = new ArrayList<>();
    List<Column> cols = new ArrayList<>();
    Map<String, Column> byName = new LinkedHashMap<>();
    for (String part : splitTopLevel(create.group(2))) {
      Matcher pk = PRIMARY_KEY.matcher(part.trim());
      if (pk.matches()) {
        primaryKey(pk.group(1), keyNames, clusterNames);
        continue;
      }
      String[] words = columnDefinition(part.trim());
      if (words.length < 2) {
        throw problem("table_definition", "column definition '" + part.trim() + "' has no type");
      }
      String name = words[0];
      String typeText = words[1].trim();
      boolean inlineKey = typeText.toLowerCase(Locale.ROOT).matches(".*\\s+primary\\s+key\\s*$");
      if (inlineKey) {
        typeText = typeText.replaceAll("(?i)\\s+primary\\s+key\\s*$", "");
        keyNames.add(name);
      }
      CqlType type;
      try {
        type = CqlType.parse(typeText);
      } catch (IllegalArgumentException e) {
        throw problem("table_definition", "column '" + name + "' has type '" + typeText.replaceAll("\\s+", " ")
            + "': " + e.getMessage());
      }
      Map<String, Object> spec = specs.remove(name);
      Column c = new Column(name, type, dist(spec, name, "size", DEFAULT_SIZE),
          dist(spec, name, "population", DEFAULT_POPULATION), dist(spec, name, "cluster", DEFAULT_CLUSTER),
          cols.size());
      if (c.size.min() < 0 || c.size.max() > 1_000_000) {
        throw problem("columnspec." + name + ".size", "must lie within 0..1000000, got " + c.size);
      }
      if (type.isCollection() && Math.pow(c.size.max(), type.depth()) > MAX_ELEMENTS) {
        throw problem("columnspec." + name + ".size", "is the element count of " + type + " (of each nested "
            + "collection too): at most " + MAX_ELEMENTS + " elements in all, got " + c.size
            + (type.depth() > 1 ? " at " + type.depth() + " levels" : ""));
      }
      if (c.cluster.min() < 1 || c.cluster.max() > 1_000_000) {
        throw problem("columnspec." + name + ".cluster", "must lie within 1..1000000, got " + c.cluster);
      }
      cols.add(c);
      byName.put(name, c);
    }
    if (!specs.isEmpty()) {
      throw problem("columnspec", "names column '" + specs.keySet().iterator().next() + "', which table '" + table
          + "' does not have");
    }
    if (keyNames.isEmpty()) {
      throw problem("table_definition", "has no PRIMARY KEY");
    }
    columns = Collections.unmodifiableList(cols);
    partitionKey = lookup(keyNames, byName);
    clustering = lookup(clusterNames, byName);
    counter = checkKeysAndCounters();
    insertColumns = insertColumns();
    Map<String, Object> insert = map(yaml.get("insert"), "insert");
    partitions = dist(insert, null, "partitions", DEFAULT_PARTITIONS);
    if (partitions.min() < 1 || partitions.max() > 100_000) {
      throw problem("insert.partitions", "must lie within 1..100000, got " + partitions);
    }
    Object batch = insert == null ? null : insert.get("batchtype");
    String batchType = batch == null ? (counter ? "COUNTER" : "LOGGED")
        : String.valueOf(batch).trim().toUpperCase(Locale.ROOT);
    if (counter && !batchType.equals("COUNTER")) {
      throw problem("insert.batchtype", "'" + batch + "': table '" + table + "' has counters, whose updates go in "
          + "COUNTER batches only (leave batchtype out or write COUNTER)");
    }
    if (!counter && !batchType.equals("LOGGED") && !batchType.equals("UNLOGGED")) {
      throw problem("insert.batchtype", "'" + batch + "' is not LOGGED or UNLOGGED" + (batchType.equals("COUNTER")
          ? " (COUNTER is for tables of counters)" : ""));
    }
    logged = batchType.equals("LOGGED");
    Object select = insert == null ? null : insert.get("select");
    try {
      this.select = Ratio.parse(select == null ? DEFAULT_SELECT : String.valueOf(select));
    } catch (IllegalArgumentException e) {
      throw problem("insert.select", e.getMessage());
    }
    if (insert != null) {
      for (String k : insert.keySet()) {
        if (!k.equals("partitions") && !k.equals("batchtype") && !k.equals("select")) {
          throw problem("insert." + k, "unknown key (known: partitions, batchtype, select)");
        }
      }
    }
    queries = queries(yaml.get("queries"), byName);
  }

  /**
   * Loads and validates the profile at {@code path}.
   *
   * @throws IllegalArgumentException one line naming the file, the key and the problem
   */
  public static Profile load(String path) {
    Path p = Paths.get(path);
    Object root;
    if (Files.isDirectory(p)) {
      throw new IllegalArgumentException("profile " + path + ": cannot be read (it is a directory)");
    }
    try (InputStream in = Files.newInputStream(p)) {
      LoaderOptions options = new LoaderOptions();
      options.setAllowDuplicateKeys(false);
      root = new Yaml(new SafeConstructor(options)).load(in);
    } catch (IOException e) {
      throw new IllegalArgumentException("profile " + path + ": cannot be read (" + e.getClass().getSimpleName()
          + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")");
    } catch (YAMLException e) {
      throw new IllegalArgumentException("profile " + path + ": is not valid YAML: "
          + e.getMessage().replaceAll("\\s+", " ").trim());
    }
    if (!(root instanceof Map)) {
      throw new IllegalArgumentException("profile " + path + ": must be a YAML mapping of keys (keyspace:, table:, "
          + "...)");
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> yaml = (Map<String, Object>) root;
    return new Profile(path, yaml);
  }

  private IllegalArgumentException problem(String key, String what) {
    // What a profile quotes back (a quoted name, a statement) may hold line breaks: the message stays one line.
    return new IllegalArgumentException("profile " + file + ": " + key + ": "
        + what.replaceAll("\\s*[\\r\\n\\u0085\\u2028\\u2029]+\\s*", " "));
  }

  private String text(Map<String, Object> yaml, String key) {
    String v = optionalText(yaml, key);
    if (v == null || v.trim().isEmpty()) {
      throw problem(key, "missing (required)");
    }
    return v.trim();
  }

  private String optionalText(Map<String, Object> yaml, String key) {
    Object v = yaml.get(key);
    if (v == null) {
      return null;
    }
    if (v instanceof Map || v instanceof List) {
      throw problem(key, "must be text, not a " + (v instanceof Map ? "mapping" : "list"));
    }
    return String.valueOf(v);
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> map(Object v, String key) {
    if (v == null) {
      return null;
    }
    if (!(v instanceof Map)) {
      throw problem(key, "must be a mapping");
    }
    return (Map<String, Object>) v;
  }

  private Map<String, Map<String, Object>> columnSpecs(Object v) {
    Map<String, Map<String, Object>> out = new LinkedHashMap<>();
    if (v == null) {
      return out;
    }
    if (!(v instanceof List)) {
      throw problem("columnspec", "must be a list of entries (- name: ...)");
    }
    for (Object entry : (List<?>) v) {
      Map<String, Object> spec = map(entry, "columnspec");
      Object name = spec.get("name");
      if (name == null) {
        throw problem("columnspec", "an entry has no name:");
      }
      for (String k : spec.keySet()) {
        if (!k.equals("name") && !k.equals("size") && !k.equals("population") && !k.equals("cluster")) {
          throw problem("columnspec." + name + "." + k, "unknown key (known: name, size, population, cluster)");
        }
      }
      out.put(String.valueOf(name).toLowerCase(Locale.ROOT), spec);
    }
    return out;
  }

  private Distribution dist(Map<String, Object> spec, String column, String key, String fallback) {
    Object v = spec == null ? null : spec.get(key);
    String where = column == null ? "insert." + key : "columnspec." + column + "." + key;
    try {
      return Distribution.parse(v == null ? fallback : String.valueOf(v));
    } catch (IllegalArgumentException e) {
      throw problem(where, e.getMessage());
    }
  }

  /**
   * A column definition's name (lower case) and the rest (its type, maybe PRIMARY KEY). A quoted name is taken as it
   * is quoted (it may hold spaces); one that is not a lower-case word is refused, since the profile's PRIMARY KEY,
   * columnspec and queries name columns by lower-case words.
   */
  private String[] columnDefinition(String def) {
    if (!def.startsWith("\"")) {
      String[] words = def.split("\\s+", 2);
      words[0] = words[0].toLowerCase(Locale.ROOT);
      return words;
    }
    int end = 1;
    StringBuilder name = new StringBuilder();
    while (true) {
      int quote = def.indexOf('"', end);
      if (quote < 0) {
        throw problem("table_definition", "column definition '" + def + "' has an unclosed \" in its name");
      }
      name.append(def, end, quote);
      if (quote + 1 < def.length() && def.charAt(quote + 1) == '"') {
        name.append('"'); // a doubled quote is part of the name
        end = quote + 2;
      } else {
        end = quote + 1;
        break;
      }
    }
    if (!name.toString().matches("[a-z][a-z0-9_]*")) {
      throw problem("table_definition", "column \"" + name + "\": quoted names must be lower-case words here "
          + "(letters, digits, _), as the profile's keys, columnspec and queries name columns that way");
    }
    String rest = def.substring(end).trim();
    return rest.isEmpty() ? new String[] {name.toString()} : new String[] {name.toString(), rest};
  }

  /**
   * Refuses key columns CQL refuses (non-frozen collections, durations, counters) and tables that mix counters with
   * other regular columns, with the reason; whether the table is a counter table.
   */
  private boolean checkKeysAndCounters() {
    List<Column> keys = new ArrayList<>(partitionKey);
    keys.addAll(clustering);
    for (Column c : keys) {
      String why = c.type.isCollection() && !c.type.frozen ? "a collection in the PRIMARY KEY must be frozen<...>"
          : c.type.contains(ColumnType.DURATION) ? "a duration cannot be in the PRIMARY KEY (it has no order in CQL)"
          : c.type.is(ColumnType.COUNTER) ? "a counter cannot be in the PRIMARY KEY" : null;
      if (why != null) {
        throw problem("table_definition", "column '" + c.name + "' (" + c.type + "): " + why);
      }
    }
    Column counterColumn = null;
    Column other = null;
    for (Column c : columns) {
      if (!keys.contains(c)) {
        if (c.type.is(ColumnType.COUNTER)) {
          counterColumn = c;
        } else {
          other = c;
        }
      }
    }
    if (counterColumn != null && other != null) {
      throw problem("table_definition", "counter column '" + counterColumn.name + "' and non-counter column '"
          + other.name + "': a table's columns outside the PRIMARY KEY are all counters or none");
    }
    return counterColumn != null;
  }

  /** Table order; for a counter table, the counters (SET ...) then the key columns (WHERE ...). */
  private List<Column> insertColumns() {
    if (!counter) {
      return columns;
    }
    List<Column> out = new ArrayList<>();
    for (Column c : columns) {
      if (c.type.is(ColumnType.COUNTER)) {
        out.add(c);
      }
    }
    out.addAll(partitionKey);
    out.addAll(clustering);
    return Collections.unmodifiableList(out);
  }

  private void primaryKey(String inside, List<String> keyNames, List<String> clusterNames) {
    String s = inside.trim();
    String rest;
    if (s.startsWith("(")) {
      int close = s.indexOf(')');
      if (close < 0) {
        throw problem("table_definition", "unbalanced parentheses in PRIMARY KEY");
      }
      for (String k : s.substring(1, close).split(",")) {
        keyNames.add(k.trim().replace("\"", "").toLowerCase(Locale.ROOT));
      }
      rest = s.substring(close + 1);
    } else {
      int comma = s.indexOf(',');
      keyNames.add((comma < 0 ? s : s.substring(0, comma)).trim().replace("\"", "").toLowerCase(Locale.ROOT));
      rest = comma < 0 ? "" : s.substring(comma);
    }
    for (String c : rest.split(",")) {
      if (!c.trim().isEmpty()) {
        clusterNames.add(c.trim().replace("\"", "").toLowerCase(Locale.ROOT));
      }
    }
  }

  private List<Column> lookup(List<String> names, Map<String, Column> byName) {
    List<Column> out = new ArrayList<>();
    for (String n : names) {
      Column c = byName.get(n);
      if (c == null) {
        throw problem("table_definition", "PRIMARY KEY names column '" + n + "', which is not defined");
      }
      out.add(c);
    }
    return Collections.unmodifiableList(out);
  }

  private Map<String, Query> queries(Object v, Map<String, Column> byName) {
    Map<String, Query> out = new LinkedHashMap<>();
    if (v == null) {
      return out;
    }
    if (!(v instanceof Map)) {
      throw problem("queries", "must be a mapping of query names");
    }
    for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
      String name = String.valueOf(e.getKey());
      String key = "queries." + name;
      if (!name.matches("[A-Za-z][A-Za-z0-9_]*") || name.equalsIgnoreCase("insert")) {
        throw problem(key, "a query name must be a word (letters, digits, _) other than 'insert'");
      }
      Map<String, Object> q = map(e.getValue(), key);
      if (q == null) {
        throw problem(key, "is empty (needs cql:)");
      }
      for (String k : q.keySet()) {
        if (!k.equals("cql") && !k.equals("fields")) {
          throw problem(key + "." + k, "unknown key (known: cql, fields)");
        }
      }
      Object cql = q.get("cql");
      if (cql == null || String.valueOf(cql).trim().isEmpty()) {
        throw problem(key + ".cql", "missing (required)");
      }
      String fields = q.get("fields") == null ? "samerow" : String.valueOf(q.get("fields")).trim();
      if (!fields.equalsIgnoreCase("samerow") && !fields.equalsIgnoreCase("multirow")) {
        throw problem(key + ".fields", "'" + fields + "' is not samerow or multirow");
      }
      String text = String.valueOf(cql).trim();
      // A ? inside a string literal ('a?b', with '' for a quote) is text, not a marker.
      String bare = text.replaceAll("'(?:[^']|'')*'", "''");
      List<Column> bindings = new ArrayList<>();
      List<Boolean> in = new ArrayList<>();
      Matcher m = MARKER.matcher(bare);
      int markers = 0;
      while (m.find()) {
        String col = m.group(1).replace("\"", "").toLowerCase(Locale.ROOT);
        Column c = byName.get(col);
        if (c == null) {
          throw problem(key + ".cql", "binds '?' to '" + col + "', which is not a column of " + table);
        }
        boolean list = m.group(2).trim().equalsIgnoreCase("in");
        if (list && !partitionKey.contains(c) && !clustering.contains(c)) {
          throw problem(key + ".cql", "'" + col + " IN ?': IN takes a partition key or clustering column, and '"
              + col + "' is neither");
        }
        bindings.add(c);
        in.add(list);
        markers++;
      }
      if (markers != bare.length() - bare.replace("?", "").length()) {
        throw problem(key + ".cql", "every ? must follow <column> =, <, >, <=, >= or IN");
      }
      boolean[] inFlags = new boolean[in.size()];
      for (int i = 0; i < inFlags.length; i++) {
        inFlags[i] = in.get(i);
      }
      out.put(name, new Query(name, text, Collections.unmodifiableList(bindings), inFlags,
          fields.equalsIgnoreCase("samerow")));
    }
    return Collections.unmodifiableMap(out);
  }

  private static List<String> splitTopLevel(String s) {
    List<String> out = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '(' || c == '<') {
        depth++;
      } else if (c == ')' || c == '>') {
        depth--;
      } else if (c == ',' && depth == 0) {
        out.add(s.substring(start, i));
        start = i + 1;
      }
    }
    if (!s.substring(start).trim().isEmpty()) {
      out.add(s.substring(start));
    }
    return out;
  }

  /** The keyspace of the profile. */
  public String keyspace() {
    return keyspace;
  }

  /** The CREATE KEYSPACE statement, or null if the profile has none. */
  public String keyspaceDefinition() {
    return keyspaceDefinition;
  }

  public String table() {
    return table;
  }

  public String tableDefinition() {
    return tableDefinition;
  }

  /** The query names (in profile order). */
  public java.util.Set<String> queryNames() {
    return queries.keySet();
  }

  /** The profile file as it was given. */
  public String file() {
    return file;
  }

  /** The CQL of query {@code name} (one of {@link #queryNames()}). */
  public String queryCql(String name) {
    return queries.get(name).cql;
  }

  /**
   * The column each {@code ?} of query {@code name} binds, in marker order (lower case), as the server names the
   * marker: the column's name, or {@code in(<column>)} for an {@code IN ?} marker.
   */
  public List<String> queryColumns(String name) {
    Query q = queries.get(name);
    List<String> out = new ArrayList<>();
    for (int i = 0; i < q.bindings.size(); i++) {
      out.add(q.in[i] ? "in(" + q.bindings.get(i).name + ")" : q.bindings.get(i).name);
    }
    return out;
  }

  /**
   * The statement that writes one generated row: an INSERT of every column in table order, one marker each; for a
   * counter table an {@code UPDATE ... SET c = c + ?, ... WHERE key = ? AND ...} (markers in
   * {@link #insertColumnNames()} order), as cassandra-stress writes counters.
   */
  public String insertCql() {
    if (counter) {
      StringBuilder set = new StringBuilder();
      StringBuilder where = new StringBuilder();
      for (Column c : insertColumns) {
        String q = "\"" + c.name + "\"";
        if (c.type.is(ColumnType.COUNTER)) {
          set.append(set.length() == 0 ? "" : ", ").append(q).append(" = ").append(q).append(" + ?");
        } else {
          where.append(where.length() == 0 ? "" : " AND ").append(q).append(" = ?");
        }
      }
      return "UPDATE " + table + " SET " + set + " WHERE " + where;
    }
    StringBuilder cols = new StringBuilder();
    StringBuilder marks = new StringBuilder();
    for (Column c : columns) {
      cols.append(cols.length() == 0 ? "" : ", ").append('"').append(c.name).append('"');
      marks.append(marks.length() == 0 ? "?" : ", ?");
    }
    return "INSERT INTO " + table + " (" + cols + ") VALUES (" + marks + ")";
  }

  /** The columns {@link #insertCql()}'s markers bind, in marker order (lower case). */
  public List<String> insertColumnNames() {
    List<String> out = new ArrayList<>();
    for (Column c : insertColumns) {
      out.add(c.name);
    }
    return out;
  }

  /** Whether the table's columns outside the key are counters (inserts are counter updates in COUNTER batches). */
  public boolean counterTable() {
    return counter;
  }

  /**
   * Whether generated values include the driver-neutral {@code date}/{@code duration} values that the binding
   * converts before it binds ({@link ProfileRequest#neutralValues()}).
   */
  public boolean neutralValues() {
    for (Column c : columns) {
      if (c.type.contains(ColumnType.DATE) || c.type.contains(ColumnType.DURATION)) {
        return true;
      }
    }
    return false;
  }

  /** The table's column names in table order (lower case). */
  public List<String> columnNames() {
    List<String> out = new ArrayList<>();
    for (Column c : columns) {
      out.add(c.name);
    }
    return out;
  }
}
