package site.ycsb.output;

/**
 * The field names of {@code summary.json} ({@link RecordFiles#SUMMARY}), with their nesting: the top-level fields
 * here, each object's own fields in the nested class named after it. The engine writes a client's summary; {@code
 * merge} writes a merged one with the same fields plus those of {@link OfMerged}; report, merge, fleet and findmax
 * read them. A field of a map whose names are data (the properties, the measurements by name, percentiles, return
 * codes, failures by operation) is not declared.
 *
 * <p>Constants only. Renaming one changes the file format: {@link #FORMAT_VALUE} would have to change with it.
 */
public final class SummaryFields {
  /** The format's name and version, {@link #FORMAT_VALUE}. */
  public static final String FORMAT = "format";
  /** The value of {@link #FORMAT} that this declaration describes. */
  public static final String FORMAT_VALUE = "ycsb-result/1";
  /** The engine's version. */
  public static final String VERSION = "version";
  /** The git commit the engine was built from. */
  public static final String GIT_COMMIT = "gitCommit";
  /** A unique id of this run (of this merge, for a merged record). */
  public static final String RUN_ID = "runId";
  /** The client machine's host name ("merged" for a merged record). */
  public static final String HOST = "host";
  /** The run's label ({@code -l}), secrets masked. */
  public static final String LABEL = "label";
  /** "load" or "run". */
  public static final String PHASE = "phase";
  /** The workload class. */
  public static final String WORKLOAD = "workload";
  /** The workload file's name ({@code -P}). */
  public static final String WORKLOAD_NAME = "workloadName";
  /** The binding's class. */
  public static final String DB = "db";
  /** The client threads (summed over a merged record's clients). */
  public static final String THREADS = "threads";
  /** The target throughput, ops/s (0: none; summed when merged). */
  public static final String TARGET = "target";
  /** What was measured: intended, service or both ({@code measurement.interval}). */
  public static final String MEASUREMENT_INTERVAL = "measurementInterval";
  /** The measured window's start, epoch ms. */
  public static final String START_EPOCH_MS = "startEpochMs";
  /** The measured window's end, epoch ms. */
  public static final String END_EPOCH_MS = "endEpochMs";
  /** {@link #START_EPOCH_MS} as ISO 8601 in UTC. */
  public static final String START_TIME = "startTime";
  /** {@link #END_EPOCH_MS} as ISO 8601 in UTC. */
  public static final String END_TIME = "endTime";
  /** The measured window's length, ms. */
  public static final String RUNTIME_MS = "runtimeMs";
  /** The operations done in the measured window, failed ones too. */
  public static final String OPERATIONS = "operations";
  /** {@link #OPERATIONS} per second of {@link #RUNTIME_MS}. */
  public static final String THROUGHPUT = "throughput";
  /** The status interval, seconds (may be fractional). */
  public static final String STATUS_INTERVAL_SEC = "statusIntervalSec";
  /** The binding's and workload's initialisation, ms. */
  public static final String INIT_MS = "initMs";
  /** The binding's clean-up, ms. */
  public static final String CLEANUP_MS = "cleanupMs";
  /** The warm-up before the measured window: an object of {@link Warmup}'s fields. */
  public static final String WARMUP = "warmup";
  /** The process's exit code. */
  public static final String EXIT_CODE = "exitCode";
  /** Why the run ended, in words. */
  public static final String EXIT_REASON = "exitReason";
  /** Whether a signal ended the run early. */
  public static final String INTERRUPTED = "interrupted";
  /** The signal that ended the run, or null. */
  public static final String INTERRUPTED_BY = "interruptedBy";
  /** Asynchronous calls the binding never completed. */
  public static final String LOST_OPERATIONS = "lostOperations";
  /** Operations still in flight when an interrupted run stopped. */
  public static final String UNFINISHED_OPERATIONS = "unfinishedOperations";
  /** The failed operations against {@code errors.budget}: an object of {@link Errors}' fields, or null. */
  public static final String ERRORS = "errors";
  /** {@code insertstart}. */
  public static final String INSERT_START = "insertStart";
  /** {@code insertcount}. */
  public static final String INSERT_COUNT = "insertCount";
  /** {@code recordcount}. */
  public static final String RECORD_COUNT = "recordCount";
  /** {@code operationcount} (0: none). */
  public static final String OPERATION_COUNT = "operationCount";
  /** Every property of the run by name, secrets masked (a merged record: those equal on every client). */
  public static final String PROPERTIES = "properties";
  /** Each measurement by name (READ, Intended-READ, ...): an object of {@link Measurement}'s fields. */
  public static final String MEASUREMENTS = "measurements";
  /** The client's health and the verdict on lateness: an object of {@link Health}'s fields. */
  public static final String HEALTH = "health";
  /** What the bindings said of the database: an object of {@link Database}'s fields (empty when none said anything). */
  public static final String DATABASE = "database";
  /** The database nodes' sampled figures ({@link DatabaseNodes}' fields); only when nodes were sampled. */
  public static final String DATABASE_NODES = "databaseNodes";
  /** The database's own view of its nodes ({@link DatabaseView}'s fields); only when a binding sampled it. */
  public static final String DATABASE_VIEW = "databaseView";

