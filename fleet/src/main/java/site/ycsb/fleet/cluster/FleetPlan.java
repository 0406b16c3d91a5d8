package site.ycsb.fleet.cluster;

import java.util.ArrayList;
import java.util.List;

import site.ycsb.fleet.suite.ClientShare;

/**
 * Splits one phase among the clients. Load: {@code insertstart}/{@code insertcount} ranges of the key space (every
 * client keeps the total {@code recordcount}). Run: {@code operationcount}; every client reads the whole key space.
 * Both: the {@code -target} rate among the clients that take part. A client whose share would be 0 records or 0
 * operations is left out of the phase (0 would mean "no limit" to the engine).
 */
final class FleetPlan {
  final List<ClientShare> shares = new ArrayList<>();
  final List<Integer> leftOut = new ArrayList<>();
  /** The total recordcount every load client is given (set by the caller). */
  long recordCount;

  /**
   * @param clients number of clients
   * @param load true for the load phase
   * @param insertStart first key of the whole load (property insertstart, default 0)
   * @param insertCount keys of the whole load (insertcount, default recordcount - insertstart)
   * @param operationCount operations of the whole run, or -1 if unknown/unlimited (then not split)
   * @param target total ops/s, 0 = unthrottled
   */
  static FleetPlan plan(int clients, boolean load, long insertStart, long insertCount, long operationCount,
      double target) {
    FleetPlan p = new FleetPlan();
    List<Integer> taking = new ArrayList<>();
    long[] work = load ? Split.counts(insertCount, clients)
        : operationCount > 0 ? Split.counts(operationCount, clients) : null;
    for (int i = 0; i < clients; i++) {
      if (work != null && work[i] == 0) {
        p.leftOut.add(i);
      } else {
        taking.add(i);
      }
    }
    if (taking.isEmpty()) {
      return p;
    }
    List<Split.Range> ranges = load ? Split.keyRanges(insertStart, insertCount, clients) : null;
    double[] rates = Split.rates(target, taking.size());
    for (int k = 0; k < taking.size(); k++) {
      int i = taking.get(k);
      p.shares.add(new ClientShare(i, load ? ranges.get(i).start : -1, load ? ranges.get(i).count : -1,
          !load && work != null ? work[i] : -1, rates[k]));
    }
    return p;
  }
}
