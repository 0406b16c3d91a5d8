package site.ycsb.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import site.ycsb.ClientRunner;

/**
 * The class "a password inside a value" ({@code user:password@host} in a URL, a host entry, a list), under any
 * property name: never in the banner, the error lines, the printed results or any file of the run's record.
 */
class SecretsInValuesTest {
  private static final String PW = "S3cr3tPw";

  @TempDir
  Path tmp;

  static Stream<String> valuesWithCredentials() {
    return Stream.of("http://admin:" + PW + "@127.0.0.1/p.json", "bench:" + PW + "@127.0.0.1",
        "127.0.0.1,bench:" + PW + "@127.0.0.2:9042", "jdbc:gs://u:" + PW + "@h/c", "ftp://:" + PW + "@h",
        "u:a@" + PW + "@h");
  }

  /** Secret-named parameters inside a value: a JDBC URL's query or its ';' settings, a provider URL's token. */
  static Stream<String> valuesWithSecretParameters() {
    return Stream.of("jdbc:x://h/db?user=u&password=" + PW, "jdbc:x://h/db?password=" + PW + "&ssl=true",
        "jdbc:x://h;user=u;Password=" + PW, "127.0.0.150?password=" + PW, "http://h/list?token=" + PW,
        "http://h/list?access_token=" + PW + "&x=1", "mongodb://h/?authSecret:" + PW);
  }

  static Stream<String> valuesWithSecrets() {
    return Stream.concat(valuesWithCredentials(), valuesWithSecretParameters());
  }

  @ParameterizedTest
  @MethodSource("valuesWithSecretParameters")
  void should_mask_a_secret_parameter_everywhere_when_a_value_holds_one(String value) throws IOException {
    File dir = tmp.resolve("res").toFile();
    Path file = tmp.resolve("conn.properties");
    Files.write(file, ("workload=site.ycsb.workloads.CoreWorkload\nrecordcount=10\noperationcount=20\n"
        + "jdbc.url=" + value + "\n").getBytes(StandardCharsets.ISO_8859_1));
    // basicdb prints every property it was given: the binding's own dump, beside the engine's banner
    ClientRunner r = ClientRunner.run("-t", "-P", file.toString(), "-p", "basicdb.verbose=true",
        "-p", "hosts=" + value, "-p", "results.dir=" + dir, "-s", "-l", value);
    assertTrue(r.exitCode == ExitCode.OK, r.toString());
    assertTrue((r.out + r.err).contains("***"), r.toString());
    assertNoPassword(r.out + r.err);
    for (File f : allFiles(dir)) {
      assertNoPassword(new String(Files.readAllBytes(f.toPath()), StandardCharsets.UTF_8));
    }
  }

  @ParameterizedTest
  @MethodSource("valuesWithCredentials")
  void should_mask_the_password_when_a_value_holds_user_password_at_host(String value) throws IOException {
    File dir = tmp.resolve("res").toFile();
    Path file = tmp.resolve("conn.properties");
    Files.write(file, ("workload=site.ycsb.workloads.CoreWorkload\nrecordcount=10\noperationcount=20\n"
        + "griddb.notificationProvider=" + value + "\n").getBytes(StandardCharsets.ISO_8859_1));
    ClientRunner r = ClientRunner.run("-t", "-P", file.toString(), "-p", "basicdb.verbose=false",
        "-p", "hosts=" + value, "-p", "results.dir=" + dir, "-s", "-l", value);
    assertTrue(r.err.contains(":***@"), r.toString());
    assertNoPassword(r.out + r.err);
    for (File f : allFiles(dir)) {
      assertNoPassword(new String(Files.readAllBytes(f.toPath()), StandardCharsets.UTF_8));
    }
  }

  @ParameterizedTest
  @MethodSource("valuesWithSecrets")
  void should_mask_the_password_when_a_bad_value_is_quoted_in_an_error_line(String value) {
    for (String[] args : new String[][] {{"-p", "operationcount=" + value}, {"-p", "insertorder=" + value},
        {"-target", value}, {"-P", tmp.resolve(value).toString()}, {"-p", "exportfile=/nonexistent/" + value},
        {"-db", value}, {"-p", "workload=" + value}}) {
      ClientRunner r = ClientRunner.run(concat(new String[] {"-t", "-p", "workload=site.ycsb.workloads.CoreWorkload",
          "-p", "recordcount=10"}, args));
      assertTrue(r.exitCode != ExitCode.OK, r.toString());
      assertNoPassword(r.out + r.err);
    }
  }

  @ParameterizedTest
  @MethodSource("valuesWithSecrets")
  void should_mask_the_password_when_showing_properties_or_a_property_file(String value) {
    Properties p = new Properties();
    p.setProperty("griddb.notificationProvider", value);
    assertNoPassword(Secrets.masked(p).toString());
    assertNoPassword(Secrets.maskArgument("griddb.notificationProvider=" + value));
    assertNoPassword(Secrets.maskCommandLine(new String[] {"-p", "x=" + value, "-l", value}));
    assertNoPassword(Secrets.maskPropertiesText("a=1\nhosts = " + value + "\n# old: " + value + "\n"));
    assertNoPassword(Secrets.safeLine("cannot connect to " + value));
  }

  private static void assertNoPassword(String text) {
    assertFalse(text.contains(PW), text);
  }

  private static String[] concat(String[] a, String[] b) {
    String[] all = new String[a.length + b.length];
    System.arraycopy(a, 0, all, 0, a.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }

  private static List<File> allFiles(File dir) {
    List<File> files = new ArrayList<>();
    File[] children = dir.listFiles();
    assertTrue(children != null && children.length > 0, dir + " holds nothing");
    for (File f : children) {
      if (f.isDirectory()) {
        files.addAll(allFiles(f));
      } else {
        files.add(f);
      }
    }
    return files;
  }
}
