package site.ycsb.fleet.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import site.ycsb.fleet.findmax.Findmax;
import site.ycsb.fleet.suite.Suite;

/**
 * The fleet module's commands refuse bad input with one line that never shows a secret, whatever the user typed it
 * into (an option value, a path), and never splits on a control character. {@code {T}} is a temporary directory.
 */
class ToolMessagesTest {
  private static final String SECRET = "S3cretPW";
  /** The source checkout's root, which has bin/ and workloads/ as an installation has. */
  private static final String HOME = Paths.get("..").toAbsolutePath().normalize().toString();

  @TempDir
  static Path tmp;

  static Stream<Arguments> cases() {
    Function<String[], Integer> fleet = Fleet::run;
    Function<String[], Integer> suite = Suite::run;
    Function<String[], Integer> install = FleetInstall::run;
    Function<String[], Integer> findmax = Findmax::run;
    return Stream.of(
        Arguments.of("fleet", fleet, "fleet: -p needs name=value, got 'db.password:***'",
            Arrays.asList("basic", "--ycsb-home", HOME, "--hosts", "localhost", "-p", "db.password:" + SECRET,
                "--out", "{T}/fleet-out")),
        Arguments.of("suite", suite, "suite: --out /proc/password=*** cannot be created",
            Arrays.asList("basic", "--ycsb-home", HOME, "--out", "/proc/password=" + SECRET)),
        Arguments.of("suite", suite, "suite: workload 'a\\nb'",
            Arrays.asList("basic", "--ycsb-home", HOME, "--workloads", "a\nb", "--out", "{T}/suite-out")),
        // a password inside a value (user:password@host), however it reaches a tool
        Arguments.of("fleet", fleet, "fleet: --hosts",
            Arrays.asList("basic", "--ycsb-home", HOME, "--hosts", "bench:" + SECRET + "@127.0.0.1:1",
                "--out", "{T}/fleet-out")),
        Arguments.of("fleet", fleet, "fleet: --hosts",
            Arrays.asList("basic", "--ycsb-home", HOME, "--hosts", "127.0.0.1,u:" + SECRET + "@[::1]:22",
                "--out", "{T}/fleet-out")),
        Arguments.of("fleet", fleet, "fleet: ",
            Arrays.asList("basic", "--ycsb-home", HOME, "--hosts-file", "{T}/hosts-with-password",
                "--out", "{T}/fleet-out")),
        Arguments.of("fleet-install", install, "fleet-install: --hosts",
            Arrays.asList("--hosts", "bench:" + SECRET + "@127.0.0.1", "{T}/x.tar.gz")),
        Arguments.of("fleet-install", install, "fleet-install: ",
            Arrays.asList("--hosts-file", "{T}/hosts-with-password", "{T}/x.tar.gz")),
        Arguments.of("fleet", fleet, "fleet: -p",
            Arrays.asList("basic", "--ycsb-home", HOME, "--hosts", "localhost", "-p",
                "-x=http://a:" + SECRET + "@h/", "--out", "{T}/fleet-out")),
        Arguments.of("suite", suite, "suite: ",
            Arrays.asList("basic", "--ycsb-home", HOME, "-P", "{T}/no/http://a:" + SECRET + "@h/p",
                "--out", "{T}/suite-out")),
        // an output directory in or on another run's record (also through a link)
        Arguments.of("suite", suite, "suite: --out {T}/record/sub is inside the record of another run",
            Arrays.asList("basic", "--ycsb-home", HOME, "--out", "{T}/record/sub")),
        Arguments.of("suite", suite, "suite: --out {T}/link-to-record/sub is inside the record of another run",
            Arrays.asList("basic", "--ycsb-home", HOME, "--out", "{T}/link-to-record/sub")),
        Arguments.of("findmax", findmax, "findmax: --out {T}/record is the record of another run",
            Arrays.asList("basic", "--sla", "p99<10ms", "--ycsb-home", HOME, "--out", "{T}/record")),
        Arguments.of("findmax", findmax, "findmax: --out {T}/record/hdr is inside the record of another run",
            Arrays.asList("basic", "--sla", "p99<10ms", "--ycsb-home", HOME, "--out", "{T}/record/hdr")),
        Arguments.of("suite", suite, "suite: --hook-before needs a command (got an empty word)",
            Arrays.asList("basic", "--ycsb-home", HOME, "--hook-before", "", "--out", "{T}/suite-out")),
        Arguments.of("fleet", fleet, "fleet: --hook-after needs a command (got only blanks)",
            Arrays.asList("basic", "--ycsb-home", HOME, "--hosts", "localhost", "--hook-after", "  ",
                "--out", "{T}/fleet-out")),
        // configuration mistakes are usage errors (2), not every host "unreachable" (1)
        Arguments.of("fleet", fleet, "fleet: --ssh-config /nonexistent does not exist",
            Arrays.asList("basic", "--ycsb-home", HOME, "--hosts", "localhost", "--ssh-config", "/nonexistent",
                "--out", "{T}/fleet-out")),
        Arguments.of("fleet", fleet, "fleet: --ssh-config {T} is not a readable file",
            Arrays.asList("basic", "--ycsb-home", HOME, "--hosts", "localhost", "--ssh-config", "{T}",
                "--out", "{T}/fleet-out")),
        Arguments.of("fleet", fleet, "fleet: --ssh-option is empty",
            Arrays.asList("basic", "--ycsb-home", HOME, "--hosts", "localhost", "--ssh-option", " ",
                "--out", "{T}/fleet-out")),
        Arguments.of("fleet", fleet, "fleet: --ssh-option '-oPassword=***': give the option without its dash",
            Arrays.asList("basic", "--ycsb-home", HOME, "--hosts", "localhost", "--ssh-option", "-oPassword=" + SECRET,
                "--out", "{T}/fleet-out")),
        Arguments.of("fleet", fleet, "fleet: --ssh-option 'IdentityFile' is not Key=value",
            Arrays.asList("basic", "--ycsb-home", HOME, "--hosts", "localhost", "--ssh-option", "IdentityFile",
                "--out", "{T}/fleet-out")),
        Arguments.of("fleet-install", install, "fleet-install: --ssh-option is empty",
            Arrays.asList("--hosts", "localhost", "--ssh-option", "", "{T}/x.tar.gz")),
        Arguments.of("fleet-install", install, "fleet-install: tarball {T}/fake.tar.gz is not gzip-compressed",
            Arrays.asList("--hosts", "localhost", "{T}/fake.tar.gz")),
        Arguments.of("fleet-install", install, "fleet-install: tarball {T}/empty.tgz is not gzip-compressed",
            Arrays.asList("--hosts", "localhost", "{T}/empty.tgz")),
        Arguments.of("fleet-install", install, "fleet-install: --ssh-config /no/such/config does not exist",
            Arrays.asList("--hosts", "localhost", "--ssh-config", "/no/such/config", "{T}/x.tar.gz")),
        Arguments.of("fleet", fleet, "fleet: --out {T}/record/x is inside the record of another run",
            Arrays.asList("basic", "--ycsb-home", HOME, "--hosts", "localhost", "--out", "{T}/record/x")),
        // an option that takes one value, given twice: refused in every tool, never "the last wins" or "both"
        Arguments.of("suite", suite, "suite: --workloads is given twice ('load,a', then 'c'); give it once",
            Arrays.asList("basic", "--ycsb-home", HOME, "--workloads", "load,a", "--workloads", "c")),
        Arguments.of("suite", suite, "suite: --repeat is given twice ('2', then '2'); give it once",
            Arrays.asList("basic", "--ycsb-home", HOME, "--repeat=2", "--repeat", "2")),
        Arguments.of("suite", suite, "suite: --hook-after is given twice ('curl -u a:***@h', then 'true')",
            Arrays.asList("basic", "--ycsb-home", HOME, "--hook-after", "curl -u a:" + SECRET + "@h",
                "--hook-after", "true")),
        Arguments.of("fleet", fleet, "fleet: --hosts is given twice ('localhost', then '127.0.0.2')",
            Arrays.asList("basic", "--ycsb-home", HOME, "--hosts", "localhost", "--hosts", "127.0.0.2")),
        Arguments.of("fleet", fleet, "fleet: --out is given twice",
            Arrays.asList("basic", "--ycsb-home", HOME, "--hosts", "localhost", "--out", "{T}/o1", "--out",
                "{T}/o2")),
        Arguments.of("fleet-install", install, "fleet-install: --remote-home is given twice ('/opt/a', then '/opt/b')",
            Arrays.asList("--hosts", "localhost", "--remote-home", "/opt/a", "--remote-home", "/opt/b",
                "{T}/x.tar.gz")),
        Arguments.of("findmax", findmax, "findmax: --sla p99 is given twice ('p99<10ms', then 'p99 < 20ms')",
            Arrays.asList("basic", "--sla", "p99<10ms", "--sla", "p99 < 20ms", "--ycsb-home", HOME)),
        Arguments.of("findmax", findmax, "findmax: --sla errors is given twice ('errors<1%', then 'errors<2%')",
            Arrays.asList("basic", "--sla", "p99<10ms", "--sla", "errors<1%", "--sla", "errors<2%")),
        Arguments.of("findmax", findmax, "findmax: --step-time is given twice ('10s', then '20s')",
            Arrays.asList("basic", "--sla", "p99<10ms", "--step-time", "10s", "--step-time=20s")),
        // values a step would only fail on, after the search has begun (and left a step directory)
        Arguments.of("findmax", findmax, "findmax: --start 1e12: the first step's target=1e12",
            Arrays.asList("basic", "--sla", "p99<10ms", "--start", "1e12")),
        Arguments.of("findmax", findmax, "findmax: --start 2000000000: the first step's target=2000000000",
            Arrays.asList("basic", "--sla", "p99<10ms", "--start", "2000000000")),
        Arguments.of("findmax", findmax, "findmax: --step-time=1ms is shorter than 1s",
            Arrays.asList("basic", "--sla", "p99<10ms", "--step-time", "1ms")),
        Arguments.of("findmax", findmax, "findmax: --step-time=999ms is shorter than 1s",
            Arrays.asList("basic", "--sla", "p99<10ms", "--step-time", "999ms")),
        Arguments.of("findmax", findmax, "findmax: --start is given twice",
            Arrays.asList("basic", "--sla", "p99<10ms", "--start", "100", "--start", "100")));
  }

