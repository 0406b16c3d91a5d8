package site.ycsb.testserver.cassandra;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The last lines of a log file, to put into an error message. */
final class LogTail {
  private static final int MAX_LINE = 400;

  private LogTail() {
  }

  static List<String> lastLines(Path file, int count) {
    List<String> all;
    try {
      // Lenient decoding: a log may end in a partially written multi-byte character.
      all = Arrays.asList(new String(Files.readAllBytes(file), StandardCharsets.UTF_8).split("\r?\n"));
    } catch (IOException e) {
      return new ArrayList<>();
    }
    if (all.size() == 1 && all.get(0).isEmpty()) {
      return new ArrayList<>();
    }
    List<String> tail = new ArrayList<>(all.subList(Math.max(0, all.size() - count), all.size()));
    for (int i = 0; i < tail.size(); i++) {
      String line = tail.get(i);
      if (line.length() > MAX_LINE) {
        tail.set(i, line.substring(0, MAX_LINE) + "...");
      }
    }
    return tail;
  }

  /** "\nlast lines of FILE:\n  ..." or "; FILE is empty": the summary before it stays the first line. */
  static String describe(Path file, int count) {
    List<String> lines = lastLines(file, count);
    if (lines.isEmpty()) {
      return "; " + file + " is empty or missing";
    }
    StringBuilder sb = new StringBuilder("\nlast lines of ").append(file).append(':');
    for (String line : lines) {
      sb.append("\n  ").append(line);
    }
    return sb.toString();
  }

  /** True when {@code text} occurs in the file after its first {@code offset} bytes. */
  static boolean containsAfter(Path file, long offset, String text) {
    try {
      byte[] all = Files.readAllBytes(file);
      int from = (int) Math.min(Math.max(0, offset), all.length);
      return new String(all, from, all.length - from, StandardCharsets.UTF_8).contains(text);
    } catch (IOException e) {
      return false;
    }
  }
}
