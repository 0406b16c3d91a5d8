package site.ycsb.db.cql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.function.Predicate;

/**
 * When each database node last answered anything, and which nodes are silent. A node that stops answering without
 * closing its connections (a network partition, a frozen process) looks healthy to the driver until each request's
 * own read timeout (12 s by default); this watch notices it after a much shorter threshold, so that the executors can
 * give up the attempts waiting on it and send new requests elsewhere.
 *
 * <p>The rule: a node is found silent by an attempt that has waited on it for the threshold while the node answered
 * nothing, to anyone, in that time ({@link #silent}); or by a request of the driver's that timed out on it after the
 * node had answered nothing for the threshold ({@link #timedOut}). A node that answers other requests is therefore not
 * silent however slow one request is, and a node that nobody waits on is never found silent however long it has been
 * idle. It answers again with its next answer, of any request ({@link #answered}). Each change is reported once.
 *
 * <p>Cost on the path of every request: the driver glue reads the clock once per answer, and writes it only when the
 * node's last recorded answer is older than a resolution of 1 ms (a hundredth of the threshold, when that is less), so
 * that a stream of answers does not pass the node's time from core to core. Nothing else here runs unless an attempt
 * outlives the threshold. No count of the attempts waiting on a node is kept: it would cost two contended atomic
 * updates per request, for a log line.
 *
 * <p>Thread-safe: answers arrive on the driver's I/O threads, checks on the executors' threads; a node's changes of
 * state are made under that node's lock, which nothing else takes.
 *
 * @param <K> the driver's identity of a node (its {@code Host})
 */
public final class AnswerWatch<K> {
  /** Where the changes go: the binding hands them to the engine as node events. */
  @FunctionalInterface
  public interface Reports {
    /**
     * {@code node} stopped answering ({@code silent}) or answered again; {@code source} says how it was seen. Called
     * under the node's lock (so a node's events come in order): must not block.
     */
    void silence(String node, boolean silent, String source);
  }

  /** A check made sooner than this after the last one would only spin: the waits are at least this long. */
  static final long MIN_SLICE_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

  /** One node's answers and the attempts given up on it. */
  public static final class Node {
    private static final AtomicIntegerFieldUpdater<Node> GIVEN_UP =
        AtomicIntegerFieldUpdater.newUpdater(Node.class, "givenUp");

    private final String name;
    /** When it last answered (nanoTime); at first, when the watch first heard of it. */
    private volatile long answeredNs;
    private volatile boolean silent;
    /** Guarded by this node's lock: since when it has answered nothing, as the check that found it silent saw it. */
    private long quietSinceNs;
    private volatile int givenUp;

    /** The node's number in its watch, from 0 in the order the nodes became known (for per-node arrays). */
    private final int index;

    Node(String name, long nowNs, int index) {
      this.name = name;
      this.answeredNs = nowNs;
      this.index = index;
    }

    int index() {
      return index;
    }

    /** The node as a user names it, e.g. {@code 127.0.0.3:9042}. */
    public String name() {
      return name;
    }

    @Override
    public String toString() {
      return name + (silent ? " (silent)" : "");
    }
  }

  private final long thresholdNanos;
  /**
   * An answer this close after the last one recorded is not written: the time only has to tell an answer within the
   * threshold from none, to a hundredth of it at worst (1 ms, or less for a threshold under 100 ms).
   */
  private final long answerResolutionNanos;
  private final LongSupplier clock;
  private final Reports reports;
  private final Function<K, String> names;
  private final Predicate<K> usable;
  private final Map<K, Node> nodes = new ConcurrentHashMap<>();
  private final AtomicInteger silentNodes = new AtomicInteger();
  private final AtomicInteger nodeCount = new AtomicInteger();

  /**
   * @param thresholdMillis how long a node may leave every request unanswered before it is silent (&gt; 0)
   * @param names the name of a node in reports and log lines
   * @param usable whether the driver would send a request to a node (it is up)
   * @param clock {@link System#nanoTime()} in production; a test's clock in tests
   */
  public AnswerWatch(long thresholdMillis, Function<K, String> names, Predicate<K> usable, LongSupplier clock,
                     Reports reports) {
    if (thresholdMillis <= 0) {
      throw new IllegalArgumentException("the silent-node threshold must be > 0 ms, got " + thresholdMillis);
    }
    this.thresholdNanos = TimeUnit.MILLISECONDS.toNanos(thresholdMillis);
    this.answerResolutionNanos = Math.min(TimeUnit.MILLISECONDS.toNanos(1), thresholdNanos / 100);
    this.names = names;
    this.usable = usable;
    this.clock = clock;
    this.reports = reports;
  }

  /** The watch's clock (nanoseconds, as {@link System#nanoTime()}). */
  public long nanoTime() {
    return clock.getAsLong();
  }

  public long thresholdNanos() {
    return thresholdNanos;
  }

  /** The node {@code key} names, known from now on. */
  public Node node(K key) {
    Node n = nodes.get(key);
    // computeIfAbsent alone would lock the bin on every call on Java 8, even when the node is there
    return n != null ? n : nodes.computeIfAbsent(key, k -> new Node(names.apply(k), clock.getAsLong(),
        nodeCount.getAndIncrement()));
  }

