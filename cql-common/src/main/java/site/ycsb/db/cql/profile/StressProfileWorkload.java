package site.ycsb.db.cql.profile;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;
import site.ycsb.generator.AcknowledgedCounterGenerator;
import site.ycsb.measurements.Measurements;
import site.ycsb.named.NamedOperationDB;

/**
 * Runs a cassandra-stress user profile through the engine: {@code -p workload=site.ycsb.db.cql.profile.
 * StressProfileWorkload -p profile=p.yaml -p ops=insert=1,select1=1}. Each operation is executed by the CQL binding
 * as a named operation ({@link NamedOperationDB}) and recorded by the engine under its name ({@code insert},
 * {@code select1}, ...), with service and intended latency, like READ or UPDATE in the core workload.
 *
 * <p>Which partitions exist: an insert writes one "block" of partitions ({@link RowGenerator}). Inserts take the
 * next block number from one counter shared by the client threads, starting at {@code insertstart} (default 0 for
 * {@code -load}, {@code profile.population} for a run), so a client's inserts write blocks s, s+1, s+2, ... however
 * the engine spreads operations over its threads. A query picks a block among the {@code profile.population} blocks
 * 0..N-1 an earlier load wrote and the blocks of this run up to the highest one below which every insert has
 * completed, so every query targets rows whose insert was acknowledged by the database (or failed: then it finds
 * nothing, which is what the table holds). A query while no block is known is run as an insert instead. The loading
 * phase ({@code -load}) only inserts. Properties: see {@link ProfileProperties}.
 *
 * <p>Thread-safe: per-thread state lives in {@link ThreadState}; the block counter and the counts are shared
 * atomics.
 */
public class StressProfileWorkload extends Workload {
  private static final AtomicBoolean NOT_NAMED_WARNED = new AtomicBoolean();
  /** Consecutive empty insert blocks (visits whose select ratio picked no row) an insert skips before it gives up. */
  private static final int MAX_EMPTY_BLOCKS = 1000;
  /** Picks of block and partition a query makes to find a written row before it runs as an insert instead. */
  private static final int MAX_QUERY_TRIES = 64;

  private static final AtomicBoolean NOTICES_PRINTED = new AtomicBoolean();

  /** The profile as loaded; complete (its columns known) once {@link #ready()} has run. */
  private volatile Profile profile;
  private volatile RowGenerator generator;
  private String insertCql;
  private String[] opNames;
  private double[] cumulative;
  /** The mix's operations, and insert after them when the mix lacks it (queries run as inserts): the summary's. */
  private String[] countedOps;
  /** The query of each operation of the mix, by index (null for insert and token-range queries). */
  private Profile.Query[] queries;
  /** The token-range query of each operation of the mix, by index (null for the others). */
  private Profile.TokenRangeQuery[] tokenQueries;
  private int insertOp;
  private ProfileRequest.Kind batchKind;
  /** Whether generated values include date/duration values that the binding converts (ProfileRequest). */
  private boolean neutralValues;
  private int visits;
  private Map<String, Double> ops;
  private long seed;
  private long population;
  private long insertStart;
  private Distribution inList;
  private AcknowledgedCounterGenerator blocks;
  private final AtomicLong failedInserts = new AtomicLong();
  /** Conditional inserts whose condition did not hold (a partition group of the insert was not applied). */
  private final AtomicLong notAppliedInserts = new AtomicLong();
  /** The status name of a lightweight transaction whose condition did not hold (the binding's CqlStatus). */
  static final String NOT_APPLIED = "NOT_APPLIED";
  private StressSummary summary;
  /** cassandra-stress's err&lt; / n&gt; / n&lt; stop, or null. */
  private ConvergenceStop convergence;
  /** Every thread's state, for the summary's counts (read at cleanup, after the client threads have ended). */
  private final List<ThreadState> threadStates = new ArrayList<>();

