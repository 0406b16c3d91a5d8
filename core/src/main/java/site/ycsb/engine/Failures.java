package site.ycsb.engine;

import site.ycsb.DBException;

/**
 * How the engine, and the shell, describe a failure of a binding or a workload: one line, and whether it is a
 * configuration mistake (exit 2) rather than a failure to connect. Public for the entry points.
 *
 * <p>Stateless and thread-safe.
 */
public final class Failures {
  private Failures() {
  }

  /**
   * Whether a binding's init failure is a configuration mistake rather than a failure to connect: by the
   * convention of this project's bindings, a {@link DBException} whose direct cause is an
   * {@link IllegalArgumentException} carrying the one-line message (0.17.0 engines just see a DBException).
   */
  public static boolean isConfigurationMistake(Throwable e) {
    return e instanceof DBException && e.getCause() instanceof IllegalArgumentException
        && e.getCause().getMessage() != null;
  }

  /**
   * A failure as one line: the messages of the exception and its causes, joined by ": ", a cause left out when its
   * message is already in its parent's (a class name stands for a missing message).
   */
  public static String describe(Throwable e) {
    Throwable t = e;
    StringBuilder sb = new StringBuilder();
    while (t != null) {
      if (sb.length() > 0) {
        sb.append(": ");
      }
      String msg = t.getMessage();
      sb.append(msg == null || msg.isEmpty() ? t.getClass().getName() : msg);
      if (t.getCause() == t) {
        break;
      }
      t = t.getCause();
      if (t != null && msg != null && t.getMessage() != null && msg.contains(t.getMessage())) {
        break;
      }
    }
    return sb.toString();
  }
}
