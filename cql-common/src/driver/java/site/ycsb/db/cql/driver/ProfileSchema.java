package site.ycsb.db.cql.driver;

import java.util.HashSet;
import java.util.Properties;
import java.util.Set;

import com.datastax.driver.core.Cluster;
import com.datastax.driver.core.Session;
import com.datastax.driver.core.exceptions.AlreadyExistsException;
import com.datastax.driver.core.exceptions.DriverException;

import site.ycsb.DBException;
import site.ycsb.db.cql.CqlSettings;
import site.ycsb.db.cql.profile.Profile;
import site.ycsb.db.cql.profile.ProfileProperties;
import site.ycsb.support.RateLimitedLog;

/**
 * A profile run's preparation on the binding side, before the shared session opens: the session's keyspace is the
 * profile's keyspace, and with {@code profile.schema=true} the keyspace and table are created from the profile's
 * definitions (kept if they exist), with {@code profile.truncate=true} the table is emptied. Done once per process
 * and profile, by the first client thread's init.
 */
final class ProfileSchema {
  private static final Set<String> DONE = new HashSet<>();

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
    if (p.getProperty(ProfileProperties.PROFILE) == null) {
      return;
    }
    ProfileProperties props;
    try {
      props = ProfileProperties.parse(p);
    } catch (IllegalArgumentException e) {
      throw config(e.getMessage());
    }
    if (!props.schema() && !props.truncate()) {
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

  private static void create(Session session, String cql) {
    try {
      session.execute(cql);
    } catch (AlreadyExistsException e) {
      // Kept as it is: a profile run may be repeated against the same schema.
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
