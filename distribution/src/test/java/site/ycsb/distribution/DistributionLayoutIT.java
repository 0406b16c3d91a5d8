package site.ycsb.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import site.ycsb.testsupport.ChildProcess;

/** What the tarball contains: layout, file modes, checksum, binding directories, jar conflicts, shellcheck. */
class DistributionLayoutIT {
  @TempDir
  static Path emptyDir;

  private static Path home;

  @BeforeAll
  static void unpack() throws Exception {
    home = UnpackedDistribution.unpackInto(emptyDir);
  }

  @Test
  void should_hold_everything_under_one_base_directory_when_tarball_is_listed() throws Exception {
    ChildProcess.Result listing = Processes.run(emptyDir,
        Arrays.asList("tar", "tzf", UnpackedDistribution.TARBALL.toString()));
    assertEquals(0, listing.exitCode, listing.toString());
    for (String entry : listing.stdout.split("\n")) {
      assertTrue(entry.startsWith(UnpackedDistribution.NAME + "/"), "entry outside the base directory: " + entry);
    }
  }

  @Test
  void should_ship_launcher_engine_workloads_and_legal_files_when_unpacked() throws IOException {
    for (String file : Arrays.asList("bin/ycsb", "bin/bindings.properties", "bin/tools.properties", "README.md",
        "NOTICE", "lib/core-" + UnpackedDistribution.VERSION + ".jar", "workloads/workload_template",
        "workloads/griddb-vs-cassandra/README.md", "workloads/griddb-vs-cassandra/common")) {
      assertTrue(Files.isRegularFile(home.resolve(file)), "missing " + file);
    }
    for (char w = 'a'; w <= 'f'; w++) {
      assertTrue(Files.isRegularFile(home.resolve("workloads/workload" + w)), "missing workload" + w);
    }
    assertTrue(read(home.resolve("LICENSE")).contains("Apache License"), "LICENSE is not the Apache License");
    try (DirectoryStream<Path> hdr = Files.newDirectoryStream(home.resolve("lib"), "HdrHistogram-*.jar")) {
      assertTrue(hdr.iterator().hasNext(), "lib/ lacks core's dependency HdrHistogram");
    }
  }

  @Test
  void should_make_scripts_executable_and_registries_not_when_unpacked() throws IOException {
    try (DirectoryStream<Path> bin = Files.newDirectoryStream(home.resolve("bin"))) {
      for (Path file : bin) {
        Set<PosixFilePermission> mode = Files.getPosixFilePermissions(file);
        boolean script = !file.getFileName().toString().endsWith(".properties");
        for (PosixFilePermission execute : Arrays.asList(PosixFilePermission.OWNER_EXECUTE,
            PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_EXECUTE)) {
          assertEquals(script, mode.contains(execute), file + " has mode " + mode);
        }
      }
    }
  }

  @Test
  void should_match_the_sha256_file_when_the_tarball_is_hashed() throws IOException, NoSuchAlgorithmException {
    Path sumFile = UnpackedDistribution.TARBALL.resolveSibling(UnpackedDistribution.TARBALL.getFileName() + ".sha256");
    String[] line = read(sumFile).trim().split("\\s+");
    MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
    try (InputStream in = Files.newInputStream(UnpackedDistribution.TARBALL)) {
      byte[] chunk = new byte[65536];
      int n;
      while ((n = in.read(chunk)) > 0) {
        sha256.update(chunk, 0, n);
      }
    }
    StringBuilder hex = new StringBuilder();
    for (byte b : sha256.digest()) {
      hex.append(String.format("%02x", b));
    }
    assertEquals(hex.toString(), line[0]);
    assertEquals("*" + UnpackedDistribution.TARBALL.getFileName(), line[1]);
  }

  /**
   * Every registered binding or tool directory is in the tarball with its module jar, except the modules the pom
   * still lists as pending (not merged yet) — and those must really be absent, so the list cannot go stale.
   */
  @Test
  void should_contain_every_registered_module_when_it_is_not_pending() throws IOException {
    Set<String> pending = new HashSet<>(Arrays.asList(System.getProperty("dist.modules.pending", "").trim()
        .split("\\s+")));
    List<Registry> entries = new ArrayList<>(Registry.read(home.resolve("bin/bindings.properties")));
    entries.addAll(Registry.read(home.resolve("bin/tools.properties")));
    for (Registry entry : entries) {
      if (entry.dir.isEmpty()) {
        continue;
      }
      Path jar = home.resolve(entry.dir).resolve("lib").resolve(entry.dir + "-" + UnpackedDistribution.VERSION
          + ".jar");
      if (pending.contains(entry.dir)) {
        assertFalse(Files.exists(home.resolve(entry.dir)),
            entry.dir + " is in the tarball now: remove it from dist.modules.pending in distribution/pom.xml");
      } else {
        assertTrue(Files.isRegularFile(jar), entry.name + ": missing " + home.relativize(jar));
      }
    }
  }

  @Test
  void should_find_no_duplicate_or_conflicting_jars_when_every_lib_directory_is_scanned() throws IOException {
    assertEquals(Collections.emptyList(), JarConflictCheck.problems(home));
  }

  @Test
  void should_pass_shellcheck_when_every_script_in_bin_is_checked() throws Exception {
    assumeTrue(Processes.onPath("shellcheck"), "shellcheck is not installed (apt-get install shellcheck)");
    List<String> command = new ArrayList<>(Arrays.asList("shellcheck", "--format=gcc"));
    try (DirectoryStream<Path> bin = Files.newDirectoryStream(home.resolve("bin"))) {
      for (Path file : bin) {
        if (read(file).startsWith("#!")) {
          command.add(file.toString());
        }
      }
    }
    assertTrue(command.size() > 2, "no scripts found in bin/");
    ChildProcess.Result shellcheck = Processes.run(home, command);
    assertEquals(0, shellcheck.exitCode, shellcheck.toString());
  }

  private static String read(Path file) throws IOException {
    return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
  }
}
