package site.ycsb.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Unit test of the jar conflict check on small jars written by the test (real zip files, synthetic content). */
class JarConflictCheckTest {
  @TempDir
  Path home;

  /** Content written into every class entry; null means "unique per jar", so two jars never share bytes. */
  private String contentTag;

  @BeforeEach
  void coreInLib() throws IOException {
    jar("lib/core-1.0.jar", "site.ycsb", "core", "1.0", "site/ycsb/Client.class");
    jar("lib/HdrHistogram-2.2.2.jar", "org.hdrhistogram", "HdrHistogram", "2.2.2", "org/HdrHistogram/Histogram.class");
  }

  @Test
  void should_report_nothing_when_every_directory_is_consistent() throws IOException {
    jar("a-binding/lib/a-binding-1.0.jar", "site.ycsb", "a-binding", "1.0", "a/ADB.class");
    jar("a-binding/lib/guava-33.0.0-jre.jar", "com.google.guava", "guava", "33.0.0-jre", "g/Lists.class");
    jar("a-binding/lib/netty-buffer-4.1.100.Final.jar", "io.netty", "netty-buffer", "4.1.100.Final", "n/B.class");
    jar("a-binding/lib/netty-transport-native-epoll-4.1.100.Final.jar", "io.netty", "netty-transport-native-epoll",
        "4.1.100.Final", "n/E.class");
    jar("a-binding/lib/netty-transport-native-epoll-4.1.100.Final-linux-x86_64.jar", "io.netty",
        "netty-transport-native-epoll", "4.1.100.Final", "META-INF/native/libnetty.so");
    jar("a-binding/lib/netty-tcnative-classes-2.0.61.Final.jar", "io.netty", "netty-tcnative-classes",
        "2.0.61.Final", "n/T.class");
    jar("b-binding/lib/guava-19.0.jar", "com.google.guava", "guava", "19.0", "g/Lists.class");

    assertEquals(Collections.emptyList(), JarConflictCheck.problems(home));
  }

  @Test
  void should_report_two_versions_when_one_directory_has_two_guavas() throws IOException {
    jar("a-binding/lib/guava-19.0.jar", "com.google.guava", "guava", "19.0", "g/Lists.class");
    jar("a-binding/lib/guava-33.0.0-jre.jar", "com.google.guava", "guava", "33.0.0-jre", "g/Lists.class");

    List<String> problems = JarConflictCheck.problems(home);

    assertTrue(problems.stream().anyMatch(p -> p.contains("several versions of guava")), problems.toString());
  }

  @Test
  void should_report_two_versions_when_jars_without_pom_properties_differ_only_by_version() throws IOException {
    jar("a-binding/lib/gridstore-4.0.0.jar", null, null, null, "com/toshiba/G.class");
    jar("a-binding/lib/gridstore-5.0.0.jar", null, null, null, "com/toshiba/G2.class");

    List<String> problems = JarConflictCheck.problems(home);

    assertTrue(problems.stream().anyMatch(p -> p.contains("several versions of gridstore")), problems.toString());
  }

  @Test
  void should_report_netty_mix_when_netty_modules_have_different_versions() throws IOException {
    jar("a-binding/lib/netty-buffer-4.1.94.Final.jar", "io.netty", "netty-buffer", "4.1.94.Final", "n/B.class");
    jar("a-binding/lib/netty-codec-4.1.100.Final.jar", "io.netty", "netty-codec", "4.1.100.Final", "n/C.class");

    List<String> problems = JarConflictCheck.problems(home);

    assertTrue(problems.stream().anyMatch(p -> p.contains("Netty modules of different versions")), problems.toString());
  }

  @Test
  void should_report_repeat_when_a_binding_directory_carries_a_jar_of_lib() throws IOException {
    jar("a-binding/lib/HdrHistogram-2.1.4.jar", "org.hdrhistogram", "HdrHistogram", "2.1.4",
        "org/HdrHistogram/Histogram.class");

    List<String> problems = JarConflictCheck.problems(home);

    assertTrue(problems.stream().anyMatch(p -> p.contains("repeats HdrHistogram-2.2.2.jar of lib/")),
        problems.toString());
  }

  @Test
  void should_accept_the_same_binding_support_jar_in_lib_and_in_a_binding_but_not_another_version()
      throws IOException {
    contentTag = "same bytes";
    jar("lib/binding-support-1.0.jar", "site.ycsb", "binding-support", "1.0", "site/ycsb/async/AsyncDB.class");
    jar("a-binding/lib/binding-support-1.0.jar", "site.ycsb", "binding-support", "1.0",
        "site/ycsb/async/AsyncDB.class");
    assertEquals(Collections.emptyList(), JarConflictCheck.problems(home));

    jar("b-binding/lib/binding-support-0.9.jar", "site.ycsb", "binding-support", "0.9",
        "site/ycsb/async/AsyncDB.class");
    List<String> problems = JarConflictCheck.problems(home);
    assertTrue(problems.stream().anyMatch(p -> p.contains("repeats binding-support-1.0.jar of lib/")),
        problems.toString());
  }

  @Test
  void should_report_class_clash_when_two_artifacts_contain_different_versions_of_a_class() throws IOException {
    jar("a-binding/lib/netty-all-4.1.100.Final.jar", "io.netty", "netty-all", "4.1.100.Final", "n/B.class");
    jar("a-binding/lib/netty-buffer-4.1.100.Final.jar", "io.netty", "netty-buffer", "4.1.100.Final", "n/B.class");

    List<String> problems = JarConflictCheck.problems(home);

    assertTrue(problems.stream().anyMatch(p -> p.contains("hold different versions of classes, e.g. n/B.class")),
        problems.toString());
  }

  @Test
  void should_accept_identical_class_copies_when_two_jars_embed_the_same_shaded_library() throws IOException {
    contentTag = "json-simple-1.1";
    jar("a-binding/lib/gridstore-5.6.0.jar", "com.github.griddb", "gridstore", "5.6.0", "gs/contrib/Json.class");
    jar("a-binding/lib/gridstore-jdbc-5.6.0.jar", "com.github.griddb", "gridstore-jdbc", "5.6.0",
        "gs/contrib/Json.class");

    assertEquals(Collections.emptyList(), JarConflictCheck.problems(home));
  }

  /** Writes a jar with the given class entries and, when group is not null, one Maven pom.properties. */
  private void jar(String relative, String group, String artifact, String version, String... entries)
      throws IOException {
    Path file = home.resolve(relative);
    Files.createDirectories(file.getParent());
    try (OutputStream out = Files.newOutputStream(file); ZipOutputStream zip = new ZipOutputStream(out)) {
      if (group != null) {
        zip.putNextEntry(new ZipEntry("META-INF/maven/" + group + "/" + artifact + "/pom.properties"));
        String pom = "groupId=" + group + "\nartifactId=" + artifact + "\nversion=" + version + "\n";
        zip.write(pom.getBytes(StandardCharsets.UTF_8));
        zip.closeEntry();
      }
      for (String entry : entries) {
        zip.putNextEntry(new ZipEntry(entry));
        String bytes = contentTag != null ? contentTag : relative;
        zip.write(bytes.getBytes(StandardCharsets.UTF_8));
        zip.closeEntry();
      }
    }
  }
}
