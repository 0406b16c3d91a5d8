package site.ycsb.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import site.ycsb.testsupport.ChildProcess;

/**
 * Unit test of bin/ycsb in a source checkout, with TEST DOUBLES for the external tools: a fake {@code mvn} that logs
 * its arguments and creates the jars a real build would, and a fake {@code java} that prints its arguments. The real
 * launcher runs against a small checkout whose binding module directory differs from its artifactId.
 */
class LauncherSourceModeTest {
  private static final Path LAUNCHER_BIN = Paths.get(System.getProperty("launcher.bin", "../bin"));

  @TempDir
  Path checkout;

  private Path mavenLog;
  private Path fakeMaven;
  private Path fakeJdk;

  @BeforeEach
  void createCheckout() throws IOException {
    write("pom.xml", "<project><artifactId>root</artifactId></project>\n");
    write("core/pom.xml", "<project>\n  <parent>\n    <artifactId>root</artifactId>\n  </parent>\n"
        + "  <artifactId>core</artifactId>\n</project>\n");
    write("core/src/main/java/Core.java", "class Core {}\n");
    write("metrics/pom.xml", "<project>\n  <parent><artifactId>root</artifactId></parent>\n"
        + "  <artifactId>metrics</artifactId>\n</project>\n");
    write("metrics/src/main/java/Endpoint.java", "class Endpoint {}\n");
    write("driverdir/pom.xml", "<project>\n  <parent><artifactId>root</artifactId></parent>\n"
        + "  <artifactId>fake-binding</artifactId>\n  <dependencies><dependency><artifactId>core</artifactId>"
        + "</dependency></dependencies>\n</project>\n");
    write("driverdir/src/main/java/FakeDB.java", "class FakeDB {}\n");
    Files.createDirectories(checkout.resolve("bin"));
    Files.copy(LAUNCHER_BIN.resolve("ycsb"), checkout.resolve("bin/ycsb"), StandardCopyOption.COPY_ATTRIBUTES);
    write("bin/bindings.properties", "basic:site.ycsb.BasicDB:\nfake:com.example.FakeDB:fake-binding\n");
    write("bin/tools.properties", "");

    mavenLog = checkout.resolve("maven-calls.log");
    fakeMaven = executable("fake-mvn", "#!/bin/sh\n"
        + "printf '%s\\n' \"$*\" >> '" + mavenLog + "'\n"
        + "[ -n \"$FAKE_MVN_FAIL\" ] && exit 1\n"
        + "mkdir -p core/target/dependency metrics/target/dependency driverdir/target/dependency\n"
        + ": > core/target/core-1.0.jar; : > core/target/core-1.0-tests.jar\n"
        + ": > core/target/dependency/HdrHistogram-2.2.2.jar\n"
        + ": > metrics/target/metrics-1.0.jar; : > metrics/target/dependency/prometheus-1.0.jar\n"
        + ": > driverdir/target/fake-binding-1.0.jar; : > driverdir/target/dependency/driver-3.0.jar\n");
    fakeJdk = checkout.resolve("fake-jdk");
    executable("fake-jdk/bin/java", "#!/bin/sh\nfor a in \"$@\"; do printf '[%s]\\n' \"$a\"; done\n");
  }

  @Test
  void should_build_once_with_maven_and_start_from_module_targets_when_run_in_a_source_checkout() throws Exception {
    ChildProcess.Result first = ycsb(Collections.<String>emptyList(), "load", "fake", "-p", "note=a b");
    assertEquals(0, first.exitCode, first.toString());
    List<String> calls = mavenCalls();
    assertEquals(1, calls.size(), calls.toString());
    assertTrue(calls.get(0).contains("package dependency:copy-dependencies -pl :core,:metrics,:fake-binding -am"),
        calls.get(0));
    assertTrue(calls.get(0).contains("-DskipTests"), calls.get(0));

    String expectedClasspath = String.join(":", checkout.resolve("core/target/core-1.0.jar").toString(),
        checkout.resolve("core/target/dependency/HdrHistogram-2.2.2.jar").toString(),
        checkout.resolve("metrics/target/metrics-1.0.jar").toString(),
        checkout.resolve("metrics/target/dependency/prometheus-1.0.jar").toString(),
        checkout.resolve("driverdir/target/fake-binding-1.0.jar").toString(),
        checkout.resolve("driverdir/target/dependency/driver-3.0.jar").toString());
    assertEquals(Arrays.asList("-cp", expectedClasspath, "site.ycsb.Client", "-db", "com.example.FakeDB", "-p",
        "note=a b", "-load"), javaArguments(first));

    ChildProcess.Result second = ycsb(Collections.<String>emptyList(), "run", "fake");
    assertEquals(0, second.exitCode, second.toString());
    assertEquals(1, mavenCalls().size(), "jars exist and sources are unchanged: no Maven call expected");
    assertEquals("-t", last(javaArguments(second)));
  }

  @Test
  void should_rebuild_when_a_main_source_is_newer_than_the_last_build_unless_told_to_skip() throws Exception {
    assertEquals(0, ycsb(Collections.<String>emptyList(), "run", "fake").exitCode);
    touchInFuture("driverdir/src/main/java/FakeDB.java");

    assertEquals(0, ycsb(Collections.singletonList("YCSB_SKIP_BUILD=1"), "run", "fake").exitCode);
    assertEquals(1, mavenCalls().size(), "YCSB_SKIP_BUILD=1 must not call Maven");

    assertEquals(0, ycsb(Collections.<String>emptyList(), "run", "fake").exitCode);
    assertEquals(2, mavenCalls().size(), "a changed source must trigger one rebuild");
  }

  @Test
  void should_exit_1_naming_maven_when_the_build_fails() throws Exception {
    ChildProcess.Result result = ycsb(Collections.singletonList("FAKE_MVN_FAIL=1"), "run", "basic");
    assertEquals(1, result.exitCode, result.toString());
    assertTrue(result.stderr.contains("Maven build failed"), result.toString());
    assertTrue(javaArguments(result).isEmpty(), "java must not start after a failed build");
  }

  private ChildProcess.Result ycsb(List<String> extraEnv, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(Arrays.asList("env", "-i", "PATH=/usr/bin:/bin",
        "JAVA_HOME=" + fakeJdk, "MVN=" + fakeMaven));
    command.addAll(extraEnv);
    command.add(checkout.resolve("bin/ycsb").toString());
    command.addAll(Arrays.asList(args));
    return Processes.run(checkout, command);
  }

  private static List<String> javaArguments(ChildProcess.Result result) {
    List<String> args = new ArrayList<>();
    for (String line : result.stdout.split("\n")) {
      if (line.startsWith("[") && line.endsWith("]")) {
        args.add(line.substring(1, line.length() - 1));
      }
    }
    return args;
  }

  private List<String> mavenCalls() throws IOException {
    return Files.exists(mavenLog) ? Files.readAllLines(mavenLog, StandardCharsets.UTF_8)
        : Collections.<String>emptyList();
  }

  private void touchInFuture(String relative) throws IOException {
    Files.setLastModifiedTime(checkout.resolve(relative), FileTime.fromMillis(System.currentTimeMillis() + 60_000));
  }

  private static String last(List<String> list) {
    return list.get(list.size() - 1);
  }

  private void write(String relative, String content) throws IOException {
    Path file = checkout.resolve(relative);
    Files.createDirectories(file.getParent());
    Files.write(file, content.getBytes(StandardCharsets.UTF_8));
  }

  private Path executable(String relative, String content) throws IOException {
    write(relative, content);
    Path file = checkout.resolve(relative);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    return file;
  }
}
