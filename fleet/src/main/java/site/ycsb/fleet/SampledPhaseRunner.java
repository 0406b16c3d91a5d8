package site.ycsb.fleet;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** A phase runner whose phases are accompanied by the sampling of the {@code --db-hosts} nodes ({@link DbHosts}). */
final class SampledPhaseRunner implements PhaseRunner {
  private final PhaseRunner phases;
  private final DbHosts nodes;

  SampledPhaseRunner(PhaseRunner phases, DbHosts nodes) {
    this.phases = phases;
    this.nodes = nodes;
  }

  /** {@code phases} itself without --db-hosts. */
  static PhaseRunner of(PhaseRunner phases, DbHosts nodes) {
    return nodes == null ? phases : new SampledPhaseRunner(phases, nodes);
  }

  @Override
  public void prepare(List<Phase> list) throws UsageException, IOException {
    phases.prepare(list);
  }

  @Override
  public PhaseOutcome run(Phase phase, int repeat, Path dir) throws IOException, InterruptedException {
    DbHosts.Sampling sampling = nodes.start();
    try {
      return phases.run(phase, repeat, dir);
    } finally {
      sampling.finish(dir, phase.name() + " (repeat " + repeat + ")");
    }
  }

  /** A findmax step engine whose steps are accompanied by the sampling of the nodes. */
  static FindmaxStepRunner.Engine of(FindmaxStepRunner.Engine engine, DbHosts nodes) {
    if (nodes == null) {
      return engine;
    }
    return (index, stepOptions, dir, log) -> {
      DbHosts.Sampling sampling = nodes.start();
      try {
        return engine.run(index, stepOptions, dir, log);
      } finally {
        sampling.finish(dir, "step " + index);
      }
    };
  }
}