  /**
   * Per client thread: its random stream and, for the summary, what its measured operations did. Per operation the
   * summary costs one clock read (its end), an array update and the engine's recording flag; the start is read only
   * until the thread's first measured operation has been counted.
   */
  static final class ThreadState {
    final SplittableRandom random;
    /** For the summary: partitions and rows of measured OK operations, by operation index (countedOps). */
    final long[] partitions;
    final long[] rows;
    long firstMeasuredNs = Long.MAX_VALUE;
    long lastMeasuredNs = Long.MIN_VALUE;

    /** Each token-range query's position (the binding's cursor), by operation index. */
    final Object[] cursors;

    ThreadState(int thread, long seed, int operations) {
      this.random = new SplittableRandom(Seeds.mix(seed, thread, 7));
      this.partitions = new long[operations];
      this.rows = new long[operations];
      this.cursors = new Object[operations];
    }

    /** The start to pass to {@link #count}: the clock until the first measured operation is counted, then 0. */
    long startNs() {
      return firstMeasuredNs == Long.MAX_VALUE ? System.nanoTime() : 0;
    }

    void count(StressSummary summary, int op, long partitionCount, long rowCount, long startNs) {
      if (!summary.recording()) {
        return;
      }
      partitions[op] += partitionCount;
      rows[op] += rowCount;
      if (firstMeasuredNs == Long.MAX_VALUE) {
        firstMeasuredNs = startNs; // a thread's operations follow one another: its first counted start is its least
      }
      lastMeasuredNs = System.nanoTime();
    }
  }

  @Override
  public void init(Properties p) throws WorkloadException {
    ProfileProperties props = ProfileProperties.parse(p);
    profile = Profile.load(props.profile());
    seed = props.seed();
    population = props.population();
    insertStart = props.insertStart();
    blocks = new AcknowledgedCounterGenerator(insertStart);
    inList = props.inList();
    visits = props.visits();
    ops = operations(props);
    summary = props.summary() ? StressSummary.start(p, ops.keySet()) : null;
    double[] c = props.convergence();
    convergence = c == null ? null : new ConvergenceStop(c[0], (int) c[1], (int) c[2], 1000, this::requestStop);
    if (profile.complete()) {
      ready();
    }
  }

  /**
   * The mix with each name as the profile knows it: lower case (cassandra-stress looks names up so), and
   * {@code <specname>.<op>} read as {@code <op>}; a name the profile does not have is refused.
   */
  private Map<String, Double> operations(ProfileProperties props) {
    Map<String, Double> out = new LinkedHashMap<>();
    for (Map.Entry<String, Double> e : props.ops().entrySet()) {
      String name = profile.operation(e.getKey());
      if (name == null) {
        throw new IllegalArgumentException(ProfileOptions.OPS.name() + ": '" + e.getKey() + "' is neither insert nor a "
            + "query of profile " + props.profile() + " (its operations: " + profile.operationNames() + ")");
      }
      if (out.put(name, e.getValue()) != null) {
        throw new IllegalArgumentException(ProfileOptions.OPS.name() + ": '" + e.getKey() + "' names " + name
            + ", which is listed twice");
      }
    }
    return out;
  }

