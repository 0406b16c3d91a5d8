package site.ycsb.testserver.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JavaHomeLocatorTest {
  private static final Map<String, String> NO_ENV = Collections.emptyMap();

  @TempDir
  Path root;

  /** A directory that looks like a JDK installation: bin/java (executable) and a release file. */
  private Path fakeJdk(String name, String version) throws IOException {
    Path home = root.resolve(name);
    Files.createDirectories(home.resolve("bin"));
    Path java = Files.createFile(home.resolve("bin/java"));
    assertTrue(java.toFile().setExecutable(true));
    Files.write(home.resolve("release"), ("IMPLEMENTOR=\"Test\"\nJAVA_VERSION=\"" + version + "\"\n")
        .getBytes(StandardCharsets.UTF_8));
    return home;
  }

  @Test
  void should_use_current_jvm_when_it_is_jdk_17() throws IOException {
    Path current = fakeJdk("current", "17.0.15");
    fakeJdk("other-11", "11.0.2");
    assertEquals(current, JavaHomeLocator.locate(NO_ENV, current.toString(), "17", root));
  }

  @Test
  void should_prefer_installed_jdk_17_over_11_when_current_jvm_is_25() throws IOException {
    Path current = fakeJdk("temurin-25", "25");
    fakeJdk("a-jdk-11", "11.0.20");
    Path jdk17 = fakeJdk("z-jdk-17", "17.0.1");
    assertEquals(jdk17.toRealPath(), JavaHomeLocator.locate(NO_ENV, current.toString(), "25", root));
  }

  @Test
  void should_fall_back_to_jdk_11_when_no_17_is_installed() throws IOException {
    Path current = fakeJdk("temurin-25", "25");
    Path jdk11 = fakeJdk("jdk-11", "11.0.20");
    assertEquals(jdk11.toRealPath(), JavaHomeLocator.locate(NO_ENV, current.toString(), "25", root));
  }

  @Test
  void should_fail_with_one_line_naming_the_variable_when_no_suitable_jdk() throws IOException {
    Path current = fakeJdk("temurin-25", "25");
    fakeJdk("jdk-21", "21.0.1");
    TestServerException e = assertThrows(TestServerException.class,
        () -> JavaHomeLocator.locate(NO_ENV, current.toString(), "25", root));
    assertTrue(e.getMessage().contains("YCSB_CASSANDRA_JAVA_HOME"), e.getMessage());
    assertTrue(!e.getMessage().contains("\n"), e.getMessage());
  }

  @Test
  void should_use_configured_home_when_variable_is_set() throws IOException {
    Path configured = fakeJdk("configured", "11.0.9");
    Path current = fakeJdk("current", "17.0.15");
    Map<String, String> env = new HashMap<>();
    env.put(JavaHomeLocator.ENV_JAVA_HOME, configured.toString());
    assertEquals(configured, JavaHomeLocator.locate(env, current.toString(), "17", root));
  }

  @Test
  void should_reject_configured_home_when_it_has_no_java_or_wrong_version() throws IOException {
    Map<String, String> env = new HashMap<>();
    env.put(JavaHomeLocator.ENV_JAVA_HOME, root.resolve("missing").toString());
    assertThrows(TestServerException.class, () -> JavaHomeLocator.locate(env, null, "17", root));
    env.put(JavaHomeLocator.ENV_JAVA_HOME, fakeJdk("jdk-25", "25.0.1").toString());
    TestServerException e = assertThrows(TestServerException.class,
        () -> JavaHomeLocator.locate(env, null, "17", root));
    assertTrue(e.getMessage().contains("JDK 25"), e.getMessage());
  }

  @Test
  void should_parse_major_version_from_old_and_new_schemes() {
    assertEquals(8, JavaHomeLocator.parseMajor("1.8"));
    assertEquals(8, JavaHomeLocator.parseMajor("1.8.0_392"));
    assertEquals(17, JavaHomeLocator.parseMajor("17.0.15"));
    assertEquals(25, JavaHomeLocator.parseMajor("25"));
    assertEquals(-1, JavaHomeLocator.parseMajor("abc"));
    assertEquals(-1, JavaHomeLocator.parseMajor(null));
  }
}
