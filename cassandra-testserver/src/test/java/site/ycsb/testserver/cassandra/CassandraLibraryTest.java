package site.ycsb.testserver.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Uses a shell script named mvn as a test double of Maven, so no download happens in this unit test. */
class CassandraLibraryTest {
  private static final String JAR = "cassandra-all-" + CassandraTestServer.CASSANDRA_VERSION + ".jar";

  @TempDir
  Path tmp;

  private Map<String, String> envWithFakeMaven(String script) throws IOException {
    Path bin = Files.createDirectories(tmp.resolve("bin"));
    Path mvn = bin.resolve("mvn");
    Files.write(mvn, ("#!/bin/sh\n" + script).getBytes(StandardCharsets.UTF_8));
    assertTrue(mvn.toFile().setExecutable(true));
    Map<String, String> env = new HashMap<>();
    env.put("PATH", bin.toString());
    return env;
  }

  @Test
  void should_download_into_place_atomically_when_directory_is_missing() throws IOException {
    // Fake Maven: records its arguments and writes the jar into -DoutputDirectory.
    Map<String, String> env = envWithFakeMaven(
        "echo \"$@\" > " + tmp.resolve("args") + "\n"
            + "for a in \"$@\"; do case \"$a\" in -DoutputDirectory=*) out=\"${a#-DoutputDirectory=}\";; esac; done\n"
            + "mkdir -p \"$out\" && touch \"$out/" + JAR + "\" \"$out/guava.jar\"\n");
    Path lib = tmp.resolve("cache/cassandra/lib");
    assertEquals(lib, CassandraLibrary.resolve(lib, env));
    assertTrue(Files.isRegularFile(lib.resolve(JAR)));
    assertTrue(Files.isRegularFile(lib.resolve("guava.jar")));
    String args = new String(Files.readAllBytes(tmp.resolve("args")), StandardCharsets.UTF_8);
    assertTrue(args.contains("dependency:copy-dependencies"), args);
    assertTrue(args.contains("-Dcassandra.version=" + CassandraTestServer.CASSANDRA_VERSION), args);
    try (Stream<Path> siblings = Files.list(lib.getParent())) {
      assertFalse(siblings.anyMatch(p -> p.getFileName().toString().contains(".tmp-")), "temp dir left behind");
    }
  }

  @Test
  void should_not_run_maven_when_directory_is_complete() throws IOException {
    Map<String, String> env = envWithFakeMaven("touch " + tmp.resolve("ran") + "\nexit 1\n");
    Path lib = Files.createDirectories(tmp.resolve("lib"));
    Files.createFile(lib.resolve(JAR));
    assertEquals(lib, CassandraLibrary.resolve(lib, env));
    assertFalse(Files.exists(tmp.resolve("ran")));
  }

  @Test
  void should_show_maven_output_and_leave_nothing_when_download_fails() throws IOException {
    Map<String, String> env = envWithFakeMaven("echo 'Could not resolve dependencies for project'\nexit 1\n");
    Path lib = tmp.resolve("cache/lib");
    TestServerException e = assertThrows(TestServerException.class, () -> CassandraLibrary.resolve(lib, env));
    assertTrue(e.getMessage().contains("exit 1"), e.getMessage());
    assertTrue(e.getMessage().split("\n")[0].contains("lib-download-failed.log"), e.getMessage());
    assertTrue(Files.isRegularFile(tmp.resolve("cache/lib-download-failed.log")));
    assertTrue(e.getMessage().contains("Could not resolve dependencies for project"), e.getMessage());
    assertFalse(Files.exists(lib));
  }

  @Test
  void should_name_the_alternatives_when_maven_is_missing() {
    Map<String, String> env = new HashMap<>();
    env.put("PATH", tmp.toString());
    TestServerException e = assertThrows(TestServerException.class, () -> CassandraLibrary.findMaven(env));
    assertTrue(e.getMessage().contains("MAVEN_HOME"), e.getMessage());
    assertTrue(e.getMessage().contains("YCSB_CASSANDRA_LIB"), e.getMessage());
  }
}
