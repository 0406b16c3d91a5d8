package site.ycsb.db.cql;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One Cassandra node's thread pools as figures for {@code DatabaseReports.nodeGauges}: for each pool of a reading of
 * {@value #SOURCE} ({@link #QUERY}), {@code "<pool> active"}, {@code "<pool> pending"}, {@code "<pool> blocked"} and,
 * from the node's previous reading, {@code "<pool> completed/s"}. A pool whose completed count went down (the node
 * restarted) has no rate in that reading. The query itself runs on the node as one active task of {@value
 * #REQUEST_POOL} while it reads the table (an idle node answers 1 there): that one is not counted.
 *
 * <p>Not thread-safe: one per node, used by the binding's sampling thread.
 */
public final class ThreadPoolFigures {
  /** The virtual table: node-local, answered from the node's memory (Cassandra 4.0 and later). */
  public static final String SOURCE = "system_views.thread_pools";
  /** The pool that runs clients' requests, the sampler's own query among them. */
  public static final String REQUEST_POOL = "Native-Transport-Requests";
  public static final String QUERY = "SELECT name, active_tasks, pending_tasks, blocked_tasks, completed_tasks FROM "
      + SOURCE;

  /** One row of the table. */
  public static final class Pool {
    final String name;
    final long active;
    final long pending;
    final long blocked;
    final long completed;

    /** Null numbers (a column a server version lacks) are read as 0. */
    public Pool(String name, Number active, Number pending, Number blocked, Number completed) {
      this.name = name;
      this.active = active == null ? 0 : active.longValue();
      this.pending = pending == null ? 0 : pending.longValue();
      this.blocked = blocked == null ? 0 : blocked.longValue();
      this.completed = completed == null ? -1 : completed.longValue();
    }
  }

  private Map<String, Long> lastCompleted = new HashMap<>();
  private long lastNanos;

  /** The figures of one reading taken at {@code nanoTime} ({@link System#nanoTime()}), in the table's order. */
  public Map<String, Double> figures(List<Pool> pools, long nanoTime) {
    Map<String, Double> out = new LinkedHashMap<>();
    Map<String, Long> completed = new HashMap<>();
    double seconds = lastCompleted.isEmpty() ? 0 : (nanoTime - lastNanos) / 1e9;
    for (Pool p : pools) {
      if (p.name == null || p.name.isEmpty()) {
        continue;
      }
      long active = p.name.equals(REQUEST_POOL) ? Math.max(0, p.active - 1) : p.active;
      out.put(p.name + " active", (double) active);
      out.put(p.name + " pending", (double) p.pending);
      out.put(p.name + " blocked", (double) p.blocked);
      if (p.completed < 0) {
        continue;
      }
      completed.put(p.name, p.completed);
      Long before = lastCompleted.get(p.name);
      if (before != null && seconds > 0 && p.completed >= before) {
        out.put(p.name + " completed/s", (p.completed - before) / seconds);
      }
    }
    lastCompleted = completed;
    lastNanos = nanoTime;
    return out;
  }
}
