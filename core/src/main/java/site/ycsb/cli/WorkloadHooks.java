package site.ycsb.cli;

import java.util.Properties;

/**
 * What a workload class tells the engine before the run: implemented by the workload classes whose properties
 * change the counts the engine reads ({@code recordcount}, {@code operationcount}, {@code insertstart}), or whose
 * operation path may be warmed before the schedule opens. The engine asks the class named by {@code workload}
 * through this interface, so that it names no workload class itself; a workload that does not implement it is
 * sized by the engine's options alone and starts cold, as in YCSB.
 *
 * <p>For workload authors and the engine. Implementations must have a public no-argument constructor (as every
 * workload has) and must not start anything in it: the engine makes one instance to ask these questions.
 */
public interface WorkloadHooks {
  /**
   * Writes the counts this workload derives from its own properties into {@code p} (e.g. {@code recordcount} and
   * {@code operationcount} from a disk size), before the engine reads them. The default derives nothing.
   *
   * @throws IllegalArgumentException (one-line message) for a value this workload refuses
   */
  default void sizeRun(Properties p) {
  }

  /**
   * Whether {@code insertstart} is a key number (the default), so that a load covers insertstart..recordcount-1;
   * false for a workload whose insertstart means something else (a first timestamp), which loads from key 0.
   */
  default boolean insertStartIsKeyNumber() {
    return true;
  }

  /**
   * Whether a fresh instance of this very class may be run against a null database before the schedule opens, to
   * warm the engine's per-operation path (its own instance, properties and measurements: nothing reaches the run).
   * The default is no.
   */
  default boolean prewarmable() {
    return false;
  }

  /**
   * Whether a NOT_FOUND is an answer this workload's run may rightly get (a key it deleted, or one it may not have
   * written yet), so that {@code errors.budget} does not count it as a failure. The default is yes: YCSB 0.17.0
   * counts NOT_FOUND apart from errors, and a workload the engine does not know may delete. A workload that only
   * reads, updates and scans keys it loaded says no: there a NOT_FOUND means records are missing (an unloaded or
   * different table, a {@code recordcount} above what was loaded, a lost write), which must not pass as a clean run.
   */
  default boolean notFoundIsAnswer(Properties p) {
    return true;
  }

  /**
   * The hooks of the workload class named {@code workloadClass}: an instance of it if it implements this
   * interface, else the defaults. A class that cannot be found or made gets the defaults too: the engine reports
   * an unknown workload class itself, in its own words, when it loads the workload.
   */
  static WorkloadHooks of(String workloadClass) {
    try {
      Class<?> c = Class.forName(workloadClass, false, WorkloadHooks.class.getClassLoader());
      if (WorkloadHooks.class.isAssignableFrom(c)) {
        return (WorkloadHooks) c.getDeclaredConstructor().newInstance();
      }
    } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
      // not a workload with hooks, or not loadable: see above
    }
    return new WorkloadHooks() {
    };
  }
}
