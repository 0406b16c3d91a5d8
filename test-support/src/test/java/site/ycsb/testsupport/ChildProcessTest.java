package site.ycsb.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChildProcessTest {
  @TempDir
  Path dir;

  private static ChildProcess.Builder sh(String script) {
    return ChildProcess.command(Arrays.asList("sh", "-c", script));
  }

  @Test
  void should_capture_output_errors_and_exit_code_when_the_process_ends() throws Exception {
    List<String> seen = new CopyOnWriteArrayList<>();
    ChildProcess.Result r = sh("echo out1; echo err1 >&2; cat; pwd; exit 3").input("from stdin\n").directory(dir)
        .onErrorLine(seen::add).run(30);
    assertEquals(3, r.exitCode);
    assertEquals("out1\nfrom stdin\n" + dir.toRealPath() + "\n", r.stdout);
    assertEquals("err1\n", r.stderr);
    assertEquals(Arrays.asList("err1"), seen);
  }

  @Test
  void should_put_errors_into_the_output_when_merged() throws Exception {
    ChildProcess.Result r = sh("echo a; echo b >&2; echo c").mergeErrors().run(30);
    assertEquals("a\nb\nc\n", r.stdout);
    assertEquals("", r.stderr);
  }

  @Test
  void should_run_a_main_class_in_a_fresh_jvm_when_started_as_java() throws Exception {
    ChildProcess.Result r = ChildProcess.java(System.getProperty("java.class.path"), Echo.class.getName(),
        Arrays.asList("x", "y z")).run(60);
    assertEquals(0, r.exitCode, r.toString());
    assertEquals("x|y z\n", r.stdout);
  }

  @Test
  void should_kill_the_process_and_fail_with_its_output_when_it_does_not_finish_in_time() throws Exception {
    try (ChildProcess p = sh("echo started; sleep 60").start()) {
      p.awaitOutput("started", 30, TimeUnit.SECONDS);
      AssertionError e = assertThrows(AssertionError.class, () -> p.finish(1));
      assertTrue(e.getMessage().contains("did not finish within 1 s") && e.getMessage().contains("started"),
          e.getMessage());
    }
  }

  @Test
  void should_fail_the_wait_when_the_process_ends_without_the_text() throws Exception {
    try (ChildProcess p = sh("echo other").start()) {
      AssertionError e = assertThrows(AssertionError.class, () -> p.awaitOutput("never", 30, TimeUnit.SECONDS));
      assertTrue(e.getMessage().contains("it ended, exit 0"), e.getMessage());
    }
  }

  @Test
  void should_let_the_process_run_its_shutdown_hooks_when_terminated() throws Exception {
    try (ChildProcess p = sh("trap 'echo stopping; exit 143' TERM; echo ready; while true; do sleep 0.1; done")
        .start()) {
      p.awaitOutput("ready", 30, TimeUnit.SECONDS);
      p.terminate();
      ChildProcess.Result r = p.finish(30);
      assertEquals(143, r.exitCode);
      assertTrue(r.stdout.contains("stopping"), r.toString());
    }
  }

  /** A main class for the JVM test: prints its arguments joined by '|'. */
  public static final class Echo {
    public static void main(String[] args) {
      System.out.println(String.join("|", args));
    }
  }
}
