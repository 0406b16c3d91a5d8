package site.ycsb.options;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import java.util.function.UnaryOperator;

import site.ycsb.support.TypedProperties;

/**
 * One option, declared once: its property name, the older spellings still accepted, the type of its value, its
 * default, its bounds and unit, what it means and whether it is a secret. The reader, the README table
 * ({@link OptionSet#markdownTable()}) and the record ({@link #show}) all come from this declaration, so a name,
 * default or bound is written in exactly one place.
 *
 * <p>A missing value gives the default ({@code null}: none, e.g. "the driver's default"); a bad one an
 * {@link IllegalArgumentException} whose one-line message names the property in the spelling given, in
 * {@link TypedProperties}' wording ({@code name=value must be between 1 and 65535}). A binding wraps that in its
 * {@code DBException} ({@link TypedProperties#configurationError}).
 *
 * <p>Immutable and thread-safe.
 *
 * @param <T> the type of the value
 */
public final class Option<T> {
  /** How a value is read; a bad value is an {@link IllegalArgumentException} with one line naming the property. */
  public interface Reader<T> {
    /**
     * The value of {@code option} in {@code props} (which know every option's older spellings), or its default.
     */
    T read(TypedProperties props, Option<T> option);
  }

  private final Builder<T> spec;

  private Option(Builder<T> spec) {
    this.spec = spec;
  }

  /** Text: the trimmed value, or {@code def} when absent or blank. */
  public static Builder<String> text(String name, String def) {
    return new Builder<>(name, String.class, def, "text", (p, o) -> p.string(o.name(), o.defaultValue()));
  }

  /**
   * Text as the engine reads it: the trimmed value, a blank one the empty string, {@code def} only when absent. The
   * place that uses it refuses an empty value, so that an unset shell variable ({@code -p db=$DB}) is not silently
   * the default.
   */
  public static Builder<String> textAsGiven(String name, String def) {
    return new Builder<>(name, String.class, def, "text", (p, o) -> {
      String v = o.givenValue(p);
      return v == null ? o.defaultValue() : v;
    });
  }

  /**
   * One of {@code choices}, exactly as written (trimmed); {@code def} when absent. Anything else, a blank value too,
   * is refused: {@code name=value is not one of: a, b}.
   */
  public static Builder<String> choice(String name, String def, String... choices) {
    List<String> allowed = Collections.unmodifiableList(new ArrayList<>(Arrays.asList(choices)));
    return new Builder<>(name, String.class, def, alternatives(allowed), (p, o) -> {
      String v = o.givenValue(p);
      return v == null ? o.defaultValue() : TypedProperties.oneOf(o.spelling(p), v, allowed, false);
    });
  }

