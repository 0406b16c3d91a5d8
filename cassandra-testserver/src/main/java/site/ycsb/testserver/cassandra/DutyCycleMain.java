package site.ycsb.testserver.cassandra;

import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Main class of the CLI's slow-node process ({@link SlowNodeProcess}): runs a {@link DutyCycle} on a node until it
 * is signalled (SIGTERM, SIGINT, SIGHUP) or the node is gone, and thaws the node on its way out.
 * Arguments: {@code RECORD_FILE NODE_PID.START FROZEN_MS PERIOD_MS}.
 */
public final class DutyCycleMain {
  /** How long the exit hook waits for the cycle to end before it thaws the node itself. */
  private static final long END_WAIT_MILLIS = 30_000;

  private DutyCycleMain() {
  }

  public static void main(String[] args) {
    Path record;
    DutyCycle cycle;
    try {
      if (args.length != 4) {
        throw new IllegalArgumentException("expected 4 arguments, got " + args.length);
      }
      record = Paths.get(args[0]);
      cycle = new DutyCycle(ProcessStamp.parse(args[1]), Long.parseLong(args[2]), Long.parseLong(args[3]));
    } catch (IllegalArgumentException e) {
      System.err.println("error: " + e.getMessage() + "; usage: " + DutyCycleMain.class.getName()
          + " RECORD_FILE NODE_PID.START FROZEN_MS PERIOD_MS");
      System.exit(2);
      return;
    }
    if (!cycle.target.isAlive()) {
      System.err.println("error: node process " + cycle.target.pid + " is not running");
      System.exit(1);
      return;
    }
    DutyCycle running = cycle;
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      running.stop();
      running.awaitEnd(END_WAIT_MILLIS);
      running.continueTarget();
    }, "thaw-at-exit"));
    SlowNodeProcess.writeRecord(record, ProcessStamp.current(), cycle);
    System.out.println("slow node: pid " + cycle.target.pid + " " + cycle + ", started");
    cycle.run();
    System.out.println("slow node: pid " + cycle.target.pid + ", ended");
  }
}
