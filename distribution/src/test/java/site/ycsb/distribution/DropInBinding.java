package site.ycsb.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/** Compiles a tiny binding against the distribution's core jar and installs it as {@code <dir>/lib/*.jar}. */
final class DropInBinding {
  static final String CLASS_NAME = "it.dropin.MarkerDB";
  static final String MARKER = "DROP-IN BINDING LOADED";

  private DropInBinding() {
  }

  static void install(Path home, String dir) throws IOException {
    Path src = Files.createDirectories(home.resolve("../dropin-src/it/dropin"));
    Path source = src.resolve("MarkerDB.java");
    String code = "package it.dropin;\n"
        + "import java.util.*;\n"
        + "import site.ycsb.*;\n"
        + "public class MarkerDB extends DB {\n"
        + "  @Override public void init() {\n"
        + "    System.out.println(\"" + MARKER + "\");\n"
        + "  }\n"
        + "  @Override public Status read(String t, String k, Set<String> f, Map<String, ByteIterator> r) {\n"
        + "    return Status.OK;\n"
        + "  }\n"
        + "  @Override public Status scan(String t, String k, int n, Set<String> f,\n"
        + "      Vector<HashMap<String, ByteIterator>> r) {\n"
        + "    return Status.OK;\n"
        + "  }\n"
        + "  @Override public Status update(String t, String k, Map<String, ByteIterator> v) {\n"
        + "    return Status.OK;\n"
        + "  }\n"
        + "  @Override public Status insert(String t, String k, Map<String, ByteIterator> v) {\n"
        + "    return Status.OK;\n"
        + "  }\n"
        + "  @Override public Status delete(String t, String k) {\n"
        + "    return Status.OK;\n"
        + "  }\n"
        + "}\n";
    Files.write(source, code.getBytes(StandardCharsets.UTF_8));
    Path classes = Files.createDirectories(home.resolve("../dropin-classes"));
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    int rc = javac.run(null, null, null, "-classpath", coreJar(home).toString(), "-d", classes.toString(),
        source.toString());
    assertEquals(0, rc, "compiling the drop-in binding failed");
    Path lib = Files.createDirectories(home.resolve(dir).resolve("lib"));
    try (OutputStream out = Files.newOutputStream(lib.resolve("marker-binding-1.0.jar"));
         JarOutputStream jar = new JarOutputStream(out)) {
      jar.putNextEntry(new JarEntry("it/dropin/MarkerDB.class"));
      jar.write(Files.readAllBytes(classes.resolve("it/dropin/MarkerDB.class")));
      jar.closeEntry();
    }
  }

  private static Path coreJar(Path home) throws IOException {
    try (DirectoryStream<Path> cores = Files.newDirectoryStream(home.resolve("lib"), "core-*.jar")) {
      for (Path core : cores) {
        return core;
      }
    }
    throw new AssertionError("no core jar in " + home.resolve("lib"));
  }
}