  /**
   * Everything that needs the table's columns: run by init when the profile has its table_definition, else once by
   * the first initThread, after the binding has read the table from the server ({@link ServerTables}).
   */
  private synchronized void ready() throws WorkloadException {
    if (generator != null) {
      return;
    }
    if (!profile.complete()) {
      String definition = ServerTables.get(profile.keyspace(), profile.table());
      if (definition == null) {
        throw new WorkloadException("profile " + profile.file() + ": table_definition: missing, and table "
            + profile.keyspace() + "." + profile.table() + " was not read from the server (give table_definition, "
            + "or run with this project's cassandra-cql or scylla binding, which reads the existing table)");
      }
      profile = profile.complete(definition);
    }
    if (NOTICES_PRINTED.compareAndSet(false, true)) {
      for (String notice : profile.notices()) {
        System.err.println(getClass().getSimpleName() + ": notice: " + notice);
      }
    }
    opNames = new String[ops.size()];
    queries = new Profile.Query[ops.size()];
    tokenQueries = new Profile.TokenRangeQuery[ops.size()];
    cumulative = new double[ops.size()];
    double total = 0;
    int i = 0;
    for (Map.Entry<String, Double> e : ops.entrySet()) {
      total += e.getValue();
      opNames[i] = e.getKey();
      queries[i] = profile.queries.get(e.getKey());
      tokenQueries[i] = profile.tokenRangeQueries.get(e.getKey());
      cumulative[i++] = total;
    }
    int insertAt = Arrays.asList(opNames).indexOf("insert");
    countedOps = insertAt >= 0 ? opNames : Arrays.copyOf(opNames, opNames.length + 1);
    insertOp = insertAt >= 0 ? insertAt : opNames.length;
    countedOps[insertOp] = "insert";
    insertCql = profile.insertCql();
    batchKind = profile.batchType == Profile.BatchType.COUNTER ? ProfileRequest.Kind.COUNTER_BATCH
        : profile.batchType == Profile.BatchType.LOGGED ? ProfileRequest.Kind.LOGGED_BATCH
        : ProfileRequest.Kind.UNLOGGED_BATCH;
    neutralValues = profile.neutralValues();
    generator = new RowGenerator(profile, seed, visits);
  }

  @Override
  public Object initThread(Properties p, int mythreadid, int threadcount) throws WorkloadException {
    ready();
    ThreadState state = new ThreadState(mythreadid, seed, countedOps.length);
    synchronized (threadStates) {
      threadStates.add(state);
    }
    return state;
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
    int op = choose(state.random.nextDouble() * cumulative[cumulative.length - 1]);
    ProfileRequest request;
    if (tokenQueries[op] != null) {
      Profile.TokenRangeQuery t = tokenQueries[op];
      request = ProfileRequest.builder(t.cql, ProfileRequest.Kind.TOKEN_RANGE).page(t.pageSize, state.cursors[op])
          .build();
    } else {
      request = op == insertOp || knownBlocks() == 0 ? null : query(queries[op], state);
    }
    if (request == null) {
      return insert(named, state) != null;
    }
    long startNs = summary == null ? 0 : state.startNs();
    Status status = named.executeNamed(opNames[op], request);
    if (request.kind() == ProfileRequest.Kind.TOKEN_RANGE) {
      state.cursors[op] = request.cursor();
    }
    if (status != null && status.isOk()) {
      if (summary != null) {
        long partitions = request.kind() == ProfileRequest.Kind.TOKEN_RANGE ? request.resultPartitions() : 1;
        state.count(summary, op, partitions, request.resultRows(), startNs);
      }
      countRows(request.resultRows());
    }
    return status != null;
  }

  /** The index (in opNames) of the operation that the draw {@code x} picks. */
  private int choose(double x) {
    for (int i = 0; i < cumulative.length; i++) {
      if (x < cumulative[i]) {
        return i;
      }
    }
    return opNames.length - 1;
  }

