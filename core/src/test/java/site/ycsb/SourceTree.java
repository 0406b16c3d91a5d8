package site.ycsb;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The Java sources under some roots, read as text: each top-level class with its package and the classes of the
 * same tree it refers to (by import, by fully qualified name, or by simple name within its own package), with
 * comments and string literals left out. What {@link ArchitectureTest} checks its rules against; text, not
 * bytecode, so that a reference that the compiler inlines (a constant) still counts.
 *
 * <p>Immutable after construction; not a parser: a class named in code only through a wildcard import would be
 * missed (the project has none).
 */
final class SourceTree {
  private static final Pattern PACKAGE = Pattern.compile("(?m)^package\\s+([\\w.]+)\\s*;");
  private static final Pattern IMPORT = Pattern.compile("(?m)^import\\s+(?:static\\s+)?([\\w.]+)\\s*;");
  private static final Pattern QUALIFIED = Pattern.compile("\\b(site\\.ycsb(?:\\.[a-z]\\w*)*\\.[A-Z]\\w*)");

  /** Fully qualified class name to its package. */
  private final Map<String, String> packageOf = new TreeMap<>();
  /** Fully qualified class name to its code without comments and string literals. */
  private final Map<String, String> code = new TreeMap<>();
  /** Fully qualified class name to its import lines (the names imported). */
  private final Map<String, List<String>> imports = new TreeMap<>();
  /** Package to the folders it was found in (one per source root that has it). */
  private final Map<String, Set<Path>> folders = new TreeMap<>();

  SourceTree(List<Path> roots) {
    for (Path root : roots) {
      if (!Files.isDirectory(root)) {
        continue;
      }
      try (Stream<Path> files = Files.walk(root)) {
        for (Path f : files.filter(p -> p.toString().endsWith(".java")).collect(Collectors.toList())) {
          String text = new String(Files.readAllBytes(f), StandardCharsets.UTF_8);
          Matcher m = PACKAGE.matcher(text);
          String pkg = m.find() ? m.group(1) : "";
          folders.computeIfAbsent(pkg, k -> new LinkedHashSet<>()).add(f.getParent());
          String name = f.getFileName().toString().replace(".java", "");
          if (name.equals("package-info")) {
            continue;
          }
          String fqn = pkg + "." + name;
          packageOf.put(fqn, pkg);
          code.put(fqn, blank(text));
          List<String> names = new ArrayList<>();
          Matcher i = IMPORT.matcher(text);
          while (i.find()) {
            names.add(i.group(1));
          }
          imports.put(fqn, names);
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /** Every class, by fully qualified name. */
  Set<String> classes() {
    return Collections.unmodifiableSet(packageOf.keySet());
  }

  String packageOf(String fqn) {
    return packageOf.get(fqn);
  }

  /** Packages to the folders that hold their sources. */
  Map<String, Set<Path>> folders() {
    return Collections.unmodifiableMap(folders);
  }

  /** The names {@code fqn} imports, as written (a static import names a member). */
  List<String> importsOf(String fqn) {
    return imports.get(fqn);
  }

  /** The code of {@code fqn} without comments and string literals. */
  String codeOf(String fqn) {
    return code.get(fqn);
  }

  /** The classes of this tree that {@code fqn} refers to (itself excluded). */
  Set<String> referencesOf(String fqn) {
    Set<String> out = new LinkedHashSet<>();
    for (String imported : imports.get(fqn)) {
      String c = enclosingClass(imported);
      if (c != null) {
        out.add(c);
      }
    }
    String body = code.get(fqn).replaceAll("(?m)^import\\s[^\\n]*", "");
    Matcher q = QUALIFIED.matcher(body);
    while (q.find()) {
      String c = enclosingClass(q.group(1));
      if (c != null) {
        out.add(c);
      }
    }
    String pkg = packageOf.get(fqn);
    for (Map.Entry<String, String> e : packageOf.entrySet()) {
      if (e.getValue().equals(pkg) && !e.getKey().equals(fqn)) {
        String simple = e.getKey().substring(pkg.length() + 1);
        if (Pattern.compile("(?<![\\w.])" + simple + "\\b").matcher(body).find()) {
          out.add(e.getKey());
        }
      }
    }
    out.remove(fqn);
    return out;
  }

  /** The class of this tree that a qualified name (a class, a nested class or a member) belongs to, or null. */
  private String enclosingClass(String name) {
    String n = name;
    while (n.contains(".")) {
      if (packageOf.containsKey(n)) {
        return n;
      }
      n = n.substring(0, n.lastIndexOf('.'));
    }
    return null;
  }

  /** The text with comments and the contents of string and character literals replaced by blanks. */
  static String blank(String s) {
    StringBuilder out = new StringBuilder(s);
    int i = 0;
    int n = s.length();
    while (i < n) {
      if (s.startsWith("/*", i)) {
        int end = s.indexOf("*/", i + 2);
        end = end < 0 ? n : end + 2;
        fill(out, s, i, end);
        i = end;
      } else if (s.startsWith("//", i)) {
        int end = s.indexOf('\n', i);
        end = end < 0 ? n : end;
        fill(out, s, i, end);
        i = end;
      } else if (s.charAt(i) == '"' || s.charAt(i) == '\'') {
        char quote = s.charAt(i);
        int j = i + 1;
        while (j < n && s.charAt(j) != quote && s.charAt(j) != '\n') {
          j += s.charAt(j) == '\\' ? 2 : 1;
        }
        fill(out, s, i + 1, Math.min(j, n));
        i = j + 1;
      } else {
        i++;
      }
    }
    return out.toString();
  }

  private static void fill(StringBuilder out, String s, int from, int to) {
    for (int k = from; k < to; k++) {
      if (s.charAt(k) != '\n') {
        out.setCharAt(k, ' ');
      }
    }
  }
}
