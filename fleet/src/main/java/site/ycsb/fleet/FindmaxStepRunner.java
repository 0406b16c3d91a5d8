package site.ycsb.fleet;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs one findmax step as a fresh engine process ({@code bin/ycsb run <binding>}) at a target rate, with a
 * warm-up, intended latency measured ({@code measurement.interval=both}) and its complete record in the step's
 * result directory, and reads the step back from that record.
 */
final class FindmaxStepRunner implements FindmaxSearch.Stepper {
  private static final Pattern LINE = Pattern.compile("^\\[([^\\]]+)\\], ([^,]+), (.+)$");

  private final Path home;
  private final String binding;
  private final List<String> clientArgs;
  private final Path out;
  private final double stepSeconds;
  private final double warmupSeconds;
  private final List<FindmaxSla> slas;

  FindmaxStepRunner(Path home, String binding, List<String> clientArgs, Path out, double stepSeconds, double warmupSeconds,
             List<FindmaxSla> slas) {
    this.home = home;
    this.binding = binding;
    this.clientArgs = clientArgs;
    this.out = out;
    this.stepSeconds = stepSeconds;
    this.warmupSeconds = warmupSeconds;
    this.slas = slas;
  }

  List<String> command(double rate, Path dir) {
    Set<String> percentiles = new LinkedHashSet<>();
    percentiles.add("95");
    percentiles.add("99");
    percentiles.add("99.9");
    for (FindmaxSla s : slas) {
      if (s.percentile() != null) {
        percentiles.add(s.percentile());
      }
    }
    List<String> cmd = new ArrayList<>();
    cmd.add(home.resolve("bin/ycsb").toString());
    cmd.add("run");
    cmd.add(binding);
    cmd.addAll(clientArgs);
    long ops = Math.max(1, Math.round(rate * (stepSeconds + warmupSeconds)));
    String[] own = {"-target", format(rate), "-p", "operationcount=" + ops, "-p", "maxexecutiontime=0",
        "-p", "measurement.interval=both", "-p", "hdrhistogram.percentiles=" + String.join(",", percentiles),
        "-p", "results.dir=" + dir.toAbsolutePath()};
    for (String a : own) {
      cmd.add(a);
    }
    if (warmupSeconds > 0) {
      cmd.add("-p");
      cmd.add("warmup=" + Math.round(warmupSeconds * 1000) + "ms");
    }
    return cmd;
  }

  static String format(double rate) {
    return rate == Math.rint(rate) ? Long.toString((long) rate) : String.format(Locale.ROOT, "%.1f", rate);
  }

  @Override
  public FindmaxStep run(int index, double rate) throws IOException, InterruptedException {
    Path dir = out.resolve(String.format(Locale.ROOT, "step-%02d-%s", index, format(rate)));
    System.err.println(String.format(Locale.ROOT, "findmax: step %d: -target %s for %.0f s (+ %.0f s warm-up)",
        index, format(rate), stepSeconds, warmupSeconds));
    Process p = new ProcessBuilder(command(rate, dir)).redirectErrorStream(true)
        .redirectOutput(Files.createDirectories(out).resolve(dir.getFileName() + ".log").toFile()).start();
    int code = p.waitFor();
    FindmaxStep r = read(rate, dir);
    r.dir = out.relativize(dir).toString();
    if (code != 0 && r.reason.isEmpty()) {
      r.reason = "engine exit code " + code;
    }
    return r;
  }

  /** The step as its result directory records it (output.txt for the figures, summary.json for the verdict). */
  static FindmaxStep read(double rate, Path dir) throws IOException {
    Path output = dir.resolve("output.txt");
    if (!Files.isRegularFile(output)) {
      FindmaxStep none = new FindmaxStep(rate, 0, false, 0);
      none.reason = "no result written (see the step's log)";
      return none;
    }
    double achieved = 0;
    long failed = 0;
    java.util.Map<String, java.util.Map<String, Long>> intended = new java.util.LinkedHashMap<>();
    java.util.Map<String, java.util.Map<String, Long>> service = new java.util.LinkedHashMap<>();
    for (String line : Files.readAllLines(output, StandardCharsets.UTF_8)) {
      Matcher m = LINE.matcher(line.trim());
      if (!m.matches()) {
        continue;
      }
      String metric = m.group(1);
      String field = m.group(2);
      String value = m.group(3).trim();
      if (metric.equals("OVERALL") && field.equals("Throughput(ops/sec)")) {
        achieved = Double.parseDouble(value);
      } else if (field.startsWith("Return=") && !metric.startsWith("Intended-") && !metric.equals("VERIFY")
          && !field.equals("Return=OK") && !field.equals("Return=NOT_FOUND")) {
        failed += Long.parseLong(value);
      } else if (!metric.endsWith("-FAILED") && statistic(field) != null && !metric.equals("OVERALL")
          && !metric.equals("SCHEDULE") && !metric.equals("VERIFY")) {
        boolean isIntended = metric.startsWith("Intended-");
        (isIntended ? intended : service).computeIfAbsent(isIntended ? metric.substring("Intended-".length())
            : metric, k -> new java.util.LinkedHashMap<>()).put(statistic(field), (long) Double.parseDouble(value));
      }
    }
    String summary = Files.isRegularFile(dir.resolve("summary.json"))
        ? new String(Files.readAllBytes(dir.resolve("summary.json")), StandardCharsets.UTF_8) : "";
    boolean clientLimited = Pattern.compile("\"clientLimited\"\\s*:\\s*true").matcher(summary).find();
    FindmaxStep r = new FindmaxStep(rate, achieved, clientLimited, failed);
    for (Map.Entry<String, java.util.Map<String, Long>> e : intended.entrySet()) {
      if (!e.getKey().equals("CLEANUP")) {
        r.intended.put(e.getKey(), e.getValue());
      }
    }
    for (Map.Entry<String, java.util.Map<String, Long>> e : service.entrySet()) {
      if (!e.getKey().equals("CLEANUP") && !e.getKey().equals("READ-MODIFY-WRITE")) {
        r.service.put(e.getKey(), e.getValue());
      }
    }
    return r;
  }

  private static String statistic(String field) {
    switch (field) {
    case "AverageLatency(us)":
      return "avg";
    case "95thPercentileLatency(us)":
      return "p95";
    case "99thPercentileLatency(us)":
      return "p99";
    case "99.9PercentileLatency(us)":
      return "p999";
    case "50thPercentileLatency(us)":
      return "p50";
    case "90thPercentileLatency(us)":
      return "p90";
    default:
      return null;
    }
  }
}