  private SummaryFields() {
  }

  /** The top-level fields only a merged record has. */
  public static final class OfMerged {
    /** The hosts of the clients merged (a merged input contributes its own). */
    public static final String CLIENTS = "clients";
    /** How the merge was made: an object of {@link Merge}'s fields; its presence marks a merged record. */
    public static final String MERGE = "merge";
    /** The clients' events in time order: an object of {@link Timeline}'s fields. */
    public static final String TIMELINE = "timeline";

    private OfMerged() {
    }
  }

  /** The fields of {@link SummaryFields#WARMUP}. */
  public static final class Warmup {
    /** The operations done during the warm-up. */
    public static final String OPERATIONS = "operations";
    /** The warm-up's length, ms. */
    public static final String DURATION_MS = "durationMs";

    private Warmup() {
    }
  }

  /** The fields of {@link SummaryFields#ERRORS}. */
  public static final class Errors {
    /** {@code errors.budget} as a fraction. */
    public static final String BUDGET = "budget";
    /** {@link #BUDGET} as a percentage in words. */
    public static final String BUDGET_TEXT = "budgetText";
    /** The operations attempted. */
    public static final String ATTEMPTED = "attempted";
    /** The operations that failed. */
    public static final String FAILED = "failed";
    /** {@link #FAILED} over {@link #ATTEMPTED}. */
    public static final String FAILED_SHARE = "failedShare";
    /** Whether the failed share was over the budget. */
    public static final String EXCEEDED = "exceeded";
    /** The operations the database answered as asked, per second. */
    public static final String SUCCESSFUL_THROUGHPUT = "successfulThroughput";
    /** The failures by operation, then by status: counts. */
    public static final String FAILED_BY_OPERATION = "failedByOperation";
    /** The verdict on the failures in words, or null. */
    public static final String VERDICT = "verdict";

    private Errors() {
    }
  }

  /** The fields of one measurement in {@link SummaryFields#MEASUREMENTS}. */
  public static final class Measurement {
    /** {@link #KIND_SERVICE} or {@link #KIND_INTENDED}. */
    public static final String KIND = "kind";
    /** The value of {@link #KIND} for a latency measured from the call's start. */
    public static final String KIND_SERVICE = "service";
    /** The value of {@link #KIND} for a latency measured from the operation's scheduled start. */
    public static final String KIND_INTENDED = "intended";
    /** The operations measured. */
    public static final String OPERATIONS = "operations";
    /** The mean latency, us. */
    public static final String AVERAGE_US = "averageUs";
    /** The least latency, us. */
    public static final String MIN_US = "minUs";
    /** The greatest latency, us. */
    public static final String MAX_US = "maxUs";
    /** Latencies above the recorder's one-hour range, recorded as one hour; only when there were any. */
    public static final String CLAMPED_ABOVE_1H = "clampedAbove1h";
    /** The latency percentiles, us, by percentile ("50", "99.9", ...). */
    public static final String PERCENTILES_US = "percentilesUs";
    /** The operations by return code ("OK", "ERROR", ...). */
    public static final String RETURNS = "returns";