  /** The nodes known now, in no particular order. */
  public List<Node> nodes() {
    return new ArrayList<>(nodes.values());
  }

  /** True while some node is silent: the cheap question a query plan asks before asking about each node. */
  public boolean anySilent() {
    return silentNodes.get() > 0;
  }

  /** Whether the node {@code key} names is silent now (false for a node the watch never heard of). */
  public boolean isSilent(K key) {
    Node n = nodes.get(key);
    return n != null && n.silent;
  }

  public boolean isSilent(Node node) {
    return node.silent;
  }

  /**
   * Whether a node other than {@code node} is known, usable and not silent: only then is giving up an attempt on
   * {@code node} worth a retry, which would otherwise go to a silent node again (a single node, every replica silent)
   * and spend the retries a late answer could still have made unnecessary. Asked only when an attempt is about to be
   * given up.
   */
  public boolean answeringElsewhere(Node node) {
    for (Map.Entry<K, Node> e : nodes.entrySet()) {
      Node other = e.getValue();
      if (other != node && !other.silent && usable.test(e.getKey())) {
        return true;
      }
    }
    return false;
  }

  /** The silent nodes, to be probed. */
  public List<K> silentKeys() {
    List<K> out = new ArrayList<>();
    if (!anySilent()) {
      return out;
    }
    for (Map.Entry<K, Node> e : nodes.entrySet()) {
      if (e.getValue().silent) {
        out.add(e.getKey());
      }
    }
    return out;
  }

  /** {@code node} answered a request (a result or an error of its own): it is not silent, if it was. */
  public void answered(Node node) {
    long now = clock.getAsLong();
    if (now - node.answeredNs >= answerResolutionNanos) {
      node.answeredNs = now;
    }
    // read after the write above: see beginSilence for the other half of this handshake
    if (node.silent) {
      endSilence(node);
    }
  }

  /**
   * The driver's own read timeout of a request to {@code node} passed: the node is silent when it has also answered
   * nothing for the threshold (a request timeout shorter than the threshold finds silence this way).
   */
  public void timedOut(Node node) {
    long answered = node.answeredNs;
    long now = clock.getAsLong();
    if (!node.silent && now - answered >= thresholdNanos) {
      beginSilence(node, answered, answered, "a request timed out and no answer to any request for "
          + seconds(now - answered));
    }
  }

  /**
   * Whether an attempt sent to {@code node} at {@code sentAtNs} and still waiting at {@code nowNs} finds the node
   * silent: it was already, or neither this attempt nor anything else sent to it has been answered for the threshold.
   * Finding it silent reports it (once).
   */
  public boolean silent(Node node, long sentAtNs, long nowNs) {
    if (node.silent) {
      return true;
    }
    long answered = node.answeredNs;
    long quietSince = later(answered, sentAtNs);
    long quiet = nowNs - quietSince;
    if (quiet < thresholdNanos) {
      return false;
    }
    return beginSilence(node, answered, quietSince, "no answer for " + seconds(quiet) + " to any request, while one"
        + " waited on it");
  }

  /**
   * When an attempt sent to {@code node} at {@code sentAtNs}, not finding it silent at {@code nowNs}, should look
   * again: when the node will have answered nothing for the threshold since the later of its last answer and the
   * attempt's start (and not sooner than {@link #MIN_SLICE_NANOS}).
   */
  public long nextCheckNs(Node node, long sentAtNs, long nowNs) {
    long due = later(node.answeredNs, sentAtNs) + thresholdNanos;
    return due - nowNs > MIN_SLICE_NANOS ? due : nowNs + MIN_SLICE_NANOS;
  }

  /** An attempt waiting on the silent {@code node} was given up (to be counted when it answers again). */
  public void gaveUp(Node node) {
    Node.GIVEN_UP.incrementAndGet(node);
  }

  private boolean beginSilence(Node node, long answeredSeen, long quietSinceNs, String source) {
    synchronized (node) {
      if (node.silent) {
        return true;
      }
      if (node.answeredNs != answeredSeen) {
        return false; // it answered since this check read the time
      }
      node.silent = true;
      // An answer that wrote its time before the flag above was set may not have seen the flag: read the time again
      // after setting it, so that either this check sees the answer or the answer sees the flag (and ends it).
      if (node.answeredNs != answeredSeen) {
        node.silent = false;
        return false;
      }
      node.quietSinceNs = quietSinceNs;
      node.givenUp = 0;
      silentNodes.incrementAndGet();
      reports.silence(node.name, true, source);
      return true;
    }
  }

  private void endSilence(Node node) {
    synchronized (node) {
      if (!node.silent) {
        return;
      }
      node.silent = false;
      silentNodes.decrementAndGet();
      int given = node.givenUp;
      reports.silence(node.name, false, "an answer after " + seconds(node.answeredNs - node.quietSinceNs)
          + " without one" + (given == 0 ? "" : "; " + given + " attempt" + (given == 1 ? "" : "s")
          + " waiting on it given up and retried elsewhere"));
    }
  }

  private static long later(long a, long b) {
    return a - b > 0 ? a : b;
  }

  static String seconds(long nanos) {
    return String.format(Locale.ROOT, "%.1f s", Math.max(0, nanos) / 1e9);
  }
}
