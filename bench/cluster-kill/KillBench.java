import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

import site.ycsb.testserver.cassandra.CqlConsistency;
import site.ycsb.testserver.cassandra.CqlResult;
import site.ycsb.testserver.cassandra.CqlWireClient;
import site.ycsb.testserver.cassandra.TestServerException;

/**
 * The cluster-kill benchmark's measuring side (bench/cluster-kill), three commands:
 * <ul>
 * <li>{@code watch OUT SECONDS PORT HOST...}: once a second, every node's client request count from the server's own
 * view ({@code system_views.clients.request_count}, per connection, own connection left out), written as the
 * requests each node received since the previous poll; a node that does not answer is "down".</li>
 * <li>{@code count PORT CONSISTENCY HOST...}: {@code SELECT count(*)} of ycsb.usertable through the first host that
 * answers.</li>
 * <li>{@code analyze ...}: one run's figures from the client's HdrHistogram interval logs (this project's engine
 * and YCSB 0.17.0 write the same log format), its text output, the watch file and the kill/restart times.</li>
 * </ul>
 * Every wait is bounded: each connect and each answer has a timeout, the watch ends after SECONDS.
 */
public final class KillBench {
  private KillBench() {
  }

  public static void main(String[] args) throws Exception {
    if (args.length == 0) {
      usage("no command");
    }
    String[] rest = Arrays.copyOfRange(args, 1, args.length);
    switch (args[0]) {
      case "watch":
        Watch.main(rest);
        break;
      case "count":
        Count.main(rest);
        break;
      case "analyze":
        Analyze.main(rest);
        break;
      default:
        usage("unknown command '" + args[0] + "'");
    }
  }

  static void usage(String why) {
    System.err.println("KillBench: " + why + "; usage: watch OUT SECONDS PORT HOST... | count PORT CONSISTENCY HOST..."
        + " | analyze KEY=VALUE...");
    System.exit(2);
  }

  /** Per-node request counts, polled once a second. */
  static final class Watch {
    private static final int TIMEOUT_MILLIS = 700;

    static void main(String[] args) throws IOException, InterruptedException {
      if (args.length < 4) {
        usage("watch needs OUT SECONDS PORT HOST...");
      }
      Path out = Paths.get(args[0]);
      long seconds = Long.parseLong(args[1]);
      int port = Integer.parseInt(args[2]);
      List<NodeCounter> nodes = new ArrayList<>();
      for (int i = 3; i < args.length; i++) {
        nodes.add(new NodeCounter(i - 2, args[i], port));
      }
      long start = System.currentTimeMillis();
      long end = start + seconds * 1000;
      try (PrintStream w = new PrintStream(Files.newOutputStream(out), true, "UTF-8")) {
        w.println("epoch_ms\tnode\tstate\trequests\tconnections");
        for (long next = start; next < end; next += 1000) {
          long pause = next - System.currentTimeMillis();
          if (pause > 0) {
            Thread.sleep(pause);
          }
          for (NodeCounter node : nodes) {
            w.println(node.poll());
          }
        }
      } finally {
        for (NodeCounter node : nodes) {
          node.close();
        }
      }
    }
  }

  /** One node's connection and the last request count seen on each of its client connections. */
  static final class NodeCounter {
    private final int index;
    private final String host;
    private final int port;
    private final Map<String, Long> lastCounts = new HashMap<>();
    private CqlWireClient client;

    NodeCounter(int index, String host, int port) {
      this.index = index;
      this.host = host;
      this.port = port;
    }

    /** One line: time, node, up/down, requests since the previous poll, client connections open. */
    String poll() {
      try {
        if (client == null) {
          client = CqlWireClient.connect(host, port, null, null, Watch.TIMEOUT_MILLIS);
        }
        java.net.InetSocketAddress self = client.localAddress();
        CqlResult rows = client.query("SELECT address, port, request_count FROM system_views.clients");
        long now = System.currentTimeMillis();
        Map<String, Long> counts = new HashMap<>();
        long delta = 0;
        for (int r = 0; r < rows.rowCount(); r++) {
          boolean own = Arrays.equals(rows.raw(r, 0), self.getAddress().getAddress())
              && rows.longValue(r, 1) == self.getPort();
          if (own) {
            continue;
          }
          String key = Arrays.toString(rows.raw(r, 0)) + ":" + rows.longValue(r, 1);
          long count = rows.longValue(r, 2);
          Long before = lastCounts.get(key);
          delta += before == null ? count : Math.max(0, count - before);
          counts.put(key, count);
        }
        lastCounts.clear();
        lastCounts.putAll(counts);
        return now + "\t" + index + "\tup\t" + delta + "\t" + counts.size();
      } catch (TestServerException e) {
        close();
        // The node's connections are gone with it: a connection seen again later is a new one.
        lastCounts.clear();
        return System.currentTimeMillis() + "\t" + index + "\tdown\t0\t0";
      }
    }

