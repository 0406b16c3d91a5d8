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
import com.datastax.driver.core.Session;
import com.datastax.driver.core.exceptions.AlreadyExistsException;
import com.datastax.driver.core.exceptions.DriverException;
import com.datastax.driver.core.exceptions.QueryValidationException;

import site.ycsb.DBException;
import site.ycsb.db.cql.CqlSettings;
import site.ycsb.db.cql.profile.Profile;
import site.ycsb.db.cql.profile.ProfileProperties;
import site.ycsb.support.RateLimitedLog;

/**
 * A profile run's preparation on the binding side, before the shared session opens: the session's keyspace is the
 * profile's keyspace, and with {@code profile.schema=true} the keyspace and table are created from the profile's
 * definitions (kept if they exist), with {@code profile.truncate=true} the table is emptied. Done once per process
 * and profile, by the first client thread's init. After the session opens, {@link #checkStatements} prepares the
 * insert and the queries of the operation mix and checks that each marker binds the column the profile binds to it.
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
    if (p.getProperty(ProfileProperties.PROFILE) == null) {
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

  /** Creates the schema and/or truncates, once per process and profile, when asked. */
  static void prepareOnce(Properties p, CqlSettings settings) throws DBException {
    ProfileProperties props = parse(p);
    if (props == null || !props.schema() && !props.truncate()) {
      return;
    }
    synchronized (DONE) {
      if (!DONE.add(settings.fingerprint() + "\n" + props.profile())) {
        return;
      }
      Profile profile = load(p);
      try (Cluster cluster = ClusterConnector.builder(settings).build(); Session session = cluster.connect()) {
        if (props.schema()) {
          if (profile.keyspaceDefinition() != null) {
            create(session, profile.keyspaceDefinition());
          }
          session.execute("USE \"" + profile.keyspace() + "\"");
          create(session, profile.tableDefinition());
        }
        if (props.truncate()) {
          session.execute("TRUNCATE \"" + profile.keyspace() + "\".\"" + profile.table() + "\"");
        }
      } catch (DriverException | IllegalStateException e) {
        DONE.remove(settings.fingerprint() + "\n" + props.profile());
        throw new DBException(settings.bindingName() + ": profile " + props.profile() + ": schema preparation failed: "
            + RateLimitedLog.describe(e));
      }
    }
  }

  /**
   * Prepares the profile's insert and the queries named in {@code ops} (once per process and profile) and checks
   * the server's markers against the profile's bindings: a statement the server refuses or a marker that binds
   * another column than the profile assumes is a configuration mistake (one line naming file and key, exit 2).
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
      for (String op : props.ops().keySet()) {
        if (!op.equals("insert") && profile.queryNames().contains(op)) {
          check(profile, "queries." + op + ".cql", "the query", profile.queryCql(op), true, profile.queryColumns(op),
              operations, bindingName);
        }
      }
      checked.add(key);
    }
  }

  private static void check(Profile profile, String key, String what, String cql, boolean query, List<String> bound,
                            CqlOperations operations, String bindingName) throws DBException {
    String where = "profile " + profile.file() + ": " + key + ": ";
    List<String> server;
    try {
      server = operations.prepareProfile(cql, query);
    } catch (QueryValidationException e) {
      throw config(where + what + " '" + cql.replaceAll("\\s+", " ") + "' is refused by the server: "
          + RateLimitedLog.describe(e) + (query ? "" : " (set profile.schema=true to create the table)"));
    } catch (DriverException e) {
      throw new DBException(bindingName + ": " + where + "preparing " + what + " failed: "
          + RateLimitedLog.describe(e));
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

  private static void create(Session session, String cql) {
    try {
      session.execute(cql);
    } catch (AlreadyExistsException e) {
      // Kept as it is: a profile run may be repeated against the same schema.
    }
  }

  /** The profile run's properties, or null when {@code profile} is not set (not a profile run). */
  private static ProfileProperties parse(Properties p) throws DBException {
    if (p.getProperty(ProfileProperties.PROFILE) == null) {
      return null;
    }
    try {
      return ProfileProperties.parse(p);
    } catch (IllegalArgumentException e) {
      throw config(e.getMessage());
    }
  }

  private static Profile load(Properties p) throws DBException {
    try {
      return Profile.load(p.getProperty(ProfileProperties.PROFILE).trim());
    } catch (IllegalArgumentException e) {
      throw config(e.getMessage());
    }
  }

  private static DBException config(String message) {
    return site.ycsb.support.TypedProperties.configurationError(message);
  }
}
