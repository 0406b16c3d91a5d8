package site.ycsb.db.cql;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.function.BiConsumer;
import java.util.function.LongSupplier;

import site.ycsb.support.DeadlineWatch;

/**
 * The non-blocking form of {@link RetryingExecutor}: starts a request, and when an attempt fails with a failure
 * that {@link RetryRules} allows to retry, schedules the next attempt after the back-off instead of sleeping — no
 * thread waits for the database or for the pause. The returned stage completes once, with the outcome after all
 * attempts, so latency measured to its completion includes every attempt and every pause, as on the blocking path.
 *
 * <p>The returned stage always completes: whatever an attempt throws (also synchronously, from the call that
 * starts it) is a failed attempt, and with a {@link DeadlineWatch} every attempt has a deadline
 * ({@link AttemptDeadline}): one the driver has not answered by then fails as an {@link UnansweredAttemptException}
 * (a client-side timeout, counted as {@code <OP>-UNANSWERED}), and its late answer, if any, is ignored. So a
 * request ends within its attempts' deadlines and the back-offs between them.
 *
 * <p>Thread-safe: attempts may be started and completed on any thread (callers, the driver's I/O threads, the
 * back-off timer, the deadline watch); each request's state is confined to its own chain of callbacks.
 */
public final class AsyncRetryingExecutor {
  /** One try of a request, started without blocking; it may throw or return a stage that fails. */
  @FunctionalInterface
  public interface AsyncAttempt<T> {
    CompletionStage<T> start() throws Exception;
  }

  /** Runs a task after a delay without blocking the caller (a timer thread in production, a queue in tests). */
  @FunctionalInterface
  public interface Delayer {
    void schedule(long delayMillis, Runnable task);
  }

  private final RetryRules rules;
  private final Delayer delayer;
  private final DeadlineWatch watch;
  private final long attemptDeadlineMillis;
  /** Null without the silent-node guard; else it and {@link #sentNodes} are both set. */
  private final AnswerWatch<?> answers;
  private final SentNodes sentNodes;
  private final LongSupplier clock;

  /** An executor without attempt deadlines: a stage the driver never completes is waited for (tests only). */
  public AsyncRetryingExecutor(RetryRules rules, Delayer delayer) {
    this(rules, delayer, null, 0);
  }

  /**
   * An executor whose every attempt is watched by {@code watch}, failing as unanswered when the driver has not
   * completed it {@code attemptDeadlineMillis} after it started.
   */
  public AsyncRetryingExecutor(RetryRules rules, Delayer delayer, DeadlineWatch watch, long attemptDeadlineMillis) {
    this(rules, delayer, watch, attemptDeadlineMillis, null, null);
  }

  /**
   * An executor as above whose attempts are also checked against {@code answers} from the watch's threshold on, each
   * attempt's node known from {@code sentNodes} right after it started; both null: no such checks.
   */
  public AsyncRetryingExecutor(RetryRules rules, Delayer delayer, DeadlineWatch watch, long attemptDeadlineMillis,
                               AnswerWatch<?> answers, SentNodes sentNodes) {
    if (watch != null && attemptDeadlineMillis <= 0) {
      throw new IllegalArgumentException("attempt deadline must be > 0 ms, got " + attemptDeadlineMillis);
    }
    if ((answers == null) != (sentNodes == null) || answers != null && watch == null) {
      throw new IllegalArgumentException("the answer watch needs both the sent nodes and a deadline watch");
    }
    this.rules = rules;
    this.delayer = delayer;
    this.watch = watch;
    this.attemptDeadlineMillis = attemptDeadlineMillis;
    this.answers = answers;
    this.sentNodes = sentNodes;
    this.clock = answers != null ? answers::nanoTime : System::nanoTime;
  }

  /**
   * Runs {@code attempt} until it succeeds, fails with a non-transient error, may not be retried safely, or the
   * retry limit is reached. The stage never completes exceptionally: failures are outcomes.
   *
   * @param op the operation type (for counting and logging)
   * @param idempotent whether sending the request twice has the same effect as once
   */
  public <T> CompletionStage<Outcome<T>> execute(OpType op, boolean idempotent, AsyncAttempt<T> attempt) {
    Request<T> request = new Request<>(op, idempotent, attempt);
    request.start(0);
    return request.outcome;
  }

  /** One request: its attempts, one after another, and the outcome they end with. */
  private final class Request<T> {
    final OpType op;
    final boolean idempotent;
    final AsyncAttempt<T> attempt;
    final CompletableFuture<Outcome<T>> outcome = new CompletableFuture<>();

    Request(OpType op, boolean idempotent, AsyncAttempt<T> attempt) {
      this.op = op;
      this.idempotent = idempotent;
      this.attempt = attempt;
    }

    void start(int retries) {
      Try<T> t = new Try<>(this, retries);
      CompletionStage<T> stage;
      try {
        if (sentNodes != null) {
          sentNodes.clear();
        }
        stage = attempt.start();
        if (stage == null) {
          throw new IllegalStateException("the attempt returned no future");
        }
      } catch (Throwable e) {
        t.accept(null, e);
        return;
      }
      if (sentNodes != null) {
        // before whenComplete: the answer's callback, which may run at once, then sees the node
        t.sentTo(sentNodes.take(), stage);
      }
      stage.whenComplete(t);
    }

