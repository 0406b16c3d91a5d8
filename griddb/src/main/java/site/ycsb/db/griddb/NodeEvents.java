package site.ycsb.db.griddb;

import site.ycsb.support.DatabaseReports;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reports each change of a cluster's reachability ({@link ClusterHealth}) as a node event of binding-support's {@link
 * DatabaseReports}, naming the node ({@link NodeNames}): one that stopped answering over open connections as a silence
 * ({@code nodeSilence}), one that refused or broke its connections as down ({@code nodeEvent}), and its end in the same
 * kind. This project's engine keeps them in the run's record and names the node in its verdicts; without it (a YCSB
 * 0.17.0 install) each is one line on stderr.
 *
 * <p>The counts are the binding's view, which is of the whole cluster: while it holds the cluster unreachable every
 * operation fails at once, so no node counts as answering; once an operation succeeds again, all of them do.
 *
 * <p>Immutable and thread-safe.
 */
final class NodeEvents implements ClusterHealth.Listener {
  static final String BINDING = "griddb";
  private static final Pattern CODE = Pattern.compile("\\[\\d+:[A-Z_]+\\]");

  private final NodeNames names;
  private final int requestTimeoutMillis;
  private final int failoverTimeoutSeconds;

  NodeEvents(NodeNames names, int requestTimeoutMillis, int failoverTimeoutSeconds) {
    this.names = names;
    this.requestTimeoutMillis = requestTimeoutMillis;
    this.failoverTimeoutSeconds = failoverTimeoutSeconds;
  }

  static NodeEvents of(GridDBConfig config) {
    return new NodeEvents(NodeNames.of(config), config.getRequestTimeoutMillis(), config.getFailoverTimeoutSeconds());
  }

  @Override
  public void began(Outage outage) {
    String node = names.nodeOf(outage.cause());
    String code = code(outage.cause());
    if (outage.stoppedAnswering()) {
      DatabaseReports.nodeSilence(BINDING, node, true, 0, names.known(), "requests unanswered on open connections"
          + (requestTimeoutMillis > 0 ? " for " + GridDBConfig.REQUEST_TIMEOUT + "=" + requestTimeoutMillis
          : " (no " + GridDBConfig.REQUEST_TIMEOUT + ")") + ", then " + failoverTimeout() + code);
    } else {
      DatabaseReports.nodeEvent(BINDING, node, false, 0, names.known(), "connections refused or broken, then "
          + failoverTimeout() + code);
    }
  }

  @Override
  public void ended(Outage outage, long downMillis) {
    String node = names.nodeOf(outage.cause());
    String source = String.format(Locale.ROOT, "an operation succeeded, %.1f s after the first failed", downMillis
        / 1000.0);
    if (outage.stoppedAnswering()) {
      DatabaseReports.nodeSilence(BINDING, node, false, names.known(), names.known(), source);
    } else {
      DatabaseReports.nodeEvent(BINDING, node, true, names.known(), names.known(), source);
    }
  }

  private String failoverTimeout() {
    return GridDBConfig.FAILOVER_TIMEOUT + "=" + failoverTimeoutSeconds + " of failover";
  }

  /** ": [145029:JC_CONNECTION_TIMEOUT]", the code GridDB's message names first, or the failure's code; never text. */
  private static String code(StoreException e) {
    Matcher m = CODE.matcher(String.valueOf(e.getMessage()));
    if (m.find()) {
      return ": " + m.group();
    }
    return e.getCode() == 0 ? "" : ": [" + e.getCode() + "]";
  }
}
