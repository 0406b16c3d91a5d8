package site.ycsb.db.cql;

import site.ycsb.Status;

/**
 * The result of a request after all its attempts: a value, or the kind of the last failure.
 *
 * <p>Immutable and thread-safe.
 */
public final class Outcome<T> {
  private final T value;
  private final ErrorKind failure;
  private final int retries;

  private Outcome(T value, ErrorKind failure, int retries) {
    this.value = value;
    this.failure = failure;
    this.retries = retries;
  }

  static <T> Outcome<T> success(T value, int retries) {
    return new Outcome<>(value, null, retries);
  }

  static <T> Outcome<T> failure(ErrorKind kind, int retries) {
    return new Outcome<>(null, kind, retries);
  }

  public boolean isSuccess() {
    return failure == null;
  }

  /** The value of the successful attempt (may be null if the attempt returned null). */
  public T value() {
    if (failure != null) {
      throw new IllegalStateException("no value: the request failed with " + failure);
    }
    return value;
  }

  /** The kind of the last failure, or null on success. */
  public ErrorKind failure() {
    return failure;
  }

  /** The status to report for a failed request. */
  public Status failureStatus() {
    return failure == null ? Status.OK : failure.status();
  }

  /** How many retries were made (0 = the first attempt decided). */
  public int retries() {
    return retries;
  }
}