    /** Decides after a failed attempt; the outcome completes here unless a retry is scheduled. */
    void failed(int retries, Throwable error) {
      try {
        if (error instanceof InterruptedException) {
          rules.interrupted(op, error);
          outcome.complete(Outcome.failure(ErrorKind.OTHER, retries));
          return;
        }
        RetryRules.Decision decision = rules.afterFailure(op, idempotent, retries, error);
        if (!decision.retry()) {
          outcome.complete(Outcome.failure(decision.kind, retries));
          return;
        }
        int next = retries + 1;
        try {
          delayer.schedule(decision.pauseMillis, () -> start(next));
        } catch (RuntimeException shutDown) {
          // The timer is gone (cleanup under way): the retry cannot happen, so the request ends with its failure.
          outcome.complete(Outcome.failure(decision.kind, retries));
        }
      } catch (RuntimeException | Error bug) {
        // Classifying or logging an unexpected failure must not leave the caller waiting for ever.
        outcome.complete(Outcome.failure(ErrorKind.OTHER, retries));
      }
    }
  }

  /**
   * One attempt, watched from before it starts (the driver may answer at once): its answer and the watch race, and
   * exactly one of them decides the attempt — whoever first sets {@link #decided}. An attempt of its own, so that a
   * late answer of an attempt that was given up (and may have been retried) is never taken for the answer of the next.
   *
   * <p>The watch looks at an attempt at its deadline, and with an answer watch also at its checks before it: a check
   * that does not give the attempt up watches it again, for its next check or its deadline. The answer may come while
   * the entry is out of the watch's list for such a check, when {@code unwatch} finds nothing: the answer still
   * decides (it sets {@link #decided} first), and the check, which watches the entry again before it reads
   * {@link #decided}, takes the entry out again if the answer came first — one of the two always sees the other.
   */
  private final class Try<T> extends DeadlineWatch.Entry implements BiConsumer<T, Throwable> {
    private final Request<T> request;
    private final int retries;
    private final long sentAtNs;
    private final long deadlineNs;
    private final boolean watched;
    /** 0 until decided; set to 1 once, by the answer or by the watch. Not private: Java 8's field updaters. */
    volatile int decided;
    /** The node the attempt waits on (null: unknown, or no answer watch), written once just after the start. */
    private volatile AnswerWatch.Node node;
    /** The attempt's future, cancelled when the attempt is given up early (the driver then forgets the request). */
    private volatile CompletionStage<T> stage;
    /**
     * What the watch was asked for last: a look before the deadline, or the deadline itself (then its expiry is the
     * deadline passing, whatever the clock says). Written before each watch, read by the expiry it leads to.
     */
    private long dueNs;

    Try(Request<T> request, int retries) {
      this.request = request;
      this.retries = retries;
      this.sentAtNs = clock.getAsLong();
      this.deadlineNs = sentAtNs + TimeUnit.MILLISECONDS.toNanos(attemptDeadlineMillis);
      this.dueNs = answers == null ? deadlineNs : earlier(deadlineNs, sentAtNs + answers.thresholdNanos());
      this.watched = watch != null && watch.watch(this, dueNs);
    }

    /** The attempt was sent to {@code sentTo}: it waits there until decided. Called before any answer can come. */
    void sentTo(AnswerWatch.Node sentTo, CompletionStage<T> started) {
      stage = started;
      if (sentTo == null) {
        return;
      }
      node = sentTo;
    }

    @Override
    public void accept(T value, Throwable error) {
      if (watched) {
        if (!DECIDED.compareAndSet(this, 0, 1)) {
          return; // decided by the watch (unanswered in time, or given up on a silent node): a late answer
        }
        watch.unwatch(this);
      }
      if (error == null) {
        request.outcome.complete(Outcome.success(value, retries));
      } else {
        request.failed(retries, unwrap(error));
      }
    }

    @Override
    protected void expired() {
      if (decided != 0) {
        return; // answered; the answer takes care of the entry
      }
      long now = dueNs == deadlineNs ? deadlineNs : clock.getAsLong();
      if (now - deadlineNs < 0) {
        AnswerWatch.Node n = node;
        boolean silent = n != null && answers.silent(n, sentAtNs, now);
        if (silent && request.idempotent && answers.answeringElsewhere(n)) {
          giveUp(n, now);
          return;
        }
        // silent with nowhere else to go: look again a threshold later, when another node may answer
        dueNs = earlier(deadlineNs, n == null ? deadlineNs : !silent ? answers.nextCheckNs(n, sentAtNs, now)
            : request.idempotent ? now + answers.thresholdNanos() : deadlineNs);
        if (watch.watch(this, dueNs)) {
          if (decided != 0) {
            watch.unwatch(this); // answered while not in the list: it found nothing to take out
          }
          return;
        }
        // the watch is closed (cleanup): nobody looks again, so the attempt ends now, unanswered
      }
      if (DECIDED.compareAndSet(this, 0, 1)) {
        request.failed(retries, new UnansweredAttemptException(attemptDeadlineMillis));
      }
    }

    private void giveUp(AnswerWatch.Node n, long now) {
      if (!DECIDED.compareAndSet(this, 0, 1)) {
        return;
      }
      answers.gaveUp(n);
      CompletionStage<T> s = stage;
      if (s != null) {
        try {
          s.toCompletableFuture().cancel(false);
        } catch (RuntimeException cannotCancel) {
          // a stage that cannot be cancelled is left to its own timeout; its answer is ignored either way
        }
      }
      request.failed(retries, new SilentNodeException(n.name(), now - sentAtNs, answers.thresholdNanos()));
    }
  }

  @SuppressWarnings("rawtypes")
  private static final AtomicIntegerFieldUpdater<Try> DECIDED =
      AtomicIntegerFieldUpdater.newUpdater(Try.class, "decided");

  private static long earlier(long a, long b) {
    return a - b < 0 ? a : b;
  }

  private static Throwable unwrap(Throwable error) {
    Throwable e = error;
    while ((e instanceof CompletionException || e instanceof ExecutionException) && e.getCause() != null) {
      e = e.getCause();
    }
    return e;
  }
}