    private Measurement() {
    }
  }

  /** The fields of {@link SummaryFields#HEALTH}. */
  public static final class Health {
    /** The p99 of how late operations started against their schedule, us. */
    public static final String SCHEDULE_LAG_P99_US = "scheduleLagP99Us";
    /** The longest schedule lag, us. */
    public static final String SCHEDULE_LAG_MAX_US = "scheduleLagMaxUs";
    /** Operations that started more than an hour late (recorded as an hour). */
    public static final String SCHEDULE_LAGS_ABOVE_1H = "scheduleLagsAbove1h";
    /** The client process's CPU time, s (summed when merged). */
    public static final String CPU_USED_SEC = "cpuUsedSec";
    /** The client machine's cores (summed when merged). */
    public static final String CPU_CORES = "cpuCores";
    /** The client process's CPU time over (run time x cores). */
    public static final String CPU_UTILISATION = "cpuUtilisation";
    /** The share of the threads' time spent in database calls. */
    public static final String THREADS_BUSY = "threadsBusy";
    /** Garbage collections during the run. */
    public static final String GC_COUNT = "gcCount";
    /** Time in garbage collection, ms. */
    public static final String GC_TIME_MS = "gcTimeMs";
    /** The longest garbage-collection pause, ms. */
    public static final String GC_MAX_PAUSE_MS = "gcMaxPauseMs";
    /** The longest pause of the whole process, us. */
    public static final String PROCESS_PAUSE_MAX_US = "processPauseMaxUs";
    /** Whether the client, not the database, limited the run. */
    public static final String CLIENT_LIMITED = "clientLimited";
    /** The verdict on the run's lateness: an object of {@link Verdict}'s fields. */
    public static final String VERDICT = "verdict";
    /** The measures the verdict was given: an object of {@link Causes}' fields. */
    public static final String CAUSES = "causes";
    /** The health warnings, as sentences (a merged record: each prefixed by its host). */
    public static final String WARNINGS = "warnings";
    /** Merged only: the hosts whose client limited the run. */
    public static final String CLIENT_LIMITED_HOSTS = "clientLimitedHosts";
    /** Merged only: each client's health, with its {@link SummaryFields#HOST} and its own health fields. */
    public static final String PER_CLIENT = "perClient";

    private Health() {
    }
  }

  /** The fields of {@link Health#VERDICT}. */
  public static final class Verdict {
    /** The cause's id ("machine", "client", "database", ...). */
    public static final String CAUSE = "cause";
    /** The verdict in words, or null. */
    public static final String TEXT = "text";
    /** Whether the client's threads waited for a CPU at least as long as they ran on one. */
    public static final String MACHINE_BUSY = "machineBusy";
    /** Merged only: the hosts by the cause of their own verdict. */
    public static final String HOSTS_BY_CAUSE = "hostsByCause";

    private Verdict() {
    }
  }

