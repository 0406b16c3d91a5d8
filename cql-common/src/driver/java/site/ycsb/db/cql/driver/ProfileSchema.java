package site.ycsb.db.cql.driver;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.WeakHashMap;

import com.datastax.driver.core.Cluster;
import com.datastax.driver.core.KeyspaceMetadata;
import com.datastax.driver.core.Session;
import com.datastax.driver.core.TableMetadata;
import com.datastax.driver.core.exceptions.AlreadyExistsException;
import com.datastax.driver.core.exceptions.DriverException;
import com.datastax.driver.core.exceptions.QueryValidationException;

import site.ycsb.DBException;
import site.ycsb.db.cql.UnansweredAttemptException;
import site.ycsb.db.cql.CqlSettings;
import site.ycsb.db.cql.profile.Profile;
import site.ycsb.db.cql.profile.ProfileOptions;
import site.ycsb.db.cql.profile.ProfileProperties;
import site.ycsb.db.cql.profile.ServerTables;
import site.ycsb.support.RateLimitedLog;

/**
 * A profile run's preparation on the binding side, before the shared session opens: the session's keyspace is the
 * profile's keyspace; with {@code profile.schema=true} the keyspace, the table and the extra definitions are created
 * from the profile (kept if they exist; a definition the server refuses is a configuration mistake, and what this
 * run created before it is dropped again, so nothing half-created is left); with {@code profile.truncate=true} the
 * table is emptied; a profile without {@code table_definition} gets the existing table's definition from the server
 * ({@link ServerTables}). Done once per process and profile, by the first client thread's init. After the session
 * opens, {@link #checkStatements} prepares the insert and the operations of the mix and checks that each marker binds
 * the column the profile binds to it.
 *
 * <p>Thread-safe: every client thread's init calls it; the once-per-process steps are synchronized.
 */
final class ProfileSchema {
  private static final Set<String> DONE = new HashSet<>();
  /** Per session's operations (by identity; a closed session's entry goes with it): the profile runs checked. */
  private static final Map<CqlOperations, Set<String>> CHECKED = new WeakHashMap<>();

  private ProfileSchema() {
  }

  /**
   * With {@code profile} set, uses the profile's keyspace unless the keyspace property names it already; a
   * different keyspace is a configuration mistake.
   */
  static void adoptKeyspace(Properties p, String keyspaceProperty) throws DBException {
    if (p.getProperty(ProfileOptions.PROFILE.name()) == null) {
      return;
    }
    Profile profile = load(p);
    String set = p.getProperty(keyspaceProperty);
    if (set == null) {
      p.setProperty(keyspaceProperty, profile.keyspace());
    } else if (!set.trim().equalsIgnoreCase(profile.keyspace())) {
      throw config(keyspaceProperty + "=" + set + " differs from the profile's keyspace '" + profile.keyspace()
          + "' (leave it unset to use the profile's)");
    }
  }

  /**
   * Creates the schema and/or truncates when asked, and reads the table's definition when the profile has none;
   * once per process and profile.
   */
  static void prepareOnce(Properties p, CqlSettings settings) throws DBException {
    ProfileProperties props = parse(p);
    if (props == null) {
      return;
    }
    Profile profile = load(p);
    boolean readTable = profile.tableDefinition() == null;
    if (!props.schema() && !props.truncate() && !readTable) {
      return;
    }
    synchronized (DONE) {
      String key = settings.fingerprint() + "\n" + props.profile();
      if (!DONE.add(key)) {
        return;
      }
      try (Cluster cluster = ClusterConnector.builder(settings).build(); Session session = cluster.connect()) {
        if (props.schema()) {
          createSchema(session, profile);
        }
        if (readTable) {
          ServerTables.put(profile.keyspace(), profile.table(), existingTable(cluster, profile));
        }
        if (props.truncate()) {
          session.execute("TRUNCATE \"" + profile.keyspace() + "\".\"" + profile.table() + "\"");
        }
      } catch (DBException e) {
        DONE.remove(key);
        throw e;
      } catch (DriverException | IllegalStateException e) {
        DONE.remove(key);
        throw new DBException(settings.bindingName() + ": profile " + props.profile() + ": schema preparation failed: "
            + RateLimitedLog.describe(e));
      }
    }
  }