    void close() {
      if (client != null) {
        client.close();
        client = null;
      }
    }
  }

  /** Rows of ycsb.usertable, asked of the first host that answers. */
  static final class Count {
    static void main(String[] args) {
      if (args.length < 3) {
        usage("count needs PORT CONSISTENCY HOST...");
      }
      int port = Integer.parseInt(args[0]);
      CqlConsistency consistency = CqlConsistency.valueOf(args[1]);
      String failures = "";
      for (int i = 2; i < args.length; i++) {
        try (CqlWireClient client = CqlWireClient.connect(args[i], port, null, null, 60_000)) {
          System.out.println(client.query("SELECT count(*) FROM ycsb.usertable", consistency).longValue(0, 0));
          return;
        } catch (TestServerException e) {
          failures += " " + args[i] + ": " + e.getMessage().split("\n")[0] + ";";
        }
      }
      System.err.println("KillBench: no host could count ycsb.usertable:" + failures);
      System.exit(1);
    }
  }

  /** One run's figures. */
  static final class Analyze {
    private static final List<String> OPERATIONS = Arrays.asList("READ", "UPDATE", "INSERT", "SCAN", "DELETE");
    private static final Pattern RETURN = Pattern.compile("^\\[([A-Z-]+)\\], Return=([A-Z_]+), (\\d+)\\s*$");
    private static final Pattern RETRIES = Pattern.compile("^\\[CASSANDRA-RETRIES\\], TOTAL, (\\d+)\\s*$");

    static void main(String[] args) throws IOException {
      Map<String, String> a = new HashMap<>();
      for (String arg : args) {
        int eq = arg.indexOf('=');
        if (eq <= 0) {
          usage("analyze takes KEY=VALUE arguments, got '" + arg + "'");
        }
        a.put(arg.substring(0, eq), arg.substring(eq + 1));
      }
      Path hdrDir = Paths.get(need(a, "hdr"));
      Path output = Paths.get(need(a, "output"));
      Path watch = Paths.get(need(a, "watch"));
      double target = Double.parseDouble(need(a, "target"));
      int killed = Integer.parseInt(need(a, "node"));
      long kill = Long.parseLong(need(a, "kill"));
      long restartIssued = Long.parseLong(need(a, "restart_issued"));
      long restartDone = Long.parseLong(a.getOrDefault("restart_done", "0"));
      long baselineMs = Long.parseLong(a.getOrDefault("baseline_s", "12")) * 1000;

      Map<String, String> r = new TreeMap<>();
      readOutput(output, r);

      List<Interval> intended = new ArrayList<>();
      List<Interval> served = new ArrayList<>();
      try (DirectoryStream<Path> files = Files.newDirectoryStream(hdrDir, "*.hdr")) {
        for (Path f : files) {
          String name = f.getFileName().toString().replaceFirst("\\.hdr$", "");
          boolean isIntended = name.startsWith("Intended-");
          String op = isIntended ? name.substring("Intended-".length()) : name;
          String base = baseOperation(op);
          if (base == null) {
            continue;
          }
          List<Interval> list = readLog(f, !op.equals(base));
          (isIntended ? intended : served).addAll(list);
        }
      }
      long outageEnd = restartDone > 0 ? restartDone : restartIssued;
      r.put("p99_before_ms", ms(merge(intended, kill - baselineMs, kill).getValueAtPercentile(99)));
      Histogram outage = merge(intended, kill, outageEnd);
      r.put("p99_outage_ms", ms(outage.getValueAtPercentile(99)));
      r.put("max_outage_ms", ms(outage.getMaxValue()));
      r.put("ops_outage", String.valueOf(outage.getTotalCount()));
      r.put("client_recovered_s", clientRecovery(served, kill, target));

      // Service time (the call alone, retries inside it included): the whole run's, and the fault's.
      Histogram service = merge(served, Long.MIN_VALUE, Long.MAX_VALUE);
      r.put("service_max_ms", ms(service.getMaxValue()));
      r.put("intended_max_ms", ms(merge(intended, Long.MIN_VALUE, Long.MAX_VALUE).getMaxValue()));
      r.put("service_p999_ms", ms(service.getValueAtPercentile(99.9)));
      // a call is logged when it ends: one the fault held ends up to an attempt's timeout (and retries) after the heal
      r.put("service_max_outage_ms", ms(merge(served, kill, outageEnd + AFTER_FAULT_MS).getMaxValue()));
      if (a.containsKey("summary")) {
        readSummary(Paths.get(a.get("summary")), kill, r);
      }

      serverSide(readWatch(watch), killed, kill, restartIssued, baselineMs, target, r);
      r.put("restart_s", restartDone > 0 ? secs(restartDone - restartIssued) : "failed");

      for (Map.Entry<String, String> e : r.entrySet()) {
        System.out.println(e.getKey() + "=" + e.getValue());
      }
    }

