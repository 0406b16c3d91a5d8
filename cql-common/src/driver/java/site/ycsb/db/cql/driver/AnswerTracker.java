package site.ycsb.db.cql.driver;

import com.datastax.driver.core.Cluster;
import com.datastax.driver.core.Host;
import com.datastax.driver.core.LatencyTracker;
import com.datastax.driver.core.Statement;
import com.datastax.driver.core.exceptions.OperationTimedOutException;
import com.datastax.driver.core.exceptions.QueryExecutionException;
import com.datastax.driver.core.exceptions.QueryValidationException;
import com.datastax.driver.core.exceptions.ServerError;

import site.ycsb.db.cql.AnswerWatch;

/**
 * Tells the {@link AnswerWatch} of every answer a node gives and of every request the driver gave up on it: the
 * driver calls a registered latency tracker once per request it sent to a host, when that host answered, failed or the
 * request timed out, on its I/O threads. An answer is a result or an error the node itself sent (a server-side timeout,
 * unavailable, overloaded, a refused query: the node is alive); a broken connection, a cancelled request or the
 * driver's own failure is no answer. Every request counts — the benchmark's, the server view's, the probes'.
 *
 * <p>Thread-safe: stateless beyond the watch.
 */
final class AnswerTracker implements LatencyTracker {
  private final AnswerWatch<Host> answers;

  AnswerTracker(AnswerWatch<Host> answers) {
    this.answers = answers;
  }

  @Override
  public void update(Host host, Statement statement, Exception exception, long newLatencyNanos) {
    if (exception == null || answeredByNode(exception)) {
      answers.answered(answers.node(host));
    } else if (exception instanceof OperationTimedOutException) {
      answers.timedOut(answers.node(host));
    }
  }

  /** Whether {@code error} is an answer of the node itself (it is alive), not a broken or given-up request. */
  static boolean answeredByNode(Throwable error) {
    return error instanceof QueryExecutionException || error instanceof QueryValidationException
        || error instanceof ServerError;
  }

  @Override
  public void onRegister(Cluster cluster) {
  }

  @Override
  public void onUnregister(Cluster cluster) {
  }
}
