package site.ycsb.cli;

/**
 * A user mistake on the command line or in a property: reported as one line, exit code 2, no stack trace.
 *
 * <p>Immutable and thread-safe, as exceptions are once thrown.
 */
public class UsageException extends Exception {
  private static final long serialVersionUID = 1L;

  public UsageException(String message) {
    super(message);
  }
}
