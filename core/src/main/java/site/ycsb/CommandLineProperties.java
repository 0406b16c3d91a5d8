package site.ycsb;

import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The one implementation of YCSB 0.17.0's precedence rule for properties given on a command line: every
 * {@code -P} file in the order given, a later file overriding an earlier one, then every {@code -p name=value},
 * which overrides every file wherever it stands on the line. The engine ({@code site.ycsb.Client}) and the tools that
 * start engines ({@code suite}, {@code fleet}, which must know what each engine will see in order to split the
 * work) both compute the effective properties here.
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
      Properties fileProps = ClientArgs.readPropertyFile(file);
      for (String name : fileProps.stringPropertyNames()) {
        merged.setProperty(name, fileProps.getProperty(name));
      }
    }
    for (Map.Entry<String, String> e : overrides.entrySet()) {
      merged.setProperty(e.getKey(), e.getValue());
    }
    return merged;
  }
}