  /**
   * keyspace_definition, table_definition and extra_definitions in order, each kept when it exists. When the server
   * refuses one (CQL it does not accept, e.g. {@code WITH COMPACT STORAGE} in Cassandra 4 and later), the table and
   * keyspace this call created are dropped again and the refusal is a configuration mistake naming the key and the
   * server's reason.
   */
  private static void createSchema(Session session, Profile profile) throws DBException {
    String keyspace = "\"" + profile.keyspace() + "\"";
    boolean keyspaceCreated = false;
    boolean tableCreated = false;
    String step = "keyspace_definition";
    try {
      // What existed before is never dropped: the metadata says what this run creates (IF NOT EXISTS is silent).
      if (profile.keyspaceDefinition() != null && !keyspaceExists(session, profile)) {
        create(session, profile.keyspaceDefinition());
        keyspaceCreated = keyspaceExists(session, profile);
      }
      step = "keyspace";
      session.execute("USE " + keyspace);
      if (profile.tableDefinition() != null && !tableExists(session, profile)) {
        step = "table_definition";
        create(session, profile.tableDefinition());
        tableCreated = tableExists(session, profile);
      }
      List<String> extra = profile.extraDefinitions();
      for (int i = 0; i < extra.size(); i++) {
        step = "extra_definitions[" + i + "]";
        create(session, extra.get(i));
      }
    } catch (QueryValidationException e) {
      String undone = undo(session, keyspace, profile.table(), keyspaceCreated, tableCreated);
      throw config("profile " + profile.file() + ": " + step + ": " + (step.equals("keyspace")
          ? "keyspace '" + profile.keyspace() + "' does not exist (give keyspace_definition, or create it first)"
          : "refused by the server: " + RateLimitedLog.describe(e)) + undone);
    } catch (DriverException e) {
      undo(session, keyspace, profile.table(), keyspaceCreated, tableCreated);
      throw e;
    }
  }

  /** Drops what this run created; says what it dropped (or failed to drop), for the error line. */
  private static String undo(Session session, String keyspace, String table, boolean keyspaceCreated,
                             boolean tableCreated) {
    String what = keyspaceCreated ? "keyspace " + keyspace : tableCreated ? "table " + keyspace + ".\"" + table + "\""
        : null;
    if (what == null) {
      return "";
    }
    try {
      session.execute(keyspaceCreated ? "DROP KEYSPACE IF EXISTS " + keyspace
          : "DROP TABLE IF EXISTS " + keyspace + ".\"" + table + "\"");
      return " (" + what + ", created by this run, was dropped again)";
    } catch (DriverException e) {
      return " (" + what + ", created by this run, could not be dropped: " + RateLimitedLog.describe(e) + ")";
    }
  }

  /** Runs a CREATE statement (an existing keyspace or table is kept). */
  private static void create(Session session, String cql) {
    try {
      session.execute(cql);
    } catch (AlreadyExistsException e) {
      // Kept as it is: a profile run may be repeated against the same schema.
    }
  }

  private static boolean keyspaceExists(Session session, Profile profile) {
    return session.getCluster().getMetadata().getKeyspace(quoteIfNeeded(profile.keyspace())) != null;
  }

  private static boolean tableExists(Session session, Profile profile) {
    KeyspaceMetadata keyspace = session.getCluster().getMetadata().getKeyspace(quoteIfNeeded(profile.keyspace()));
    return keyspace != null && keyspace.getTable(quoteIfNeeded(profile.table())) != null;
  }

  /** The CREATE TABLE of the profile's existing table, as the server describes it. */
  private static String existingTable(Cluster cluster, Profile profile) throws DBException {
    KeyspaceMetadata keyspace = cluster.getMetadata().getKeyspace(quoteIfNeeded(profile.keyspace()));
    TableMetadata table = keyspace == null ? null : keyspace.getTable(quoteIfNeeded(profile.table()));
    if (table == null) {
      throw config("profile " + profile.file() + ": table_definition: missing, and table " + profile.keyspace() + "."
          + profile.table() + " does not exist (give table_definition with profile.schema=true, or create the table "
          + "first)");
    }
    return table.asCQLQuery();
  }

  /** A name as the driver's metadata looks it up: quoted when it is not all lower case. */
  private static String quoteIfNeeded(String name) {
    return name.equals(name.toLowerCase(Locale.ROOT)) ? name : "\"" + name + "\"";
  }