  /** The fields of {@link Health#CAUSES}; a measure not measured on this machine is null. */
  public static final class Causes {
    /** Whether the threads' wait for a CPU was measured. */
    public static final String CPU_WAIT_MEASURED = "cpuWaitMeasured";
    /** The threads' wait for a CPU, s. */
    public static final String CPU_WAIT_SEC = "cpuWaitSec";
    /** The threads' time on a CPU, s. */
    public static final String CPU_RUN_SEC = "cpuRunSec";
    /** The operation threads' own wait for a CPU, s. */
    public static final String OPERATION_THREADS_CPU_WAIT_SEC = "operationThreadsCpuWaitSec";
    /** The machine's 1-minute load average when the run ended. */
    public static final String LOAD_AVERAGE = "loadAverage";
    /** The share of the schedule lag spent waiting for a free thread (in-flight place). */
    public static final String LAG_QUEUED_SHARE = "lagQueuedShare";
    /** The longest wait for a free thread, us. */
    public static final String LONGEST_QUEUED_US = "longestQueuedUs";
    /** The machine's cores. */
    public static final String CPU_CORES = "cpuCores";
    /** The client threads. */
    public static final String THREADS = "threads";
    /** Whether {@link #THREADS} bounded operations in flight (the asynchronous path) rather than threads. */
    public static final String IN_FLIGHT_BOUND = "inFlightBound";
    /** The share of thread time spent in database calls. */
    public static final String THREADS_BUSY_IN_CALLS = "threadsBusyInCalls";
    /** The threads' time in the operation loop outside database calls (the workload's own code), s. */
    public static final String WORKLOAD_OUTSIDE_CALLS_SEC = "workloadOutsideCallsSec";
    /** The longest time one operation took in the loop (its call and the workload's code around it), us. */
    public static final String LONGEST_LOOP_OPERATION_US = "longestLoopOperationUs";
    /** The slowest operation type's service-time p99.9, us. */
    public static final String SERVICE_P999_US = "serviceP999Us";
    /** The longest database call, us. */
    public static final String LONGEST_CALL_US = "longestCallUs";
    /** The longest the database can have held every thread (in-flight place) at once, us. */
    public static final String HELD_EVERY_THREAD_US = "heldEveryThreadUs";
    /** The longest pause of the whole process, us. */
    public static final String PROCESS_PAUSE_MAX_US = "processPauseMaxUs";
    /** The longest garbage-collection pause, us. */
    public static final String GC_MAX_PAUSE_US = "gcMaxPauseUs";
    /** The longest a database node did not answer over open connections, us (0: none). */
    public static final String SILENT_NODE_US = "silentNodeUs";

    private Causes() {
    }
  }

  /** The fields of {@link OfMerged#MERGE}. */
  public static final class Merge {
    /** The merged directories' absolute paths. */
    public static final String SOURCES = "sources";
    /** The client runs merged, each an object of {@link SourceRun}'s fields (nested merges: the innermost). */
    public static final String SOURCE_RUNS = "sourceRuns";
    /** The share of the measured windows that overlapped. */
    public static final String OVERLAP_FRACTION = "overlapFraction";
    /** What merge warned of. */
    public static final String WARNINGS = "warnings";

    private Merge() {
    }
  }

  /** The fields of one of {@link Merge#SOURCE_RUNS}. */
  public static final class SourceRun {
    /** The client run's {@link SummaryFields#RUN_ID} ("" when it had none). */
    public static final String RUN_ID = "runId";
    /** What identifies the client run whatever its run id says (host, window, operations, figures). */
    public static final String FINGERPRINT = "fingerprint";

    private SourceRun() {
    }
  }

  /** The fields of {@link OfMerged#TIMELINE}. */
  public static final class Timeline {
    /** The clients' events, in time order: objects of {@link Event}'s fields. */
    public static final String EVENTS = "events";

    private Timeline() {
    }
  }

  /** The fields of one of {@link Timeline#EVENTS}. */
  public static final class Event {
    /** When it happened (a window: when it began), epoch ms. */
    public static final String EPOCH_MS = "epochMs";
    /** When a window ended, epoch ms ({@link #EPOCH_MS} for a moment). */
    public static final String END_EPOCH_MS = "endEpochMs";
    /** What kind of event (the report's timeline kinds: WARMUP, NODE_DOWN, ...). */
    public static final String KIND = "kind";
    /** Its short label on the chart. */
    public static final String LABEL = "label";
    /** What happened, in words. */
    public static final String DETAIL = "detail";
    /** The client (host) that saw it. */
    public static final String CLIENT = "client";

    private Event() {
    }
  }

  /** The fields of {@link SummaryFields#DATABASE}. */
  public static final class Database {
    /** The bindings' settings that decide what the results mean: by binding, then by name. */
    public static final String SETTINGS = "settings";
    /** What the client libraries saw of the nodes, in time order: objects of {@link NodeEvent}'s fields. */
    public static final String NODE_EVENTS = "nodeEvents";

    private Database() {
    }
  }

