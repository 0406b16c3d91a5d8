package site.ycsb;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import site.ycsb.testsupport.MetricLines;

/** Runs {@link Client#run} in-process and captures what it printed. */
public final class ClientRunner {
  public final int exitCode;
  public final String out;
  public final String err;

  private ClientRunner(int exitCode, String out, String err) {
    this.exitCode = exitCode;
    this.out = out;
    this.err = err;
  }

  public static synchronized ClientRunner run(String... args) {
    PrintStream oldOut = System.out;
    PrintStream oldErr = System.err;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code;
    try {
      System.setOut(new PrintStream(out, true));
      System.setErr(new PrintStream(err, true));
      code = Client.run(args);
    } finally {
      System.setOut(oldOut);
      System.setErr(oldErr);
    }
    ClientRunner r = new ClientRunner(code, new String(out.toByteArray(), StandardCharsets.UTF_8),
        new String(err.toByteArray(), StandardCharsets.UTF_8));
    return r;
  }

  /** The value of a {@code [METRIC], measurement, value} line of the text output, or null. */
  public String value(String metric, String measurement) {
    return MetricLines.of(out).value(metric, measurement);
  }

  /** As {@link #longValue}, but 0 when the line is absent (an operation type that happened not to be chosen). */
  public long longValueOrZero(String metric, String measurement) {
    String v = value(metric, measurement);
    return v == null ? 0 : Long.parseLong(v);
  }

  public long longValue(String metric, String measurement) {
    String v = value(metric, measurement);
    if (v == null) {
      throw new AssertionError("no line [" + metric + "], " + measurement + " in:\n" + out + "\nstderr:\n" + err);
    }
    return Long.parseLong(v);
  }

  @Override
  public String toString() {
    return "exit " + exitCode + "\n--- stdout\n" + out + "\n--- stderr\n" + err;
  }
}