  /**
   * Prepares the profile's insert and the operations named in {@code ops} (once per session, profile and mix) and
   * checks the server's markers against the profile's bindings: a statement the server refuses or a marker that
   * binds another column than the profile assumes is a configuration mistake (one line naming file and key, exit 2).
   */
  static void checkStatements(Properties p, CqlOperations operations, String bindingName) throws DBException {
    ProfileProperties props = parse(p);
    if (props == null) {
      return;
    }
    // Per session (the statement cache belongs to it), profile and operation mix.
    String key = props.profile() + "\n" + props.ops().keySet();
    synchronized (CHECKED) {
      Set<String> checked = CHECKED.computeIfAbsent(operations, o -> new HashSet<>());
      if (checked.contains(key)) {
        return;
      }
      Profile profile = load(p);
      check(profile, "table_definition", "the insert of generated rows", profile.insertCql(), false,
          profile.insertColumnNames(), operations, bindingName);
      for (String given : props.ops().keySet()) {
        String op = profile.operation(given);
        if (op == null || op.equals("insert")) {
          continue; // an unknown name is the workload's to report
        }
        if (profile.tokenRangeQueryNames().contains(op)) {
          check(profile, "token_range_queries." + op, "the token-range query", profile.tokenRangeCql(op), true, null,
              operations, bindingName);
          continue;
        }
        if (profile.queryConditionRead(op) != null) {
          check(profile, "queries." + op + ".cql", "the read of the condition's current values",
              profile.queryConditionRead(op), true, profile.keyColumnNames(), operations, bindingName);
        }
        check(profile, "queries." + op + ".cql", "the query", profile.queryCql(op), !profile.queryWrites(op),
            profile.queryColumns(op), operations, bindingName);
      }
      checked.add(key);
    }
  }

  private static void check(Profile profile, String key, String what, String cql, boolean read, List<String> bound,
                            CqlOperations operations, String bindingName) throws DBException {
    String where = "profile " + profile.file() + ": " + key + ": ";
    List<String> server;
    try {
      server = operations.prepareProfile(cql, read);
    } catch (QueryValidationException e) {
      throw config(where + what + " '" + cql.replaceAll("\\s+", " ") + "' is refused by the server: "
          + RateLimitedLog.describe(e) + (key.equals("table_definition") ? " (set profile.schema=true to create the "
          + "table)" : ""));
    } catch (DriverException | UnansweredAttemptException e) {
      throw new DBException(bindingName + ": " + where + "preparing " + what + " failed: "
          + RateLimitedLog.describe(e));
    }
    if (bound == null) {
      if (server.size() != 2) {
        throw config(where + "the server counts " + server.size() + " ? marker(s) in " + what + ", expected the 2 "
            + "token bounds");
      }
      return;
    }
    List<String> lower = new ArrayList<>();
    for (String n : server) {
      lower.add(n.toLowerCase(Locale.ROOT));
    }
    if (lower.size() != bound.size()) {
      throw config(where + "the server counts " + lower.size() + " ? marker(s) " + lower + ", the profile binds "
          + bound.size() + " " + bound);
    }
    for (int i = 0; i < lower.size(); i++) {
      // An IN ? marker is named in(<column>) by Cassandra; a server that names it by the column is accepted too.
      String expected = bound.get(i);
      boolean same = lower.get(i).equals(expected) || expected.startsWith("in(")
          && lower.get(i).equals(expected.substring(3, expected.length() - 1));
      if (!same) {
        throw config(where + "marker " + (i + 1) + " binds '" + lower.get(i) + "' on the server, but the profile "
            + "binds it to column '" + bound.get(i) + "'");
      }
    }
  }

  /** The profile run's properties, or null when {@code profile} is not set (not a profile run). */
  private static ProfileProperties parse(Properties p) throws DBException {
    if (p.getProperty(ProfileOptions.PROFILE.name()) == null) {
      return null;
    }
    try {
      return ProfileProperties.parse(p);
    } catch (IllegalArgumentException e) {
      throw config(e.getMessage());
    }
  }

  /** The profile, complete with the server's table definition when it has none and the table has been read. */
  private static Profile load(Properties p) throws DBException {
    try {
      String path = p.getProperty(ProfileOptions.PROFILE.name()).trim();
      Profile profile = Profile.load(path);
      String server = profile.complete() ? null : ServerTables.get(profile.keyspace(), profile.table());
      return server == null ? profile : Profile.load(path, server);
    } catch (IllegalArgumentException e) {
      throw config(e.getMessage());
    }
  }

  private static DBException config(String message) {
    return site.ycsb.support.TypedProperties.configurationError(message);
  }
}