  /** The fields of one of {@link Database#NODE_EVENTS}. */
  public static final class NodeEvent {
    /** The binding that reported it. */
    public static final String BINDING = "binding";
    /** The node, as address:port. */
    public static final String NODE = "node";
    /** "down"/"up" (the client library), "silent"/"answering" (open connections), "slow"/"normal" (answer times). */
    public static final String STATE = "state";
    /** When, epoch ms. */
    public static final String EPOCH_MS = "epochMs";
    /** {@link #EPOCH_MS} as ISO 8601 in UTC. */
    public static final String TIME = "time";
    /** The nodes the client library held up just after it. */
    public static final String NODES_UP = "nodesUp";
    /** The nodes the client library knew just after it. */
    public static final String NODES_KNOWN = "nodesKnown";
    /** How the binding learned it, e.g. "the driver's host-down event". */
    public static final String SOURCE = "source";

    private NodeEvent() {
    }
  }

  /** The fields of {@link SummaryFields#DATABASE_VIEW}. */
  public static final class DatabaseView {
    /** Each node as the database sees itself: objects of {@link ViewNode}'s fields. */
    public static final String NODES = "nodes";
    /** The verdicts, as sentences, when a node's own queues held work back. */
    public static final String VERDICTS = "verdicts";

    private DatabaseView() {
    }
  }

  /** The fields of one of {@link DatabaseView#NODES}. */
  public static final class ViewNode {
    /** The node. */
    public static final String NODE = "node";
    /** The binding that sampled it. */
    public static final String BINDING = "binding";
    /** Where the binding read the figures (e.g. Cassandra's system_views.thread_pools). */
    public static final String SOURCE = "source";
    /** The samples taken over the measured run. */
    public static final String SAMPLES = "samples";
    /** Later samples not kept; only when there were any. */
    public static final String DROPPED_SAMPLES = "droppedSamples";
    /** Each figure by name ("ReadStage pending", ...): an object of {@link ViewFigure}'s fields. */
    public static final String FIGURES = "figures";

    private ViewNode() {
    }
  }

  /** The fields of one figure of {@link ViewNode#FIGURES}. */
  public static final class ViewFigure {
    /** Its mean over the measured run. */
    public static final String MEAN = "mean";
    /** Its maximum over the measured run. */
    public static final String MAX = "max";

    private ViewFigure() {
    }
  }

  /** The fields of {@link SummaryFields#DATABASE_NODES} (written by site.ycsb.telemetry, recomputed by merge). */
  public static final class DatabaseNodes {
    /** The sampling interval, ms. */
    public static final String INTERVAL_MS = "intervalMs";
    /** Each node's figures over the measured window: objects of {@link NodeFigures}' fields. */
    public static final String NODES = "nodes";
    /** The verdicts that name a node that was the limit, as sentences. */
    public static final String VERDICTS = "verdicts";
    /** What went wrong with sampling, as sentences. */
    public static final String PROBLEMS = "problems";
    /** What sampling cost this machine: an object of {@link Sampler}'s fields; only when measured. */
    public static final String SAMPLER = "sampler";

    private DatabaseNodes() {
    }
  }

  /** The fields of {@link DatabaseNodes#SAMPLER}. */
  public static final class Sampler {
    /** The sampling thread's CPU time, ms. */
    public static final String CPU_MS = "cpuMs";
    /** How long it sampled, s. */
    public static final String SECONDS = "seconds";

    private Sampler() {
    }
  }

