package site.ycsb.cli;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The one implementation of YCSB 0.17.0's precedence rule for properties given on a command line: every
 * {@code -P} file in the order given, a later file overriding an earlier one, then every {@code -p name=value},
 * which overrides every file wherever it stands on the line. The engine's command line ({@code EngineCommandLine})
 * computes the effective properties here, for the engine and for the tools that start engines ({@code suite},
 * {@code fleet}, which must know what each engine will see in order to split the work).
 *
 * <p>Engine tooling, not part of the binding API. Stateless and thread-safe.
 */
public final class CommandLineProperties {
  private CommandLineProperties() {
  }

  /**
   * The effective properties of {@code -P} files (in order) and {@code -p} values.
   *
   * @throws UsageException a file that cannot be read or is malformed (one line naming it)
   */
  public static Properties merge(List<String> propertyFiles, Map<String, String> overrides) throws UsageException {
    Properties merged = new Properties();
    for (String file : propertyFiles) {
      Properties fileProps = readPropertyFile(file);
      for (String name : fileProps.stringPropertyNames()) {
        merged.setProperty(name, fileProps.getProperty(name));
      }
    }
    for (Map.Entry<String, String> e : overrides.entrySet()) {
      merged.setProperty(e.getKey(), e.getValue());
    }
    return merged;
  }

  /**
   * What is wrong with a property name as typed ({@code -p} or a {@code -P} file), or null: a name no property has
   * and that is surely a typing mistake (blanks, control characters, a leading '-'). Other unknown names are kept, as
   * in YCSB, since a binding or workload may read any name.
   */
  public static String propertyNameProblem(String name) {
    String shown = Secrets.safeLine(name);
    if (!name.equals(name.trim())) {
      return "the property name '" + shown + "' has blanks around it; write name=value without blanks before the '='";
    }
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (Character.isWhitespace(c) || Character.isISOControl(c) || Character.isSpaceChar(c)) {
        return "the property name '" + shown + "' holds a blank or control character";
      }
    }
    if (name.startsWith("-")) {
      EngineFlag flag = EngineFlag.of(name);
      return "a property name does not start with '-'" + (flag != null && flag.takesValue() ? "; for the option write "
          + flag.word + " " + flag.valueName : flag != null ? "; for the option write " + flag.word : "");
    }
    return null;
  }

  /** Property files larger than this are refused: a workload file is a few kilobytes, /dev/zero is endless. */
  static final long MAX_PROPERTY_FILE_BYTES = 16L * 1024 * 1024;

  /** Reads one {@code -P} file; every problem is one line naming the file. */
  static Properties readPropertyFile(String file) throws UsageException {
    String shown = Secrets.maskArgument(file);
    java.io.File f = new java.io.File(file);
    if (!f.exists()) {
      throw new UsageException("cannot read property file " + shown + (java.nio.file.Files.isSymbolicLink(f.toPath())
          ? ": a symbolic link to nothing (or to itself)" : ": no such file"));
    }
    if (!f.isFile()) {
      throw new UsageException("cannot read property file " + shown + ": not a regular file");
    }
    if (f.length() > MAX_PROPERTY_FILE_BYTES) {
      throw new UsageException("cannot read property file " + shown + ": " + f.length() + " bytes is more than "
          + MAX_PROPERTY_FILE_BYTES + " (is it a property file?)");
    }
    Properties fileProps = new Properties();
    try (InputStream in = new java.io.BufferedInputStream(new FileInputStream(f))) {
      byte[] text = readAll(in);
      String binary = binaryContent(text);
      if (binary != null) {
        throw new UsageException("cannot read property file " + shown + ": it is not a text file (" + binary + ")");
      }
      InputStream bytes = new java.io.ByteArrayInputStream(text);
      skipByteOrderMark(bytes);
      fileProps.load(bytes);
    } catch (IOException e) {
      throw new UsageException("cannot read property file " + shown + ": " + Secrets.maskArgument(e.getMessage()));
    } catch (IllegalArgumentException e) {
      // Properties.load's only complaint: a backslash-u escape that is not four hex digits.
      throw new UsageException("property file " + shown + " is malformed: " + e.getMessage()
          + " (a \\u escape needs four hex digits; write a literal backslash as \\\\)");
    }
    for (String name : fileProps.stringPropertyNames()) {
      String problem = propertyNameProblem(name);
      if (problem != null) {
        throw new UsageException("property file " + shown + ": " + problem);
      }
    }
    return fileProps;
  }

  private static byte[] readAll(InputStream in) throws IOException {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    byte[] buf = new byte[8192];
    for (int n; (n = in.read(buf)) > 0; ) {
      out.write(buf, 0, n);
      if (out.size() > MAX_PROPERTY_FILE_BYTES) {
        throw new IOException("more than " + MAX_PROPERTY_FILE_BYTES + " bytes (is it a property file?)");
      }
    }
    return out.toByteArray();
  }

  /**
   * Why the bytes are not a property file's text, or null: a NUL or another control character than tab, line feed,
   * form feed and carriage return (a binary file, a compressed or UTF-16 file) would otherwise become property names
   * nobody reads, and be copied into summary.json.
   */
  static String binaryContent(byte[] text) {
    for (int i = 0; i < text.length; i++) {
      int b = text[i] & 0xff;
      if (b < 0x20 && b != '\t' && b != '\n' && b != '\r' && b != '\f' || b == 0x7f) {
        return String.format(java.util.Locale.ROOT, "byte 0x%02x at offset %d", b, i);
      }
    }
    return null;
  }

  /**
   * Skips a UTF-8 byte-order mark (editors that save "UTF-8 with BOM"): read as part of the first key it turned
   * {@code workload=...} into an unknown property, and the run was refused for a missing workload that was there.
   */
  private static void skipByteOrderMark(InputStream in) throws IOException {
    in.mark(3);
    if (in.read() != 0xEF || in.read() != 0xBB || in.read() != 0xBF) {
      in.reset();
    }
  }
}
