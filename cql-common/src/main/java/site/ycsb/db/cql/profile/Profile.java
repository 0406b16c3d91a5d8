package site.ycsb.db.cql.profile;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

import site.ycsb.db.cql.ConsistencyLevels;

/**
 * A cassandra-stress user profile (YAML), parsed and validated in one place: every key cassandra-stress's user mode
 * reads (Apache Cassandra's tools/stress and ScyllaDB's cassandra-stress), see cassandra2/STRESS-PROFILES.md. Every
 * problem is reported as an {@link IllegalArgumentException} whose message is one line:
 * {@code profile <file>: <key>: <problem>}. Where cassandra-stress quietly adjusts what Cassandra would refuse, the
 * profile says so in a {@link #notices() notice}. Immutable once loaded.
 *
 * <p>A profile without {@code table_definition} names a table that exists: it is {@linkplain #complete() complete}
 * once the table's definition, read from the server, is given to {@link #load(String, String)}.
 */
public final class Profile {
  /** cassandra-stress defaults. */
  static final String DEFAULT_SIZE = "uniform(4..8)";
  static final String DEFAULT_POPULATION = "uniform(1..100b)";
  static final String DEFAULT_CLUSTER = "fixed(1)";
  static final String DEFAULT_PARTITIONS = "fixed(1)";
  static final String DEFAULT_SELECT = "fixed(1)/1";
  static final String DEFAULT_ROW_POPULATION = "fixed(1)/1";
  static final int DEFAULT_PAGE_SIZE = 5000;
  /** The most elements one collection value may hold, nested ones included (size max ^ nesting depth). */
  static final long MAX_ELEMENTS = 100_000;
  /** The largest profile read, as for {@code -P} files: a profile is a few kilobytes. */
  public static final long MAX_FILE_BYTES = 16L * 1024 * 1024;

  static final List<String> KEYS = Arrays.asList("specname", "keyspace", "keyspace_definition", "table",
      "table_definition", "extra_definitions", "columnspec", "insert", "queries", "token_range_queries");
  static final List<String> INSERT_KEYS = Arrays.asList("partitions", "select", "row-population", "batchtype",
      "condition", "consistencylevel", "serialconsistencylevel");
  static final List<String> QUERY_KEYS = Arrays.asList("cql", "fields", "consistencylevel",
      "serialconsistencylevel");
  static final List<String> TOKEN_QUERY_KEYS = Arrays.asList("columns", "page_size");
  static final List<String> COLUMN_KEYS = Arrays.asList("name", "size", "population", "cluster");

