package site.ycsb.fleet;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * One ssh process running one client's phase. Its stderr (the engine's status lines and messages) is shown on
 * the head node prefixed with the client's name; stdout and stderr both go to the client's log file.
 *
 * <p>Thread-safe: its output pump runs on its own thread while the head node's threads wait for it and stop it
 * (synchronized).
 */
final class ClientProcess {
  private final String label;
  private final Process process;
  private final Writer log;
  private final Thread outReader;
  private final Thread errReader;
  private volatile String remotePid;

  private ClientProcess(String label, Process process, Writer log, PrintStream console) {
    this.label = label;
    this.process = process;
    this.log = log;
    this.outReader = pump(process.getInputStream(), null);
    this.errReader = pump(process.getErrorStream(), console);
  }

  static ClientProcess start(String label, List<String> command, Path logFile, PrintStream console)
      throws IOException {
    Writer log = new OutputStreamWriter(Files.newOutputStream(logFile), StandardCharsets.UTF_8);
    Process p = new ProcessBuilder(command).start();
    p.getOutputStream().close();
    return new ClientProcess(label, p, log, console);
  }

  private Thread pump(InputStream in, PrintStream console) {
    Thread t = new Thread(() -> {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
        String line;
        while ((line = r.readLine()) != null) {
          if (line.startsWith(RemoteCommand.PID_MARKER)) {
            remotePid = line.substring(RemoteCommand.PID_MARKER.length()).trim();
            line = "fleet: engine started, remote pid " + remotePid;
          }
          synchronized (log) {
            log.write(line);
            log.write('\n');
            log.flush();
          }
          if (console != null) {
            synchronized (console) {
              console.println("[" + label + "] " + line);
            }
          }
        }
      } catch (IOException e) {
        // the process ended; what was read is logged
      }
    }, "fleet-" + label);
    t.setDaemon(true);
    t.start();
    return t;
  }

  /** Waits for the ssh process and its output; returns ssh's exit code (the remote command's, or 255). */
  int waitFor() throws InterruptedException {
    int code = process.waitFor();
    outReader.join(5000);
    errReader.join(5000);
    try {
      synchronized (log) {
        log.close();
      }
    } catch (IOException e) {
      // the log is best effort
    }
    return code;
  }

  /** The engine's process id on the client, once it said it. */
  String remotePid() {
    return remotePid;
  }

  void destroy() {
    process.destroy();
  }
}
