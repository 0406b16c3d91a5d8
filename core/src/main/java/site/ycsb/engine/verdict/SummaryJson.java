package site.ycsb.engine.verdict;

import java.text.SimpleDateFormat;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.TimeZone;

import site.ycsb.measurements.exporter.JsonText;

/**
 * A tiny JSON object builder for {@code summary.json} (keeps core free of JSON libraries). It lives beside the
 * verdicts because they write their own sections of the summary with it; the results writer in the engine
 * package assembles the whole file from those sections.
 *
 * <p>Not thread-safe: one builder per object written.
 */
public final class SummaryJson {
  private final List<String> members = new ArrayList<>();

  /** Adds a string member, quoted. */
  public SummaryJson field(String name, String value) {
    return raw(name, JsonText.quote(value));
  }

  /** Adds an integer member. */
  public SummaryJson field(String name, long value) {
    return raw(name, Long.toString(value));
  }

  /** Adds a number member (non-finite values as JSON allows them, see {@link JsonText#number}). */
  public SummaryJson field(String name, double value) {
    return raw(name, JsonText.number(value));
  }

  /** Adds a boolean member. */
  public SummaryJson field(String name, boolean value) {
    return raw(name, Boolean.toString(value));
  }

  /** Adds a member whose value is a Double (as a number) or anything else printed as it is. */
  public SummaryJson value(String name, Object v) {
    if (v instanceof Double) {
      return field(name, (Double) v);
    }
    return raw(name, String.valueOf(v));
  }

  /** Adds a member whose value is already JSON text. */
  public SummaryJson raw(String name, String json) {
    members.add(JsonText.quote(name) + ": " + json);
    return this;
  }

  /** The object on one line, {@code {"a": 1, "b": 2}} (for a small object, as the warm-up's). */
  public String inline() {
    return "{" + String.join(", ", members) + "}";
  }

  @Override
  public String toString() {
    return members.isEmpty() ? "{}" : "{\n  " + String.join(",\n  ", members).replace("\n", "\n  ") + "\n}";
  }

  /** An instant as the summary writes times: ISO 8601 in UTC with milliseconds. */
  public static String iso(long epochMs) {
    SimpleDateFormat f = new SimpleDateFormat("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'");
    f.setTimeZone(TimeZone.getTimeZone("UTC"));
    return f.format(new Date(epochMs));
  }
}
