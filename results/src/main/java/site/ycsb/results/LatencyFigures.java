package site.ycsb.results;

import com.fasterxml.jackson.databind.JsonNode;
import org.HdrHistogram.Histogram;

import java.util.Iterator;
import java.util.Map;

import site.ycsb.output.SummaryFields.Measurement;

/** The latency figures a report shows for one measurement of one run. */
final class LatencyFigures {
  static final String[] STATUS_OK = {"OK", "BATCHED_OK"};

  final long operations;
  final long errors;
  final double averageUs;
  final Long p95Us;
  final Long p99Us;
  final Long p999Us;
  final long maxUs;

  private LatencyFigures(long operations, long errors, double averageUs, Long p95Us, Long p99Us, Long p999Us,
      long maxUs) {
    this.operations = operations;
    this.errors = errors;
    this.averageUs = averageUs;
    this.p95Us = p95Us;
    this.p99Us = p99Us;
    this.p999Us = p999Us;
    this.maxUs = maxUs;
  }

  /**
   * Figures of a measurement, or null if the run has none. Percentiles come from summary.json; one it lacks is
   * computed from the run's hdr log when there is one, else left unknown (null).
   */
  static LatencyFigures of(ResultDir dir, String measurement, HdrTotals hdr) throws UsageException {
    JsonNode m = dir.measurements().get(measurement);
    if (m == null) {
      return null;
    }
    long errors = 0;
    Iterator<Map.Entry<String, JsonNode>> it = m.path(Measurement.RETURNS).fields();
    while (it.hasNext()) {
      Map.Entry<String, JsonNode> e = it.next();
      if (!e.getKey().equals(STATUS_OK[0]) && !e.getKey().equals(STATUS_OK[1])) {
        errors += e.getValue().asLong();
      }
    }
    JsonNode pct = m.path(Measurement.PERCENTILES_US);
    Histogram total = null;
    Long[] values = new Long[3];
    double[] percentiles = {95, 99, 99.9};
    for (int i = 0; i < percentiles.length; i++) {
      JsonNode v = pct.get(Percentiles.key(percentiles[i]));
      if (v != null && v.isNumber()) {
        values[i] = v.asLong();
        continue;
      }
      if (total == null) {
        total = hdr.total(dir, measurement);
      }
      if (total != null && total.getTotalCount() > 0) {
        values[i] = total.getValueAtPercentile(percentiles[i]);
      }
    }
    return new LatencyFigures(m.path(Measurement.OPERATIONS).asLong(), errors,
        m.path(Measurement.AVERAGE_US).asDouble(), values[0], values[1], values[2],
        m.path(Measurement.MAX_US).asLong());
  }
}