    /** How long after a fault's end the calls it held may still end: the driver's 12 s timeout, a retry, slack. */
    private static final long AFTER_FAULT_MS = 20_000;
    private static final Pattern NODE_EVENT = Pattern.compile("\\{[^{}]*\"node\"\\s*:\\s*\"([^\"]+)\"[^{}]*"
        + "\"state\"\\s*:\\s*\"(down|silent|slow)\"[^{}]*\"epochMs\"\\s*:\\s*(\\d+)[^{}]*\\}");
    private static final Pattern CAUSE = Pattern.compile("\"verdict\"\\s*:\\s*\\{\\s*\"cause\"\\s*:\\s*\"([a-z]+)\"");

    /**
     * This project's record of the run (summary.json): how long after the fault began the client first named a node
     * down, silent or slow ({@code named_s}, and which: {@code named_node}), and the lateness verdict's cause. YCSB
     * 0.17.0 writes no such record.
     */
    static void readSummary(Path summary, long fault, Map<String, String> r) throws IOException {
      if (!Files.isRegularFile(summary)) {
        return;
      }
      String json = new String(Files.readAllBytes(summary), StandardCharsets.UTF_8);
      Matcher e = NODE_EVENT.matcher(json);
      long first = Long.MAX_VALUE;
      String node = "-";
      while (e.find()) {
        long at = Long.parseLong(e.group(3));
        if (at >= fault && at < first) {
          first = at;
          node = e.group(1) + "(" + e.group(2) + ")";
        }
      }
      r.put("named_s", first == Long.MAX_VALUE ? "never" : secs(first - fault));
      r.put("named_node", node);
      Matcher c = CAUSE.matcher(json);
      r.put("verdict", c.find() ? c.group(1) : "-");
      // the record's node verdict ("database node(s) went down / stopped answering / answered far slower than the
      // other nodes during the run ...") or the lateness verdict's: the database blamed in words
      r.put("blames_database", json.contains("went down during the run") || json.contains("stopped answering during "
          + "the run") || json.contains("went down or stopped answering") || json.contains("answered far slower than "
          + "the other nodes during the run") || "database".equals(r.get("verdict")) ? "yes" : "no");
    }

    private static String need(Map<String, String> a, String key) {
      String v = a.get(key);
      if (v == null || v.isEmpty()) {
        usage("analyze needs " + key + "=...");
      }
      return v;
    }

    /** READ for READ, READ-FAILED, READ-TIMEOUT...; null for what is not one operation (CLEANUP, VERIFY, RMW). */
    static String baseOperation(String name) {
      if (name.startsWith("READ-MODIFY-WRITE")) {
        return null;
      }
      for (String op : OPERATIONS) {
        if (name.equals(op) || name.startsWith(op + "-")) {
          return op;
        }
      }
      return null;
    }

