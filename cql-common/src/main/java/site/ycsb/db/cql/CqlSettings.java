package site.ycsb.db.cql;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * The effective, validated settings of a CQL binding, independent of property names (each binding's configuration
 * class maps its own property names onto these; the options, their defaults and bounds are declared in
 * {@link CqlOptions}, and the builder's defaults are theirs where the builder has one). Immutable; build with
 * {@link #builder(String)}. Optional numbers are null when the driver's default applies.
 */
public final class CqlSettings {
  private final String bindingName;
  private final List<String> hosts;
  private final int port;
  private final String keyspace;
  private final String username;
  private final String password;
  private final String readConsistency;
  private final String writeConsistency;
  private final String serialConsistency;
  private final String localDc;
  private final Integer maxConnections;
  private final Integer coreConnections;
  private final Integer connectTimeoutMillis;
  private final Integer readTimeoutMillis;
  private final Integer requestTimeoutMillis;
  private final boolean useSsl;
  private final String trustStore;
  private final String trustStorePassword;
  private final String keyStore;
  private final String keyStorePassword;
  private final String storeType;
  private final double tracingFraction;
  private final int maxRetries;
  private final long backoffBaseMillis;
  private final long backoffMaxMillis;
  private final long speculativeDelayMillis;
  private final int speculativeMaxExecutions;
  private final boolean lwt;
  private final boolean serverView;
  private final long silentNodeMillis;
  /** The consistency levels in effect under the binding's property names (set or defaulted), for the record. */
  private final java.util.Map<String, String> levelProperties;

  private CqlSettings(Builder b) {
    levelProperties = Collections.unmodifiableMap(new java.util.LinkedHashMap<>(b.levelProperties));
    bindingName = b.bindingName;
    hosts = Collections.unmodifiableList(new ArrayList<>(b.hosts));
    port = b.port;
    keyspace = b.keyspace;
    username = b.username;
    password = b.password;
    readConsistency = b.readConsistency;
    writeConsistency = b.writeConsistency;
    serialConsistency = b.serialConsistency;
    localDc = b.localDc;
    maxConnections = b.maxConnections;
    coreConnections = b.coreConnections;
    connectTimeoutMillis = b.connectTimeoutMillis;
    readTimeoutMillis = b.readTimeoutMillis;
    requestTimeoutMillis = b.requestTimeoutMillis;
    useSsl = b.useSsl;
    trustStore = b.trustStore;
    trustStorePassword = b.trustStorePassword;
    keyStore = b.keyStore;
    keyStorePassword = b.keyStorePassword;
    storeType = b.storeType;
    tracingFraction = b.tracingFraction;
    maxRetries = b.maxRetries;
    backoffBaseMillis = b.backoffBaseMillis;
    backoffMaxMillis = b.backoffMaxMillis;
    speculativeDelayMillis = b.speculativeDelayMillis;
    speculativeMaxExecutions = b.speculativeMaxExecutions;
    lwt = b.lwt;
    serverView = b.serverView;
    silentNodeMillis = b.silentNodeMillis;
  }

  public static Builder builder(String bindingName) {
    return new Builder(bindingName);
  }

  /**
   * One line with everything that decides behaviour, for the start-up log. The password is never included, only
   * whether one is set.
   */
  public String describe() {
    StringBuilder s = new StringBuilder();
    s.append(bindingName).append(": contact points ").append(hosts).append(" port ").append(port)
        .append(", keyspace ").append(keyspace)
        .append(", read CL ").append(readConsistency).append(", write CL ").append(writeConsistency);
    if (lwt) {
      s.append(", LWT on (serial CL ").append(serialConsistency).append(')');
    } else {
      s.append(", LWT off (serial CL ").append(serialConsistency).append(" for a profile's conditional statements)");
    }
    s.append(", local DC ").append(localDc == null ? "(inferred by the driver)" : localDc)
        .append(", token-aware")
        .append(", retry limit ").append(maxRetries)
        .append(" (back-off ").append(backoffBaseMillis).append("..").append(backoffMaxMillis).append(" ms)")
        .append(", request timeout ").append(requestTimeoutMillis == null ? "driver default" : requestTimeoutMillis
            + " ms")
        .append(", speculative execution ").append(speculativeDelayMillis == 0 ? "off"
            : "after " + speculativeDelayMillis + " ms, max " + speculativeMaxExecutions)
        .append(", SSL ").append(useSsl ? "on" : "off")
        .append(", user ").append(username == null ? "(none)" : username + " (password "
            + (password == null ? "not set" : "***") + ")")
        .append(", tracing ").append(tracingFraction == 0 ? "off" : "sampled at " + tracingFraction)
        .append(", silent-node guard ").append(silentNodeMillis == 0 ? "off" : "after " + silentNodeMillis + " ms")
        .append(", server view ").append(serverView ? "on (each node's thread pools, each second)" : "off");
    return s.toString();
  }

  /**
   * Identifies the connection-relevant settings, so one shared session is never silently reused for a different
   * configuration. Contains a digest of the password, not the password.
   */
  public String fingerprint() {
    return String.join("|", bindingName, String.valueOf(hosts), String.valueOf(port), keyspace,
        String.valueOf(username), String.valueOf(Objects.hashCode(password)), readConsistency, writeConsistency,
        serialConsistency, String.valueOf(localDc), String.valueOf(maxConnections), String.valueOf(coreConnections),
        String.valueOf(connectTimeoutMillis), String.valueOf(readTimeoutMillis), String.valueOf(requestTimeoutMillis),
        String.valueOf(useSsl), String.valueOf(trustStore), String.valueOf(keyStore), String.valueOf(tracingFraction),
        String.valueOf(maxRetries), String.valueOf(backoffBaseMillis), String.valueOf(backoffMaxMillis),
        String.valueOf(speculativeDelayMillis), String.valueOf(speculativeMaxExecutions), String.valueOf(lwt),
        String.valueOf(serverView), String.valueOf(silentNodeMillis));
  }

  public String bindingName() {
    return bindingName;
  }

  public List<String> hosts() {
    return hosts;
  }

  public int port() {
    return port;
  }

  public String keyspace() {
    return keyspace;
  }

  public String username() {
    return username;
  }

  public String password() {
    return password;
  }

  /**
   * The consistency levels in effect, by the binding's property names ({@code cassandra.readconsistencylevel=ONE},
   * ...), whether set or defaulted: the binding adds the defaulted ones to its properties, so that the run's record
   * (summary.json's effective properties) says which levels it ran with.
   */
  public java.util.Map<String, String> levelProperties() {
    return levelProperties;
  }

  public String readConsistency() {
    return readConsistency;
  }

  public String writeConsistency() {
    return writeConsistency;
  }

  public String serialConsistency() {
    return serialConsistency;
  }

  public String localDc() {
    return localDc;
  }

  public Integer maxConnections() {
    return maxConnections;
  }

  public Integer coreConnections() {
    return coreConnections;
  }

  public Integer connectTimeoutMillis() {
    return connectTimeoutMillis;
  }

  public Integer readTimeoutMillis() {
    return readTimeoutMillis;
  }

  public Integer requestTimeoutMillis() {
    return requestTimeoutMillis;
  }

  public boolean useSsl() {
    return useSsl;
  }

  public String trustStore() {
    return trustStore;
  }

  public String trustStorePassword() {
    return trustStorePassword;
  }

  public String keyStore() {
    return keyStore;
  }

  public String keyStorePassword() {
    return keyStorePassword;
  }

  public String storeType() {
    return storeType;
  }

  public double tracingFraction() {
    return tracingFraction;
  }

  public int maxRetries() {
    return maxRetries;
  }

  public long backoffBaseMillis() {
    return backoffBaseMillis;
  }

  public long backoffMaxMillis() {
    return backoffMaxMillis;
  }

  public long speculativeDelayMillis() {
    return speculativeDelayMillis;
  }

  public int speculativeMaxExecutions() {
    return speculativeMaxExecutions;
  }

  public boolean lwt() {
    return lwt;
  }

  /** Whether the binding samples each node's own view (its thread pools) while this project's engine listens. */
  public boolean serverView() {
    return serverView;
  }

  /**
   * How long a node may leave every request unanswered (with requests waiting on it) before the binding holds it
   * silent: attempts waiting on it are given up and retried elsewhere, new requests go to other replicas first. 0: the
   * guard is off.
   */
  public long silentNodeMillis() {
    return silentNodeMillis;
  }

  /** Fluent builder; the binding's configuration class validates values before setting them. */
  public static final class Builder {
    private final String bindingName;
    private List<String> hosts = Collections.emptyList();
    private int port = CqlOptions.PORT.defaultValue();
    private String keyspace = CqlOptions.KEYSPACE.defaultValue();
    private String username;
    private String password;
    private String readConsistency = "QUORUM";
    private String writeConsistency = "QUORUM";
    private String serialConsistency = "SERIAL";
    private final java.util.Map<String, String> levelProperties = new java.util.LinkedHashMap<>();
    private String localDc;
    private Integer maxConnections;
    private Integer coreConnections;
    private Integer connectTimeoutMillis;
    private Integer readTimeoutMillis;
    private Integer requestTimeoutMillis;
    private boolean useSsl;
    private String trustStore;
    private String trustStorePassword;
    private String keyStore;
    private String keyStorePassword;
    private String storeType;
    private double tracingFraction;
    private int maxRetries;
    private long backoffBaseMillis;
    private long backoffMaxMillis;
    private long speculativeDelayMillis;
    private int speculativeMaxExecutions = CqlOptions.SPECULATIVE_MAX.defaultValue();
    private boolean lwt;
    private boolean serverView = CqlOptions.SERVER_VIEW.defaultValue();
    private long silentNodeMillis = CqlOptions.SILENT_NODE.defaultValue();

    private Builder(String bindingName) {
      this.bindingName = bindingName;
    }

    public Builder hosts(List<String> value) {
      hosts = value;
      return this;
    }

    public Builder port(int value) {
      port = value;
      return this;
    }

    public Builder keyspace(String value) {
      keyspace = value;
      return this;
    }

    public Builder credentials(String user, String secret) {
      username = user;
      password = secret;
      return this;
    }

    public Builder consistency(String read, String write, String serial) {
      readConsistency = read;
      writeConsistency = write;
      serialConsistency = serial;
      return this;
    }

    /** Names the levels of {@link #consistency} by the binding's properties (read, write, serial; null: none). */
    public Builder levelProperties(String read, String write, String serial) {
      levelProperties.clear();
      levelProperties.put(read, readConsistency);
      levelProperties.put(write, writeConsistency);
      if (serial != null) {
        levelProperties.put(serial, serialConsistency);
      }
      return this;
    }

    public Builder localDc(String value) {
      localDc = value;
      return this;
    }

    public Builder connections(Integer core, Integer max) {
      coreConnections = core;
      maxConnections = max;
      return this;
    }

    public Builder timeouts(Integer connectMillis, Integer readMillis, Integer requestMillis) {
      connectTimeoutMillis = connectMillis;
      readTimeoutMillis = readMillis;
      requestTimeoutMillis = requestMillis;
      return this;
    }

    public Builder ssl(boolean on, String trustStorePath, String trustStoreSecret, String keyStorePath,
                       String keyStoreSecret, String type) {
      useSsl = on;
      trustStore = trustStorePath;
      trustStorePassword = trustStoreSecret;
      keyStore = keyStorePath;
      keyStorePassword = keyStoreSecret;
      storeType = type;
      return this;
    }

    public Builder tracingFraction(double value) {
      tracingFraction = value;
      return this;
    }

    public Builder retries(int limit, long baseMillis, long maxMillis) {
      maxRetries = limit;
      backoffBaseMillis = baseMillis;
      backoffMaxMillis = maxMillis;
      return this;
    }

    public Builder speculative(long delayMillis, int maxExecutions) {
      speculativeDelayMillis = delayMillis;
      speculativeMaxExecutions = maxExecutions;
      return this;
    }

    public Builder serverView(boolean value) {
      serverView = value;
      return this;
    }

    public Builder silentNodeMillis(long value) {
      silentNodeMillis = value;
      return this;
    }

    public Builder lwt(boolean value) {
      lwt = value;
      return this;
    }

    public CqlSettings build() {
      return new CqlSettings(this);
    }
  }
}
