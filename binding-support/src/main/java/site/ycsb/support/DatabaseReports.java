package site.ycsb.support;

import java.io.PrintStream;

/**
 * What a binding learns about the database beyond each operation's status, handed to the engine that runs it: the
 * settings that decide what a result means (e.g. the consistency levels: a read at ONE that finds nothing after a node
 * was lost is the database's consistency, not a client error) and the client library's view of the nodes (a node went
 * down, came back).
 *
 * <p>This project's engine {@linkplain #listen listens}: it keeps the settings in the run's record ({@code
 * summary.json}) and names the nodes that went down in a verdict line. An engine that does not listen — a YCSB 0.17.0
 * install, which does not know this class — loses nothing: each node event is then printed as one line on stderr when
 * it happens, and the settings are in the binding's own start-up line. A binding therefore reports through this class
 * whatever engine runs it.
 *
 * <p>Thread-safe: reports may come from any thread (a driver's I/O threads); the listener is one volatile reference, and
 * a listener must itself be thread-safe.
 */
public final class DatabaseReports {
  /** The receiving side (the engine). Called on the reporting thread: it must not block. */
  public interface Listener {
    /** A setting of {@code binding} that decides what its results mean, e.g. ("read consistency", "QUORUM"). */
    void setting(String binding, String name, String value);

    /** A node went down or came back, as the binding's client library saw it. */
    void nodeEvent(NodeEvent event);
  }

  /** One change of a node's state as a binding's client library saw it. Immutable. */
  public static final class NodeEvent {
    private final String binding;
    private final String node;
    private final boolean up;
    private final long epochMillis;
    private final int nodesUp;
    private final int nodesKnown;
    private final String source;

    NodeEvent(String binding, String node, boolean up, long epochMillis, int nodesUp, int nodesKnown, String source) {
      this.binding = binding;
      this.node = node;
      this.up = up;
      this.epochMillis = epochMillis;
      this.nodesUp = nodesUp;
      this.nodesKnown = nodesKnown;
      this.source = source;
    }

    /** The binding that reported it, e.g. {@code cassandra}. */
    public String binding() {
      return binding;
    }

    /** The node, as address:port. */
    public String node() {
      return node;
    }

    /** True: it came back (or was added); false: it went down. */
    public boolean up() {
      return up;
    }

    /** When the binding learned of it (wall clock, ms since the epoch). */
    public long epochMillis() {
      return epochMillis;
    }

    /** Nodes the client library held up just after this event, of {@link #nodesKnown()}. */
    public int nodesUp() {
      return nodesUp;
    }

    public int nodesKnown() {
      return nodesKnown;
    }

    /** How the binding learned it, e.g. "the driver's host-down event". */
    public String source() {
      return source;
    }

    /** The event on one line, e.g. {@code cassandra: node 127.0.0.3:9042 down (...; 2 of 3 nodes up)}. */
    public String describe() {
      return binding + ": node " + node + (up ? " up" : " down") + " (" + source + "; " + nodesUp + " of "
          + nodesKnown + " nodes up)";
    }

    @Override
    public String toString() {
      return describe();
    }
  }

  private static volatile Listener listener;
  private static volatile PrintStream fallback = System.err;

  private DatabaseReports() {
  }

  /** The engine starts listening (replacing any earlier listener). */
  public static void listen(Listener l) {
    listener = l;
  }

  /** The engine stops listening, if {@code l} is still the listener; reports are printed again. */
  public static void stopListening(Listener l) {
    if (listener == l) {
      listener = null;
    }
  }

  /** True when an engine listens (reports then reach the run's record instead of only stderr). */
  public static boolean listened() {
    return listener != null;
  }

  /**
   * A setting of {@code binding} that decides what its results mean. Without a listener nothing is printed: the
   * binding's own start-up line says it.
   */
  public static void setting(String binding, String name, String value) {
    Listener l = listener;
    if (l != null) {
      l.setting(binding, name, value);
    }
  }

  /** A node went down ({@code up} false) or came back; without a listener, printed as one line on stderr. */
  public static void nodeEvent(String binding, String node, boolean up, int nodesUp, int nodesKnown, String source) {
    NodeEvent event = new NodeEvent(binding, node, up, System.currentTimeMillis(), nodesUp, nodesKnown, source);
    Listener l = listener;
    if (l != null) {
      l.nodeEvent(event);
    } else {
      PrintStream out = fallback;
      out.println(event.describe());
      out.flush();
    }
  }

  /** Where reports go without a listener (stderr; tests capture it). */
  static void printTo(PrintStream out) {
    fallback = out;
  }
}
