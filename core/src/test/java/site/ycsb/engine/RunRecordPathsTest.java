package site.ycsb.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.ClientRunner;
import site.ycsb.cli.ExitCode;

/**
 * The class "a run written into another run's record": a results.dir or an exportfile inside or on top of a finished
 * record ({@code other}, holding summary.json) or a killed run's ({@code killed}, holding only its claim), reached
 * directly, through {@code ..} or through a symbolic link, or an exportfile that is a file of the run's own record, is
 * refused before anything runs (exit 2, one line) and the other record is left as it was.
 */
class RunRecordPathsTest {
  @TempDir
  Path tmp;

  private byte[] otherOutput;

  @BeforeEach
  void records() throws Exception {
    Files.createDirectories(tmp.resolve("other/hdr"));
    Files.write(tmp.resolve("other/summary.json"), "{}".getBytes(StandardCharsets.UTF_8));
    otherOutput = "the other run's output\n".getBytes(StandardCharsets.UTF_8);
    Files.write(tmp.resolve("other/output.txt"), otherOutput);
    Files.createDirectories(tmp.resolve("killed"));
    Files.write(tmp.resolve("killed").resolve(ResultsDirClaim.NAME), "pid 1\n".getBytes(StandardCharsets.UTF_8));
    Files.createSymbolicLink(tmp.resolve("link-to-other"), tmp.resolve("other"));
    Files.createDirectories(tmp.resolve("plain"));
  }

  private ClientRunner run(String... extra) {
    String[] base = {"-t", "-p", "workload=site.ycsb.workloads.CoreWorkload", "-p", "recordcount=10", "-p",
        "operationcount=10", "-p", "basicdb.verbose=false"};
    String[] args = java.util.Arrays.copyOf(base, base.length + extra.length);
    System.arraycopy(extra, 0, args, base.length, extra.length);
    return ClientRunner.run(args);
  }

  private void assertRefusedAndUntouched(ClientRunner r) throws Exception {
    assertEquals(ExitCode.USAGE, r.exitCode, r.toString());
    assertEquals(1, r.err.trim().split("\n").length, r.err);
    assertTrue(r.err.contains("the record of another run") || r.err.contains("own record")
        || r.err.contains("already holds a result") || r.err.contains("killed"), r.err);
    assertArrayEquals(otherOutput, Files.readAllBytes(tmp.resolve("other/output.txt")));
    assertFalse(Files.exists(tmp.resolve("other/sub")));
  }

  @ParameterizedTest
  @ValueSource(strings = {"other/sub", "other/a/b", "other/hdr", "link-to-other/sub", "plain/../other/sub",
      "killed/sub", "other", "link-to-other"})
  void should_refuse_a_results_dir_when_it_is_in_or_on_another_record(String dir) throws Exception {
    assertRefusedAndUntouched(run("-p", "results.dir=" + tmp.resolve(dir)));
  }

  @ParameterizedTest
  @ValueSource(strings = {"other/output.txt", "other/new.txt", "other/hdr/READ.hdr", "link-to-other/output.txt",
      "plain/../other/x.txt", "killed/x.txt", "other/summary.json"})
  void should_refuse_an_exportfile_when_it_is_in_another_record(String file) throws Exception {
    assertRefusedAndUntouched(run("-p", "exportfile=" + tmp.resolve(file)));
  }

  @ParameterizedTest
  @ValueSource(strings = {"output.txt", "summary.json", "hdr/READ.hdr", "timeseries.csv", "status.log",
      "schedule-lag.hdr"})
  void should_refuse_an_exportfile_when_it_is_a_file_of_the_runs_own_record(String name) throws Exception {
    Path own = tmp.resolve("own");
    assertRefusedAndUntouched(run("-p", "results.dir=" + own, "-p", "exportfile=" + own.resolve(name)));
    assertFalse(Files.exists(own.resolve("summary.json")));
  }

  @ParameterizedTest
  @CsvSource({"plain/export.txt,own", "plain/export.json,plain", "plain/../plain/export.txt,plain/run"})
  void should_run_when_the_exportfile_and_results_dir_are_outside_other_records(String file, String dir)
      throws Exception {
    ClientRunner r = run("-p", "exportfile=" + tmp.resolve(file), "-p", "results.dir=" + tmp.resolve(dir));
    assertEquals(ExitCode.OK, r.exitCode, r.toString());
    assertTrue(Files.exists(tmp.resolve(dir).resolve("summary.json")));
    assertTrue(Files.size(tmp.resolve(file).normalize()) > 0);
  }

  @ParameterizedTest
  @ValueSource(strings = {"/proc/version", "/proc/self/comm", "/sys/kernel/mm/transparent_hugepage/enabled",
      "/proc/sys/vm/drop_caches"})
  void should_refuse_an_exportfile_when_it_is_a_kernel_file(String file) throws Exception {
    ClientRunner r = run("-p", "exportfile=" + file);
    assertEquals(ExitCode.USAGE, r.exitCode, r.toString());
    assertTrue(r.err.contains("is a kernel file"), r.err);
  }
}
