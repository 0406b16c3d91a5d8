package site.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The rules of ARCHITECTURE.md that a test can check, read from the sources of every module (a checkout: the test
 * runs in core's folder, beside the other modules). A rule broken names the classes that break it.
 */
class ArchitectureTest {
  /** YCSB 0.17.0's public classes that this core keeps in site.ycsb, with AsyncWorkload and the entry points. */
  private static final Set<String> SITE_YCSB = new TreeSet<>(Arrays.asList("AsyncWorkload", "BasicDB", "BasicTSDB",
      "ByteArrayByteIterator", "ByteIterator", "Client", "CommandLine", "DB", "DBException", "DBFactory", "DBWrapper",
      "GoodBadUglyDB", "InputStreamByteIterator", "NumericByteIterator", "RandomByteIterator", "Status",
      "StringByteIterator", "TimeseriesDB", "UnknownDBException", "Utils", "Workload", "WorkloadException"));
  /** The only classes outside the engine that may use it: they hand the command line over to it. */
  private static final Set<String> ENTRY_POINTS = new HashSet<>(Arrays.asList("site.ycsb.Client",
      "site.ycsb.CommandLine"));
  /** YCSB 0.17.0's API packages: they refer to each other as they did in 0.17.0, so they count as one room. */
  private static final Set<String> API_PACKAGES = new HashSet<>(Arrays.asList("site.ycsb", "site.ycsb.generator",
      "site.ycsb.measurements", "site.ycsb.measurements.exporter", "site.ycsb.workloads"));

  /**
   * The rooms of the fleet module, bottom up (ARCHITECTURE.md, "The rooms of fleet"): each may use only those
   * before it.
   */
  private static final List<String> FLEET_ROOMS = Arrays.asList("site.ycsb.fleet", "site.ycsb.fleet.ssh",
      "site.ycsb.fleet.suite", "site.ycsb.fleet.findmax", "site.ycsb.fleet.cluster");

  private static final Path REPO = Paths.get("").toAbsolutePath().getParent();
  private static final SourceTree CORE = new SourceTree(Collections.singletonList(Paths.get("src/main/java")));

  private static boolean inEngine(String pkg) {
    return pkg.equals("site.ycsb.engine") || pkg.startsWith("site.ycsb.engine.");
  }

  /** Every module's folders of main sources (cql-common's driver-dependent folder among them). */
  private static List<Path> mainRoots() {
    List<Path> roots = new ArrayList<>();
    for (File module : modules()) {
      roots.add(module.toPath().resolve("src/main/java"));
      roots.add(module.toPath().resolve("src/driver/java"));
    }
    return roots;
  }

  private static List<File> modules() {
    List<File> out = new ArrayList<>();
    File[] dirs = REPO.toFile().listFiles();
    for (File d : dirs == null ? new File[0] : dirs) {
      if (new File(d, "pom.xml").isFile() && new File(d, "src").isDirectory()) {
        out.add(d);
      }
    }
    Collections.sort(out);
    return out;
  }

  @Test
  void should_hold_only_the_0_17_0_api_and_the_entry_points_when_listing_site_ycsb() {
    Set<String> found = new TreeSet<>();
    for (String c : CORE.classes()) {
      if (CORE.packageOf(c).equals("site.ycsb")) {
        found.add(c.substring("site.ycsb.".length()));
      }
    }
    assertEquals(SITE_YCSB, found, "site.ycsb is YCSB 0.17.0's API (plus AsyncWorkload and the two entry points); "
        + "put engine classes in site.ycsb.engine, shared options and command-line classes in site.ycsb.cli");
  }

  @Test
  void should_use_nothing_of_the_engine_when_a_class_is_outside_it_and_no_entry_point() {
    SourceTree all = new SourceTree(mainRoots());
    List<String> broken = new ArrayList<>();
    for (String c : all.classes()) {
      if (inEngine(all.packageOf(c)) || ENTRY_POINTS.contains(c)) {
        continue;
      }
      for (String r : all.referencesOf(c)) {
        if (inEngine(all.packageOf(r))) {
          broken.add(c + " -> " + r);
        }
      }
    }
    assertEquals(Collections.emptyList(), broken, "only site.ycsb.Client and site.ycsb.CommandLine may use the engine");
  }

  @Test
  void should_leave_the_run_out_when_a_verdict_judges_it() {
    List<String> broken = referencesFrom("site.ycsb.engine.verdict", "site.ycsb.engine");
    assertEquals(Collections.emptyList(), broken, "a verdict is given its figures; it does not reach into the run");
  }

  @Test
  void should_depend_on_nothing_else_of_core_when_in_the_cli_package() {
    assertEquals(Collections.emptyList(), referencesOutside("site.ycsb.cli"),
        "site.ycsb.cli is the bottom room: everything may read options");
  }

  @Test
  void should_depend_on_nothing_else_of_core_when_in_the_output_package() {
    assertEquals(Collections.emptyList(), referencesOutside("site.ycsb.output"),
        "site.ycsb.output is a bottom room: the engine, the API's measurements and the tools all name the record's "
        + "files and fields from it");
  }

  @Test
  void should_name_no_workload_class_when_in_the_engine() {
    List<String> broken = new ArrayList<>();
    for (String c : CORE.classes()) {
      if (inEngine(CORE.packageOf(c))) {
        for (String r : CORE.referencesOf(c)) {
          if (CORE.packageOf(r).equals("site.ycsb.workloads")) {
            broken.add(c + " -> " + r);
          }
        }
      }
    }
    assertEquals(Collections.emptyList(), broken, "the engine asks a workload through site.ycsb.cli.WorkloadHooks");
  }

  @Test
  void should_find_no_two_classes_referring_to_each_other_when_in_core() {
    List<String> pairs = new ArrayList<>();
    for (String a : CORE.classes()) {
      for (String b : CORE.referencesOf(a)) {
        if (a.compareTo(b) < 0 && CORE.referencesOf(b).contains(a)) {
          pairs.add(a + " <-> " + b);
        }
      }
    }
    assertEquals(Collections.emptyList(), pairs, "move what both need into one of them, or into a third class");
  }

  @Test
  void should_find_no_package_cycle_when_the_api_packages_count_as_one_room() {
    Map<String, Set<String>> graph = new HashMap<>();
    for (String c : CORE.classes()) {
      if (ENTRY_POINTS.contains(c)) {
        continue; // they hand over to the engine, which uses the API: the one allowed way round
      }
      String from = room(CORE.packageOf(c));
      for (String r : CORE.referencesOf(c)) {
        String to = room(CORE.packageOf(r));
        if (!to.equals(from)) {
          graph.computeIfAbsent(from, k -> new TreeSet<>()).add(to);
        }
      }
    }
    for (String start : graph.keySet()) {
      assertTrue(!reaches(graph, start, start, new HashSet<>()), "a package cycle through " + start + ": " + graph);
    }
  }

  @Test
  void should_use_only_the_rooms_below_when_a_fleet_package_uses_another() {
    SourceTree fleet = fleet();
    List<String> unlisted = new ArrayList<>();
    List<String> broken = new ArrayList<>();
    for (String c : fleet.classes()) {
      int from = FLEET_ROOMS.indexOf(fleet.packageOf(c));
      if (from < 0) {
        unlisted.add(c);
        continue;
      }
      for (String r : fleet.referencesOf(c)) {
        if (FLEET_ROOMS.indexOf(fleet.packageOf(r)) > from) {
          broken.add(c + " -> " + r);
        }
      }
    }
    assertEquals(Collections.emptyList(), unlisted, "a new package of fleet: give it its place among the rooms "
        + "(ARCHITECTURE.md and FLEET_ROOMS)");
    assertEquals(Collections.emptyList(), broken, "fleet's rooms, bottom up: base, ssh, suite, findmax, cluster; "
        + "the ssh layer knows no command, suite knows neither findmax nor fleet, findmax does not know fleet");
  }

  @Test
  void should_find_no_package_cycle_when_in_fleet() {
    SourceTree fleet = fleet();
    Map<String, Set<String>> graph = new HashMap<>();
    for (String c : fleet.classes()) {
      for (String r : fleet.referencesOf(c)) {
        if (!fleet.packageOf(r).equals(fleet.packageOf(c))) {
          graph.computeIfAbsent(fleet.packageOf(c), k -> new TreeSet<>()).add(fleet.packageOf(r));
        }
      }
    }
    for (String start : graph.keySet()) {
      assertTrue(!reaches(graph, start, start, new HashSet<>()), "a package cycle in fleet through " + start + ": "
          + graph);
    }
  }

  @Test
  void should_find_no_two_classes_referring_to_each_other_when_in_fleet() {
    SourceTree fleet = fleet();
    List<String> pairs = new ArrayList<>();
    for (String a : fleet.classes()) {
      for (String b : fleet.referencesOf(a)) {
        if (a.compareTo(b) < 0 && fleet.referencesOf(b).contains(a)) {
          pairs.add(a + " <-> " + b);
        }
      }
    }
    assertEquals(Collections.emptyList(), pairs, "move what both need into one of them, or into a third class");
  }

  @Test
  void should_have_a_package_info_when_a_package_has_classes() {
    List<String> missing = new ArrayList<>();
    for (File module : modules()) {
      Set<String> mainPackages = new HashSet<>();
      for (String root : new String[] {"src/main/java", "src/driver/java"}) {
        SourceTree t = new SourceTree(Collections.singletonList(module.toPath().resolve(root)));
        for (Map.Entry<String, Set<Path>> e : t.folders().entrySet()) {
          mainPackages.add(e.getKey());
          for (Path folder : e.getValue()) {
            if (!Files.exists(folder.resolve("package-info.java"))) {
              missing.add(REPO.relativize(folder).toString());
            }
          }
        }
      }
      // a package that only tests have (distribution's) says what it is in its test folder
      SourceTree tests = new SourceTree(Arrays.asList(module.toPath().resolve("src/test/java"),
          module.toPath().resolve("src/driver-test/java")));
      for (Map.Entry<String, Set<Path>> e : tests.folders().entrySet()) {
        boolean described = mainPackages.contains(e.getKey());
        for (Path folder : e.getValue()) {
          described |= Files.exists(folder.resolve("package-info.java"));
        }
        if (!described) {
          missing.add(REPO.relativize(e.getValue().iterator().next()).toString());
        }
      }
    }
    assertEquals(Collections.emptyList(), missing, "say in package-info.java who the package is for");
  }

  @Test
  void should_use_only_the_options_and_the_interval_figures_when_in_the_observe_package() {
    List<String> broken = new ArrayList<>();
    for (String c : CORE.classes()) {
      if (CORE.packageOf(c).equals("site.ycsb.observe")) {
        for (String r : CORE.referencesOf(c)) {
          String pkg = CORE.packageOf(r);
          if (!pkg.equals("site.ycsb.observe") && !pkg.equals("site.ycsb.cli")
              && !pkg.equals("site.ycsb.measurements")) {
            broken.add(c + " -> " + r);
          }
        }
      }
    }
    assertEquals(Collections.emptyList(), broken,
        "site.ycsb.observe is what an observer is handed: options and figures");
  }

  @Test
  void should_use_only_observe_cli_and_measurements_of_core_when_in_the_metrics_module() {
    SourceTree all = new SourceTree(mainRoots());
    SourceTree metrics = new SourceTree(Collections.singletonList(REPO.resolve("metrics/src/main/java")));
    List<String> broken = new ArrayList<>();
    for (String c : metrics.classes()) {
      for (String r : all.referencesOf(c)) {
        String pkg = all.packageOf(r);
        if (!pkg.equals("site.ycsb.metrics") && !pkg.equals("site.ycsb.observe") && !pkg.equals("site.ycsb.cli")
            && !pkg.equals("site.ycsb.measurements")) {
          broken.add(c + " -> " + r);
        }
      }
    }
    assertTrue(!metrics.classes().isEmpty(), "the metrics module's sources were not found beside core");
    assertEquals(Collections.emptyList(), broken, "the metrics module implements site.ycsb.observe; it never uses "
        + "the engine");
  }

  @Test
  void should_name_no_prometheus_class_when_in_core() throws IOException {
    List<String> broken = new ArrayList<>();
    try (Stream<Path> files = Files.walk(Paths.get("src/main/java"))) {
      for (Path f : (Iterable<Path>) files.filter(x -> x.toString().endsWith(".java"))::iterator) {
        if (new String(Files.readAllBytes(f), StandardCharsets.UTF_8).contains("io.prometheus")) {
          broken.add(f.toString());
        }
      }
    }
    assertEquals(Collections.emptyList(), broken, "core loads the metrics module by class name: its jar must not "
        + "need the Prometheus client when live metrics are off");
  }

  /** The fleet module's main sources; fails when they are not beside core. */
  private static SourceTree fleet() {
    SourceTree fleet = new SourceTree(Collections.singletonList(REPO.resolve("fleet/src/main/java")));
    assertTrue(!fleet.classes().isEmpty(), "the fleet module's sources were not found beside core");
    return fleet;
  }

  private static String room(String pkg) {
    return API_PACKAGES.contains(pkg) ? "0.17.0 API" : pkg;
  }

  private static boolean reaches(Map<String, Set<String>> graph, String from, String target, Set<String> seen) {
    for (String next : graph.getOrDefault(from, Collections.<String>emptySet())) {
      if (next.equals(target) || seen.add(next) && reaches(graph, next, target, seen)) {
        return true;
      }
    }
    return false;
  }

  /** The references of {@code pkg}'s classes to core's classes of any other package. */
  private static List<String> referencesOutside(String pkg) {
    List<String> broken = new ArrayList<>();
    for (String c : CORE.classes()) {
      if (CORE.packageOf(c).equals(pkg)) {
        for (String r : CORE.referencesOf(c)) {
          if (!CORE.packageOf(r).equals(pkg)) {
            broken.add(c + " -> " + r);
          }
        }
      }
    }
    return broken;
  }

  private static List<String> referencesFrom(String fromPackage, String toPackage) {
    List<String> out = new ArrayList<>();
    for (String c : CORE.classes()) {
      if (CORE.packageOf(c).equals(fromPackage)) {
        for (String r : CORE.referencesOf(c)) {
          if (CORE.packageOf(r).equals(toPackage)) {
            out.add(c + " -> " + r);
          }
        }
      }
    }
    return out;
  }
}
