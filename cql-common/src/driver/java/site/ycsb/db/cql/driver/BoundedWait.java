package site.ycsb.db.cql.driver;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import com.datastax.driver.core.PreparedStatement;
import com.datastax.driver.core.ResultSet;
import com.datastax.driver.core.ResultSetFuture;
import com.datastax.driver.core.Session;
import com.datastax.driver.core.Statement;
import com.google.common.util.concurrent.ListenableFuture;
import com.google.common.util.concurrent.Uninterruptibles;

import site.ycsb.db.cql.AttemptWait;
import site.ycsb.db.cql.UnansweredAttemptException;

/**
 * The blocking calls into the driver, each with a deadline: {@code session.execute} and {@code session.prepare} wait
 * for ever on a request the driver lost, these give up after {@code deadlineMillis} (an attempt's deadline, see
 * {@link site.ycsb.db.cql.AttemptDeadline}) with an {@link UnansweredAttemptException}, which the retry rules treat as
 * a client-side timeout (sooner, with the silent-node guard, when the node waited on is silent). Stateless and
 * thread-safe.
 */
final class BoundedWait {
  private BoundedWait() {
  }

  /**
   * {@code session.execute(statement)}, waiting at most {@code deadlineMillis} for the driver's answer; with a
   * silent-node guard, an idempotent statement is given up as soon as its node is found silent (see
   * {@link AttemptWait}).
   */
  static ResultSet execute(Session session, Statement statement, long deadlineMillis, SilenceGuard guard)
      throws UnansweredAttemptException {
    if (guard != null) {
      guard.clear();
      long sentAt = guard.answers().nanoTime();
      ResultSetFuture future = session.executeAsync(statement);
      // the driver's own notion, which also decides whether it may send a speculative execution
      return AttemptWait.get(future, guard.answers(), guard.take(), sentAt,
          Boolean.TRUE.equals(statement.isIdempotent()), deadlineMillis);
    }
    ResultSetFuture future = session.executeAsync(statement);
    try {
      // getUninterruptibly throws the driver's own exception (as execute does) when the request failed
      return future.getUninterruptibly(deadlineMillis, TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      future.cancel(true);
      throw new UnansweredAttemptException(deadlineMillis);
    }
  }

  /** {@code session.prepare(cql)}, waiting at most {@code deadlineMillis}; a refusal throws the driver's exception. */
  static PreparedStatement prepare(Session session, String cql, long deadlineMillis)
      throws UnansweredAttemptException {
    ListenableFuture<PreparedStatement> future = session.prepareAsync(cql);
    try {
      return Uninterruptibles.getUninterruptibly(future, deadlineMillis, TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      future.cancel(true);
      throw new UnansweredAttemptException(deadlineMillis);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException) {
        throw (RuntimeException) cause; // the driver's DriverException, as prepare throws it
      }
      if (cause instanceof Error) {
        throw (Error) cause;
      }
      throw new IllegalStateException(cause);
    }
  }
}
