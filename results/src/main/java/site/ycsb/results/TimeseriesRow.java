package site.ycsb.results;

/** One row of timeseries.csv: one metric in one status interval. Null fields are empty cells. */
final class TimeseriesRow {
  final long epochMs;
  final double elapsedS;
  final String metric;
  final long count;
  final Double throughput;
  final Double avgUs;
  final Long minUs;
  final Long maxUs;
  final Long p50Us;
  final Long p90Us;
  final Long p99Us;
  final Long p999Us;
  final Long p9999Us;
  final long errors;
  /** The binding's retries in the interval; null where it counts none (or the file predates the column). */
  final Long retries;

  TimeseriesRow(long epochMs, double elapsedS, String metric, long count, Double throughput, Double avgUs,
      Long minUs, Long maxUs, Long[] percentiles, long errors, Long retries) {
    this.epochMs = epochMs;
    this.elapsedS = elapsedS;
    this.metric = metric;
    this.count = count;
    this.throughput = throughput;
    this.avgUs = avgUs;
    this.minUs = minUs;
    this.maxUs = maxUs;
    this.p50Us = percentiles[0];
    this.p90Us = percentiles[1];
    this.p99Us = percentiles[2];
    this.p999Us = percentiles[3];
    this.p9999Us = percentiles[4];
    this.errors = errors;
    this.retries = retries;
  }
}
