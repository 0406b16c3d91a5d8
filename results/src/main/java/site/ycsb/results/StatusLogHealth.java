package site.ycsb.results;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code [HEALTH: ...]} bracket of each line of a run's {@code status.log}: the threads' wait for a CPU, the share
 * of thread time in database calls and the longest process pause over that status interval.
 */
final class StatusLogHealth {
  private static final Pattern LINE = Pattern.compile(
      "(\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d:\\d{3}) (\\d+) sec: .*\\[HEALTH: ([^\\]]*)\\]");
  private static final Pattern FIGURE = Pattern.compile("(\\w+)=([0-9.]+)\\s*(us|ms|s|%)?");
  private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss:SSS");
  /** Time zones differ from UTC by whole quarters of an hour. */
  private static final long ZONE_STEP_MS = 15 * 60_000L;

  /** One status interval's figures; a figure the line lacks is NaN. */
  static final class Interval {
    final long startEpochMs;
    final long endEpochMs;
    final double cpuWaitSec;
    final double threadsBusyPct;
    final double maxPauseMs;

    Interval(long startEpochMs, long endEpochMs, double cpuWaitSec, double threadsBusyPct, double maxPauseMs) {
      this.startEpochMs = startEpochMs;
      this.endEpochMs = endEpochMs;
      this.cpuWaitSec = cpuWaitSec;
      this.threadsBusyPct = threadsBusyPct;
      this.maxPauseMs = maxPauseMs;
    }

    double seconds() {
      return Math.max(1e-3, (endEpochMs - startEpochMs) / 1000.0);
    }
  }

  private StatusLogHealth() {
  }

  /**
   * The intervals of {@code file} (none when it is absent or has no health brackets). {@code zeroEpochMs} is when the
   * schedule opened: the lines' elapsed seconds count from it. The lines' clock times are in the time zone of the
   * machine that ran, which this one may not share: the zone is the whole quarter hour that brings the first line's
   * time next to its elapsed seconds.
   */
  static List<Interval> read(Path file, long zeroEpochMs) throws UsageException {
    List<Interval> out = new ArrayList<>();
    List<String> lines = OptionalFile.lines(file);
    Long zoneMs = null;
    long previous = zeroEpochMs;
    for (String line : lines) {
      Matcher m = LINE.matcher(line);
      if (!m.find()) {
        continue;
      }
      long local;
      try {
        local = LocalDateTime.parse(m.group(1), STAMP).toInstant(ZoneOffset.UTC).toEpochMilli();
      } catch (DateTimeParseException e) {
        continue;
      }
      if (zoneMs == null) {
        long approx = zeroEpochMs + Long.parseLong(m.group(2)) * 1000;
        zoneMs = Math.round((local - approx) / (double) ZONE_STEP_MS) * ZONE_STEP_MS;
      }
      long end = local - zoneMs;
      double wait = Double.NaN;
      double busy = Double.NaN;
      double pause = Double.NaN;
      Matcher f = FIGURE.matcher(m.group(3));
      while (f.find()) {
        double v = Double.parseDouble(f.group(2));
        switch (f.group(1)) {
        case "CpuWait":
          wait = inSeconds(v, f.group(3));
          break;
        case "ThreadsBusy":
          busy = v;
          break;
        case "MaxPause":
          pause = inSeconds(v, f.group(3)) * 1000;
          break;
        default:
          break;
        }
      }
      out.add(new Interval(previous, end, wait, busy, pause));
      previous = end;
    }
    return out;
  }

  private static double inSeconds(double v, String unit) {
    if ("ms".equals(unit)) {
      return v / 1e3;
    }
    return "us".equals(unit) ? v / 1e6 : v;
  }
}
