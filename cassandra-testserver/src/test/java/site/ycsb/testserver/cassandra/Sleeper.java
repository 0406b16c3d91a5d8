package site.ycsb.testserver.cassandra;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/** A real process that only sleeps, to be frozen, thawed and ended by tests; its pid known on Java 8 too. */
final class Sleeper implements AutoCloseable {
  final Process process;
  final long pid;

  private Sleeper(Process process, long pid) {
    this.process = process;
    this.pid = pid;
  }

  /** A {@code sleep 120} whose pid the shell prints before it becomes the sleep ({@code exec}). */
  static Sleeper start() throws IOException {
    Process p = new ProcessBuilder("sh", "-c", "echo $$; exec sleep 120").redirectErrorStream(true).start();
    try {
      String line = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.US_ASCII))
          .readLine();
      return new Sleeper(p, Long.parseLong(line.trim()));
    } catch (IOException | RuntimeException e) {
      p.destroyForcibly();
      throw e;
    }
  }

  ProcessStamp stamp() {
    return ProcessStamp.of(pid);
  }

  char state() {
    return Signals.state(pid);
  }

  /** Ends it with SIGKILL (which ends a stopped process too) and waits up to 10 s. */
  @Override
  public void close() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(10, TimeUnit.SECONDS);
  }
}
