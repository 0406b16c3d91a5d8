package site.ycsb.fleet;

/** A mistake in the command line or an input file: reported as one line, exit code 2. */
public final class UsageException extends Exception {
  private static final long serialVersionUID = 1L;

  public UsageException(String message) {
    super(message);
  }
}
