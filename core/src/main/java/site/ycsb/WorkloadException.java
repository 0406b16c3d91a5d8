package site.ycsb;

/**
 * The workload could not be set up or failed while running.
 *
 * <p>Immutable and thread-safe, as exceptions are once thrown.
 */
public class WorkloadException extends Exception {
  private static final long serialVersionUID = 1L;

  public WorkloadException() {
    super();
  }

  public WorkloadException(String message) {
    super(message);
  }

  public WorkloadException(String message, Throwable cause) {
    super(message, cause);
  }

  public WorkloadException(Throwable cause) {
    super(cause);
  }
}
