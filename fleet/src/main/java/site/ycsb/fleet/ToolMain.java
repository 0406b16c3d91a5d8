package site.ycsb.fleet;

import java.io.IOException;

import site.ycsb.cli.ExitCode;

/**
 * The common frame of the fleet module's commands: {@code -h}/{@code --help} prints the usage, and failures become
 * one line prefixed with the command's name and an exit code (2 for a usage error, 1 for I/O or interruption), with
 * secrets masked and control characters escaped ({@link site.ycsb.cli.Secrets#safeLine}).
 */
public final class ToolMain {
  /** A command's body, given its arguments; returns the exit code. */
  public interface Body {
    int run(String[] args) throws UsageException, IOException, InterruptedException;
  }

  private ToolMain() {
  }

  /**
   * Removes a shutdown hook the command added for its run. When a signal ended the run, the JVM is already shutting
   * down (the hook is what stopped the engines) and the hook cannot be removed: that is expected, not an error.
   */
  public static void removeShutdownHook(Thread hook) {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // shutdown in progress: the hook has run or is running
    }
  }

  public static int run(String name, String usage, String[] args, Body body) {
    try {
      if (args.length == 1 && ("-h".equals(args[0]) || "--help".equals(args[0]))) {
        System.out.println(usage);
        return ExitCode.OK;
      }
      return body.run(args);
    } catch (UsageException e) {
      // Messages quote what the user typed: masked and kept on one line, as the engine's are.
      System.err.println(name + ": " + site.ycsb.cli.Secrets.safeLine(e.getMessage()));
      return ExitCode.USAGE;
    } catch (IOException e) {
      System.err.println(name + ": " + site.ycsb.cli.Secrets.safeLine(e.getMessage()));
      return ExitCode.RUN_FAILED;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      System.err.println(name + ": interrupted");
      return ExitCode.RUN_FAILED;
    }
  }
}
