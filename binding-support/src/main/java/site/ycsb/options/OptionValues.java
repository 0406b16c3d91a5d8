package site.ycsb.options;

import java.util.Properties;

import site.ycsb.support.TypedProperties;

/**
 * The values of an {@link OptionSet}'s options in one set of properties, each read when asked for: a missing one
 * is its default, a bad one an {@link IllegalArgumentException} with one line naming the property as given.
 *
 * <p>Not thread-safe beyond what {@link Properties} gives; meant for a configuration read once, before the run.
 */
public final class OptionValues {
  private final OptionSet set;
  private final TypedProperties props;

  OptionValues(OptionSet set, Properties props) {
    this.set = set;
    this.props = new TypedProperties(props, set.aliases());
  }

  /** The value of the set's copy of {@code declaration}, or its default. */
  public <T> T get(Option<T> declaration) {
    return set.get(declaration).read(props);
  }

  /** Whether the option is given at all, in any spelling (a blank value counts: the typed readers refuse it). */
  public boolean isGiven(Option<?> declaration) {
    return set.get(declaration).isGiven(props);
  }

  /** The spelling of the option that is given (its name when none is), for messages. */
  public String given(Option<?> declaration) {
    return props.given(set.get(declaration).name());
  }

  /** The properties as read, older spellings known. */
  public TypedProperties typed() {
    return props;
  }
}
