package site.ycsb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.ClientRunner;

/** Result files that are named pipes: a reader gets the results, no reader gives an error in bounded time. */
class OutputFilesTest {
  @TempDir
  Path dir;

  private File fifo() throws Exception {
    File f = dir.resolve("pipe").toFile();
    Process p = new ProcessBuilder("mkfifo", f.getPath()).start();
    assumeTrue(p.waitFor() == 0 && f.exists(), "mkfifo is available");
    return f;
  }

  @Test
  void should_fail_within_the_time_limit_when_nothing_reads_the_pipe() throws Exception {
    File f = fifo();
    long start = System.nanoTime();
    IOException e = assertThrows(IOException.class, () -> OutputFiles.open(f, false, 300));
    long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    assertTrue(e.getMessage().contains("a named pipe needs a reader"), e.getMessage());
    assertTrue(ms < 5_000, "gave up after " + ms + " ms");
  }

  @Test
  void should_write_to_the_pipe_when_a_reader_opens_it() throws Exception {
    File f = fifo();
    CompletableFuture<String> read = CompletableFuture.supplyAsync(() -> {
      try (InputStream in = new FileInputStream(f)) {
        byte[] b = new byte[64];
        int n = in.read(b);
        return new String(b, 0, Math.max(0, n), StandardCharsets.UTF_8);
      } catch (IOException x) {
        return "failed: " + x;
      }
    });
    try (OutputStream out = OutputFiles.open(f, false, 10_000)) {
      out.write("[OVERALL]".getBytes(StandardCharsets.UTF_8));
    }
    assertEquals("[OVERALL]", read.get(10, TimeUnit.SECONDS));
  }

  @Test
  void should_create_and_append_to_a_regular_file() throws Exception {
    File f = dir.resolve("out.txt").toFile();
    try (OutputStream out = OutputFiles.open(f, false)) {
      out.write('a');
    }
    try (OutputStream out = OutputFiles.open(f, true)) {
      out.write('b');
    }
    assertEquals("ab", new String(Files.readAllBytes(f.toPath()), StandardCharsets.UTF_8));
  }

  @Test
  void should_print_the_results_on_stdout_and_exit_1_when_the_export_pipe_has_no_reader() throws Exception {
    File f = fifo();
    ClientRunner r = ClientRunner.run("-t", "-p", "workload=site.ycsb.workloads.CoreWorkload", "-p", "recordcount=10",
        "-p", "basicdb.verbose=false", "-p", "operationcount=20", "-p", "exportfile=" + f);
    assertEquals(ExitCode.RUN_FAILED, r.exitCode, r.toString());
    assertTrue(r.err.contains("Error: cannot write exportfile " + f + " (nothing opened it for reading within 10 s"),
        r.err);
    assertTrue(r.out.contains("[OVERALL], RunTime(ms)"), r.out);
  }
}
