package site.ycsb.distribution;

/** Exit code and captured output of one finished process. */
final class CommandResult {
  final int exitCode;
  final String stdout;
  final String stderr;

  CommandResult(int exitCode, String stdout, String stderr) {
    this.exitCode = exitCode;
    this.stdout = stdout;
    this.stderr = stderr;
  }

  /** Everything the process printed, for assertion messages. */
  String describe() {
    return "exit " + exitCode + "\n--- stdout ---\n" + stdout + "\n--- stderr ---\n" + stderr;
  }
}
