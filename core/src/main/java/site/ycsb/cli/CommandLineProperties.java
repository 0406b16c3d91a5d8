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
      fileProps.load(new java.io.StringReader(decode(text, shown)));
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
   * The file's text: UTF-8, as every editor and terminal writes today (0.17.0 read ISO-8859-1, so {@code
   * label=Prüfung} in a UTF-8 file became {@code PrÃ¼fung}, silently), with a leading byte order mark dropped (read as
   * part of the first key it turned {@code workload=...} into an unknown property);
   * {@code \\uXXXX} escapes stay as {@link Properties#load} reads them. A file that is not valid UTF-8 is refused
   * with its first such line, unless only comment lines hold the other bytes (an old file's Latin-1 comments, which
   * are never read).
   */
  static String decode(byte[] text, String shown) throws UsageException {
    int start = text.length >= 3 && (text[0] & 0xff) == 0xEF && (text[1] & 0xff) == 0xBB && (text[2] & 0xff) == 0xBF
        ? 3 : 0;
    String all = utf8(text, start, text.length);
    return all != null ? all : decodeByLine(text, start, shown);
  }

  /**
   * The text of a file that is not valid UTF-8 throughout: each line as UTF-8, a comment line that is not (an old
   * file's Latin-1 comment) as ISO-8859-1; refused at the first line read as a property (not a comment, or a
   * comment-looking line that continues the value before it) that is not UTF-8.
   */
  private static String decodeByLine(byte[] text, int start, String shown) throws UsageException {
    StringBuilder out = new StringBuilder(text.length);
    int lineNo = 0;
    boolean continues = false;
    for (int from = start; from < text.length; ) {
      int end = from;
      while (end < text.length && text[end] != '\n' && text[end] != '\r') {
        end++;
      }
      lineNo++;
      int first = from;
      while (first < end && (text[first] == ' ' || text[first] == '\t' || text[first] == '\f')) {
        first++;
      }
      boolean comment = !continues && first < end && (text[first] == '#' || text[first] == '!');
      String line = utf8(text, from, end);
      if (line == null && !comment) {
        throw new UsageException("property file " + shown + ", line " + lineNo + ": not UTF-8 text; save the file "
            + "as UTF-8, or write each character outside ASCII as a \\u escape (e.g. \\u00e9 for e-acute)");
      }
      out.append(line != null ? line : new String(text, from, end - from,
          java.nio.charset.StandardCharsets.ISO_8859_1)).append('\n');
      int backslashes = 0;
      for (int i = end - 1; i >= first && text[i] == '\\'; i--) {
        backslashes++;
      }
      continues = !comment && first < end && backslashes % 2 == 1;
      from = end < text.length && text[end] == '\r' && end + 1 < text.length && text[end + 1] == '\n' ? end + 2
          : end + 1;
    }
    return out.toString();
  }

  /** The bytes as UTF-8, or null when they are not valid UTF-8. */
  private static String utf8(byte[] text, int from, int end) {
    try {
      return java.nio.charset.StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
          .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT)
          .decode(java.nio.ByteBuffer.wrap(text, from, end - from)).toString();
    } catch (java.nio.charset.CharacterCodingException e) {
      return null;
    }
  }
}
