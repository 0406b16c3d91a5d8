package site.ycsb.cli;

import java.util.Properties;

import site.ycsb.options.Option;
import site.ycsb.support.TypedProperties;

/**
 * Typed, validated reads of properties, shared by the client, the core workload and the live observer: the engine's
 * options by their declarations ({@link #get}, the {@link Option}s of {@link EngineOptions}), a workload's properties
 * by name and default (they are declared by the workload's constants, not as options). A missing value gives the
 * default, a bad one an {@link IllegalArgumentException} whose one-line message names the property (the client
 * reports it with exit code 2). The parsing and its messages are binding-support's {@link TypedProperties}, the one
 * implementation the bindings use too; text is read as the engine reads it (a blank value is the empty string).
 *
 * <p>Not thread-safe beyond what {@link Properties} gives; meant for a configuration read once, before the run.
 */
public final class PropertyReader {
  private final Properties props;
  private final TypedProperties typed;

  public PropertyReader(Properties props) {
    this.props = props;
    this.typed = new TypedProperties(props);
  }

  /** The value of one of the engine's options ({@link EngineOptions}), or its default when the property is absent. */
  public <T> T get(Option<T> option) {
    return option.read(props);
  }

  /** Whether the property is given at all (a blank value counts as given). */
  public boolean isGiven(Option<?> option) {
    return option.isGiven(props);
  }

  /** The trimmed value, or {@code def} when absent (a blank value gives the empty string). */
  public String string(String name, String def) {
    String v = props.getProperty(name);
    return v == null ? def : v.trim();
  }

  public long longValue(String name, long def, long min) {
    return typed.longValue(name, def, min);
  }

  /** A whole number in {@code [min, max]}. */
  public long longValue(String name, long def, long min, long max) {
    return typed.longValue(name, def, min, max);
  }

  public int intValue(String name, int def, int min) {
    return typed.intValue(name, def, min);
  }

  public double doubleValue(String name, double def, double min) {
    return typed.doubleValue(name, def, min);
  }

  /** A number between 0 and 1 (a proportion). */
  public double fraction(String name, double def) {
    return typed.fraction(name, def);
  }

  public boolean bool(String name, boolean def) {
    return typed.bool(name, def);
  }
}
