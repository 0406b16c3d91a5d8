package site.ycsb.engine;

import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;

import site.ycsb.cli.ExitCode;

/**
 * What Ctrl-C (SIGINT), SIGTERM and SIGHUP do during a run: the first one stops the schedule, so the run ends the way a
 * time limit ends it — every thread finishes its current operation, and the results of what was measured are
 * printed and written, marked interrupted; a second one exits at once. Without it the JVM would exit within
 * milliseconds and a long run's measurements would be lost.
 *
 * <p>The handlers are installed through {@code sun.misc.Signal}, looked up reflectively (it exists on every JDK
 * from 8 to 25 but is not part of the Java SE API); where it is missing, signals keep the JVM's default behaviour.
 * Installed for the measured part of one run and then restored ({@link #beforeRun} covers the time before it).
 * Thread-safe: signals arrive on the JVM's signal-dispatch thread.
 */
final class Interruption implements AutoCloseable {
  /** No handlers: the state before a run starts. */
  static final Interruption NONE = new Interruption(() -> { }, false);
  /** How long an interrupted run waits for operations in flight, and then for cleanup. */
  static final long GRACE_NS = java.util.concurrent.TimeUnit.SECONDS.toNanos(10);

  private final Runnable onFirstSignal;
  /** Before the schedule opens there is nothing to report: the first signal exits (see {@link #beforeRun}). */
  private final boolean exitOnFirst;
  private final List<Object[]> previous = new ArrayList<>();
  private volatile String signal;
  private volatile int exitCode;
  private volatile long signalledNs;
  private int count;
  /** The handlers that took over (see {@link #handOver}); guarded by this. */
  private Interruption successor;

  private Interruption(Runnable onFirstSignal, boolean exitOnFirst) {
    this.onFirstSignal = onFirstSignal;
    this.exitOnFirst = exitOnFirst;
  }

  /** Installs handlers for {@link #SIGNALS} that call {@code onFirstSignal} once, and halt on a second signal. */
  static Interruption install(Runnable onFirstSignal) {
    return install(new Interruption(onFirstSignal, false));
  }

  /**
   * Installs handlers for the time before the measured run (threads' init, the engine's warm-up, which may take
   * seconds against a slow database): the first INT or TERM prints one line saying nothing was measured, runs
   * {@code cleanup} and exits with the signal's exit code ({@link #exitCodeOf}). Without them the JVM would exit
   * without a word.
   */
  static Interruption beforeRun(Runnable cleanup) {
    return install(new Interruption(cleanup, true));
  }

  /**
   * The signals that end a run as Ctrl-C does: INT, TERM, and HUP (the terminal or ssh connection of the run went
   * away: without a handler the JVM exited and the whole run was lost). A signal the process inherited as ignored
   * ({@code nohup}, SIGINT in a background job) stays ignored: the JVM does not install a handler for it.
   */
  static final String[] SIGNALS = {"INT", "TERM", "HUP"};

  /**
   * The exit code of a run that {@code signal} (one of {@link #SIGNALS}, as "SIGINT") stopped: 128 + the signal's
   * number, the shells' convention, as {@link ExitCode} declares it.
   */
  static int exitCodeOf(String signal) {
    switch (signal) {
      case "SIGINT":
        return ExitCode.INTERRUPTED_SIGINT;
      case "SIGTERM":
        return ExitCode.INTERRUPTED_SIGTERM;
      case "SIGHUP":
        return ExitCode.INTERRUPTED_SIGHUP;
      default:
        throw new IllegalArgumentException("not one of the run's signals: " + signal);
    }
  }

  private static Interruption install(Interruption interruption) {
    Class<?> signalClass;
    Class<?> handlerClass;
    Method handle;
    try {
      signalClass = Class.forName("sun.misc.Signal");
      handlerClass = Class.forName("sun.misc.SignalHandler");
      handle = signalClass.getMethod("handle", signalClass, handlerClass);
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      return interruption; // No signal API on this JVM: the JVM's default behaviour stays.
    }
    for (String name : SIGNALS) {
      try { // each on its own: a signal this platform lacks or the JVM keeps for itself must not cost the others
        Object sig = signalClass.getConstructor(String.class).newInstance(name);
        Object handler = Proxy.newProxyInstance(handlerClass.getClassLoader(), new Class<?>[] {handlerClass},
            (proxy, method, args) -> {
              switch (method.getName()) {
              case "handle":
                interruption.signalled("SIG" + name);
                return null;
              case "hashCode":
                return System.identityHashCode(proxy);
              case "equals":
                return proxy == args[0];
              default:
                return "ycsb-interruption-handler";
              }
            });
        Object old = handle.invoke(null, sig, handler);
        interruption.previous.add(new Object[] {handle, sig, old});
      } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
        // This signal keeps the JVM's default behaviour.
      }
    }
    return interruption;
  }

  /**
   * From now on a signal that reaches this instance's handlers (delivered to them before {@code next}'s were
   * installed, but handled after) is {@code next}'s to handle. Returns only when no signal of this instance's is being
   * handled: one that came first (before the run's schedule opened) ends the process in its handler, so the caller
   * never goes on to create what that handler has just removed. Called by the run's main thread once {@code next} is installed.
   */
  synchronized void handOver(Interruption next) {
    if (this != NONE) {
      successor = next;
    }
  }

  synchronized void signalled(String name) {
    if (successor != null) {
      successor.signalled(name);
      return;
    }
    count++;
    if (count > 1) {
      System.err.println("Interrupted again: exiting now, without results.");
      System.err.flush();
      Runtime.getRuntime().halt(exitCodeOf(name));
    }
    if (exitOnFirst) {
      // Whatever the cleanup does (it races with the main thread, which goes on), the process ends here: a line
      // saying nothing was measured must never be followed by the run carrying on.
      try {
        System.err.println("Interrupted (" + name + ") before the measured run started: nothing was measured.");
        System.err.flush();
        onFirstSignal.run();
      } catch (RuntimeException | Error e) {
        System.err.println("(cleanup after the interruption failed: " + e + ")");
      } finally {
        Runtime.getRuntime().halt(exitCodeOf(name));
      }
    }
    signalledNs = System.nanoTime();
    signal = name;
    exitCode = exitCodeOf(name);
    System.err.println("Interrupted (" + name + "): stopping the schedule; the results of what was measured "
        + "follow, marked interrupted. Interrupt again to exit at once.");
    onFirstSignal.run();
  }

  /** Whether a signal has stopped the run. */
  boolean isInterrupted() {
    return signal != null;
  }

  /** The signal's name, e.g. {@code SIGINT}, or null. */
  String signal() {
    return signal;
  }

  /** When the first signal arrived ({@link System#nanoTime()}); meaningful only once {@link #isInterrupted}. */
  long signalledNs() {
    return signalledNs;
  }

  /** The exit code of the signal ({@link #exitCodeOf}): 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP. */
  int exitCode() {
    return exitCode;
  }

  /** Restores the previous handlers. */
  @Override
  public void close() {
    for (Object[] p : previous) {
      try {
        ((Method) p[0]).invoke(null, p[1], p[2]);
      } catch (ReflectiveOperationException | RuntimeException e) {
        // Restoring is best effort: the run is over either way.
      }
    }
    previous.clear();
  }
}