    /** Operations and failures from the Return= lines (both engines print them), and this project's retries. */
    static void readOutput(Path output, Map<String, String> r) throws IOException {
      long ops = 0;
      long failed = 0;
      StringBuilder byStatus = new StringBuilder();
      String retries = "n/a";
      try (BufferedReader in = Files.newBufferedReader(output, StandardCharsets.UTF_8)) {
        for (String line; (line = in.readLine()) != null; ) {
          Matcher m = RETURN.matcher(line);
          if (m.matches() && baseOperation(m.group(1)) != null && m.group(1).equals(baseOperation(m.group(1)))) {
            long n = Long.parseLong(m.group(3));
            ops += n;
            if (!m.group(2).equals("OK")) {
              failed += n;
              byStatus.append(byStatus.length() == 0 ? "" : ",").append(m.group(1)).append(':')
                  .append(m.group(2)).append('=').append(n);
            }
          }
          Matcher t = RETRIES.matcher(line);
          if (t.matches()) {
            retries = t.group(1);
          }
        }
      }
      r.put("ops", String.valueOf(ops));
      r.put("failed", String.valueOf(failed));
      r.put("failed_by_status", byStatus.length() == 0 ? "-" : byStatus.toString());
      r.put("retries", retries);
    }

    /** An interval of one log: absolute start and end (ms since the epoch), its histogram, failed or not. */
    static final class Interval {
      final long start;
      final long end;
      final Histogram histogram;
      final boolean failed;

      Interval(long start, long end, Histogram histogram, boolean failed) {
        this.start = start;
        this.end = end;
        this.histogram = histogram;
        this.failed = failed;
      }

      long middle() {
        return (start + end) / 2;
      }
    }

    static List<Interval> readLog(Path file, boolean failed) throws IOException {
      List<Interval> list = new ArrayList<>();
      HistogramLogReader reader = new HistogramLogReader(file.toFile());
      try {
        for (EncodableHistogram h; (h = reader.nextIntervalHistogram()) != null; ) {
          if (h instanceof Histogram) {
            list.add(new Interval(h.getStartTimeStamp(), h.getEndTimeStamp(), (Histogram) h, failed));
          }
        }
      } finally {
        reader.close();
      }
      return list;
    }

    /** Every interval whose middle lies in [from, to), added up. */
    static Histogram merge(List<Interval> intervals, long from, long to) {
      Histogram sum = new Histogram(3);
      for (Interval i : intervals) {
        if (i.middle() >= from && i.middle() < to) {
          sum.add(i.histogram);
        }
      }
      return sum;
    }

    /**
     * Seconds from the kill until the client completes at least 90% of the target rate successfully in three 1 s
     * buckets in a row (the start of the first of them); ">N" when it never does in the N seconds after the kill
     * that the logs cover. The logs' intervals need not be 1 s long (this engine closes one at each status line and
     * each second): each interval's count is spread over the buckets it overlaps, in proportion.
     */
    static String clientRecovery(List<Interval> served, long kill, double target) {
      long last = kill;
      for (Interval i : served) {
        last = Math.max(last, i.end);
      }
      int buckets = (int) ((last - kill) / 1000);
      double[] ok = new double[buckets + 1];
      for (Interval i : served) {
        if (i.failed || i.end <= kill) {
          continue;
        }
        long length = Math.max(1, i.end - i.start);
        for (long t = Math.max(i.start, kill); t < i.end; ) {
          int b = (int) ((t - kill) / 1000);
          long bucketEnd = kill + (b + 1) * 1000L;
          long overlap = Math.min(i.end, bucketEnd) - t;
          ok[b] += i.histogram.getTotalCount() * (double) overlap / length;
          t += overlap;
        }
      }
      for (int b = 0; b + 2 < buckets; b++) {
        if (ok[b] >= 0.9 * target && ok[b + 1] >= 0.9 * target && ok[b + 2] >= 0.9 * target) {
          return secs(b * 1000L);
        }
      }
      return ">" + secs(buckets * 1000L);
    }

    /** One pass of the watch over every node: its time (the first node's answer) and each node's rate. */
    static final class Round {
      final long time;
      final Map<Integer, Double> rates = new HashMap<>();
      final Map<Integer, Boolean> up = new HashMap<>();

      Round(long time) {
        this.time = time;
      }

      double othersRate(int killed) {
        double sum = 0;
        for (Map.Entry<Integer, Double> e : rates.entrySet()) {
          sum += e.getKey() == killed ? 0 : e.getValue();
        }
        return sum;
      }
    }

