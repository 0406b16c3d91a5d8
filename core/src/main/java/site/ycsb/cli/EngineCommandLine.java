package site.ycsb.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import site.ycsb.options.Option;
import site.ycsb.support.TypedProperties;

/**
 * The engine's command line — YCSB 0.17.0's flags ({@code -threads -target -load -t -db -P -p -s -l}) — parsed in this
 * one class: by the engine, by its shell, and by the tools that start engines ({@code suite}, {@code fleet},
 * {@code findmax}), so that an option means the same everywhere and is refused with the same words. A flag that sets
 * a property sets the option declared in {@link EngineOptions} ({@code -threads} is {@code threadcount}); values
 * are read and checked by those declarations.
 *
 * <p>Properties are merged by YCSB 0.17.0's rule ({@link CommandLineProperties}): every {@code -P} file in order,
 * later files winning, then every {@code -p} and flag, which override the files wherever they stand.
 *
 * <p>Immutable and thread-safe.
 */
public final class EngineCommandLine {
  /** The engine's usage text ({@code --help}). */
  public static final String USAGE = usage();

  /** One flag as given, with its value (null for a flag without one), or an option of the caller's (see parse). */
  public static final class Item {
    private final String word;
    private final EngineFlag flag;
    private final String value;

    Item(String word, EngineFlag flag, String value) {
      this.word = word;
      this.flag = flag;
      this.value = value;
    }

    /** The engine's flag, or null for an option of the caller's. */
    public EngineFlag flag() {
      return flag;
    }

    /** The value, or null. */
    public String value() {
      return value;
    }

    /** The property this item sets ({@code threadcount} for {@code -threads 8}, {@code x} for {@code -p x=1}), or null. */
    public String property() {
      if (flag == EngineFlag.PROPERTY) {
        return value.substring(0, value.indexOf('='));
      }
      return flag != null && flag.option != null ? flag.option.name() : null;
    }

    /** The value of {@link #property()}. */
    public String propertyValue() {
      if (flag == EngineFlag.PROPERTY) {
        return value.substring(value.indexOf('=') + 1);
      }
      return flag.fixedValue != null ? flag.fixedValue : value;
    }

    /** The words as given, e.g. {@code [-p, x=1]}. */
    public List<String> words() {
      return value == null ? Collections.singletonList(word) : Arrays.asList(word, value);
    }
  }

  private final List<Item> items;
  private final boolean versionRequested;
  private final boolean helpRequested;

  private EngineCommandLine(List<Item> items, boolean version, boolean help) {
    this.items = Collections.unmodifiableList(items);
    this.versionRequested = version;
    this.helpRequested = help;
  }

  /** Parses the engine's own command line: only the engine's flags. */
  public static EngineCommandLine parse(List<String> args) throws UsageException {
    return parse(args, Collections.<String>emptyList());
  }

