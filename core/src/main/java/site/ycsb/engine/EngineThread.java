package site.ycsb.engine;

import java.util.Properties;

import site.ycsb.Workload;

/**
 * A client thread of either path — blocking ({@link ClientThread}) or asynchronous ({@link AsyncClientThread}) — with
 * what the run gives every one of them: its settings, the workload, the schedule, the warm-up and the run's state.
 *
 * <p>Its fields are final and set before the thread starts; what it shares with the other threads is thread-safe
 * ({@link RunState}, {@link OperationSchedule}, the workload). What each path adds says how it is shared.
 */
abstract class EngineThread extends Thread implements Worker {
  final String dbClass;
  final Workload workload;
  final Properties props;
  final boolean doTransactions;
  final OperationSchedule schedule;
  final Warmup warmup;
  final RunState run;
  final long maxConsecutiveErrors;
  final boolean keepGoingOnInsertFailure;

  EngineThread(String name, RunConfig config, Workload workload, OperationSchedule schedule, Warmup warmup,
      RunState run) {
    super(name);
    this.dbClass = config.dbClass;
    this.workload = workload;
    this.props = config.props;
    this.doTransactions = config.doTransactions;
    this.schedule = schedule;
    this.warmup = warmup;
    this.run = run;
    this.maxConsecutiveErrors = config.maxConsecutiveErrors;
    this.keepGoingOnInsertFailure = config.keepGoingOnInsertFailure;
    setDaemon(true);
  }
}
