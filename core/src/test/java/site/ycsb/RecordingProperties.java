package site.ycsb;

import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

/** Properties that remember which names were asked for (to check what a component reads and documents). */
public final class RecordingProperties extends Properties {
  private static final long serialVersionUID = 1L;

  /** Every name passed to a getProperty call, sorted. */
  public final Set<String> asked = new TreeSet<>();

  @Override
  public String getProperty(String key) {
    asked.add(key);
    return super.getProperty(key);
  }

  @Override
  public String getProperty(String key, String defaultValue) {
    asked.add(key);
    return super.getProperty(key, defaultValue);
  }
}