    /** The watch file as rounds; a node's rate is its requests over the time since its previous answer. */
    static List<Round> readWatch(Path watch) throws IOException {
      List<Round> rounds = new ArrayList<>();
      Map<Integer, Long> previous = new HashMap<>();
      Round round = null;
      for (String line : Files.readAllLines(watch, StandardCharsets.UTF_8)) {
        String[] f = line.split("\t");
        if (f.length < 4 || !f[0].matches("\\d+")) {
          continue;
        }
        long time = Long.parseLong(f[0]);
        int node = Integer.parseInt(f[1]);
        boolean up = f[2].equals("up");
        if (round == null || round.up.containsKey(node)) {
          round = new Round(time);
          rounds.add(round);
        }
        Long before = previous.put(node, time);
        double rate = before == null ? 0 : Long.parseLong(f[3]) / (Math.max(1, time - before) / 1000.0);
        round.up.put(node, up);
        round.rates.put(node, up ? rate : 0.0);
      }
      if (!rounds.isEmpty()) {
        rounds.remove(0); // no rate yet: nothing before the first answer
      }
      return rounds;
    }

    /**
     * The server side: requests per second each node received. The dead node's share is served elsewhere once the
     * surviving nodes together receive at least 90% of the reference rate (the target, or the whole cluster's rate
     * before the kill if that was lower), three rounds in a row (the time of the first of them); the restarted node
     * takes requests again once it receives half of its share of the reference rate before the kill (counted from
     * the first round in which it answers again).
     */
    static void serverSide(List<Round> rounds, int killed, long kill, long restartIssued, long baselineMs,
        double target, Map<String, String> r) {
      double total = 0;
      double own = 0;
      int n = 0;
      for (Round round : rounds) {
        if (round.time >= kill - baselineMs && round.time < kill) {
          total += round.othersRate(killed) + round.rates.getOrDefault(killed, 0.0);
          own += round.rates.getOrDefault(killed, 0.0);
          n++;
        }
      }
      if (n == 0) {
        r.put("share_moved_s", "no-baseline");
        r.put("node_back_s", "no-baseline");
        r.put("takes_requests_s", "no-baseline");
        return;
      }
      double baseTotal = total / n;
      double baseOwn = own / n;
      r.put("server_rate_before", String.format(Locale.ROOT, "%.0f", baseTotal));
      r.put("killed_node_rate_before", String.format(Locale.ROOT, "%.0f", baseOwn));
      // The reference rate: the target, or what the cluster received before the kill if the client could not keep
      // the target even then (a client catching up on a backlog sends more than the target for a while).
      double reference = Math.min(target, baseTotal);
      double ownShare = baseTotal > 0 ? baseOwn / baseTotal : 0;
      String moved = "-";
      for (int k = 0; k + 2 < rounds.size(); k++) {
        if (rounds.get(k).time <= kill) {
          continue;
        }
        boolean good = true;
        for (int j = k; j < k + 3 && good; j++) {
          good = rounds.get(j).othersRate(killed) >= 0.9 * reference;
        }
        if (good) {
          moved = secs(rounds.get(k).time - kill);
          break;
        }
      }
      r.put("share_moved_s", moved);
      Round back = null;
      for (Round round : rounds) {
        if (round.time > restartIssued && round.up.getOrDefault(killed, false)) {
          back = round;
          break;
        }
      }
      if (back == null) {
        r.put("node_back_s", "-");
        r.put("takes_requests_s", "-");
        return;
      }
      r.put("node_back_s", secs(back.time - restartIssued));
      String takes = ">" + secs(rounds.get(rounds.size() - 1).time - back.time);
      for (Round round : rounds) {
        if (round.time >= back.time && round.rates.getOrDefault(killed, 0.0) >= 0.5 * ownShare * reference) {
          takes = secs(round.time - back.time);
          break;
        }
      }
      r.put("takes_requests_s", takes);
    }

    static String ms(long micros) {
      return String.format(Locale.ROOT, "%.1f", micros / 1000.0);
    }

    static String secs(long millis) {
      return String.format(Locale.ROOT, "%.1f", millis / 1000.0);
    }
  }
}
