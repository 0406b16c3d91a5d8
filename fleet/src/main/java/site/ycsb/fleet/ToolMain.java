package site.ycsb.fleet;

import java.io.IOException;

/**
 * The common frame of the fleet module's commands: {@code -h}/{@code --help} prints the usage, and failures become
 * one line prefixed with the command's name and an exit code (2 for a usage error, 1 for I/O or interruption), with
 * secrets masked and control characters escaped ({@link site.ycsb.Secrets#safeLine}).
 */
final class ToolMain {
  /** A command's body, given its arguments; returns the exit code. */
  interface Body {
    int run(String[] args) throws UsageException, IOException, InterruptedException;
  }

  private ToolMain() {
  }

  static int run(String name, String usage, String[] args, Body body) {
    try {
      if (args.length == 1 && ("-h".equals(args[0]) || "--help".equals(args[0]))) {
        System.out.println(usage);
        return 0;
      }
      return body.run(args);
    } catch (UsageException e) {
      // Messages quote what the user typed: masked and kept on one line, as the engine's are.
      System.err.println(name + ": " + site.ycsb.Secrets.safeLine(e.getMessage()));
      return 2;
    } catch (IOException e) {
      System.err.println(name + ": " + site.ycsb.Secrets.safeLine(e.getMessage()));
      return 1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      System.err.println(name + ": interrupted");
      return 1;
    }
  }
}
