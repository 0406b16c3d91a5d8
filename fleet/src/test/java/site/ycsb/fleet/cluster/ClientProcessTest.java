package site.ycsb.fleet.cluster;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import site.ycsb.fleet.ssh.Captured;
import site.ycsb.fleet.ssh.RemoteCommand;
import site.ycsb.fleet.ssh.SshGate;

/**
 * A phase's client connection through the gate, with real {@code sh} processes in place of ssh: a set-up the server
 * refused is tried again, a remote failure is not, and the place in the gate is given back once the remote shell has
 * said its process id.
 */
class ClientProcessTest {
  @TempDir
  Path tmp;

  private final ByteArrayOutputStream console = new ByteArrayOutputStream();

  private ClientProcess start(String script, SshGate gate) throws Exception {
    return ClientProcess.start("c1", Arrays.asList("sh", "-c", script), tmp.resolve("c1.log"),
        new PrintStream(console, true), gate);
  }

  /** What the remote shell prints first (RemoteCommand), then the engine's work. */
  private static final String ENGINE = "echo \"" + RemoteCommand.PID_MARKER + "$$\" >&2; echo status >&2";

  @Test
  void should_start_the_engine_on_a_later_attempt_when_the_server_refuses_the_first_set_up() throws Exception {
    Path count = tmp.resolve("count");
    String script = "n=$(cat " + count + " 2>/dev/null || echo 0); n=$((n+1)); echo $n > " + count + "; "
        + "if [ $n -le 1 ]; then echo 'kex_exchange_identification: read: Connection reset by peer' >&2; exit 255; "
        + "fi; " + ENGINE;
    SshGate gate = new SshGate(2, 10_000, 10_000);
    ClientProcess cp = start(script, gate);
    assertEquals(0, cp.waitFor());
    assertTrue(cp.remotePid() != null && cp.remotePid().matches("\\d+"), String.valueOf(cp.remotePid()));
    assertEquals(1, gate.refusedSetups());
    List<String> log = Files.readAllLines(tmp.resolve("c1.log"), StandardCharsets.UTF_8);
    assertTrue(log.stream().anyMatch(l -> l.contains("refused or reset before the engine started")
        && l.contains("attempt 2 of " + SshGate.ATTEMPTS)), String.join("\n", log));
    assertTrue(log.contains("status"), String.join("\n", log));
  }

  @Test
  void should_not_start_again_when_the_engine_itself_fails_after_it_started() throws Exception {
    Path count = tmp.resolve("count");
    // the engine started (its pid said), then the connection broke: never run twice
    String script = "echo x >> " + count + "; " + ENGINE + "; echo 'Connection reset by peer' >&2; exit 255";
    SshGate gate = new SshGate(2, 10_000, 10_000);
    assertEquals(255, start(script, gate).waitFor());
    assertEquals(1, Files.readAllLines(count).size());
    assertEquals(0, gate.refusedSetups());
  }

  @Test
  void should_give_up_after_the_bounded_attempts_when_every_set_up_is_refused() throws Exception {
    SshGate gate = new SshGate(2, 10_000, 10_000);
    ClientProcess cp = start("echo 'ssh: connect to host 127.0.0.9 port 22: Connection refused' >&2; exit 255", gate);
    assertEquals(255, cp.waitFor());
    assertNull(cp.remotePid());
    assertEquals(SshGate.ATTEMPTS - 1, gate.refusedSetups());
  }

  @Test
  void should_free_its_place_in_the_gate_once_the_remote_shell_has_started() throws Exception {
    SshGate gate = new SshGate(1, 10_000, 10_000);
    Path release = tmp.resolve("release");
    // runs until this test lets it end, holding its connection open like an engine
    ClientProcess engine = start(ENGINE + "; while [ ! -f " + release + " ]; do sleep 0.1; done", gate);
    long deadline = System.nanoTime() + 30_000_000_000L;
    while (engine.remotePid() == null && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    assertTrue(engine.remotePid() != null, "the engine never said its pid");
    // the one place is free again while the engine runs: a short command gets through
    Captured other = gate.command(Arrays.asList("sh", "-c", "echo through"));
    assertEquals("through", other.lastLine());
    assertTrue(!Files.exists(release), "the engine was still running");
    Files.write(release, new byte[0]);
    assertEquals(0, engine.waitFor());
  }
}
