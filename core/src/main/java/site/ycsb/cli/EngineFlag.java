package site.ycsb.cli;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import site.ycsb.options.Option;

/**
 * One flag of the engine's command line ({@link EngineCommandLine}), the option it sets and its line in the usage
 * text. A class of its own (it was nested in the parser) so that {@link CommandLineProperties} can name a flag in
 * its messages without depending on the parser, which depends on it.
 *
 * <p>Immutable and thread-safe. For the engine and the tools that build engine command lines.
 */
public enum EngineFlag {
  THREADS("-threads", "n", EngineOptions.THREAD_COUNT, null, "run with n client threads (default 1)"),
  TARGET("-target", "n", EngineOptions.TARGET, null,
      "attempt n operations per second in total, on an open-loop schedule (default: unthrottled)"),
  LOAD("-load", null, EngineOptions.DO_TRANSACTIONS, "false", "run the loading phase of the workload"),
  TRANSACTIONS("-t", null, EngineOptions.DO_TRANSACTIONS, "true",
      "run the transactions phase of the workload (default)"),
  DB("-db", "dbname", EngineOptions.DB_CLASS, null, "the database binding class (default site.ycsb.BasicDB)"),
  PROPERTY_FILE("-P", "propertyfile", null, null, "load properties from the file (repeatable; later files win)"),
  PROPERTY("-p", "name=value", null, null, "set a property (repeatable; overrides files)"),
  STATUS("-s", null, EngineOptions.STATUS, "true", "print status lines to stderr every status.interval seconds"),
  LABEL("-l", "label", EngineOptions.LABEL, null, "prefix the status lines with label"),
  VERSION("--version", null, null, null, "print the version and git commit"),
  HELP("--help", null, null, null, null);

  final String word;
  final String valueName;
  final Option<?> option;
  final String fixedValue;
  final String meaning;

  EngineFlag(String word, String valueName, Option<?> option, String fixedValue, String meaning) {
    this.word = word;
    this.valueName = valueName;
    this.option = option;
    this.fixedValue = fixedValue;
    this.meaning = meaning;
  }

  /** The flag as typed, e.g. {@code -target}. */
  public String word() {
    return word;
  }

  /** Whether the next word is this flag's value. */
  public boolean takesValue() {
    return valueName != null;
  }

  /** The flag and its value as words of a command line, e.g. {@code [-target, 100]}. */
  public List<String> with(String value) {
    return takesValue() ? Arrays.asList(word, value) : Collections.singletonList(word);
  }

  /** The flag for a word of the command line (its spellings: {@code -version}, {@code -h}, {@code -help}), or null. */
  static EngineFlag of(String word) {
    switch (word) {
    case "-version":
      return VERSION;
    case "-h":
    case "-help":
      return HELP;
    default:
      for (EngineFlag f : values()) {
        if (f.word.equals(word)) {
          return f;
        }
      }
      return null;
    }
  }
}
