package site.ycsb.options;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The options of one binding (or of the engine), in the order its README lists them: read together (every option's
 * older spellings known to every read) and rendered as the README's property table.
 *
 * <p>Immutable and thread-safe.
 */
public final class OptionSet {
  private final List<Option<?>> options;
  private final Map<String, List<String>> aliases;

  /** The options, in README order; no two may share a name or an older spelling. */
  public OptionSet(List<Option<?>> options) {
    this.options = Collections.unmodifiableList(new ArrayList<>(options));
    Map<String, List<String>> old = new LinkedHashMap<>();
    Map<String, String> owner = new LinkedHashMap<>();
    for (Option<?> o : options) {
      List<String> spellings = new ArrayList<>(o.aliases());
      spellings.add(o.name());
      for (String spelling : spellings) {
        String before = owner.put(spelling, o.name());
        if (before != null) {
          // a declaration mistake, found by every binding's unit tests
          throw new IllegalStateException(spelling + " is declared by both " + before + " and " + o.name());
        }
      }
      if (!o.aliases().isEmpty()) {
        old.put(o.name(), o.aliases());
      }
    }
    aliases = Collections.unmodifiableMap(old);
  }

  /** The options, in README order. */
  public List<Option<?>> options() {
    return options;
  }

  /** Each option's older spellings, by its name (for {@link site.ycsb.support.TypedProperties}). */
  public Map<String, List<String>> aliases() {
    return aliases;
  }

  /** This set's copy of {@code declaration} (see {@link Option#renamed}); an undeclared one is a programming error. */
  @SuppressWarnings("unchecked")
  public <T> Option<T> get(Option<T> declaration) {
    for (Option<?> o : options) {
      if (o == declaration || o.declaration() == declaration) {
        return (Option<T>) o;
      }
    }
    throw new IllegalArgumentException(declaration.name() + " is not an option of this set");
  }

  /** Whether {@code declaration} is one of this set's options (a binding may leave one out). */
  public boolean has(Option<?> declaration) {
    for (Option<?> o : options) {
      if (o == declaration || o.declaration() == declaration) {
        return true;
      }
    }
    return false;
  }

  /** The values in {@code props}, read when asked for (so a binding checks them in the order it chooses). */
  public OptionValues values(Properties props) {
    return new OptionValues(this, props);
  }

  /**
   * The README's property table: one row per option, {@code | name | default | values | meaning |}, older
   * spellings after the name. {@link ReadmeTable} puts it into a README and finds it there.
   */
  public String markdownTable() {
    StringBuilder s = new StringBuilder("| name | default | values | meaning |\n|---|---|---|---|\n");
    for (Option<?> o : options) {
      s.append("| `").append(o.name()).append('`');
      if (!o.aliases().isEmpty()) {
        s.append(" (also ");
        for (int i = 0; i < o.aliases().size(); i++) {
          s.append(i == 0 ? "" : ", ").append('`').append(o.aliases().get(i)).append('`');
        }
        s.append(o.aliasNote() == null ? "" : ", " + o.aliasNote()).append(')');
      }
      s.append(" | ").append(o.defaultText()).append(" | ").append(o.valuesText()).append(" | ")
          .append(cell(o.meaning())).append(" |\n");
    }
    return s.toString();
  }

  /** A meaning as a table cell: capitalised, ending with a full stop. */
  private static String cell(String meaning) {
    if (meaning == null || meaning.isEmpty()) {
      return "";
    }
    String m = Character.toUpperCase(meaning.charAt(0)) + meaning.substring(1);
    return m.endsWith(".") ? m : m + ".";
  }
}
