package site.ycsb.fleet;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** A short command (ssh check, scp) run to completion with its output (stdout and stderr together) captured. */
final class Captured {
  final int exitCode;
  final String output;

  private Captured(int exitCode, String output) {
    this.exitCode = exitCode;
    this.output = output;
  }

  static Captured run(List<String> command) throws IOException, InterruptedException {
    Process p;
    try {
      p = new ProcessBuilder(command).redirectErrorStream(true).start();
    } catch (IOException e) {
      return new Captured(127, "cannot start " + command.get(0) + ": " + e.getMessage());
    }
    p.getOutputStream().close();
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    try (InputStream in = p.getInputStream()) {
      byte[] b = new byte[8192];
      int n;
      while ((n = in.read(b)) > 0) {
        buf.write(b, 0, n);
      }
    }
    return new Captured(p.waitFor(), new String(buf.toByteArray(), StandardCharsets.UTF_8));
  }

  /** The last non-blank line of the output (ssh and scp put the reason for a failure there). */
  String lastLine() {
    String[] lines = output.trim().split("\r?\n");
    return lines.length == 0 || lines[lines.length - 1].isEmpty() ? "no output" : lines[lines.length - 1].trim();
  }
}
