package site.ycsb.fleet.suite;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * A user command run before or after a phase, e.g. {@code nodetool tpstats > nodetool-before.txt}. It runs with
 * {@code sh -c} in the phase directory, with YCSB_PHASE, YCSB_PHASE_DIR, YCSB_REPEAT and YCSB_HOOK (before|after)
 * in its environment; its output goes to the suite's output.
 */
final class Hook {
  private final String command;
  private final String when;

  Hook(String command, String when) {
    this.command = command;
    this.when = when;
  }

  /** Runs the hook; returns its exit code. */
  int run(Phase phase, int repeat, Path dir) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder("sh", "-c", command).directory(dir.toFile()).inheritIO();
    Map<String, String> env = pb.environment();
    env.put("YCSB_PHASE", phase.name());
    env.put("YCSB_PHASE_DIR", dir.toAbsolutePath().toString());
    env.put("YCSB_REPEAT", Integer.toString(repeat));
    env.put("YCSB_HOOK", when);
    return pb.start().waitFor();
  }

  String when() {
    return when;
  }

  /** The command line as the user gave it: may hold a secret, never to be printed whole. */
  String command() {
    return command;
  }
}
