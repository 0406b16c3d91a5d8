package site.ycsb.metrics;

/**
 * Every series of the live metrics, declared once: its name as served, kind, own labels and meaning. Each also carries
 * the run's labels ({@link #RUN_LABELS}). The README's table and the dashboard's check are made from this list.
 */
public enum LiveMetric {
  OPERATIONS("ycsb_operations_total", "counter", "operation, status",
      "measured operations that ended, per operation type and return status (OK, NOT_FOUND, ERROR...), as the "
      + "results' Return= counts"),
  LATENCY("ycsb_latency_seconds", "summary", "operation, latency",
      "latency of each measurement (latency=service: the call; intended: from the intended start); the quantiles "
      + "0.5, 0.99 and 0.999 are those of the last interval (1 s), _count and _sum cover the run"),
  TARGET("ycsb_target_ops_per_second", "gauge", "", "the schedule's rate (-target); 0: unthrottled"),
  THROUGHPUT("ycsb_throughput_ops_per_second", "gauge", "", "operations per second over the last interval"),
  SCHEDULE_LAG("ycsb_schedule_lag_seconds_total", "counter", "",
      "time measured operations waited past their intended start, summed"),
  LOST("ycsb_lost_operations_total", "counter", "", "calls the binding never completed (recorded as LOST)"),
  RETRIES("ycsb_retries_total", "counter", "operation",
      "the binding's retries per operation type since the run began (warm-up included), as it prints them at its end "
          + "([CASSANDRA-RETRIES], [GRIDDB-RETRIES]...); absent for a binding that counts none"),
  CPU_WAIT("ycsb_cpu_wait_seconds_total", "counter", "",
      "the client process's threads' wait for a CPU since measurement started (where the kernel reports it)"),
  GC("ycsb_gc_seconds_total", "counter", "", "garbage collection time since measurement started"),
  MAX_PAUSE("ycsb_max_pause_seconds", "gauge", "", "the longest time the client process did not run, so far"),
  IN_FLIGHT("ycsb_operations_in_flight", "gauge", "",
      "operations started and not finished when the interval was taken (warm-up included): the asynchronous path's "
      + "in-flight places taken; on the blocking path the threads in their loop less those waiting for a slot or to be "
      + "called in (a thread between two operations counts)"),
  VERDICT("ycsb_verdict", "gauge", "cause",
      "1 for the lateness verdict's cause (NONE, STARTUP, MACHINE, CLIENT, DATABASE, UNEXPLAINED): while a throttled "
      + "run goes on the cause over the last interval from what is known then (FAILURES, pauses and the lag "
      + "percentiles are judged at the end only; absent for an unthrottled run), once it has ended (ycsb_run_ended 1) "
      + "the run's own verdict, as summary.json's"),
  DATABASE_VIEW("ycsb_database_view", "gauge", "node, figure",
      "the database's own figures of each node as the binding last sampled them (e.g. Cassandra's thread pools: "
      + "figure=\"ReadStage pending\"), node as address:port; absent when the binding samples none"),
  NODE_SAMPLE("ycsb_node_sample", "gauge", "node, figure",
      "the newest sample of each database server this client samples (telemetry with results.dir: servers on this "
      + "machine), figure as server-NODE.csv's columns (cpu_pct, iowait_pct, rss_mb...), node as the results name "
      + "it; --db-hosts nodes are sampled by the head, not served here"),
  ENDED("ycsb_run_ended", "gauge", "", "0 while the run lives, 1 once it has ended"),
  EXIT_CODE("ycsb_exit_code", "gauge", "", "the run's exit code, once it has ended");

  /** The labels of every series: which run, on which client, of what. */
  public static final String RUN_LABELS = "run_id, host, binding, workload, phase";

  private final String name;
  private final String kind;
  private final String labels;
  private final String meaning;

  LiveMetric(String name, String kind, String labels, String meaning) {
    this.name = name;
    this.kind = kind;
    this.labels = labels;
    this.meaning = meaning;
  }

  /** The name as served (a counter's with its _total). */
  public String served() {
    return name;
  }

  /** The name the Prometheus client is given: a counter's without _total, which the client appends. */
  String declared() {
    return name.endsWith("_total") ? name.substring(0, name.length() - "_total".length()) : name;
  }

  public String kind() {
    return kind;
  }

  public String labels() {
    return labels;
  }

  public String meaning() {
    return meaning;
  }
}
