package site.ycsb.fleet;

import java.util.List;
import java.util.function.Consumer;

import site.ycsb.testsupport.ChildProcess;

/** One of this module's tools run as its own process on the tool class path (as bin/ycsb runs it). */
public final class ToolRun {
  /** The lines printed so far on standard output and standard error, growing while the tool runs. */
  public final List<String> out;
  public final List<String> err;
  private final ChildProcess process;

  public ToolRun(String mainClass, List<String> args, Consumer<String> onErrLine) throws Exception {
    process = ChildProcess.java(TestTarball.toolClasspath(), mainClass, args).onErrorLine(onErrLine).start();
    out = process.outputLines();
    err = process.errorLines();
  }

  /** Waits for the exit code; fails the test (with the output) when the tool hangs. */
  public int waitFor(int seconds) throws Exception {
    return process.finish(seconds).exitCode;
  }

  /** SIGTERM, so that the tool's shutdown hook runs (see {@link ChildProcess#terminate}). */
  public void terminate() throws Exception {
    process.terminate();
  }

  public String errText() {
    return String.join("\n", err);
  }

  public String outText() {
    return String.join("\n", out);
  }
}
