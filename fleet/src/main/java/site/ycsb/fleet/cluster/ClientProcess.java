package site.ycsb.fleet.cluster;

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
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import site.ycsb.fleet.ssh.RemoteCommand;
import site.ycsb.fleet.ssh.SshCommand;
import site.ycsb.fleet.ssh.SshGate;

/**
 * One ssh process running one client's phase. Its stderr (the engine's status lines and messages) is shown on
 * the head node prefixed with the client's name; stdout and stderr both go to the client's log file.
 *
 * <p>Its connection is set up through the fleet's {@link SshGate}: it holds a place there until the remote shell says
 * its process id (the session is up) or ssh ends, and a set-up the server refused or reset before the remote command
 * ran is tried again after a back-off ({@link SshGate#ATTEMPTS} in all). The common start instant lies ahead, so a
 * retried client still opens its schedule with the others (or says by how much it is late).
 *
 * <p>Thread-safe: its starter and output pumps run on their own threads while the head node's threads wait for it
 * and stop it.
 */
final class ClientProcess {
  /** The longest a connection holds its place in the gate without its remote shell having started. */
  static final long SETUP_HOLD_MS = 30_000;

  private final String label;
  private final List<String> command;
  private final Writer log;
  private final PrintStream console;
  private final SshGate gate;
  private final CountDownLatch ended = new CountDownLatch(1);
  private volatile Process process;
  private volatile String remotePid;
  private volatile boolean stopped;
  private volatile int exitCode = SshCommand.CONNECTION_FAILED;
  /** The last line ssh or the client printed on stderr (why a set-up failed). */
  private volatile String lastErrLine = "";

  private ClientProcess(String label, List<String> command, Writer log, PrintStream console, SshGate gate) {
    this.label = label;
    this.command = command;
    this.log = log;
    this.console = console;
    this.gate = gate;
  }

  /** Starts the client's ssh in the background (through {@code gate}); {@link #waitFor()} gives its exit code. */
  static ClientProcess start(String label, List<String> command, Path logFile, PrintStream console, SshGate gate)
      throws IOException {
    Writer log = new OutputStreamWriter(Files.newOutputStream(logFile), StandardCharsets.UTF_8);
    ClientProcess cp = new ClientProcess(label, command, log, console, gate);
    Thread starter = new Thread(cp::attempts, "fleet-start-" + label);
    starter.setDaemon(true);
    starter.start();
    return cp;
  }

  private void attempts() {
    try {
      for (int attempt = 1; !stopped; attempt++) {
        CountDownLatch started = new CountDownLatch(1);
        gate.acquire();
        Process p;
        Thread out;
        Thread err;
        try {
          p = new ProcessBuilder(command).start();
          p.getOutputStream().close();
          process = p;
          lastErrLine = "";
          out = pump(p.getInputStream(), null, started);
          err = pump(p.getErrorStream(), console, started);
          // the place is held while the connection is set up: until the remote shell speaks or ssh ends
          long holdEnd = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(SETUP_HOLD_MS);
          while (!started.await(100, TimeUnit.MILLISECONDS) && p.isAlive() && System.nanoTime() < holdEnd) {
            // waiting for the remote shell's first line
          }
        } catch (IOException e) {
          line("fleet: cannot start ssh: " + e.getMessage(), true);
          exitCode = SshCommand.CONNECTION_FAILED;
          return;
        } finally {
          gate.release();
        }
        int code = p.waitFor();
        out.join(5000);
        err.join(5000);
        exitCode = code;
        if (remotePid == null && attempt < SshGate.ATTEMPTS && !stopped
            && SshGate.refusedSetup(code, lastErrLine)) {
          gate.countRefused();
          long wait = SshGate.backoffMs(attempt);
          line("fleet: the ssh connection was refused or reset before the engine started (" + lastErrLine
              + "); trying again in " + wait + " ms (attempt " + (attempt + 1) + " of " + SshGate.ATTEMPTS + ")",
              true);
          Thread.sleep(wait);
          continue;
        }
        return;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (IOException e) {
      exitCode = SshCommand.CONNECTION_FAILED;
    } finally {
      try {
        synchronized (log) {
          log.close();
        }
      } catch (IOException e) {
        // the log is best effort
      }
      ended.countDown();
    }
  }

  private Thread pump(InputStream in, PrintStream shown, CountDownLatch started) {
    Thread t = new Thread(() -> {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
        String line;
        while ((line = r.readLine()) != null) {
          if (line.startsWith(RemoteCommand.PID_MARKER)) {
            remotePid = line.substring(RemoteCommand.PID_MARKER.length()).trim();
            started.countDown();
            line = "fleet: engine started, remote pid " + remotePid;
          }
          if (shown != null && !line.trim().isEmpty()) {
            lastErrLine = line.trim();
          }
          line(line, shown != null);
        }
      } catch (IOException e) {
        // the process ended; what was read is logged
      }
    }, "fleet-" + label);
    t.setDaemon(true);
    t.start();
    return t;
  }

  /** Writes a line to the client's log and, when {@code show}, to the head's console with the client's name. */
  private void line(String line, boolean show) throws IOException {
    synchronized (log) {
      log.write(line);
      log.write('\n');
      log.flush();
    }
    if (show && console != null) {
      synchronized (console) {
        console.println("[" + label + "] " + line);
      }
    }
  }

  /** Waits for the client's ssh (its last attempt) and its output; returns ssh's exit code (the remote one, or 255). */
  int waitFor() throws InterruptedException {
    ended.await();
    return exitCode;
  }

  /** The engine's process id on the client, once it said it. */
  String remotePid() {
    return remotePid;
  }

  /** Stops the ssh process (and any further attempt). */
  void destroy() {
    stopped = true;
    Process p = process;
    if (p != null) {
      p.destroy();
    }
  }
}