  /** {@code a}, {@code b} or {@code c}, each in backticks, as the README says the accepted words. */
  private static String alternatives(List<String> words) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < words.size(); i++) {
      s.append(i == 0 ? "" : i == words.size() - 1 ? " or " : ", ").append('`').append(words.get(i)).append('`');
    }
    return s.toString();
  }

  /** A secret (a password): the value exactly as given, never trimmed, never shown; null when absent. */
  public static Builder<String> secret(String name) {
    Builder<String> b = new Builder<>(name, String.class, null, "text, never printed", (p, o) -> p.raw(o.name()));
    b.secret = true;
    return b;
  }

  /** {@code true} or {@code false}, any case: a typo must not silently mean false. */
  public static Builder<Boolean> flag(String name, boolean def) {
    return new Builder<>(name, Boolean.class, def, "`true` or `false`", (p, o) -> p.bool(o.name(),
        o.defaultValue()));
  }

  /** A number between 0 and 1. */
  public static Builder<Double> fraction(String name, double def) {
    return new Builder<>(name, Double.class, def, "0..1", (p, o) -> p.fraction(o.name(), o.defaultValue()));
  }

  /**
   * A finite number in {@code [min, max]}. The upper bound is there for options where a value far beyond any real one
   * is a typo that would otherwise run silently (a rate of 1e99 runs unthrottled): {@code name=value is too large (at
   * most max)}; below the minimum: {@code name=value must be a number of at least min}.
   */
  public static Builder<Double> number(String name, double def, double min, double max) {
    return new Builder<>(name, Double.class, def, TypedProperties.plain(min) + ".." + TypedProperties.plain(max),
        (p, o) -> {
          double value = p.doubleValue(o.name(), o.defaultValue(), min);
          if (value > max) {
            throw TypedProperties.badValue(o.spelling(p), p.raw(o.name()), "is too large (at most "
                + TypedProperties.plain(max) + ")");
          }
          return value;
        });
  }

  /** A whole number in {@code [min, max]}; {@code def} null: none when absent (e.g. the client library's). */
  public static Builder<Long> whole(String name, Long def, long min, long max) {
    Builder<Long> b = new Builder<>(name, Long.class, def, null, (p, o) -> o.readWhole(p));
    b.min = min;
    b.max = max;
    return b;
  }

  /** A whole number in {@code [min, max]} that fits an int; {@code def} null: none when absent. */
  public static Builder<Integer> count(String name, Integer def, int min, int max) {
    Builder<Integer> b = new Builder<>(name, Integer.class, def, null, (p, o) -> {
      Long v = o.readWhole(p);
      return v == null ? null : (int) (long) v;
    });
    b.min = min;
    b.max = max;
    return b;
  }

  /**
   * A value of a binding's own kind (contact points, a consistency level...), read by {@code reader}; {@code values}
   * says in a few words what is accepted, for the README table.
   */
  public static <T> Builder<T> of(String name, Class<T> type, T def, String values, Reader<T> reader) {
    return new Builder<>(name, type, def, values, reader);
  }

  /** The whole number given, or the default; bounds and "0 is off" as declared. */
  private Long readWhole(TypedProperties p) {
    if (!isGiven(p)) {
      Object def = spec.defaultValue;
      return def == null ? null : ((Number) def).longValue();
    }
    // longValue refuses a blank value (an unset shell variable) rather than taking the default
    return checkZero(p.given(name()), p.longValue(name(), 0, lowest(), spec.max));
  }

  /** The lowest value a reader may accept before {@link #checkZero}: 0 where 0 means something, else the minimum. */
  public long lowest() {
    return spec.offMeaning != null ? 0 : spec.min;
  }

  /**
   * {@code value} (already within {@link #lowest()} and {@link #max()}), unless it lies between 0 and the minimum
   * where 0 has a meaning ({@link Builder#zeroMeans}): then a one-line message naming {@code spelling}, the
   * property as given.
   */
  public long checkZero(String spelling, long value) {
    if (spec.offMeaning != null && value != 0 && value < spec.min) {
      throw new IllegalArgumentException(spelling + "=" + value + " must be 0 (" + spec.offMeaning
          + ") or at least " + spec.min + unitSuffix() + (spec.minReason == null ? "" : " (" + spec.minReason + ")"));
    }
    return value;
  }

  private String unitSuffix() {
    return spec.unit == null ? "" : " " + spec.unit;
  }

  /** The value in {@code props} (this option's older spellings accepted), or the default. */
  public T read(Properties props) {
    return read(typed(props));
  }

  /** Whether {@code props} hold this option at all, in any spelling (a blank value counts as given). */
  public boolean isGiven(Properties props) {
    return isGiven(typed(props));
  }

  /** Whether {@code props} (which know this option's older spellings) hold it at all; a blank value counts. */
  public boolean isGiven(TypedProperties props) {
    return props.isSet(name()) || props.givenBlank(name()) != null;
  }

  /**
   * The value given for this option, trimmed (a blank one the empty string), or null when it is absent: for a
   * reader of an option's own kind ({@link #of}), which refuses an empty value in its own words.
   */
  public String givenValue(TypedProperties props) {
    if (props.isSet(name())) {
      return props.string(name(), null);
    }
    return props.givenBlank(name()) != null ? "" : null;
  }

  /** The spelling of this option that {@code props} hold (a blank one too), for messages; its name when none. */
  public String spelling(TypedProperties props) {
    String blank = props.givenBlank(name());
    return blank != null ? blank : props.given(name());
  }

  private TypedProperties typed(Properties props) {
    return new TypedProperties(props, Collections.singletonMap(name(), aliases()));
  }

  /** The value in {@code props}, or the default; {@code props} must know this option's older spellings. */
  public T read(TypedProperties props) {
    return spec.reader.read(props, this);
  }

  /**
   * This option under another name: {@code naming} maps the name and each older spelling (e.g. adds the binding's
   * prefix), {@code wording} the meaning and the default's text (e.g. puts the binding's name in). The copy keeps
   * this one as its {@link #declaration()}, by which a binding's copies are looked up.
   */
  public Option<T> renamed(UnaryOperator<String> naming, UnaryOperator<String> wording) {
    Builder<T> b = spec.copy();
    b.name = naming.apply(spec.name);
    List<String> old = new ArrayList<>();
    for (String alias : spec.aliases) {
      old.add(naming.apply(alias));
    }
    b.aliases = Collections.unmodifiableList(old);
    b.meaning = spec.meaning == null ? null : wording.apply(spec.meaning);
    b.defaultText = spec.defaultText == null ? null : wording.apply(spec.defaultText);
    b.aliasNote = spec.aliasNote == null ? null : wording.apply(spec.aliasNote);
    b.detail = spec.detail == null ? null : wording.apply(spec.detail);
    b.declaration = declaration();
    return new Option<>(b);
  }

  /** The declaration this option is a renamed copy of ({@link #renamed}), or itself. */
  public Option<?> declaration() {
    return spec.declaration != null ? spec.declaration : this;
  }

  /** The property name, e.g. {@code cassandra.readtimeoutmillis}. */
  public String name() {
    return spec.name;
  }

  /** The older spellings still accepted (two spellings given different values are refused). */
  public List<String> aliases() {
    return spec.aliases;
  }

  /** Where the older spellings come from, e.g. "YCSB 0.17.0", or null. */
  public String aliasNote() {
    return spec.aliasNote;
  }

  /** Words a reader uses in its messages beyond the meaning (e.g. which other properties to use), or null. */
  public String detail() {
    return spec.detail;
  }

  /** The type of the value. */
  public Class<T> type() {
    return spec.type;
  }

  /** The value when the property is not given; null: none (a required option, or the client library decides). */
  public T defaultValue() {
    return spec.defaultValue;
  }

  /** The lowest value allowed (whole numbers only; 0 may also be allowed, see {@link #zeroMeaning()}). */
  public long min() {
    return spec.min;
  }

  /** The highest value allowed (whole numbers only). */
  public long max() {
    return spec.max;
  }

  /** What 0 means when 0 is allowed below {@link #min()} (e.g. "off"), or null. */
  public String zeroMeaning() {
    return spec.offMeaning;
  }

  /** The unit of a number, e.g. "ms", or null. */
  public String unit() {
    return spec.unit;
  }

  /** What the option is for. */
  public String meaning() {
    return spec.meaning;
  }

  /** Whether the value is a secret: never printed, never in a message. */
  public boolean isSecret() {
    return spec.secret;
  }

  /** The default as the README says it, e.g. "`2000`" or "driver default 12000". */
  public String defaultText() {
    if (spec.defaultText != null) {
      return spec.defaultText;
    }
    return spec.defaultValue == null ? "—" : "`" + spec.defaultValue + "`";
  }

  /** The values accepted as the README says them, e.g. "0 (off) or 100..3600000 ms". */
  public String valuesText() {
    if (spec.values != null) {
      return spec.values;
    }
    String range = spec.max == Long.MAX_VALUE || spec.max == Integer.MAX_VALUE ? "at least " + spec.min
        : spec.min + ".." + spec.max;
    return (spec.offMeaning != null ? "0 (" + spec.offMeaning + ") or " : "") + range + unitSuffix();
  }

  /**
   * {@code value} as the run's record shows it: masked for a secret, with its unit ({@code 2000 ms}), and for 0 where
   * 0 has a meaning that meaning up to any colon ({@code off}).
   */
  public String show(T value) {
    if (value == null) {
      return spec.secret ? "not set" : "(default)";
    }
    if (spec.secret) {
      return "***";
    }
    if (spec.offMeaning != null && value instanceof Number && ((Number) value).longValue() == 0) {
      int colon = spec.offMeaning.indexOf(':');
      return colon < 0 ? spec.offMeaning : spec.offMeaning.substring(0, colon);
    }
    return value + unitSuffix();
  }

  @Override
  public String toString() {
    return spec.name;
  }

  /** The parts of a declaration; {@link #build} makes the immutable {@link Option}. Not thread-safe. */
  public static final class Builder<T> {
    private String name;
    private final Class<T> type;
    private final T defaultValue;
    private final Reader<T> reader;
    private String values;
    private long min = Long.MIN_VALUE;
    private long max = Long.MAX_VALUE;
    private String offMeaning;
    private String minReason;
    private String unit;
    private String meaning;
    private String defaultText;
    private List<String> aliases = Collections.emptyList();
    private String aliasNote;
    private boolean secret;
    private String detail;
    private Option<?> declaration;

    private Builder(String name, Class<T> type, T defaultValue, String values, Reader<T> reader) {
      this.name = name;
      this.type = type;
      this.defaultValue = defaultValue;
      this.values = values;
      this.reader = reader;
    }

    private Builder<T> copy() {
      Builder<T> b = new Builder<>(name, type, defaultValue, values, reader);
      b.min = min;
      b.max = max;
      b.offMeaning = offMeaning;
      b.minReason = minReason;
      b.unit = unit;
      b.meaning = meaning;
      b.defaultText = defaultText;
      b.aliases = aliases;
      b.aliasNote = aliasNote;
      b.secret = secret;
      b.detail = detail;
      b.declaration = declaration;
      return b;
    }

    /** The bounds of a whole number read by a binding's own reader ({@link #of}), which checks them. */
    public Builder<T> bounds(long lowest, long highest) {
      min = lowest;
      max = highest;
      return this;
    }

    /** The unit of a number, e.g. "ms" (shown after bounds and values). */
    public Builder<T> unit(String value) {
      unit = value;
      return this;
    }

    /** What the option is for; for a required option also the message when it is missing. */
    public Builder<T> meaning(String value) {
      meaning = value;
      return this;
    }

    /** The default as the README should say it, when the value alone does not say it (e.g. "driver default"). */
    public Builder<T> defaultText(String value) {
      defaultText = value;
      return this;
    }

    /** The accepted values as the README should say them, when the type alone does not. */
    public Builder<T> values(String value) {
      values = value;
      return this;
    }

    /** Older spellings still accepted, and where they come from (e.g. "YCSB 0.17.0"; null: an earlier version). */
    public Builder<T> aliases(String note, String... spellings) {
      aliases = Collections.unmodifiableList(new ArrayList<>(Arrays.asList(spellings)));
      aliasNote = note;
      return this;
    }

    /**
     * 0 is allowed below the minimum and means {@code zeroMeaning} (e.g. "off"); {@code minReason} says why values
     * between 0 and the minimum are refused (null: no reason given).
     */
    public Builder<T> zeroMeans(String zeroMeaning, String minReason) {
      offMeaning = zeroMeaning;
      this.minReason = minReason;
      return this;
    }

    /** Words the reader uses in its messages beyond the meaning (renamed with it, see {@link Option#renamed}). */
    public Builder<T> detail(String value) {
      detail = value;
      return this;
    }

    /** The immutable declaration. */
    public Option<T> build() {
      return new Option<>(copy());
    }
  }
}