  private Status insert(NamedOperationDB db, ThreadState state) {
    if (db == null) {
      return null;
    }
    long block = 0;
    List<List<Object[]>> groups = new ArrayList<>();
    int rowCount = 0;
    for (int attempt = 0; rowCount == 0 && attempt < MAX_EMPTY_BLOCKS; attempt++) {
      if (attempt > 0) {
        blocks.acknowledge(block); // a visit whose select ratio picked no row: nothing to write
      }
      block = blocks.nextValue();
      groups.clear();
      for (int i = 0, n = generator.partitionsInBlock(block); i < n; i++) {
        List<Object[]> rows = new ArrayList<>();
        generator.partitionRows(block, generator.partitionOf(block, i), rows);
        if (!rows.isEmpty()) {
          rows.replaceAll(generator::insertValues);
          groups.add(rows);
          rowCount += rows.size();
        }
      }
    }
    if (rowCount == 0) {
      blocks.acknowledge(block);
      return Status.OK; // only with a select ratio that almost never writes: nothing was sent
    }
    int partitions = groups.size();
    ProfileRequest.Builder request = ProfileRequest.builder(insertCql, batchKind).neutralValues(neutralValues)
        .conditional(profile.conditionalInsert()).consistency(profile.insertConsistency,
            profile.insertSerialConsistency);
    if (profile.conditionalInsert()) {
      // Cassandra takes a conditional batch for one partition only: one batch (or statement) per partition.
      groups.forEach(request::rows);
    } else {
      List<Object[]> all = new ArrayList<>(rowCount);
      groups.forEach(all::addAll);
      request.rows(all);
    }
    long startNs = summary == null ? 0 : state.startNs();
    Status status;
    try {
      status = db.executeNamed("insert", request.build());
    } finally {
      // Acknowledged even when it failed, so that queries keep moving forward; a query of a failed block then
      // finds nothing, which is what the table holds.
      blocks.acknowledge(block);
    }
    if (status != null && status.isOk()) {
      if (summary != null) {
        state.count(summary, insertOp, partitions, rowCount, startNs);
      }
      countRows(rowCount);
    } else if (status != null && status.getName().equals(NOT_APPLIED)) {
      notAppliedInserts.incrementAndGet();
    } else {
      failedInserts.incrementAndGet();
    }
    return status;
  }

  /** Counts the rows of a measured operation that returned OK for the statistical stop, when it is on. */
  private void countRows(long n) {
    if (convergence != null && Measurements.getMeasurements().threadState().isRecording()) {
      convergence.rows(n);
    }
  }

  /** Blocks a query may choose: the loaded population and this run's blocks whose inserts have all completed. */
  private long knownBlocks() {
    return population + Math.max(0, blocks.lastValue() - insertStart + 1);
  }

  /** A block that exists: one of the loaded population or one this run inserted. */
  long queryBlock(ThreadState state) {
    long pick = state.random.nextLong(knownBlocks());
    return pick < population ? pick : insertStart + (pick - population);
  }

  /**
   * A query of a row that an acknowledged insert wrote: a known block, one of its partitions, one of the rows that
   * block wrote there (the other values of a {@code multirow} query from other rows that block wrote); null when
   * {@link #MAX_QUERY_TRIES} picks found no written row (then the operation runs as an insert).
   */
  private ProfileRequest query(Profile.Query q, ThreadState state) {
    for (int attempt = 0; attempt < MAX_QUERY_TRIES; attempt++) {
      long block = queryBlock(state);
      long partition = generator.partitionOf(block, state.random.nextInt(generator.partitionsInBlock(block)));
      long row = generator.writtenRow(block, partition, state.random);
      if (row < 0) {
        continue;
      }
      Object[] values = new Object[q.bindings.size()];
      for (int i = 0; i < values.length; i++) {
        Profile.Column c = q.bindings.get(i);
        if (q.in[i]) {
          values[i] = inValues(c, block, partition, row, state);
        } else {
          long r = q.sameRow ? row : generator.writtenRow(block, partition, state.random);
          values[i] = generator.value(partition, r, c);
        }
      }
      List<Object[]> one = new ArrayList<>(1);
      one.add(values);
      ProfileRequest.Builder request = ProfileRequest.builder(q.cql, q.text.write ? ProfileRequest.Kind.WRITE
          : ProfileRequest.Kind.QUERY).rows(one).neutralValues(neutralValues).idempotent(q.text.idempotent)
          .conditional(q.text.conditional).consistency(q.consistency, q.serialConsistency);
      if (q.casReadCql != null) {
        List<Profile.Column> keys = profile.keyColumns();
        Object[] key = new Object[keys.size()];
        for (int i = 0; i < key.length; i++) {
          key[i] = generator.value(partition, row, keys.get(i));
        }
        request.conditionRead(q.casReadCql, key, q.casTargets);
      }
      return request.build();
    }
    return null;
  }