  /**
   * Parses a command line of engine flags and of {@code ownOptions}: options of the caller that take a value (the
   * launcher's {@code -cp}, the shell's {@code -table}), kept as items without a flag. A mistake is one line:
   * {@code -threads needs a value}, {@code unknown option '-x' (...)}, ...; {@code --version} wins wherever it is.
   */
  public static EngineCommandLine parse(List<String> args, Collection<String> ownOptions) throws UsageException {
    if (args.contains(EngineFlag.VERSION.word) || args.contains("-version")) {
      return new EngineCommandLine(new ArrayList<Item>(), true, false);
    }
    List<Item> items = new ArrayList<>();
    String phase = null;
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      EngineFlag flag = EngineFlag.of(arg);
      if (flag == EngineFlag.HELP) {
        return new EngineCommandLine(new ArrayList<Item>(), false, true);
      }
      int eq = arg.indexOf('=');
      if (flag == null && eq > 0 && ownOptions.contains(arg.substring(0, eq))) {
        items.add(new Item(arg.substring(0, eq), null, arg.substring(eq + 1))); // -cp=x, as the launcher takes it
        continue;
      }
      if (flag == null && !ownOptions.contains(arg)) {
        throw new UsageException("unknown option '" + Secrets.maskArgument(arg) + "' (options: -threads -target -load"
            + " -t -db -P -p -s -l --version; see --help)");
      }
      String value = flag == null || flag.takesValue() ? value(args, ++i, arg, ownOptions) : null;
      Item item = new Item(arg, flag, value);
      if (flag == EngineFlag.PROPERTY) {
        checkPropertyArgument(value);
      }
      if (flag == EngineFlag.LOAD || flag == EngineFlag.TRANSACTIONS) {
        if (phase != null && !phase.equals(item.propertyValue())) {
          // bin/ycsb load|run appends its own -load/-t, so this is a phase the user asked for twice, differently
          throw new UsageException("-load and -t both given: a run is either the load phase (bin/ycsb load) or "
              + "the transaction phase (bin/ycsb run)");
        }
        phase = item.propertyValue();
      }
      items.add(item);
    }
    return new EngineCommandLine(items, false, false);
  }

  /**
   * Refuses a {@code -p} whose name would set a property nobody reads while the user meant another: blanks around
   * the name ({@code -p ' operationcount=5'}, {@code -p 'operationcount =5'}: the default would run without a word),
   * a name that is an option ({@code -p -threads=5}), or control characters.
   */
  private static void checkPropertyArgument(String value) throws UsageException {
    int eq = value.indexOf('=');
    if (eq <= 0) {
      throw new UsageException("-p needs name=value, got '" + Secrets.safeLine(Secrets.maskArgument(value)) + "'");
    }
    String name = value.substring(0, eq);
    String problem = CommandLineProperties.propertyNameProblem(name);
    if (problem != null) {
      throw new UsageException("-p '" + Secrets.safeLine(Secrets.maskArgument(value)) + "': " + problem);
    }
  }

  /**
   * Whether {@code word} is a flag (the engine's, or one of {@code ownOptions}) whose next word is its value: for a
   * tool that takes its own {@code --options} out of a command line before handing the rest to this parser.
   */
  public static boolean takesValue(String word, Collection<String> ownOptions) {
    EngineFlag f = EngineFlag.of(word);
    return f != null ? f.takesValue() : ownOptions.contains(word);
  }

  /** A value equal to a flag means the user left the value out. */
  private static String value(List<String> args, int i, String flag, Collection<String> ownOptions)
      throws UsageException {
    if (i >= args.size() || args.get(i).isEmpty()) {
      throw new UsageException(flag + " needs a value");
    }
    String v = args.get(i);
    if (EngineFlag.of(v) != null || ownOptions.contains(v)) {
      throw new UsageException(flag + " needs a value (got the option " + v + " instead)");
    }
    return v;
  }

  public boolean versionRequested() {
    return versionRequested;
  }

  public boolean helpRequested() {
    return helpRequested;
  }

  /** Every flag and option as given, in order. */
  public List<Item> items() {
    return items;
  }

  /** Whether the line holds {@code flag}. */
  public boolean has(EngineFlag flag) {
    for (Item item : items) {
      if (item.flag == flag) {
        return true;
      }
    }
    return false;
  }

  /** The value of the caller's option {@code word} (the last one given), or {@code def}. */
  public String ownOption(String word, String def) {
    String v = def;
    for (Item item : items) {
      if (item.flag == null && item.word.equals(word)) {
        v = item.value;
      }
    }
    return v;
  }

  /** The {@code -P} files, in order. */
  public List<String> propertyFiles() {
    List<String> files = new ArrayList<>();
    for (Item item : items) {
      if (item.flag == EngineFlag.PROPERTY_FILE) {
        files.add(item.value);
      }
    }
    return files;
  }

  /** What the flags and {@code -p} set, by property name in the order given (the last value of a name wins). */
  public Map<String, String> properties() {
    Map<String, String> set = new LinkedHashMap<>();
    for (Item item : items) {
      String name = item.property();
      if (name != null) {
        set.remove(name);
        set.put(name, item.propertyValue());
      }
    }
    return set;
  }

  /**
   * One warning line per property the line sets twice to different values ({@code -threads 4 ... -threads 8}, {@code
   * -p operationcount=50 ... -p operationcount=100}, or a flag and a {@code -p} of the same property): the last
   * value is used, as in YCSB 0.17.0, whose command lines scripts extend by appending, but not without a word.
   * Secret values are masked. Empty when nothing is set twice differently.
   */
  public List<String> repeatedWarnings() {
    Map<String, String> first = new LinkedHashMap<>();
    Map<String, String> last = new LinkedHashMap<>();
    for (Item item : items) {
      String name = item.property();
      if (name == null) {
        continue;
      }
      first.putIfAbsent(name, item.propertyValue());
      last.put(name, item.propertyValue());
    }
    List<String> lines = new ArrayList<>();
    for (Map.Entry<String, String> e : first.entrySet()) {
      String name = e.getKey();
      if (!e.getValue().equals(last.get(name))) {
        lines.add("Warning: " + Secrets.safeLine(name) + " is set more than once on the command line (first '"
            + shown(name, e.getValue()) + "', last '" + shown(name, last.get(name)) + "'): the last is used, as in "
            + "YCSB 0.17.0");
      }
    }
    return lines;
  }

  private static String shown(String name, String value) {
    return Secrets.safeLine(site.ycsb.support.SecretNames.shown(name, value));
  }

  /** Whether the line sets {@code option}, with a flag or with {@code -p}. */
  public boolean sets(Option<?> option) {
    return properties().containsKey(option.name());
  }

  /**
   * Reads every engine option the line sets through its declaration, so that a bad value ({@code -target x},
   * {@code -p threadcount=0}) is refused here with the engine's words, before anything starts.
   */
  public void checkValues() throws UsageException {
    Properties given = new Properties();
    given.putAll(properties());
    for (Option<?> option : EngineOptions.all()) {
      try {
        option.read(given);
      } catch (IllegalArgumentException e) {
        throw new UsageException(e.getMessage());
      }
    }
  }

  /**
   * The properties the engine runs with: the {@code -P} files merged with what the line sets, and the run named
   * after the last {@code -P} file ({@link EngineOptions#WORKLOAD_FILE_NAME}) unless the line names it.
   *
   * @throws UsageException a file that cannot be read or is malformed (one line naming it)
   */
  public Properties effectiveProperties() throws UsageException {
    List<String> files = propertyFiles();
    Map<String, String> set = properties();
    Properties merged = CommandLineProperties.merge(files, set);
    // suite and fleet put the phase's workload file first, so that the user's files override it, and name the run
    // after it with -p
    if (!files.isEmpty() && !set.containsKey(EngineOptions.WORKLOAD_FILE_NAME.name())) {
      merged.setProperty(EngineOptions.WORKLOAD_FILE_NAME.name(),
          new java.io.File(files.get(files.size() - 1)).getName());
    }
    return merged;
  }

  /**
   * A rate as {@code -target} takes it and the tools print it: a whole number without {@code .0} ({@code 334}), else
   * every digit Java gives ({@code 333.3333333333333}), so that rates shared out over clients add up exactly.
   */
  public static String formatRate(double rate) {
    return TypedProperties.plain(rate);
  }

  /** The words that set the rate: {@code -target rate}. */
  public static List<String> target(double rate) {
    return EngineFlag.TARGET.with(formatRate(rate));
  }

  /** The words that set {@code option} to {@code value}: {@code -p name=value}. */
  public static List<String> set(Option<?> option, Object value) {
    return EngineFlag.PROPERTY.with(option.name() + "=" + value);
  }

  /** The words of {@code items}, in order. */
  public static List<String> words(List<Item> items) {
    List<String> words = new ArrayList<>();
    for (Item item : items) {
      words.addAll(item.words());
    }
    return words;
  }

  private static String usage() {
    StringBuilder sb = new StringBuilder("Usage: java site.ycsb.Client [options]\nOptions:\n");
    for (EngineFlag f : EngineFlag.values()) {
      if (f.meaning != null) {
        String left = f.word + (f.valueName == null ? "" : " " + f.valueName);
        sb.append(String.format(java.util.Locale.ROOT, "  %-15s %s", left, f.meaning)).append('\n');
      }
    }
    return sb.append("Required property: workload (e.g. -P workloads/workloada). See the README for all properties and"
        + " exit codes.").toString();
  }
}
