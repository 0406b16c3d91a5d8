package site.ycsb.db.cql.profile;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;

import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;
import site.ycsb.named.NamedOperationDB;

/**
 * Runs a cassandra-stress user profile through the engine: {@code -p workload=site.ycsb.db.cql.profile.
 * StressProfileWorkload -p profile=p.yaml -p ops=insert=1,select1=1}. Each operation is executed by the CQL binding
 * as a named operation ({@link NamedOperationDB}) and recorded by the engine under its name ({@code insert},
 * {@code select1}, ...), with service and intended latency, like READ or UPDATE in the core workload.
 *
 * <p>Which partitions exist: client thread {@code t} of {@code T} writes insert blocks {@code t, t+T, t+2T, ...}
 * in order; a query of that thread picks one of the blocks this thread has already written (successfully), so
 * every query targets rows that were inserted. A query on a thread that has inserted nothing yet is run as an
 * insert instead. The loading phase ({@code -load}) only inserts. Properties: see {@link ProfileProperties}.
 */
public class StressProfileWorkload extends Workload {
  private static final AtomicBoolean NOT_NAMED_WARNED = new AtomicBoolean();

  private RowGenerator generator;
  private String insertCql;
  private String[] opNames;
  private double[] cumulative;
  private ProfileRequest.Kind batchKind;
  private long seed;

  /** Per client thread: its number, the thread count, inserts done and its random stream. */
  static final class ThreadState {
    final int thread;
    final int threads;
    long inserted;
    final SplittableRandom random;

    ThreadState(int thread, int threads, long seed) {
      this.thread = thread;
      this.threads = threads;
      this.random = new SplittableRandom(Seeds.mix(seed, thread, 7));
    }
  }

  @Override
  public void init(Properties p) throws WorkloadException {
    ProfileProperties props = ProfileProperties.parse(p);
    Profile profile = Profile.load(props.profile());
    seed = props.seed();
    generator = new RowGenerator(profile, seed);
    Map<String, Double> ops = props.ops();
    opNames = new String[ops.size()];
    cumulative = new double[ops.size()];
    double total = 0;
    int i = 0;
    for (Map.Entry<String, Double> e : ops.entrySet()) {
      if (!e.getKey().equals("insert") && !profile.queries.containsKey(e.getKey())) {
        throw new IllegalArgumentException(ProfileProperties.OPS + ": '" + e.getKey() + "' is neither insert nor a "
            + "query of profile " + props.profile() + " (its queries: " + profile.queries.keySet() + ")");
      }
      total += e.getValue();
      opNames[i] = e.getKey();
      cumulative[i++] = total;
    }
    StringBuilder cols = new StringBuilder();
    StringBuilder marks = new StringBuilder();
    for (Profile.Column c : profile.columns) {
      cols.append(cols.length() == 0 ? "" : ", ").append('"').append(c.name).append('"');
      marks.append(marks.length() == 0 ? "?" : ", ?");
    }
    insertCql = "INSERT INTO " + profile.table + " (" + cols + ") VALUES (" + marks + ")";
    batchKind = profile.logged ? ProfileRequest.Kind.LOGGED_BATCH : ProfileRequest.Kind.UNLOGGED_BATCH;
  }

  @Override
  public Object initThread(Properties p, int mythreadid, int threadcount) {
    return new ThreadState(mythreadid, threadcount, seed);
  }

  /** The generator (for checks that recompute what was written). */
  public RowGenerator generator() {
    return generator;
  }

  @Override
  public boolean doInsert(DB db, Object threadstate) {
    return insert(named(db), (ThreadState) threadstate) != null;
  }

  @Override
  public boolean doTransaction(DB db, Object threadstate) {
    NamedOperationDB named = named(db);
    if (named == null) {
      return false;
    }
    ThreadState state = (ThreadState) threadstate;
    String op = choose(state.random.nextDouble() * cumulative[cumulative.length - 1]);
    if (op.equals("insert") || state.inserted == 0) {
      return insert(named, state) != null;
    }
    return named.executeNamed(op, query(generator.profile().queries.get(op), state)) != null;
  }

  private String choose(double x) {
    for (int i = 0; i < cumulative.length; i++) {
      if (x < cumulative[i]) {
        return opNames[i];
      }
    }
    return opNames[opNames.length - 1];
  }

  private Status insert(NamedOperationDB db, ThreadState state) {
    if (db == null) {
      return null;
    }
    long block = blockOf(state, state.inserted);
    int partitions = generator.partitionsInBlock(block);
    List<Object[]> rows = new ArrayList<>();
    for (int i = 0; i < partitions; i++) {
      long partition = RowGenerator.partition(block, i);
      long n = generator.rows(partition);
      for (long r = 0; r < n; r++) {
        rows.add(generator.row(partition, r));
      }
    }
    Status status = db.executeNamed("insert", new ProfileRequest(insertCql, rows, batchKind));
    if (status != null && status.isOk()) {
      state.inserted++;
    }
    return status;
  }

  /** The block number of this thread's {@code n}-th insert. */
  static long blockOf(ThreadState state, long n) {
    return state.thread + (long) state.threads * n;
  }

  private ProfileRequest query(Profile.Query q, ThreadState state) {
    long block = blockOf(state, state.random.nextLong(state.inserted));
    long partition = RowGenerator.partition(block, state.random.nextInt(generator.partitionsInBlock(block)));
    long rows = generator.rows(partition);
    long row = state.random.nextLong(rows);
    Object[] values = new Object[q.bindings.size()];
    for (int i = 0; i < values.length; i++) {
      long r = q.sameRow ? row : state.random.nextLong(rows);
      values[i] = generator.value(partition, r, q.bindings.get(i));
    }
    List<Object[]> one = new ArrayList<>(1);
    one.add(values);
    return new ProfileRequest(q.cql, one, ProfileRequest.Kind.QUERY);
  }

  private static NamedOperationDB named(DB db) {
    if (db instanceof NamedOperationDB) {
      return (NamedOperationDB) db;
    }
    if (NOT_NAMED_WARNED.compareAndSet(false, true)) {
      System.err.println("Error: " + StressProfileWorkload.class.getSimpleName() + " needs an engine and a binding "
          + "with named operations (this project's engine with the cassandra-cql or scylla binding); "
          + db.getClass().getName() + " has none");
    }
    return null;
  }
}
