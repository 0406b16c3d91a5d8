package site.ycsb.fleet.ssh;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The gate's limit on connections set up at once, its retries of refused set-ups and its deadlines, on real sh. */
class SshGateTest {
  @TempDir
  Path tmp;

  @Test
  void should_retry_with_back_off_and_succeed_when_the_server_refuses_the_first_set_ups() throws Exception {
    Path count = tmp.resolve("count");
    // what ssh prints when sshd's MaxStartups drops the connection, twice; then the command runs
    String script = "n=$(cat " + count + " 2>/dev/null || echo 0); n=$((n+1)); echo $n > " + count + "; "
        + "if [ $n -le 2 ]; then echo 'kex_exchange_identification: read: Connection reset by peer' >&2; exit 255; "
        + "fi; echo ran";
    SshGate gate = new SshGate(2, 10_000, 10_000);
    long t0 = System.nanoTime();
    Captured r = gate.command(Arrays.asList("sh", "-c", script));
    long tookMs = (System.nanoTime() - t0) / 1_000_000;
    assertEquals(0, r.exitCode, r.output);
    assertEquals("ran", r.lastLine());
    assertEquals(3, r.attempts);
    assertEquals(2, gate.refusedSetups());
    // back-off 0.5 s then 1 s, each at least 75% of that
    assertTrue(tookMs >= 1100, "retried after " + tookMs + " ms");
    assertTrue(gate.describe().contains("2 set-up(s) refused"), gate.describe());
  }

  @Test
  void should_give_up_after_the_bounded_attempts_and_say_how_many_when_the_server_keeps_refusing()
      throws Exception {
    SshGate gate = new SshGate(2, 10_000, 10_000);
    Captured r = gate.command(Arrays.asList("sh", "-c",
        "echo 'ssh: connect to host 127.0.0.7 port 2222: Connection refused' >&2; exit 255"));
    assertEquals(255, r.exitCode);
    assertEquals(SshGate.ATTEMPTS, r.attempts);
    assertTrue(r.why("ssh").endsWith("Connection refused, after " + SshGate.ATTEMPTS + " attempts"), r.why("ssh"));
  }

  @Test
  void should_not_retry_when_the_remote_command_itself_fails() throws Exception {
    SshGate gate = new SshGate(2, 10_000, 10_000);
    Captured r = gate.command(Arrays.asList("sh", "-c", "echo 'tar: short read' >&2; exit 4"));
    assertEquals(4, r.exitCode);
    assertEquals(1, r.attempts);
    assertEquals(0, gate.refusedSetups());
  }

  @Test
  void should_kill_the_command_and_name_the_deadline_when_it_passes() throws Exception {
    SshGate gate = new SshGate(2, 600, 10_000);
    long t0 = System.nanoTime();
    Captured r = gate.command(Arrays.asList("sh", "-c", "echo connecting; sleep 60"));
    assertTrue((System.nanoTime() - t0) / 1_000_000 < 30_000);
    assertTrue(r.timedOut());
    assertEquals(1, r.attempts, "a command past its deadline is not tried again");
    assertEquals("no end within 0.6 s (killed; ssh printed: connecting)", r.why("ssh"));
    Captured copy = new SshGate(2, 10_000, 1000).copy(Arrays.asList("sh", "-c", "sleep 60"));
    assertEquals("no end within 1 s (killed; scp printed: nothing)", copy.why("scp"));
  }

  @Test
  void should_never_have_more_commands_running_than_its_places_when_many_hosts_are_served_at_once()
      throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("running"));
    // each command leaves a file while it runs and records how many it saw
    String script = "f=" + dir + "/$$; touch $f; ls " + dir + " | wc -l >> " + tmp.resolve("seen") + "; sleep 1; "
        + "rm -f $f";
    SshGate gate = new SshGate(3, 10_000, 10_000);
    ExecutorService pool = Executors.newFixedThreadPool(12);
    List<Future<Captured>> all = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      all.add(pool.submit(() -> gate.command(Arrays.asList("sh", "-c", script))));
    }
    for (Future<Captured> f : all) {
      assertEquals(0, f.get().exitCode, f.get().output);
    }
    pool.shutdown();
    int most = 0;
    for (String line : Files.readAllLines(tmp.resolve("seen"))) {
      most = Math.max(most, Integer.parseInt(line.trim()));
    }
    assertEquals(12, Files.readAllLines(tmp.resolve("seen")).size());
    assertTrue(most <= 3, "at most 3 at once, saw " + most);
    assertTrue(most >= 2, "the places are used in parallel, saw " + most);
  }

  @Test
  void should_recognise_a_refused_or_reset_set_up_by_what_ssh_prints() {
    for (String msg : new String[] {"kex_exchange_identification: read: Connection reset by peer",
        "kex_exchange_identification: Connection closed by remote host",
        "Connection closed by 127.0.0.2 port 2222", "ssh: connect to host h port 22: Connection refused",
        "ssh_exchange_identification: read: Connection reset by peer",
        "Connection timed out during banner exchange"}) {
      assertTrue(SshGate.refusedSetup(255, msg), msg);
      assertTrue(SshGate.refusedSetup(1, "scp: " + msg), "scp exits 1: " + msg);
    }
    assertFalse(SshGate.refusedSetup(0, "Connection refused"), "a command that succeeded");
    assertFalse(SshGate.refusedSetup(255, "Permission denied (publickey)."), "a key problem does not go away");
    assertFalse(SshGate.refusedSetup(255, "ssh: Could not resolve hostname nohost: Name or service not known"));
    assertFalse(SshGate.refusedSetup(Captured.TIMED_OUT, "Connection refused"));
  }

  @Test
  void should_wait_longer_after_each_refusal_within_a_quarter_either_side() {
    for (int attempt = 1; attempt < SshGate.ATTEMPTS; attempt++) {
      long base = SshGate.FIRST_BACKOFF_MS << (attempt - 1);
      for (int i = 0; i < 50; i++) {
        long w = SshGate.backoffMs(attempt);
        assertTrue(w >= base * 3 / 4 && w <= base * 5 / 4, attempt + ": " + w);
      }
    }
  }
}
