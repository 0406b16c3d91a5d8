package site.ycsb.fleet.suite;

import java.io.IOException;
import java.nio.file.Path;

import site.ycsb.fleet.UsageException;

/** Runs one phase so that its (merged) result directory ends up in {@code dir}. */
public interface PhaseRunner {
  /** Checks what can be checked before anything runs (files, hosts); throws for a user mistake. */
  void prepare(java.util.List<Phase> phases) throws UsageException, IOException;

  PhaseOutcome run(Phase phase, int repeat, Path dir) throws IOException, InterruptedException;
}