  /**
   * The fields of one of {@link DatabaseNodes#NODES}: each mean is weighted by the part of the window a sample covers;
   * a figure that was not sampled is left out. For a node on the client's machine ({@link #LOCAL}) the CPU, user,
   * system, resident-set and disk figures are its process's, the others the machine's.
   */
  public static final class NodeFigures {
    /** The node's name. */
    public static final String NODE = "node";
    /** Where its figures come from ({@code /proc} here, or the remote source). */
    public static final String SOURCE = "source";
    /** Whether the node runs on the client's machine. */
    public static final String LOCAL = "local";
    /** Its cores. */
    public static final String CORES = "cores";
    /** Its samples file in the record ({@code server-<node>.csv}). */
    public static final String FILE = "file";
    /** The samples that cover the window. */
    public static final String SAMPLES = "samples";
    /** The mean of the node's CPU busy, %. */
    public static final String CPU_MEAN_PCT = "cpuMeanPct";
    /** The maximum of the node's CPU busy, %. */
    public static final String CPU_MAX_PCT = "cpuMaxPct";
    /** The share of the window with the node's CPU busy at or above the saturation mark. */
    public static final String CPU_SATURATED_SHARE = "cpuSaturatedShare";
    /** The mean of its CPU time in user mode, %. */
    public static final String USER_MEAN_PCT = "userMeanPct";
    /** The maximum of its CPU time in user mode, %. */
    public static final String USER_MAX_PCT = "userMaxPct";
    /** The mean of its CPU time in the kernel, %. */
    public static final String SYSTEM_MEAN_PCT = "systemMeanPct";
    /** The maximum of its CPU time in the kernel, %. */
    public static final String SYSTEM_MAX_PCT = "systemMaxPct";
    /** The mean of its CPU time waiting for I/O, %. */
    public static final String IOWAIT_MEAN_PCT = "iowaitMeanPct";
    /** The maximum of its CPU time waiting for I/O, %. */
    public static final String IOWAIT_MAX_PCT = "iowaitMaxPct";
    /** The mean of its CPU time the hypervisor gave elsewhere, %. */
    public static final String STEAL_MEAN_PCT = "stealMeanPct";
    /** The maximum of its CPU time the hypervisor gave elsewhere, %. */
    public static final String STEAL_MAX_PCT = "stealMaxPct";
    /** The mean of the whole machine's CPU busy, %. */
    public static final String MACHINE_CPU_MEAN_PCT = "machineCpuMeanPct";
    /** The maximum of the whole machine's CPU busy, %. */
    public static final String MACHINE_CPU_MAX_PCT = "machineCpuMaxPct";
    /** The share of the window with the whole machine's CPU busy at or above the saturation mark. */
    public static final String MACHINE_CPU_SATURATED_SHARE = "machineCpuSaturatedShare";
    /** The maximum 1-minute load average. */
    public static final String LOAD1_MAX = "load1Max";
    /** The most memory used, MB. */
    public static final String MEM_USED_MAX_MB = "memUsedMaxMb";
    /** The machine's memory, MB. */
    public static final String MEM_TOTAL_MB = "memTotalMb";
    /** The database process's largest resident set, MB. */
    public static final String RSS_MAX_MB = "rssMaxMb";
    /** The mean of disk reads, MB/s. */
    public static final String DISK_READ_MEAN_MB_S = "diskReadMeanMbS";
    /** The maximum of disk reads, MB/s. */
    public static final String DISK_READ_MAX_MB_S = "diskReadMaxMbS";
    /** The mean of disk writes, MB/s. */
    public static final String DISK_WRITE_MEAN_MB_S = "diskWriteMeanMbS";
    /** The maximum of disk writes, MB/s. */
    public static final String DISK_WRITE_MAX_MB_S = "diskWriteMaxMbS";
    /** The mean of the disk busy, %. */
    public static final String DISK_BUSY_MEAN_PCT = "diskBusyMeanPct";
    /** The maximum of the disk busy, %. */
    public static final String DISK_BUSY_MAX_PCT = "diskBusyMaxPct";
    /** The share of the window with the disk busy at or above the saturation mark. */
    public static final String DISK_BUSY_SATURATED_SHARE = "diskBusySaturatedShare";
    /** The mean of network received, MB/s. */
    public static final String NET_RX_MEAN_MB_S = "netRxMeanMbS";
    /** The maximum of network received, MB/s. */
    public static final String NET_RX_MAX_MB_S = "netRxMaxMbS";
    /** The mean of network sent, MB/s. */
    public static final String NET_TX_MEAN_MB_S = "netTxMeanMbS";
    /** The maximum of network sent, MB/s. */
    public static final String NET_TX_MAX_MB_S = "netTxMaxMbS";
    /** What went wrong sampling this node, as sentences. */
    public static final String PROBLEMS = "problems";

    private NodeFigures() {
    }
  }
}
