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
import site.ycsb.db.cql.SlowNodeWatch;

/**
 * Tells the {@link AnswerWatch} of every answer a node gives and of every request the driver gave up on it: the
 * driver calls a registered latency tracker once per request it sent to a host, when that host answered, failed or the
 * request timed out, on its I/O threads. An answer is a result or an error the node itself sent (a server-side timeout,
 * unavailable, overloaded, a refused query: the node is alive); a broken connection, a cancelled request or the
 * driver's own failure is no answer. Every request counts — the benchmark's, the server view's, the probes'. The time
 * each answer took goes to the {@link SlowNodeWatch}.
 *
 * <p>Thread-safe: stateless beyond the watches.
 */
final class AnswerTracker implements LatencyTracker {
  private final AnswerWatch<Host> answers;
  private final SlowNodeWatch speeds;

  AnswerTracker(AnswerWatch<Host> answers, SlowNodeWatch speeds) {
    this.answers = answers;
    this.speeds = speeds;
  }

  @Override
  public void update(Host host, Statement statement, Exception exception, long newLatencyNanos) {
    if (exception == null || exception instanceof QueryExecutionException
        || exception instanceof QueryValidationException || exception instanceof ServerError) {
      AnswerWatch.Node node = answers.node(host);
      answers.answered(node);
      speeds.record(node, newLatencyNanos);
    } else if (exception instanceof OperationTimedOutException) {
      answers.timedOut(answers.node(host));
    }
  }

  @Override
  public void onRegister(Cluster cluster) {
  }

  @Override
  public void onUnregister(Cluster cluster) {
  }
}
