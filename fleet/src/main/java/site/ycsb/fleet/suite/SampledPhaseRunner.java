package site.ycsb.fleet.suite;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import site.ycsb.fleet.UsageException;

/**
 * A phase runner whose phases are accompanied by the sampling of the {@code --db-hosts} nodes ({@link DbHosts}).
 *
 * <p>Immutable (final fields); as thread-safe as the runner and the {@link DbHosts} it wraps.
 */
public final class SampledPhaseRunner implements PhaseRunner {
  private final PhaseRunner phases;
  private final DbHosts nodes;

  SampledPhaseRunner(PhaseRunner phases, DbHosts nodes) {
    this.phases = phases;
    this.nodes = nodes;
  }

  /** {@code phases} itself without --db-hosts. */
  public static PhaseRunner of(PhaseRunner phases, DbHosts nodes) {
    return nodes == null ? phases : new SampledPhaseRunner(phases, nodes);
  }

  @Override
  public void prepare(List<Phase> list) throws UsageException, IOException {
    phases.prepare(list);
  }

  @Override
  public PhaseOutcome run(Phase phase, int repeat, Path dir) throws IOException, InterruptedException {
    String where = phase.name() + " (repeat " + repeat + ")";
    DbHosts.Sampling sampling = nodes.start(where);
    try {
      return phases.run(phase, repeat, dir);
    } finally {
      if (sampling != null) {
        sampling.finish(dir, where);
      }
    }
  }
}
