package site.ycsb.results;

/** A user mistake (bad arguments, unusable or incompatible input): reported as one line, exit code 2. */
public final class UsageException extends Exception {
  private static final long serialVersionUID = 1L;

  public UsageException(String message) {
    super(message);
  }
}