  /**
   * The list an {@code IN ?} marker binds: the chosen row's value first, then values of the column from other
   * written rows, up to a size drawn from {@code profile.inlist} (distinct values; fewer when fewer exist). A
   * clustering column takes them from the rows the same insert wrote in the same partition; a partition key column
   * from other partitions of known blocks (each with a written row), as a query would name several partitions.
   */
  private List<Object> inValues(Profile.Column c, long block, long partition, long row, ThreadState state) {
    int size = (int) inList.sample(state.random.nextDouble());
    LinkedHashSet<Object> values = new LinkedHashSet<>();
    values.add(generator.value(partition, row, c));
    boolean key = profile.partitionKey.contains(c);
    for (int tries = 0; values.size() < size && tries < 4 * size; tries++) {
      if (key) {
        long b = queryBlock(state);
        long p = generator.partitionOf(b, state.random.nextInt(generator.partitionsInBlock(b)));
        long r = generator.writtenRow(b, p, state.random);
        if (r >= 0) {
          values.add(generator.value(p, r, c));
        }
      } else {
        values.add(generator.value(partition, generator.writtenRow(block, partition, state.random), c));
      }
    }
    return new ArrayList<>(values);
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

  /**
   * The closing line (stderr): which insert blocks were attempted, so a later run can set
   * {@code profile.population} and a check can recompute the partitions; with {@code profile.summary=true}, the
   * cassandra-stress summary (also stderr).
   */
  @Override
  public void cleanup() throws WorkloadException {
    if (generator == null || profile == null) {
      return;
    }
    if (convergence != null) {
      convergence.close();
      String verdict = convergence.verdict();
      System.err.println(getClass().getSimpleName() + ": " + (verdict != null ? "stopped: " + verdict
          : "the statistical stop did not end the run (" + convergence.samples() + " intervals sampled)"));
    }
    long next = blocks.lastValue() + 1; // every claimed block has been acknowledged once the threads have ended
    long attempted = next - insertStart;
    System.err.println(getClass().getSimpleName() + ": profile " + profile.file() + ", seed " + seed + ": "
        + attempted + " inserts attempted" + (attempted == 0 ? "" : ", insert blocks " + insertStart + ".."
        + (next - 1) + (generator.visits() == 1 ? " (partition numbers block*" + RowGenerator.STRIDE + "+0..n-1)"
        : " (" + generator.visits() + " visits per group: partition numbers (block/" + generator.visits() + ")*"
        + RowGenerator.STRIDE + "+0..n-1)")) + ", " + failedInserts.get()
        + " failed" + (profile.conditionalInsert() ? ", " + notAppliedInserts.get() + " not applied" : "")
        + (population > 0 ? "; queries also chose among loaded blocks 0.." + (population - 1) : ""));
    if (summary != null) {
      Map<String, Long> partitions = new HashMap<>();
      Map<String, Long> rows = new HashMap<>();
      long first = Long.MAX_VALUE;
      long last = Long.MIN_VALUE;
      synchronized (threadStates) {
        for (ThreadState t : threadStates) {
          for (int op = 0; op < countedOps.length; op++) {
            partitions.merge(countedOps[op], t.partitions[op], Long::sum);
            rows.merge(countedOps[op], t.rows[op], Long::sum);
          }
          first = Math.min(first, t.firstMeasuredNs);
          last = Math.max(last, t.lastMeasuredNs);
        }
      }
      summary.print(System.err, partitions, rows, last > first ? (last - first) / 1e9 : 0);
    }
  }

}
