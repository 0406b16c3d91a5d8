package site.ycsb.observe;

import java.lang.reflect.InvocationTargetException;
import java.util.Properties;

import site.ycsb.cli.EngineOptions;
import site.ycsb.cli.PropertyReader;
import site.ycsb.cli.UsageException;

/** Loads the live observer by class name when a {@code metrics.*} option asks for one; nothing is loaded otherwise. */
public final class RunObservers {
  /** The metrics module's observer (its jar is in the distribution's lib/). */
  static final String PROMETHEUS = "site.ycsb.metrics.PrometheusObserver";

  private RunObservers() {
  }

  /** Whether {@code props} ask for live metrics (read after the options were checked). */
  public static boolean wanted(Properties props) {
    PropertyReader r = new PropertyReader(props);
    return !r.get(EngineOptions.METRICS_LISTEN).isEmpty() || !r.get(EngineOptions.METRICS_PUSHGATEWAY).isEmpty();
  }

  /**
   * The observer that {@code props} ask for, started, or null when none is asked for.
   *
   * @throws UsageException when its jar is missing or it cannot start (a port in use), in one line
   */
  public static RunObserver start(Properties props, RunLabels labels) throws UsageException {
    return wanted(props) ? start(PROMETHEUS, props, labels) : null;
  }

  static RunObserver start(String className, Properties props, RunLabels labels) throws UsageException {
    Class<?> type;
    try {
      type = Class.forName(className);
    } catch (ClassNotFoundException | LinkageError e) {
      throw new UsageException(EngineOptions.METRICS_LISTEN + " and " + EngineOptions.METRICS_PUSHGATEWAY
          + " need the metrics jar and the Prometheus client in lib/ (" + className + " was not found)");
    }
    try {
      return (RunObserver) type.getConstructor(Properties.class, RunLabels.class).newInstance(props, labels);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof UsageException) {
        throw (UsageException) e.getCause();
      }
      throw new UsageException("live metrics could not start: " + e.getCause());
    } catch (ReflectiveOperationException | ClassCastException | LinkageError e) {
      throw new UsageException("live metrics could not start: " + e);
    }
  }
}
