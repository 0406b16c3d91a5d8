package site.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A TimeseriesDB binding compiled against YCSB 0.17.0's core runs TimeSeriesWorkload in this engine. */
class Ycsb017TimeseriesCompatibilityIT {
  private static final File TARGET = new File("target").getAbsoluteFile();

  @TempDir
  Path tmp;

  @Test
  void should_run_a_timeseries_binding_compiled_against_0_17_0_when_loaded_by_this_core() throws Exception {
    Path src = tmp.resolve("src/compat/CompatProbeTSDB.java");
    Files.createDirectories(src.getParent());
    try (InputStream in = getClass().getResourceAsStream("/compat/CompatProbeTSDB.java")) {
      Files.copy(in, src, StandardCopyOption.REPLACE_EXISTING);
    }
    File out = tmp.resolve("classes").toFile();
    assertTrue(out.mkdirs());
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    String core017 = new File(TARGET, "ycsb-0.17.0/lib/core-0.17.0.jar").getPath();
    assertEquals(0, javac.run(null, null, null, "--release", "8", "-Xlint:-options", "-cp", core017, "-d",
        out.getPath(), src.toString()), "the probe compiles against 0.17.0's core");
    String cp = thisCoreRuntime() + File.pathSeparator + out.getAbsolutePath();
    Path workload = tmp.resolve("tsworkload");
    Files.write(workload, ("workload=site.ycsb.workloads.TimeSeriesWorkload\nrecordcount=1200\noperationcount=900\n"
        + "fieldcount=3\ntagcount=2\ntagcardinality=2,5\ninsertstart=1700000000\nreadproportion=0.4\n"
        + "updateproportion=0\ninsertproportion=0.3\nscanproportion=0.3\nquerytimespan=120\n")
        .getBytes(StandardCharsets.UTF_8));
    JavaProcess load = JavaProcess.run(tmp.toFile(), cp, "site.ycsb.Client", "-load", "-db", "compat.CompatProbeTSDB",
        "-P", workload.toString(), "-threads", "3");
    assertEquals(0, load.exitCode, load.toString());
    assertTrue(load.output.contains("[INSERT], Operations, 1200"), load.toString());
    assertTrue(load.output.contains("[TS-PROBE], inserts=1200, reads=0, scans=0, bad=0"), load.toString());
    JavaProcess run = JavaProcess.run(tmp.toFile(), cp, "site.ycsb.Client", "-t", "-db", "compat.CompatProbeTSDB",
        "-P", workload.toString(), "-threads", "3");
    assertEquals(0, run.exitCode, run.toString());
    assertTrue(run.output.contains("bad=0"), run.toString());
    assertTrue(run.output.matches("(?s).*\\[TS-PROBE\\], inserts=[1-9][0-9]*, reads=[1-9][0-9]*, scans=[1-9].*"),
        run.toString());
  }

  private static String thisCoreRuntime() throws IOException {
    String deps = new String(Files.readAllBytes(new File(TARGET, "runtime-classpath.txt").toPath()),
        StandardCharsets.UTF_8).trim();
    return new File(TARGET, "classes").getAbsolutePath() + File.pathSeparator + deps;
  }
}