  @org.junit.jupiter.api.BeforeAll
  static void hostsFile() throws java.io.IOException {
    java.nio.file.Files.write(tmp.resolve("hosts-with-password"),
        ("# clients\nycsb@127.0.0.1\nbench:" + SECRET + "@127.0.0.2:22 /opt/ycsb\n")
            .getBytes(StandardCharsets.UTF_8));
    java.nio.file.Files.write(tmp.resolve("x.tar.gz"), new byte[] {0x1f, (byte) 0x8b});
    java.nio.file.Files.write(tmp.resolve("fake.tar.gz"), "not a tarball".getBytes(StandardCharsets.UTF_8));
    java.nio.file.Files.write(tmp.resolve("empty.tgz"), new byte[0]);
    java.nio.file.Files.createDirectories(tmp.resolve("record/hdr"));
    java.nio.file.Files.write(tmp.resolve("record/summary.json"), "{}".getBytes(StandardCharsets.UTF_8));
    java.nio.file.Files.createSymbolicLink(tmp.resolve("link-to-record"), tmp.resolve("record"));
  }

  @ParameterizedTest(name = "[{index}] {0} {3}")
  @MethodSource("cases")
  void should_print_one_masked_line_and_exit_2_when_the_input_is_bad(String tool, Function<String[], Integer> main,
      String expected, List<String> args) {
    String[] a = args.stream().map(s -> s.replace("{T}", tmp.toString())).toArray(String[]::new);
    PrintStream saved = System.err;
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code;
    try {
      System.setErr(new PrintStream(err, true));
      code = main.apply(a);
    } finally {
      System.setErr(saved);
    }
    String text = new String(err.toByteArray(), StandardCharsets.UTF_8);
    assertEquals(2, code, text);
    expected = expected.replace("{T}", tmp.toString());
    assertTrue(text.startsWith(expected), "expected '" + expected + "' in:\n" + text);
    assertEquals(1, text.trim().split("\n").length, text);
    assertFalse(text.contains(SECRET), text);
    assertFalse(tmp.resolve("fleet-out").toFile().exists(), "fleet left its output directory");
  }
}
