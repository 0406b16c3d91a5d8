package site.ycsb.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code tool-events.tsv} in a run's results directory: what the tool that ran it did around it — the suite's and
 * fleet's {@code --hook-before}/{@code --hook-after} commands and the findmax step the run was — one line each,
 * {@code <start epoch ms> TAB <end epoch ms> TAB <hook|step> TAB <tool> TAB <label> TAB <detail>}. The tool writes
 * it (it runs them, the engine does not see them); the report draws each as a mark at the run's edge it touches.
 *
 * <p>A hook's command line may hold a secret (a password passed to nodetool, a token in a URL): only its first word
 * is recorded, never the rest.
 */
public final class ToolEvents {
  public static final String NAME = "tool-events.tsv";
  /** The longest command word kept (a label, not a path). */
  static final int MAX_WORD = 40;

  private ToolEvents() {
  }

  /**
   * Records a hook that ran from {@code startMs} to {@code endMs}.
   *
   * @param tool the tool that ran it ("suite", "fleet")
   * @param when "before" or "after" the phase
   * @param command the hook's command line; only its first word is written
   */
  public static void hook(Path dir, String tool, String when, String command, long startMs, long endMs,
      int exitCode) throws IOException {
    String word = commandWord(command);
    String rest = command.trim().matches("\\S+") ? "" : " ...";
    append(dir, startMs, endMs, "hook", tool, "hook-" + when + ": " + word, String.format(Locale.ROOT,
        "%s ran its --hook-%s (%s%s) %s the phase for %s; exit code %d", tool, when, word, rest, when,
        duration(endMs - startMs), exitCode));
  }

  /**
   * Records that the run is findmax's step {@code index} of the given kind ("search", "threads", a follow-up), at
   * {@code rate} ops/s (0: unthrottled, with {@code threads} threads when that is above 0), run from {@code startMs}
   * to {@code endMs} by its engine, which exited with {@code exitCode}.
   */
  public static void findmaxStep(Path dir, int index, String kind, double rate, int threads, long startMs,
      long endMs, int exitCode) throws IOException {
    String what = rate > 0 ? "target " + site.ycsb.cli.EngineCommandLine.formatRate(rate) + " ops/s"
        : "unthrottled" + (threads > 0 ? ", " + threads + " threads" : "");
    append(dir, startMs, endMs, "step", "findmax", "findmax step " + index + ": " + what, String.format(
        Locale.ROOT, "findmax's step %d (%s): %s; its engine ran %s (start-up and warm-up included), exit code %d",
        index, kind, what, duration(endMs - startMs), exitCode));
  }

  /**
   * What a findmax step's label (as {@link #findmaxStep} writes it) says it ran at, short for a mark on the chart:
   * "2000 ops/s", "8 threads" (a thread ramp's step, unthrottled), "unthrottled"; "" for another label.
   */
  static String stepTarget(String label) {
    int colon = label.indexOf(": ");
    if (!label.startsWith("findmax step ") || colon < 0) {
      return "";
    }
    String what = label.substring(colon + 2).trim();
    for (String prefix : new String[] {"target ", "unthrottled, "}) {
      if (what.startsWith(prefix)) {
        return what.substring(prefix.length());
      }
    }
    return what;
  }

  /** Milliseconds under a second (a quick hook is not "0.0 s"), else seconds. */
  static String duration(long ms) {
    return ms < 1000 ? ms + " ms" : RunEvents.seconds(ms);
  }

  /**
   * The command's first word without its directory, skipping {@code NAME=value} assignments in front of it (they
   * may be secrets); "?" when there is none.
   */
  static String commandWord(String command) {
    for (String w : command.trim().split("\\s+")) {
      if (w.isEmpty() || w.matches("[A-Za-z_][A-Za-z0-9_]*=.*")) {
        continue;
      }
      String bare = w.replaceAll("[\"'`$(){};|&<>\\\\]", "");
      bare = bare.substring(bare.lastIndexOf('/') + 1);
      if (bare.isEmpty()) {
        continue;
      }
      return bare.length() > MAX_WORD ? bare.substring(0, MAX_WORD) : bare;
    }
    return "?";
  }

  private static void append(Path dir, long startMs, long endMs, String type, String tool, String label,
      String detail) throws IOException {
    String line = startMs + "\t" + endMs + "\t" + type + "\t" + clean(tool) + "\t" + clean(label) + "\t"
        + clean(detail) + "\n";
    Files.write(dir.resolve(NAME), line.getBytes(StandardCharsets.UTF_8), StandardOpenOption.CREATE,
        StandardOpenOption.APPEND, StandardOpenOption.WRITE);
  }

  private static String clean(String text) {
    return site.ycsb.support.SecretNames.maskText(text.replaceAll("[\\t\\r\\n]+", " ").trim());
  }

  /**
   * The tool's events of a directory; {@code client}: who they are shown for (the run's host; null: the tool that
   * wrote them, for a merged run, where they ran once on the head). Lines that are not events are skipped.
   */
  static List<TimelineEvent> read(Path dir, String client) throws UsageException {
    List<TimelineEvent> out = new ArrayList<>();
    for (String line : OptionalFile.lines(dir.resolve(NAME))) {
      String[] f = line.split("\t", -1);
      if (f.length < 6) {
        continue;
      }
      TimelineEvent.Kind kind = f[2].equals("hook") ? TimelineEvent.Kind.HOOK
          : f[2].equals("step") ? TimelineEvent.Kind.STEP : null;
      try {
        if (kind != null) {
          out.add(new TimelineEvent(Long.parseLong(f[0].trim()), Long.parseLong(f[1].trim()), kind, f[4], f[5],
              client != null ? client : f[3]));
        }
      } catch (NumberFormatException e) {
        // a damaged line: not a moment on the axis
      }
    }
    return out;
  }
}
