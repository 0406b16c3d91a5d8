package site.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Classes of bad input to the client, one row each: the exit code, the one line printed (and nothing else), and
 * that the secret {@value #SECRET} never appears in any stream. {@code {W}} stands for a valid workload file,
 * {@code {T}} for a temporary directory. The launcher's own cases are in the distribution's launcher test.
 */
class BadInputTest {
  static final String SECRET = "S3cretPW";

  @TempDir
  static Path tmp;

  private static String workload;

  @BeforeEach
  void workloadFile() throws IOException {
    workload = write("workload", "workload=site.ycsb.workloads.CoreWorkload\nrecordcount=100\n"
        + "operationcount=200\nreadproportion=0.5\nupdateproportion=0.5\n");
    write("malformed", "workload=site.ycsb.workloads.CoreWorkload\nx=\\u00zz\n");
    write("secret-in-file", "workload=site.ycsb.workloads.CoreWorkload\noperationcount=10\ndb.password " + SECRET + "\n");
    write("notadir", "x");
    Files.createDirectories(tmp.resolve("busy"));
    write("busy/.ycsb-run-in-progress", "pid 4242\n");
  }

  private static String write(String name, String content) throws IOException {
    Path p = tmp.resolve(name);
    Files.write(p, content.getBytes(StandardCharsets.UTF_8));
    return p.toString();
  }

  static Stream<Arguments> cases() {
    return Stream.of(
        // Secrets typed in malformed arguments are masked before they are quoted.
        row(2, "-p needs name=value, got 'db.password ***'", "-P", "{W}", "-p", "db.password " + SECRET),
        row(2, "-p needs name=value, got 'db.password:***'", "-P", "{W}", "-p", "db.password:" + SECRET),
        row(2, "unknown option '-pdb.password=***'", "-P", "{W}", "-pdb.password=" + SECRET),
        row(2, "cannot read property file db.password=***", "-P", "db.password=" + SECRET),
        // A missing option value is named, not confused with the next option.
        row(2, "-l needs a value", "-P", "{W}", "-l"),
        row(2, "-threads needs a value (got the option -t instead)", "-P", "{W}", "-threads", "-t"),
        row(2, "-p needs a value (got the option -load instead)", "-P", "{W}", "-p", "-load"),
        row(2, "-P needs a value", "-P"),
        row(2, "-load and -t both given", "-P", "{W}", "-t", "-load"),
        row(2, "-load and -t both given", "-P", "{W}", "-load", "-s", "-t"),
        // Property files that are not property files.
        row(2, "is malformed", "-P", "{T}/malformed"),
        row(2, "not a regular file", "-P", "/dev/zero"),
        row(2, "not a regular file", "-P", "{T}"),
        row(2, "no such file", "-P", "{T}/nope"),
        // A control character typed in an argument is shown escaped: the error stays one line.
        row(2, "cannot read property file {T}/no\\nfile: no such file", "-P", "{T}/no\nfile"),
        row(2, "unknown option 'a\\r\\u001bb'", "-P", "{W}", "a\r\u001bb"),
        // Values outside their domain.
        row(2, "readproportion=2 must be a number between 0 and 1", "-P", "{W}", "-p", "readproportion=2"),
        row(2, "updateproportion=-0.1 must be a number between 0 and 1", "-P", "{W}", "-p", "updateproportion=-0.1"),
        row(2, "readproportion=NaN is not a number", "-P", "{W}", "-p", "readproportion=NaN"),
        row(2, "insertorder=weird is not one of: hashed, ordered", "-P", "{W}", "-p", "insertorder=weird"),
        row(2, "insertorder=Hashed is not one of: hashed, ordered", "-P", "{W}", "-p", "insertorder=Hashed"),
        row(2, "recordcount=99999999999999999999 is too large", "-P", "{W}", "-p",
            "recordcount=99999999999999999999"),
        row(2, "insertstart=5000 is not below recordcount=100", "-P", "{W}", "-p", "insertstart=5000"),
        row(2, "insertstart=5000 is not below recordcount=100", "-P", "{W}", "-p", "insertstart=5000", "-load"),
        row(2, "start.epochms=1 is more than an hour in the past", "-P", "{W}", "-p", "start.epochms=1"),
        // A start in microseconds (or any instant more than a day away) would wait for years.
        row(2, "is more than a day in the future", "-P", "{W}", "-p",
            "start.epochms=" + System.currentTimeMillis() * 1000),
        row(2, "is more than a day in the future", "-P", "{W}", "-p",
            "start.epochms=" + (System.currentTimeMillis() + 25L * 3600 * 1000)),
        // Numbers are ASCII digits as people write them: not other scripts' digits, not Java's 0.5d or hex floats.
        row(2, "threadcount=\u0664 is not a whole number", "-P", "{W}", "-threads", "\u0664"),
        row(2, "operationcount=\uFF11\uFF10\uFF10 is not a whole number", "-P", "{W}", "-p",
            "operationcount=\uFF11\uFF10\uFF10"),
        row(2, "readproportion=0.5d is not a number", "-P", "{W}", "-p", "readproportion=0.5d"),
        row(2, "target=0x1p10 is not a number", "-P", "{W}", "-target", "0x1p10"),
        // A target so low its second operation would come after years (1e-300 overflowed the slot times).
        row(2, "target=1e-300 is below the lowest rate, 1.0E-8 ops/s", "-P", "{W}", "-target", "1e-300"),
        row(2, "target=0.000000001 is below the lowest rate", "-P", "{W}", "-target", "0.000000001"),
        // Far beyond any real value: a typo that would run unthrottled, or never print a status line.
        row(2, "target=1e99 is too large (at most 1000000000)", "-P", "{W}", "-target", "1e99"),
        row(2, "target=99999999999999999999 is too large", "-P", "{W}", "-p", "target=99999999999999999999"),
        row(2, "status.interval=1e99 is too large (at most 86400)", "-P", "{W}", "-s", "-p", "status.interval=1e99"),
        row(2, "warmup=\u0665ops is not valid", "-P", "{W}", "-p", "warmup=\u0665ops"),
        row(2, "warmup=5ds is not valid", "-P", "{W}", "-p", "warmup=5ds"),
        row(2, "async.window.us=-1 must be at least 0", "-P", "{W}", "-p", "async.window.us=-1"),
        row(2, "async.window.us=200000 is longer than 100000 us", "-P", "{W}", "-p", "async.window.us=200000"),
        row(2, "async.window.us=1ms is not a whole number", "-P", "{W}", "-p", "async.window.us=1ms"),
        row(2, "async.deadline.s=0 must be between 1 and 86400", "-P", "{W}", "-p", "async.deadline.s=0"),
        row(2, "async.deadline.s=86401 must be between 1 and 86400", "-P", "{W}", "-p", "async.deadline.s=86401"),
        row(2, "async.deadline.s=5m is not a whole number", "-P", "{W}", "-p", "async.deadline.s=5m"),
        // Measurement settings read by client threads are refused before the run, not half-way through it.
        row(2, "timeseries.granularity=0 must be at least 1", "-P", "{W}", "-p", "measurementtype=timeseries", "-p",
            "timeseries.granularity=0"),
        row(2, "timeseries.granularity=abc is not a whole number", "-P", "{W}", "-p", "measurementtype=timeseries",
            "-p", "timeseries.granularity=abc"),
        row(2, "histogram.buckets=abc is not a whole number", "-P", "{W}", "-p", "measurementtype=histogram", "-p",
            "histogram.buckets=abc"),
        row(2, "histogram.buckets=0 must be at least 1", "-P", "{W}", "-p", "measurementtype=hdrhistogram+histogram",
            "-p", "histogram.buckets=0"),
        row(2, "measurement.raw.no_summary=yes must be true or false", "-P", "{W}", "-p", "measurementtype=raw", "-p",
            "measurement.raw.no_summary=yes"),
        row(2, "hdrhistogram.fileoutput=maybe must be true or false", "-P", "{W}", "-p", "hdrhistogram.fileoutput=maybe"),
        row(2, "measurement.histogram.verbose=1 must be true or false", "-P", "{W}", "-p",
            "measurement.histogram.verbose=1"),
        row(2, "reportlatencyforeacherror=maybe must be true or false", "-P", "{W}", "-p",
            "reportlatencyforeacherror=maybe"),
        row(2, "recordcount is 0 (or not set): the run would read, update or scan keys among 2^31", "-P", "{W}",
            "-p", "recordcount=0"),
        // A value given blank (an unset shell variable) is refused, not read as the default, whatever its type.
        row(2, "target is given empty: give a value, or leave target out for its default", "-P", "{W}", "-p",
            "target="),
        row(2, "threadcount is given empty", "-P", "{W}", "-p", "threadcount= "),
        row(2, "operationcount is given empty", "-P", "{W}", "-p", "operationcount="),
        row(2, "fieldlength is given empty", "-P", "{W}", "-p", "fieldlength="),
        row(2, "readproportion is given empty", "-P", "{W}", "-p", "readproportion=\t"),
        row(2, "status is given empty", "-P", "{W}", "-p", "status="),
        row(2, "warmup is given empty", "-P", "{W}", "-p", "warmup="),
        row(2, "hdrhistogram.percentiles is given empty", "-P", "{W}", "-p", "hdrhistogram.percentiles="),
        row(2, "results.dir is empty: give a directory, or leave the property out", "-P", "{W}", "-p", "results.dir="),
        row(2, "exportfile is empty: give a file, or leave the property out", "-P", "{W}", "-p", "exportfile= "),
        row(2, "table is empty; leave it out for the default (usertable) or name the table", "-P", "{W}", "-p",
            "table="),
        row(2, "fieldlengthhistogram={T}/nope does not exist (fieldlengthdistribution=histogram reads it)", "-P",
            "{W}", "-p", "fieldlengthdistribution=histogram", "-p", "fieldlengthhistogram={T}/nope"),
        row(2, "fieldlengthhistogram={T} is not a readable file", "-P", "{W}", "-p", "fieldlengthdistribution=histogram",
            "-p", "fieldlengthhistogram={T}"),
        row(2, "fieldlengthhistogram: histogram file {T}/notadir line 1: expected 'BlockSize<TAB>n', got 'x'", "-P",
            "{W}", "-p", "fieldlengthdistribution=histogram", "-p", "fieldlengthhistogram={T}/notadir"),
        // Values so large that the engine's arithmetic overflowed (the run ended at once, exit 0) or the heap filled.
        row(2, "maxexecutiontime=9223372036854775807 must be between 0 and 315360000", "-P", "{W}", "-p",
            "maxexecutiontime=9223372036854775807"),
        row(2, "warmup=1e400s is not valid", "-P", "{W}", "-p", "warmup=1e400s"),
        row(2, "warmup=1e12s is not valid", "-P", "{W}", "-p", "warmup=1e12s"),
        row(2, "fieldcount=2000000000 must be between 1 and 1000000", "-P", "{W}", "-p", "fieldcount=2000000000"),
        // Each blocking thread is a Java thread started before anything is said: the machine would run out first.
        row(2, "threadcount=2147483647 is more than 100000 client threads", "-P", "{W}", "-threads", "2147483647",
            "-p", "operationcount=0", "-p", "maxexecutiontime=1"),
        // Runs that would measure nothing.
        row(2, "covers all 200 operations", "-P", "{W}", "-p", "warmup=100000ops"),
        row(2, "is not shorter than maxexecutiontime=2", "-P", "{W}", "-p", "warmup=30s", "-p",
            "maxexecutiontime=2"),
        // Output destinations checked before anything runs.
        row(2, "exportfile {T}/no/such/dir/out.txt cannot be written", "-P", "{W}", "-p",
            "exportfile={T}/no/such/dir/out.txt"),
        row(2, "exportfile {T} is a directory", "-P", "{W}", "-p", "exportfile={T}"),
        // the other outputs outside results.dir: 0.17.0 found them unwritable in a client thread, or at the end
        row(2, "hdrhistogram.output.path {T}/notadir/x- cannot be written", "-P", "{W}", "-p",
            "hdrhistogram.fileoutput=true", "-p", "hdrhistogram.output.path={T}/notadir/x-"),
        row(2, "hdrhistogram.output.path /proc/ycsb-badinput/", "-P", "{W}", "-p", "hdrhistogram.fileoutput=true",
            "-p", "hdrhistogram.output.path=/proc/ycsb-badinput/"),
        row(2, "measurement.raw.output_file {T}/no/such/dir/raw.txt cannot be written", "-P", "{W}", "-p",
            "measurementtype=raw", "-p", "measurement.raw.output_file={T}/no/such/dir/raw.txt"),
        row(2, "measurement.raw.output_file {T} is a directory", "-P", "{W}", "-p", "measurementtype=hdrhistogram+raw",
            "-p", "measurement.raw.output_file={T}"),
        row(2, "measurement.raw.output_file /proc/self/status is a kernel file", "-P", "{W}", "-p",
            "measurementtype=raw", "-p", "measurement.raw.output_file=/proc/self/status"),
        // A secret-looking name=value inside another value (a path) is masked in the message, the rest kept.
        row(2, "exportfile {T}/no/db.password=*** cannot be written", "-P", "{W}", "-p",
            "exportfile={T}/no/db.password=" + SECRET + "/out.txt"),
        row(2, "results.dir {T}/notadir/token:*** cannot be created", "-P", "{W}", "-p",
            "results.dir={T}/notadir/token:" + SECRET),
        // Permission bits are not the test: root may "write" to /proc or a read-only mount and fail after the run.
        row(2, "exportfile /proc/ycsb-badinput-export.txt cannot be written", "-P", "{W}", "-p",
            "exportfile=/proc/ycsb-badinput-export.txt"),
        row(2, "cannot be created", "-P", "{W}", "-p", "results.dir={T}/notadir/sub"),
        // A killed run's claim (no process holds its lock): its partial record is not mixed with a new one.
        row(2, "results.dir {T}/busy holds the partial record of a run that was killed (pid 4242)", "-P", "{W}",
            "-p", "results.dir={T}/busy"),
        // Errors about classes and measurement settings come before any banner line.
        row(2, "com.example.NoSuchDB was not found", "-P", "{W}", "-db", "com.example.NoSuchDB"),
        row(2, "measurement.interval=sometimes is not one of", "-P", "{W}", "-p", "measurement.interval=sometimes"),
        row(2, "workload class com.example.NoWorkload was not found", "-P", "{W}", "-p",
            "workload=com.example.NoWorkload"),
        // A binding that refuses its configuration (DBException caused by IllegalArgumentException): exit 2.
        row(2, "Property 'faulty.port' must be an integer, got 'abc'.", "-P", "{W}", "-db",
            FaultyDB.class.getName(), "-p", "faulty.badconfig=abc", "-p", "results.dir={T}/refused"),
        // The basic binding refuses values it cannot use instead of reading them as false or crashing: exit 2.
        row(2, "basicdb.verbose=maybe must be true or false", "-P", "{W}", "-p", "basicdb.verbose=maybe"),
        row(2, "basicdb.count=1 must be true or false", "-P", "{W}", "-p", "basicdb.count=1"),
        row(2, "basicdb.simulatedelay=abc is not a whole number", "-P", "{W}", "-p", "basicdb.simulatedelay=abc"),
        row(2, "basicdb.simulatedelay=-5 must be at least 0", "-P", "{W}", "-p", "basicdb.simulatedelay=-5"),
        // Live metrics: an address that is not one, a port out of range, a URL that is not a gateway's or holds a
        // secret, intervals out of bounds; and the metrics jar missing (core alone), all before anything runs.
        row(2, "metrics.listen=65536: port 65536 is out of range", "-P", "{W}", "-p", "metrics.listen=65536"),
        row(2, "port 99999 is out of range", "-P", "{W}", "-p", "metrics.listen=127.0.0.1:99999"),
        row(2, "localhost is not an IP address", "-P", "{W}", "-p", "metrics.listen=localhost:9400"),
        row(2, "300.0.0.1 is not an IP address", "-P", "{W}", "-p", "metrics.listen=300.0.0.1:9400"),
        row(2, "[1:2:3:4:5:6:7:8:9] is not an IPv6 address", "-P", "{W}", "-p",
            "metrics.listen=[1:2:3:4:5:6:7:8:9]:9400"),
        row(2, "metrics.listen=9400x is not PORT or ADDRESS:PORT", "-P", "{W}", "-p", "metrics.listen=9400x"),
        row(2, "metrics.pushgateway=ftp://127.0.0.1:9091 is not an http:// or https:// URL", "-P", "{W}", "-p",
            "metrics.pushgateway=ftp://127.0.0.1:9091"),
        row(2, "metrics.pushgateway: a URL with credentials or a query is refused", "-P", "{W}", "-p",
            "metrics.pushgateway=http://user:" + SECRET + "@127.0.0.1:9091"),
        row(2, "metrics.push.interval=500ms is shorter than 1s", "-P", "{W}", "-p", "metrics.push.interval=500ms"),
        row(2, "metrics.linger=soon", "-P", "{W}", "-p", "metrics.linger=soon"),
        row(2, "need the metrics jar", "-P", "{W}", "-p", "metrics.listen=0"),
        // A secret in a file is never echoed, even when the file is otherwise fine and the run is refused.
        row(2, "readproportion=3 must be a number between 0 and 1", "-P", "{T}/secret-in-file", "-p", "readproportion=3"));
  }

  private static Arguments row(int exitCode, String line, String... args) {
    return Arguments.of(exitCode, line, Arrays.asList(args));
  }

  private static String expand(String s) {
    return s.replace("{W}", workload).replace("{T}", tmp.toString());
  }

  @ParameterizedTest(name = "[{index}] {2} -> exit {0}")
  @MethodSource("cases")
  void should_exit_with_the_code_and_print_one_line_without_secrets_when_the_input_is_bad(
      int exitCode, String line, List<String> args) {
    List<String> expanded = new ArrayList<>();
    for (String a : args) {
      expanded.add(expand(a));
    }
    ClientRunner r = ClientRunner.run(expanded.toArray(new String[0]));
    assertEquals(exitCode, r.exitCode, r.toString());
    List<String> errors = new ArrayList<>();
    for (String l : r.err.split("\n")) {
      if (l.startsWith("Error: ")) {
        errors.add(l);
      }
    }
    assertEquals(1, errors.size(), "exactly one error line: " + r);
    String err = errors.get(0);
    boolean bindingRefusal = expanded.contains(FaultyDB.class.getName())
        || expanded.stream().anyMatch(a -> a.startsWith("basicdb."));
    if (!bindingRefusal) {
      // Everything but a binding's own refusal is found before any banner line: the error is the only line.
      assertEquals(err, r.err.trim(), "nothing but the error line: " + r);
    }
    assertTrue(err.contains(expand(line)), "expected '" + expand(line) + "' in: " + err);
    assertEquals("", r.out, "nothing on stdout");
    assertFalse(r.err.contains(SECRET) || r.out.contains(SECRET), "secret printed: " + r);
    assertFalse(new File(tmp.toFile(), "notadir/sub").exists());
    assertFalse(new File(tmp.toFile(), "refused").exists(), "a results.dir of a run that never started is removed");
  }
}