  private static final Pattern CREATE_KEYSPACE = Pattern.compile(
      "(?is)\\s*create\\s+keyspace\\s+(?:if\\s+not\\s+exists\\s+)?(\"(?:[^\"]|\"\")+\"|\\w+)\\b.*");
  private static final Pattern OP_NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_-]*");
  private static final Pattern IF_NOT_EXISTS = Pattern.compile("(?is)\\s*if\\s+not\\s+exists\\s*;?\\s*");
  private static final Pattern CONDITION = Pattern.compile("(?is)\\s*if\\b.*");

  /** How an insert's rows travel: cassandra-stress's {@code insert.batchtype}. */
  enum BatchType { LOGGED, UNLOGGED, COUNTER }

  final String file;
  final String keyspace;
  final String keyspaceDefinition;
  final String table;
  /** The profile's table_definition, or null when the table exists already. */
  final String tableDefinition;
  /** The definition the columns were read from (the profile's or the server's); null while not complete. */
  final String definitionUsed;
  final String specName;
  final List<String> extraDefinitions;
  /** All columns in table order (empty while not complete). */
  final List<Column> columns;
  final List<Column> partitionKey;
  final List<Column> clustering;
  /** The columns outside the primary key, in the order the server lists them (by name): row-population's order. */
  final List<Column> valueColumns;
  final Distribution partitions;
  /** insert.select: the chance that a row of a partition's visit is written (drawn per partition and visit). */
  final Ratio select;
  /** insert.row-population: the share of a row's columns outside the key that get a value (the rest null). */
  final Ratio rowPopulation;
  /** The batch type the inserts use (COUNTER for a counter table). */
  final BatchType batchType;
  /** A counter table: every column outside the primary key is a counter; inserts are counter updates. */
  final boolean counter;
  /** insert.condition ({@code IF ...}), or null: the inserts are lightweight transactions. */
  final String condition;
  final String insertConsistency;
  final String insertSerialConsistency;
  /** The insert's statement and the column each of its markers binds. */
  final String insertCql;
  final List<Column> insertColumns;
  final Map<String, Query> queries;
  final Map<String, TokenRangeQuery> tokenRangeQueries;
  final List<String> notices;
  /** The parsed YAML, kept for completing a profile whose table is read from the server. */
  private final Map<String, Object> yaml;

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
   * list), whether the values come from one row, how the statement behaves ({@link QueryText}) and the levels it
   * asks for.
   */
  static final class Query {
    final String name;
    final String cql;
    final List<Column> bindings;
    final boolean[] in;
    final boolean sameRow;
    final QueryText text;
    /** consistencyLevel, serialConsistencyLevel (null: the binding's). */
    final String consistency;
    final String serialConsistency;
    /** For an UPDATE ... IF col = ?: the read of the current values of the condition's columns, or null. */
    final String casReadCql;
    /** The markers (by index) that take the read's columns, in the read's column order. */
    final int[] casTargets;

    Query(String name, String cql, List<Column> bindings, boolean[] in, boolean sameRow, QueryText text,
          String consistency, String serialConsistency, String casReadCql, int[] casTargets) {
      this.name = name;
      this.cql = cql;
      this.bindings = bindings;
      this.in = in;
      this.sameRow = sameRow;
      this.text = text;
      this.consistency = consistency;
      this.serialConsistency = serialConsistency;
      this.casReadCql = casReadCql;
      this.casTargets = casTargets;
    }
  }

  /** A token-range query: reads the table one page at a time, range after range of the token ring. */
  static final class TokenRangeQuery {
    final String name;
    /** {@code SELECT token(<key>), <columns> FROM <table> WHERE token(<key>) > ? AND token(<key>) <= ?}. */
    final String cql;
    final int pageSize;

    TokenRangeQuery(String name, String cql, int pageSize) {
      this.name = name;
      this.cql = cql;
      this.pageSize = pageSize;
    }
  }

  private Profile(String file, Map<String, Object> yaml, String serverDefinition) {
    this.file = file;
    this.yaml = yaml;
    for (String k : yaml.keySet()) {
      if (!KEYS.contains(k)) {
        throw problem(k, "unknown key (known: " + String.join(", ", KEYS) + ")");
      }
    }
    // Names as CQL reads them (cassandra-stress sends them unquoted): StressTest is stresstest, "StressTest" is not.
    keyspace = CqlScanner.identifier(text(yaml, "keyspace"));
    keyspaceDefinition = blankToNull(optionalText(yaml, "keyspace_definition"));
    table = CqlScanner.identifier(text(yaml, "table"));
    tableDefinition = blankToNull(optionalText(yaml, "table_definition"));
    String spec = blankToNull(optionalText(yaml, "specname"));
    specName = spec == null ? keyspace + "." + table : spec.trim();
    extraDefinitions = extraDefinitions(yaml.get("extra_definitions"));
    checkKeyspaceDefinition();
    List<String> notes = new ArrayList<>();
    Map<String, Object> insert = lowerKeys(map(yaml.get("insert"), "insert"), "insert");
    if (insert != null) {
      for (String k : insert.keySet()) {
        if (!INSERT_KEYS.contains(k)) {
          throw problem("insert." + k, "unknown key (known: " + String.join(", ", INSERT_KEYS) + ")");
        }
      }
    }
    partitions = dist(insert, null, "partitions", DEFAULT_PARTITIONS);
    if (partitions.min() < 1 || partitions.max() > 100_000) {
      throw problem("insert.partitions", "must lie within 1..100000, got " + partitions);
    }
    select = ratio(insert, "select", DEFAULT_SELECT, false);
    rowPopulation = ratio(insert, "row-population", DEFAULT_ROW_POPULATION, true);
    insertConsistency = level(insert, "insert.", "consistencylevel", ConsistencyLevels.REGULAR);
    insertSerialConsistency = level(insert, "insert.", "serialconsistencylevel", ConsistencyLevels.SERIAL);
    String cond = insert == null || insert.get("condition") == null ? null : scalar(insert.get("condition"),
        "insert.condition").trim();
    condition = cond == null || cond.isEmpty() ? null : cond;
    if (condition != null && !CONDITION.matcher(condition).matches()) {
      throw problem("insert.condition", "'" + condition + "' is not an IF clause (e.g. IF body = NULL)");
    }
    String definition = tableDefinition != null ? tableDefinition : serverDefinition;
    definitionUsed = definition;
    if (definition == null) {
      columns = partitionKey = clustering = valueColumns = insertColumns = Collections.emptyList();
      counter = false;
      batchType = BatchType.LOGGED;
      insertCql = null;
      queries = Collections.unmodifiableMap(queryNames(yaml.get("queries"), "queries"));
      tokenRangeQueries = Collections.unmodifiableMap(queryNames(yaml.get("token_range_queries"),
          "token_range_queries"));
      notices = Collections.emptyList();
      return;
    }
    TableDefinition def;
    try {
      def = TableDefinition.parse(definition);
    } catch (IllegalArgumentException e) {
      throw problem("table_definition", e.getMessage());
    }
    if (!def.name.equalsIgnoreCase(table)) {
      throw problem("table_definition", "creates table '" + def.name + "' but table: is '" + table + "'");
    }
    if (def.keyspace != null && !def.keyspace.equalsIgnoreCase(keyspace)) {
      throw problem("table_definition", "creates table '" + def.keyspace + "." + def.name + "' but keyspace: is '"
          + keyspace + "'");
    }
    Map<String, Map<String, Object>> specs = columnSpecs(yaml.get("columnspec"));
    List<Column> cols = new ArrayList<>();
    Map<String, Column> byName = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : def.columns.entrySet()) {
      Column c = column(e.getKey(), e.getValue(), specs.remove(e.getKey()), cols.size(), def);
      cols.add(c);
      byName.put(c.name, c);
    }
    if (!specs.isEmpty()) {
      throw problem("columnspec", "names column '" + specs.keySet().iterator().next() + "', which table '" + table
          + "' does not have");
    }
    columns = Collections.unmodifiableList(cols);
    partitionKey = lookup(def.partitionKey, byName);
    clustering = lookup(def.clustering, byName);
    counter = checkKeysAndCounters();
    valueColumns = valueColumns();
    batchType = batchType(insert, notes);
    List<Column> bound = new ArrayList<>();
    insertCql = insertStatement(bound);
    insertColumns = Collections.unmodifiableList(bound);
    queries = Collections.unmodifiableMap(queries(yaml.get("queries"), byName));
    tokenRangeQueries = Collections.unmodifiableMap(tokenRangeQueries(yaml.get("token_range_queries")));
    for (String name : queries.keySet()) {
      if (tokenRangeQueries.containsKey(name)) {
        throw problem("token_range_queries." + name, "is also a query name (cassandra-stress refuses the same name "
            + "in queries and token_range_queries)");
      }
    }
    notices = Collections.unmodifiableList(notes);
  }

  /**
   * Loads and validates the profile at {@code path}; a profile without {@code table_definition} is not
   * {@linkplain #complete() complete}.
   *
   * @throws IllegalArgumentException one line naming the file, the key and the problem
   */
  public static Profile load(String path) {
    return load(path, null);
  }

  /**
   * Loads and validates the profile at {@code path}, reading its columns from {@code serverDefinition} (the
   * {@code CREATE TABLE} of the existing table) when the profile has no {@code table_definition}.
   *
   * @throws IllegalArgumentException one line naming the file, the key and the problem
   */
  public static Profile load(String path, String serverDefinition) {
    byte[] bytes;
    try (InputStream in = open(path)) {
      bytes = readCapped(in, path);
    } catch (IOException e) {
      throw new IllegalArgumentException("profile " + path + ": cannot be read (" + e.getClass().getSimpleName()
          + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")");
    }
    // The workload and each binding step load the profile: it is read each time, and parsed once per content.
    String key = path + "\n" + digest(bytes) + "\n" + serverDefinition;
    Profile known = LOADED.get(key);
    if (known != null) {
      return known;
    }
    Profile profile = parse(path, bytes, serverDefinition);
    if (LOADED.size() >= 64) {
      LOADED.clear();
    }
    LOADED.put(key, profile);
    return profile;
  }

  /** Profiles parsed in this process, by path, content digest and server definition (they are immutable). */
  private static final Map<String, Profile> LOADED = new java.util.concurrent.ConcurrentHashMap<>();

  private static String digest(byte[] bytes) {
    try {
      byte[] d = java.security.MessageDigest.getInstance("SHA-256").digest(bytes);
      StringBuilder out = new StringBuilder();
      for (byte b : d) {
        out.append(String.format(Locale.ROOT, "%02x", b));
      }
      return out.toString();
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK has no SHA-256", e); // every JDK has it
    }
  }

  private static Profile parse(String path, byte[] bytes, String serverDefinition) {
    Object root;
    try {
      LoaderOptions options = new LoaderOptions();
      options.setAllowDuplicateKeys(false);
      options.setCodePointLimit((int) MAX_FILE_BYTES);
      options.setNestingDepthLimit(50);
      root = new Yaml(new SafeConstructor(options)).load(new String(bytes, StandardCharsets.UTF_8));
    } catch (YAMLException e) {
      throw new IllegalArgumentException("profile " + path + ": is not valid YAML: "
          + String.valueOf(e.getMessage()).replaceAll("\\s+", " ").trim());
    }
    if (!(root instanceof Map)) {
      throw new IllegalArgumentException("profile " + path + ": must be a YAML mapping of keys (keyspace:, table:, "
          + "...)");
    }
    Map<String, Object> yaml = new LinkedHashMap<>();
    for (Map.Entry<?, ?> e : ((Map<?, ?>) root).entrySet()) {
      yaml.put(String.valueOf(e.getKey()), e.getValue());
    }
    return new Profile(path, yaml, serverDefinition);
  }

  private static InputStream open(String path) throws IOException {
    Path p = path(path);
    if (Files.isDirectory(p)) {
      throw new IOException("it is a directory");
    }
    if (Files.exists(p) && !Files.isRegularFile(p)) {
      throw new IOException("it is not a regular file");
    }
    if (Files.exists(p) && Files.size(p) > MAX_FILE_BYTES) {
      throw new IOException(Files.size(p) + " bytes is more than " + MAX_FILE_BYTES + " (a profile is a few "
          + "kilobytes; is it a profile?)");
    }
    return Files.newInputStream(p);
  }

  /**
   * The file a profile argument names: a path, or a {@code file:} URI as cassandra-stress takes it
   * ({@code profile=file:///home/me/p.yaml}); other URIs are refused (the profile must be a local file).
   */
  private static Path path(String given) throws IOException {
    if (given.matches("(?i)file:.*")) {
      try {
        return Paths.get(java.net.URI.create(given));
      } catch (IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
        throw new IOException("'" + given + "' is not a file: URI of a local file (" + e.getMessage() + ")");
      }
    }
    if (given.matches("(?i)[a-z][a-z0-9+.-]+://.*")) {
      throw new IOException("only a local file is read (a path or a file: URI); download it first");
    }
    return Paths.get(given);
  }

  /** The bytes of {@code in}, refusing more than {@link #MAX_FILE_BYTES} (a file that grows while it is read). */
  private static byte[] readCapped(InputStream in, String path) throws IOException {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    byte[] buf = new byte[65536];
    long total = 0;
    for (int n = in.read(buf); n >= 0; n = in.read(buf)) {
      total += n;
      if (total > MAX_FILE_BYTES) {
        throw new IOException("more than " + MAX_FILE_BYTES + " bytes (a profile is a few kilobytes; is it a "
            + "profile?)");
      }
      out.write(buf, 0, n);
    }
    return out.toByteArray();
  }

  /** The same profile with its columns read from {@code serverDefinition} (a profile without table_definition). */
  public Profile complete(String serverDefinition) {
    return complete() ? this : new Profile(file, yaml, serverDefinition);
  }

  /** Whether the columns are known (the profile has a table_definition, or the server's was given). */
  public boolean complete() {
    return definitionUsed != null;
  }

  private IllegalArgumentException problem(String key, String what) {
    // What a profile quotes back (a quoted name, a statement) may hold line breaks: the message stays one line.
    return new IllegalArgumentException("profile " + file + ": " + key + ": "
        + what.replaceAll("\\s*[\\r\\n\\u0085\\u2028\\u2029]+\\s*", " "));
  }

  private static String blankToNull(String s) {
    return s == null || s.trim().isEmpty() ? null : s;
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
    return v == null ? null : scalar(v, key);
  }

  private String scalar(Object v, String key) {
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

  /** The mapping with its keys in lower case (cassandra-stress's insert and query keys are read so). */
  private Map<String, Object> lowerKeys(Map<String, Object> m, String key) {
    if (m == null) {
      return null;
    }
    Map<String, Object> out = new LinkedHashMap<>();
    for (Map.Entry<String, Object> e : m.entrySet()) {
      String k = String.valueOf(e.getKey()).trim().toLowerCase(Locale.ROOT);
      if (out.put(k, e.getValue()) != null) {
        throw problem(key + "." + k, "given twice (keys are read in any case)");
      }
    }
    return out;
  }

  private List<String> extraDefinitions(Object v) {
    if (v == null) {
      return Collections.emptyList();
    }
    List<?> items = v instanceof List ? (List<?>) v : null;
    if (items == null) {
      throw problem("extra_definitions", "must be a list of CQL statements (- CREATE INDEX ...)");
    }
    List<String> out = new ArrayList<>();
    for (Object o : items) {
      String s = o == null ? "" : scalar(o, "extra_definitions").trim();
      if (s.isEmpty()) {
        throw problem("extra_definitions", "has an empty entry");
      }
      out.add(s);
    }
    return Collections.unmodifiableList(out);
  }

  /** cassandra-stress refuses a keyspace_definition that creates another keyspace than keyspace: names. */
  private void checkKeyspaceDefinition() {
    if (keyspaceDefinition == null) {
      return;
    }
    Matcher m = CREATE_KEYSPACE.matcher(CqlScanner.stripComments(keyspaceDefinition));
    if (!m.matches()) {
      throw problem("keyspace_definition", "not a CREATE KEYSPACE <name> WITH replication = {...} statement");
    }
    String name = CqlScanner.identifier(m.group(1));
    if (!name.equalsIgnoreCase(keyspace)) {
      throw problem("keyspace_definition", "creates keyspace '" + name + "' but keyspace: is '" + keyspace + "'");
    }
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
      Map<String, Object> spec = lowerKeys(map(entry, "columnspec"), "columnspec");
      if (spec == null) {
        throw problem("columnspec", "has an empty entry");
      }
      Object name = spec.get("name");
      if (name == null) {
        throw problem("columnspec", "an entry has no name:");
      }
      for (String k : spec.keySet()) {
        if (!COLUMN_KEYS.contains(k)) {
          throw problem("columnspec." + name + "." + k, "unknown key (known: " + String.join(", ", COLUMN_KEYS)
              + ")");
        }
      }
      String key = String.valueOf(name).trim().toLowerCase(Locale.ROOT);
      if (out.put(key, spec) != null) {
        throw problem("columnspec." + key, "is given twice");
      }
    }
    return out;
  }

  private Column column(String name, String typeText, Map<String, Object> spec, int index, TableDefinition def) {
    if (!name.matches("[a-z][a-z0-9_]*")) {
      throw problem("table_definition", "column \"" + name + "\": quoted names must be lower-case words here "
          + "(letters, digits, _), as the profile's keys, columnspec and queries name columns that way");
    }
    if (typeText.trim().isEmpty()) {
      throw problem("table_definition", "column definition '" + name + "' has no type");
    }
    CqlType type;
    try {
      type = CqlType.parse(typeText);
    } catch (IllegalArgumentException e) {
      throw problem("table_definition", "column '" + name + "' has type '" + typeText.replaceAll("\\s+", " ")
          + "': " + e.getMessage());
    }
    Column c = new Column(name, type, dist(spec, name, "size", DEFAULT_SIZE),
        dist(spec, name, "population", DEFAULT_POPULATION), dist(spec, name, "cluster", DEFAULT_CLUSTER), index);
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
    return c;
  }

  private Distribution dist(Map<String, Object> spec, String column, String key, String fallback) {
    Object v = spec == null ? null : spec.get(key);
    String where = column == null ? "insert." + key : "columnspec." + column + "." + key;
    try {
      return Distribution.parse(v == null ? fallback : scalar(v, where));
    } catch (IllegalArgumentException e) {
      throw problem(where, e.getMessage());
    }
  }

  private Ratio ratio(Map<String, Object> insert, String key, String fallback, boolean zeroAllowed) {
    Object v = insert == null ? null : insert.get(key);
    try {
      return Ratio.parse(v == null ? fallback : scalar(v, "insert." + key), zeroAllowed);
    } catch (IllegalArgumentException e) {
      throw problem("insert." + key, e.getMessage());
    }
  }

  /** A consistency level key (null when absent), upper case, one of {@code allowed}. */
  private String level(Map<String, Object> m, String prefix, String key, Set<String> allowed) {
    Object v = m == null ? null : m.get(key);
    if (v == null) {
      return null;
    }
    String level = scalar(v, prefix + key).trim().toUpperCase(Locale.ROOT);
    if (!allowed.contains(level)) {
      throw problem(prefix + key, "'" + v + "' is not one of: " + String.join(", ", allowed));
    }
    return level;
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

  private List<Column> valueColumns() {
    List<Column> out = new ArrayList<>();
    for (Column c : columns) {
      if (!partitionKey.contains(c) && !clustering.contains(c)) {
        out.add(c);
      }
    }
    out.sort((a, b) -> a.name.compareTo(b.name));
    return Collections.unmodifiableList(out);
  }

  /**
   * insert.batchtype, as cassandra-stress reads it (LOGGED by default); a counter table's inserts go in COUNTER
   * batches, with a notice when the profile says LOGGED (which Cassandra refuses for counters).
   */
  private BatchType batchType(Map<String, Object> insert, List<String> notes) {
    Object batch = insert == null ? null : insert.get("batchtype");
    String given = batch == null ? null : scalar(batch, "insert.batchtype").trim().toUpperCase(Locale.ROOT);
    BatchType type;
    try {
      type = given == null ? (counter ? BatchType.COUNTER : BatchType.LOGGED) : BatchType.valueOf(given);
    } catch (IllegalArgumentException e) {
      throw problem("insert.batchtype", "'" + batch + "' is not LOGGED, UNLOGGED or COUNTER");
    }
    if (counter && type == BatchType.LOGGED) {
      if (maxRowsPerInsert() > 1) {
        notes.add("profile " + file + ": insert.batchtype: LOGGED on counter table '" + table + "': an insert of one "
            + "row is sent alone (as cassandra-stress sends it), several rows in a COUNTER batch, since Cassandra "
            + "refuses counter updates in a LOGGED batch");
      }
      return BatchType.COUNTER;
    }
    if (!counter && type == BatchType.COUNTER) {
      throw problem("insert.batchtype", "COUNTER, but table '" + table + "' has no counters (Cassandra accepts only "
          + "counter updates in a COUNTER batch)");
    }
    return type;
  }

  /** The most rows one insert can write: partitions times rows per partition, at their largest. */
  private double maxRowsPerInsert() {
    double rows = partitions.max();
    for (Column c : clustering) {
      rows *= c.cluster.max();
    }
    return rows;
  }

  /**
   * The statement that writes one generated row, filling {@code bound} with the column of each marker:
   * <ul>
   *   <li>a counter table: {@code UPDATE t SET c = c + ?, ... WHERE key = ? AND ...}, as cassandra-stress writes;</li>
   *   <li>insert.condition {@code IF NOT EXISTS}: {@code INSERT ... IF NOT EXISTS};</li>
   *   <li>another condition: {@code UPDATE t SET c = ?, ... WHERE key = ? AND ... IF ...}, as cassandra-stress writes
   *       it (a {@code ?} in the condition binds the row's value of its column, as there);</li>
   *   <li>otherwise an INSERT of every column in table order.</li>
   * </ul>
   */
  private String insertStatement(List<Column> bound) {
    boolean ifNotExists = condition != null && IF_NOT_EXISTS.matcher(condition).matches();
    if (!counter && (condition == null || ifNotExists)) {
      StringBuilder cols = new StringBuilder();
      StringBuilder marks = new StringBuilder();
      for (Column c : columns) {
        cols.append(cols.length() == 0 ? "" : ", ").append(quote(c.name));
        marks.append(marks.length() == 0 ? "?" : ", ?");
        bound.add(c);
      }
      return "INSERT INTO " + tableName() + " (" + cols + ") VALUES (" + marks + ")" + (ifNotExists ? " IF NOT EXISTS" : "");
    }
    if (valueColumns.isEmpty()) {
      throw problem("insert.condition", "'" + condition + "': table '" + table + "' has no column outside the PRIMARY "
          + "KEY to update, so only IF NOT EXISTS applies to it (cassandra-stress refuses a condition here)");
    }
    StringBuilder set = new StringBuilder();
    for (Column c : columns) {
      if (valueColumns.contains(c)) {
        String q = quote(c.name);
        set.append(set.length() == 0 ? "" : ", ").append(q).append(" = ").append(counter ? q + " + ?" : "?");
        bound.add(c);
      }
    }
    StringBuilder where = new StringBuilder();
    for (Column c : columns) {
      if (!valueColumns.contains(c)) {
        where.append(where.length() == 0 ? "" : " AND ").append(quote(c.name)).append(" = ?");
        bound.add(c);
      }
    }
    String cql = "UPDATE " + tableName() + " SET " + set + " WHERE " + where;
    if (condition != null) {
      QueryText text;
      try {
        text = QueryText.parse(condition);
      } catch (IllegalArgumentException e) {
        throw problem("insert.condition", e.getMessage());
      }
      for (QueryText.Marker m : text.markers) {
        Column c = columns.stream().filter(x -> x.name.equals(m.column)).findFirst().orElseThrow(
            () -> problem("insert.condition", "binds '?' to '" + m.column + "', which is not a column of " + table));
        bound.add(c);
      }
      cql += " " + condition.replaceAll("\\s*;\\s*$", "");
    }
    return cql;
  }

  /** The table's name in a statement: as it is when CQL reads it so, else quoted. */
  private String tableName() {
    return table.matches("[a-z_][a-z0-9_]*") ? table : quote(table);
  }

  /** A name quoted for CQL (a {@code "} inside doubled). */
  static String quote(String name) {
    return "\"" + name.replace("\"", "\"\"") + "\"";
  }

  private List<Column> lookup(List<String> names, Map<String, Column> byName) {
    List<Column> out = new ArrayList<>();
    for (String n : names) {
      out.add(byName.get(n));
    }
    return Collections.unmodifiableList(out);
  }

  /** Query names (validated) with null values: the queries of a profile whose columns are not known yet. */
  private Map<String, Query> queryNamesOnly(Object v, String section) {
    Map<String, Query> out = new LinkedHashMap<>();
    if (v == null) {
      return out;
    }
    if (!(v instanceof Map)) {
      throw problem(section, "must be a mapping of query names");
    }
    for (Object k : ((Map<?, ?>) v).keySet()) {
      out.put(queryName(k, section), null);
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private <T> Map<String, T> queryNames(Object v, String section) {
    return (Map<String, T>) (Map<String, ?>) queryNamesOnly(v, section);
  }

  /** A query name as cassandra-stress looks it up (lower case); refused when the engine cannot report it. */
  private String queryName(Object key, String section) {
    String name = String.valueOf(key).trim();
    if (!OP_NAME.matcher(name).matches() || name.equalsIgnoreCase("insert")) {
      throw problem(section + "." + name, "a query name must be letters, digits, _ and - (it names the operation "
          + "in ops= and in the results), other than 'insert'");
    }
    return name.toLowerCase(Locale.ROOT);
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
      String name = queryName(e.getKey(), "queries");
      String key = "queries." + name;
      Map<String, Object> q = lowerKeys(map(e.getValue(), key), key);
      if (q == null) {
        throw problem(key, "is empty (needs cql:)");
      }
      for (String k : q.keySet()) {
        if (!QUERY_KEYS.contains(k)) {
          throw problem(key + "." + k, "unknown key (known: cql, fields, consistencyLevel, serialConsistencyLevel)");
        }
      }
      Object cql = q.get("cql");
      if (cql == null || scalar(cql, key + ".cql").trim().isEmpty()) {
        throw problem(key + ".cql", "missing (required)");
      }
      // cassandra-stress's default is multirow.
      String fields = q.get("fields") == null ? "multirow" : scalar(q.get("fields"), key + ".fields").trim();
      if (!fields.equalsIgnoreCase("samerow") && !fields.equalsIgnoreCase("multirow")) {
        throw problem(key + ".fields", "'" + fields + "' is not samerow or multirow");
      }
      boolean sameRow = fields.equalsIgnoreCase("samerow");
      if (out.containsKey(name)) {
        throw problem(key, "is given twice (query names are read in any case)");
      }
      out.put(name, query(name, key, scalar(cql, key + ".cql").trim(), sameRow, byName,
          level(q, key + ".", "consistencylevel", ConsistencyLevels.REGULAR),
          level(q, key + ".", "serialconsistencylevel", ConsistencyLevels.SERIAL)));
    }
    return out;
  }

  private Query query(String name, String key, String cql, boolean sameRow, Map<String, Column> byName,
                      String consistency, String serial) {
    QueryText text;
    try {
      text = QueryText.parse(cql);
    } catch (IllegalArgumentException e) {
      throw problem(key + ".cql", e.getMessage());
    }
    List<Column> bindings = new ArrayList<>();
    boolean[] in = new boolean[text.markers.size()];
    for (int i = 0; i < in.length; i++) {
      QueryText.Marker m = text.markers.get(i);
      Column c = byName.get(m.column);
      if (c == null) {
        throw problem(key + ".cql", "binds '?' to '" + m.column + "', which is not a column of " + table);
      }
      if (m.in && !partitionKey.contains(c) && !clustering.contains(c)) {
        throw problem(key + ".cql", "'" + m.column + " IN ?': IN takes a partition key or clustering column, and '"
            + m.column + "' is neither");
      }
      bindings.add(c);
      in[i] = m.in;
    }
    String casRead = null;
    int[] casTargets = new int[0];
    if (!text.conditionMarkers.isEmpty()) {
      if (!sameRow) {
        throw problem(key + ".fields", "multirow, but an UPDATE ... IF <column> = ? reads the row it updates "
            + "(cassandra-stress supports it for samerow only; write fields: samerow)");
      }
      List<String> read = new ArrayList<>();
      List<Integer> targets = new ArrayList<>();
      for (int i : text.conditionMarkers) {
        String column = text.markers.get(i).column;
        if (!read.contains(column)) {
          read.add(column);
          int last = -1;
          for (int k = 0; k < text.markers.size(); k++) {
            if (text.markers.get(k).column.equals(column)) {
              last = k; // the last marker of the column takes the value read (cassandra-stress's rule)
            }
          }
          targets.add(last);
        }
      }
      StringBuilder select = new StringBuilder();
      for (String column : read) {
        select.append(select.length() == 0 ? "" : ", ").append(quote(column));
      }
      casRead = "SELECT " + select + " FROM " + tableName() + " WHERE " + keyWhere();
      casTargets = targets.stream().mapToInt(Integer::intValue).toArray();
    }
    return new Query(name, cql, Collections.unmodifiableList(bindings), in, sameRow, text, consistency, serial,
        casRead, casTargets);
  }

  /** {@code "k1" = ? AND ... AND "c1" = ?}: every key column, partition key first. */
  private String keyWhere() {
    StringBuilder where = new StringBuilder();
    for (Column c : keyColumns()) {
      where.append(where.length() == 0 ? "" : " AND ").append(quote(c.name)).append(" = ?");
    }
    return where.toString();
  }

  /** The partition key columns, then the clustering columns. */
  List<Column> keyColumns() {
    List<Column> out = new ArrayList<>(partitionKey);
    out.addAll(clustering);
    return out;
  }

  private Map<String, TokenRangeQuery> tokenRangeQueries(Object v) {
    Map<String, TokenRangeQuery> out = new LinkedHashMap<>();
    if (v == null) {
      return out;
    }
    if (!(v instanceof Map)) {
      throw problem("token_range_queries", "must be a mapping of query names");
    }
    StringBuilder token = new StringBuilder("token(");
    for (int i = 0; i < partitionKey.size(); i++) {
      token.append(i == 0 ? "" : ", ").append(quote(partitionKey.get(i).name));
    }
    token.append(')');
    for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
      String name = queryName(e.getKey(), "token_range_queries");
      String key = "token_range_queries." + name;
      Map<String, Object> q = lowerKeys(map(e.getValue(), key), key);
      if (q == null) {
        throw problem(key, "is empty (needs columns:)");
      }
      for (String k : q.keySet()) {
        if (!TOKEN_QUERY_KEYS.contains(k)) {
          throw problem(key + "." + k, "unknown key (known: " + String.join(", ", TOKEN_QUERY_KEYS) + ")");
        }
      }
      Object cols = q.get("columns");
      String columnsText = cols == null ? "" : scalar(cols, key + ".columns").trim();
      if (columnsText.isEmpty()) {
        throw problem(key + ".columns", "missing (required: the columns to read, or *)");
      }
      if (columnsText.equals("*")) {
        StringBuilder all = new StringBuilder();
        for (Column c : columns) {
          all.append(all.length() == 0 ? "" : ", ").append(quote(c.name));
        }
        columnsText = all.toString();
      } else if (!CqlScanner.maskLiterals(columnsText).matches("[^;?]*")) {
        throw problem(key + ".columns", "'" + columnsText + "' is not a list of columns");
      }
      int pageSize = DEFAULT_PAGE_SIZE;
      if (q.get("page_size") != null) {
        String p = scalar(q.get("page_size"), key + ".page_size").trim();
        try {
          pageSize = Integer.parseInt(p);
        } catch (NumberFormatException ex) {
          pageSize = -1;
        }
        if (pageSize < 1) {
          throw problem(key + ".page_size", "'" + p + "' is not a whole number >= 1");
        }
      }
      out.put(name, new TokenRangeQuery(name, "SELECT " + token + ", " + columnsText + " FROM " + tableName() + " WHERE "
          + token + " > ? AND " + token + " <= ?", pageSize));
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

  /** The profile's CREATE TABLE statement, or null when it names a table that exists. */
  public String tableDefinition() {
    return tableDefinition;
  }

  /** extra_definitions: statements run after the table is created (indexes, views, ...), in order. */
  public List<String> extraDefinitions() {
    return extraDefinitions;
  }

  /** specname (cassandra-stress's default: keyspace.table): ops may name an operation {@code <specname>.<op>}. */
  public String specName() {
    return specName;
  }

  /** The query names (in profile order, lower case). */
  public Set<String> queryNames() {
    return queries.keySet();
  }

  /** The token-range query names (in profile order, lower case). */
  public Set<String> tokenRangeQueryNames() {
    return tokenRangeQueries.keySet();
  }

  /** Every operation name: insert, the queries and the token-range queries. */
  public Set<String> operationNames() {
    Set<String> out = new LinkedHashSet<>();
    out.add("insert");
    out.addAll(queries.keySet());
    out.addAll(tokenRangeQueries.keySet());
    return out;
  }

  /**
   * The operation an ops= name means: the name in lower case (cassandra-stress looks names up so), with
   * {@code <specname>.} before it ignored; null when the profile has no such operation.
   */
  public String operation(String given) {
    String name = given.trim().toLowerCase(Locale.ROOT);
    String prefix = specName.toLowerCase(Locale.ROOT) + ".";
    if (name.startsWith(prefix)) {
      name = name.substring(prefix.length());
    }
    return operationNames().contains(name) ? name : null;
  }

  /** The profile file as it was given. */
  public String file() {
    return file;
  }

  /** What the profile quietly adjusts (cassandra-stress's behaviour), one line each, to print once. */
  public List<String> notices() {
    return notices;
  }

  /** The CQL of query {@code name} (one of {@link #queryNames()}). */
  public String queryCql(String name) {
    return queries.get(name).cql;
  }

  /** Whether query {@code name} is a write (its statement returns no rows). */
  public boolean queryWrites(String name) {
    return queries.get(name).text.write;
  }

  /** The read of the current values that an {@code UPDATE ... IF col = ?} query makes first, or null. */
  public String queryConditionRead(String name) {
    return queries.get(name).casReadCql;
  }

  /** The CQL of token-range query {@code name}. */
  public String tokenRangeCql(String name) {
    return tokenRangeQueries.get(name).cql;
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

  /** The key columns a condition read binds, in marker order (lower case). */
  public List<String> keyColumnNames() {
    List<String> out = new ArrayList<>();
    for (Column c : keyColumns()) {
      out.add(c.name);
    }
    return out;
  }

  /** The clustering columns, in key order (lower case). */
  public List<String> clusteringColumnNames() {
    List<String> out = new ArrayList<>();
    for (Column c : clustering) {
      out.add(c.name);
    }
    return out;
  }

  /**
   * The statement that writes one generated row: an INSERT of every column, a counter table's
   * {@code UPDATE ... SET c = c + ?}, or with insert.condition the conditional form (see the README); markers in
   * {@link #insertColumnNames()} order.
   */
  public String insertCql() {
    return insertCql;
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

  /** Whether the inserts are lightweight transactions (insert.condition). */
  public boolean conditionalInsert() {
    return condition != null;
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
