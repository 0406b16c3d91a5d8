package site.ycsb.telemetry;

import java.util.ArrayList;
import java.util.List;

/**
 * Who a database node is: its name in results (the address clients use, e.g. 127.0.0.2), how it is sampled
 * ({@code local process 1234}, {@code ssh admin@db1:22}), whether it is a process on the client's machine, its
 * cores, and what went wrong while sampling it (one line each: unreachable, not Linux, stopped answering).
 *
 * <p>Thread-safe: the problems list is synchronized (sampler threads add to it while the run reads it).
 */
public final class NodeInfo {
  public final String name;
  public final String source;
  public final boolean local;
  volatile int cores;
  private final List<String> problems = new ArrayList<>();

  public NodeInfo(String name, String source, boolean local, int cores) {
    this.name = name;
    this.source = source;
    this.local = local;
    this.cores = cores;
  }

  public int cores() {
    return cores;
  }

  /** Adds a problem line (kept once). */
  public void problem(String line) {
    synchronized (problems) {
      if (!problems.contains(line)) {
        problems.add(line);
      }
    }
  }

  public List<String> problems() {
    synchronized (problems) {
      return new ArrayList<>(problems);
    }
  }
}
