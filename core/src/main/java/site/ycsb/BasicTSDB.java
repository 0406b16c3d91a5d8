package site.ycsb;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** The null time-series database ({@code basicts}): accepts every time-series call and stores nothing. */
public class BasicTSDB extends TimeseriesDB {
  @Override
  protected Status read(String metric, long timestamp, Map<String, List<String>> tags) {
    return Status.OK;
  }

  @Override
  protected Status scan(String metric, long startTs, long endTs, Map<String, List<String>> tags,
                        AggregationOperation aggreg, int timeValue, TimeUnit timeUnit) {
    return Status.OK;
  }

  @Override
  protected Status insert(String metric, long timestamp, long value, Map<String, ByteIterator> tags) {
    return Status.OK;
  }

  @Override
  protected Status insert(String metric, long timestamp, double value, Map<String, ByteIterator> tags) {
    return Status.OK;
  }
}
