package site.ycsb.results;

/**
 * The findmax record's file ({@link #FILE}, beside the steps' result directories) and its field names, declared once
 * for its writer (the fleet module's findmax) and its reader here ({@link FindmaxRun}, for the report).
 *
 * <p>Constants only. Renaming one changes the file format: {@link #FORMAT_VALUE} would have to change with it.
 */
public final class FindmaxFields {
  /** The record's file name in findmax's output directory. */
  public static final String FILE = "findmax.json";
  /** The format's name and version, {@link #FORMAT_VALUE}. */
  public static final String FORMAT = "format";
  /** The value of {@link #FORMAT} that this declaration describes. */
  public static final String FORMAT_VALUE = "ycsb-findmax/1";
  /** What was searched: "rate" (the target rate) or "threads" (the thread ramp). */
  public static final String MODE = "mode";
  /** The bounds a step had to keep: objects of {@link Sla}'s fields. */
  public static final String SLAS = "slas";
  /** The share of a step's operations that may fail. */
  public static final String ERROR_BUDGET = "errorBudget";
  /** The maximum found, ops/s (0: none). */
  public static final String MAXIMUM = "maximum";
  /** Which steps ran on a busy machine, in words, or "". */
  public static final String MACHINE_NOTE = "machineNote";
  /** Whether the maximum is only a lower bound (the client limited a step, or the search was interrupted). */
  public static final String LOWER_BOUND = "lowerBound";
  /** How the search ended, in words. */
  public static final String ENDING = "ending";
  /** Every step in the order it ran: objects of {@link Step}'s fields. */
  public static final String STEPS = "steps";

  private FindmaxFields() {
  }

  /** The fields of one of {@link FindmaxFields#SLAS}. */
  public static final class Sla {
    /** The bound as given, e.g. "p99<10ms". */
    public static final String TEXT = "text";
    /** The statistic bounded, e.g. "p99". */
    public static final String STATISTIC = "statistic";
    /** The bound, us. */
    public static final String LIMIT_US = "limitUs";

    private Sla() {
    }
  }

  /** The fields of one of {@link FindmaxFields#STEPS}. */
  public static final class Step {
    /** The step's number, from 1. */
    public static final String INDEX = "index";
    /** "search", "threads" (the ramp) or "at N%" (a follow-up at a share of the maximum). */
    public static final String KIND = "kind";
    /** The target rate, ops/s (0: unthrottled). */
    public static final String TARGET = "target";
    /** The client threads (0: as the client options say). */
    public static final String THREADS = "threads";
    /** The throughput achieved, ops/s. */
    public static final String ACHIEVED = "achieved";
    /** Whether the step kept every bound. */
    public static final String PASSED = "passed";
    /** Why it did not, in words, or "". */
    public static final String REASON = "reason";
    /** Its result directory, relative to the record's, or "" when it wrote none. */
    public static final String DIR = "dir";
    /** Whether the client limited the step. */
    public static final String CLIENT_LIMITED = "clientLimited";
    /** The operations that failed. */
    public static final String FAILED_OPERATIONS = "failedOperations";
    /** Whether the step missed its bounds while the machine did not run the client on time. */
    public static final String INCONCLUSIVE = "inconclusive";
    /** The engine's verdict on the step's lateness ("machine", "client", "database", ...; "" if not recorded). */
    public static final String CAUSE = "cause";
    /** Whether the client's threads waited for a CPU at least as long as they ran. */
    public static final String MACHINE_BUSY = "machineBusy";
    /** The clients' verdicts on the step's lateness, in words. */
    public static final String VERDICT = "verdict";
    /** The clients' measures of the causes, in a few words. */
    public static final String MEASURES = "measures";

    private Step() {
    }
  }
}
