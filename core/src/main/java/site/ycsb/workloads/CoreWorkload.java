package site.ycsb.workloads;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import site.ycsb.AsyncWorkload;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.RandomByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.Utils;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;
import site.ycsb.async.AsyncDB;
import site.ycsb.cli.EngineOptions;
import site.ycsb.cli.PropertyReader;
import site.ycsb.cli.WorkloadHooks;
import site.ycsb.generator.AcknowledgedCounterGenerator;
import site.ycsb.generator.ConstantIntegerGenerator;
import site.ycsb.generator.CounterGenerator;
import site.ycsb.generator.DiscreteGenerator;
import site.ycsb.generator.ExponentialGenerator;
import site.ycsb.generator.HistogramGenerator;
import site.ycsb.generator.HotspotIntegerGenerator;
import site.ycsb.generator.NumberGenerator;
import site.ycsb.generator.ScrambledZipfianGenerator;
import site.ycsb.generator.SequentialGenerator;
import site.ycsb.generator.SkewedLatestGenerator;
import site.ycsb.generator.UniformLongGenerator;
import site.ycsb.generator.ZipfianGenerator;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.OneMeasurement;
import site.ycsb.support.Backoff;
import site.ycsb.support.RateLimitedLog;
import site.ycsb.support.RetryTimer;

/**
 * YCSB's core workload: a table of {@code recordcount} records of {@code fieldcount} fields, loaded with
 * {@code -load} and then read, updated, scanned, inserted or read-modify-written in the configured proportions
 * with the configured key distribution. Property names, defaults and key names ({@code user} + FNV hash of the
 * key number) are YCSB 0.17.0's, so workload files and loaded data carry over.
 *
 * <p>Invalid property values throw {@link IllegalArgumentException} from {@link #init} (reported by the client as
 * a configuration error). Thread-safe: all threads share one instance and its generators.
 */
public class CoreWorkload extends Workload implements AsyncWorkload, WorkloadHooks {
  public static final String TABLENAME_PROPERTY = "table";
  public static final String TABLENAME_PROPERTY_DEFAULT = "usertable";
  public static final String FIELD_COUNT_PROPERTY = "fieldcount";
  public static final String FIELD_COUNT_PROPERTY_DEFAULT = "10";
  public static final String FIELD_LENGTH_DISTRIBUTION_PROPERTY = "fieldlengthdistribution";
  public static final String FIELD_LENGTH_DISTRIBUTION_PROPERTY_DEFAULT = "constant";
  public static final String FIELD_LENGTH_PROPERTY = "fieldlength";
  public static final String FIELD_LENGTH_PROPERTY_DEFAULT = "100";
  public static final String MIN_FIELD_LENGTH_PROPERTY = "minfieldlength";
  public static final String MIN_FIELD_LENGTH_PROPERTY_DEFAULT = "1";
  public static final String FIELD_LENGTH_HISTOGRAM_FILE_PROPERTY = "fieldlengthhistogram";
  public static final String FIELD_LENGTH_HISTOGRAM_FILE_PROPERTY_DEFAULT = "hist.txt";
  public static final String READ_ALL_FIELDS_PROPERTY = "readallfields";
  public static final String READ_ALL_FIELDS_PROPERTY_DEFAULT = "true";
  public static final String READ_ALL_FIELDS_BY_NAME_PROPERTY = "readallfieldsbyname";
  public static final String READ_ALL_FIELDS_BY_NAME_PROPERTY_DEFAULT = "false";
  public static final String WRITE_ALL_FIELDS_PROPERTY = "writeallfields";
  public static final String WRITE_ALL_FIELDS_PROPERTY_DEFAULT = "false";
  public static final String DATA_INTEGRITY_PROPERTY = "dataintegrity";
  public static final String DATA_INTEGRITY_PROPERTY_DEFAULT = "false";
  public static final String READ_PROPORTION_PROPERTY = "readproportion";
  public static final String READ_PROPORTION_PROPERTY_DEFAULT = "0.95";
  public static final String UPDATE_PROPORTION_PROPERTY = "updateproportion";
  public static final String UPDATE_PROPORTION_PROPERTY_DEFAULT = "0.05";
  public static final String INSERT_PROPORTION_PROPERTY = "insertproportion";
  public static final String INSERT_PROPORTION_PROPERTY_DEFAULT = "0.0";
  public static final String SCAN_PROPORTION_PROPERTY = "scanproportion";
  public static final String SCAN_PROPORTION_PROPERTY_DEFAULT = "0.0";
  public static final String READMODIFYWRITE_PROPORTION_PROPERTY = "readmodifywriteproportion";
  public static final String READMODIFYWRITE_PROPORTION_PROPERTY_DEFAULT = "0.0";
  public static final String REQUEST_DISTRIBUTION_PROPERTY = "requestdistribution";
  public static final String REQUEST_DISTRIBUTION_PROPERTY_DEFAULT = "uniform";
  public static final String ZERO_PADDING_PROPERTY = "zeropadding";
  public static final String ZERO_PADDING_PROPERTY_DEFAULT = "1";
  public static final String MIN_SCAN_LENGTH_PROPERTY = "minscanlength";
  public static final String MIN_SCAN_LENGTH_PROPERTY_DEFAULT = "1";
  public static final String MAX_SCAN_LENGTH_PROPERTY = "maxscanlength";
  public static final String MAX_SCAN_LENGTH_PROPERTY_DEFAULT = "1000";
  public static final String SCAN_LENGTH_DISTRIBUTION_PROPERTY = "scanlengthdistribution";
  public static final String SCAN_LENGTH_DISTRIBUTION_PROPERTY_DEFAULT = "uniform";
  public static final String INSERT_ORDER_PROPERTY = "insertorder";
  public static final String INSERT_ORDER_PROPERTY_DEFAULT = "hashed";
  public static final String HOTSPOT_DATA_FRACTION = "hotspotdatafraction";
  public static final String HOTSPOT_DATA_FRACTION_DEFAULT = "0.2";
  public static final String HOTSPOT_OPN_FRACTION = "hotspotopnfraction";
  public static final String HOTSPOT_OPN_FRACTION_DEFAULT = "0.8";
  public static final String INSERTION_RETRY_LIMIT = "core_workload_insertion_retry_limit";
  public static final String INSERTION_RETRY_LIMIT_DEFAULT = "0";
  public static final String INSERTION_RETRY_INTERVAL = "core_workload_insertion_retry_interval";
  public static final String INSERTION_RETRY_INTERVAL_DEFAULT = "3";
  public static final String FIELD_NAME_PREFIX = "fieldnameprefix";
  public static final String FIELD_NAME_PREFIX_DEFAULT = "field";

  protected String table;
  protected NumberGenerator fieldlengthgenerator;
  protected boolean readallfields;
  protected boolean readallfieldsbyname;
  protected boolean writeallfields;
  protected boolean dataintegrity;
  protected NumberGenerator keysequence;
  protected DiscreteGenerator operationchooser;
  protected NumberGenerator keychooser;
  protected NumberGenerator fieldchooser;
  protected AcknowledgedCounterGenerator transactioninsertkeysequence;
  protected NumberGenerator scanlength;
  protected boolean orderedinserts;
  protected long fieldcount;
  protected long recordcount;
  protected int zeropadding;
  protected int insertionRetryLimit;
  protected int insertionRetryInterval;

  private List<String> fieldnames;
  private Set<String> allFieldNames;
  private Measurements measurements;
  private boolean exponentialKeys;
  private final RetryLog retryLog = new RetryLog();

  /**
   * Builds the field-length generator from {@code fieldlengthdistribution}, {@code fieldlength},
   * {@code minfieldlength} and {@code fieldlengthhistogram}.
   */
  protected static NumberGenerator getFieldLengthGenerator(Properties p) throws WorkloadException {
    String dist = p.getProperty(FIELD_LENGTH_DISTRIBUTION_PROPERTY, FIELD_LENGTH_DISTRIBUTION_PROPERTY_DEFAULT).trim();
    int fieldlength = intProp(p, FIELD_LENGTH_PROPERTY, FIELD_LENGTH_PROPERTY_DEFAULT, 0);
    int minfieldlength = intProp(p, MIN_FIELD_LENGTH_PROPERTY, MIN_FIELD_LENGTH_PROPERTY_DEFAULT, 0);
    switch (dist) {
    case "constant":
      return new ConstantIntegerGenerator(fieldlength);
    case "uniform":
      requireRange(MIN_FIELD_LENGTH_PROPERTY, minfieldlength, FIELD_LENGTH_PROPERTY, fieldlength);
      return new UniformLongGenerator(minfieldlength, fieldlength);
    case "zipfian":
      requireRange(MIN_FIELD_LENGTH_PROPERTY, minfieldlength, FIELD_LENGTH_PROPERTY, fieldlength);
      return new ZipfianGenerator(minfieldlength, fieldlength);
    case "histogram":
      String file = p.getProperty(FIELD_LENGTH_HISTOGRAM_FILE_PROPERTY, FIELD_LENGTH_HISTOGRAM_FILE_PROPERTY_DEFAULT);
      java.io.File f = new java.io.File(file);
      if (!f.isFile() || !f.canRead()) {
        // a file the user named (or the default hist.txt in the working directory): a usage error, exit 2
        throw new IllegalArgumentException(FIELD_LENGTH_HISTOGRAM_FILE_PROPERTY + "=" + file + (f.exists()
            ? " is not a readable file" : " does not exist") + " (fieldlengthdistribution=histogram reads it)");
      }
      try {
        return new HistogramGenerator(file);
      } catch (IOException e) {
        // the file exists and is readable: what fails is its content (the message names the line)
        throw new IllegalArgumentException(FIELD_LENGTH_HISTOGRAM_FILE_PROPERTY + ": " + e.getMessage());
      }
    default:
      throw new IllegalArgumentException(FIELD_LENGTH_DISTRIBUTION_PROPERTY + "=" + dist
          + " is not one of: constant, uniform, zipfian, histogram");
    }
  }

  /**
   * Engine hook ({@link WorkloadHooks}): no. Every key this workload reads, updates or scans is one it loaded or
   * inserted and acknowledged (it issues no deletes), so a NOT_FOUND means records are missing.
   */
  @Override
  public boolean notFoundIsAnswer(Properties p) {
    return false;
  }

  /**
   * Engine hook ({@link WorkloadHooks}): the engine may warm its per-operation path with a fresh instance of this
   * class before the schedule opens. Only this class itself, whose path is known: a subclass may do anything in its
   * operations, so it starts cold.
   */
  @Override
  public boolean prewarmable() {
    return getClass() == CoreWorkload.class;
  }

  @Override
  public void init(Properties p) throws WorkloadException {
    measurements = Measurements.getMeasurements();
    table = p.getProperty(TABLENAME_PROPERTY, TABLENAME_PROPERTY_DEFAULT);
    if (table.trim().isEmpty()) {
      throw new IllegalArgumentException("table is empty; leave it out for the default (" + TABLENAME_PROPERTY_DEFAULT
          + ") or name the table");
    }
    // Every field has a name held for the whole run and a value per operation: two billion of them kept the heap
    // filling for 30 s (as long as it was watched) without a word. A million fields is far beyond any database's row.
    fieldcount = new PropertyReader(p).longValue(FIELD_COUNT_PROPERTY, Long.parseLong(FIELD_COUNT_PROPERTY_DEFAULT),
        1, MAX_FIELD_COUNT);
    String prefix = p.getProperty(FIELD_NAME_PREFIX, FIELD_NAME_PREFIX_DEFAULT);
    fieldnames = new ArrayList<>();
    for (long i = 0; i < fieldcount; i++) {
      fieldnames.add(prefix + i);
    }
    allFieldNames = Collections.unmodifiableSet(new LinkedHashSet<>(fieldnames));
    fieldlengthgenerator = getFieldLengthGenerator(p);

    recordcount = new PropertyReader(p).get(EngineOptions.RECORD_COUNT);
    boolean noRecordCount = recordcount == 0;
    if (recordcount == 0) {
      recordcount = Integer.MAX_VALUE;
    }
    String requestdistrib = p.getProperty(REQUEST_DISTRIBUTION_PROPERTY, REQUEST_DISTRIBUTION_PROPERTY_DEFAULT).trim();
    int minscanlength = intProp(p, MIN_SCAN_LENGTH_PROPERTY, MIN_SCAN_LENGTH_PROPERTY_DEFAULT, 0);
    int maxscanlength = intProp(p, MAX_SCAN_LENGTH_PROPERTY, MAX_SCAN_LENGTH_PROPERTY_DEFAULT, 0);
    String scanlengthdistrib = p.getProperty(SCAN_LENGTH_DISTRIBUTION_PROPERTY,
        SCAN_LENGTH_DISTRIBUTION_PROPERTY_DEFAULT).trim();

    long insertstart = longProp(p, INSERT_START_PROPERTY, INSERT_START_PROPERTY_DEFAULT, 0);
    long insertcount = longProp(p, INSERT_COUNT_PROPERTY, String.valueOf(recordcount - insertstart), 0);
    if (insertstart + insertcount > recordcount) {
      throw new IllegalArgumentException("insertstart + insertcount (" + insertstart + " + " + insertcount
          + ") must not exceed recordcount (" + recordcount + "): each client loads a slice of the key space");
    }
    zeropadding = intProp(p, ZERO_PADDING_PROPERTY, ZERO_PADDING_PROPERTY_DEFAULT, 1);
    readallfields = bool(p, READ_ALL_FIELDS_PROPERTY, READ_ALL_FIELDS_PROPERTY_DEFAULT);
    readallfieldsbyname = bool(p, READ_ALL_FIELDS_BY_NAME_PROPERTY, READ_ALL_FIELDS_BY_NAME_PROPERTY_DEFAULT);
    writeallfields = bool(p, WRITE_ALL_FIELDS_PROPERTY, WRITE_ALL_FIELDS_PROPERTY_DEFAULT);
    dataintegrity = bool(p, DATA_INTEGRITY_PROPERTY, DATA_INTEGRITY_PROPERTY_DEFAULT);
    if (dataintegrity && !"constant".equals(p.getProperty(FIELD_LENGTH_DISTRIBUTION_PROPERTY,
        FIELD_LENGTH_DISTRIBUTION_PROPERTY_DEFAULT).trim())) {
      throw new IllegalArgumentException("dataintegrity=true needs fieldlengthdistribution=constant");
    }
    if (dataintegrity) {
      System.err.println("Data integrity is enabled.");
    }
    String insertOrder = p.getProperty(INSERT_ORDER_PROPERTY, INSERT_ORDER_PROPERTY_DEFAULT).trim();
    if (!insertOrder.equals("hashed") && !insertOrder.equals("ordered")) {
      // 0.17.0 ran any value other than "hashed" (even "Hashed") as ordered, silently.
      throw new IllegalArgumentException(INSERT_ORDER_PROPERTY + "=" + insertOrder
          + " is not one of: hashed, ordered (lower case)");
    }
    orderedinserts = insertOrder.equals("ordered");

    keysequence = new CounterGenerator(insertstart);
    operationchooser = createOperationGenerator(p);
    String mixWarning = proportionsWarning(p);
    if (mixWarning != null && new PropertyReader(p).get(EngineOptions.DO_TRANSACTIONS)) {
      System.err.println(mixWarning);
    }
    if (noRecordCount && new PropertyReader(p).get(EngineOptions.DO_TRANSACTIONS) && readsExistingRecords(p)) {
      // 0.17.0 silently took the whole int range as the key space, so nearly every read missed; refused instead.
      throw new IllegalArgumentException("recordcount is 0 (or not set): the run would read, update or scan keys "
          + "among 2^31 that were never loaded; set recordcount to the number of records loaded");
    }
    transactioninsertkeysequence = new AcknowledgedCounterGenerator(recordcount);
    long last = insertstart + insertcount - 1;
    if (insertcount == 0) {
      last = insertstart;
    }
    switch (requestdistrib) {
    case "uniform":
      keychooser = new UniformLongGenerator(insertstart, last);
      break;
    case "exponential":
      double percentile = doubleProp(p, "exponential.percentile", "95");
      double frac = doubleProp(p, "exponential.frac", "0.8571428571");
      keychooser = new ExponentialGenerator(percentile, recordcount * frac);
      exponentialKeys = true;
      break;
    case "sequential":
      keychooser = new SequentialGenerator(insertstart, last);
      break;
    case "zipfian":
      // Room for the keys the run phase inserts, so that new keys become reachable as they are acknowledged.
      long opcount = new PropertyReader(p).get(EngineOptions.OPERATION_COUNT);
      double insertproportion = doubleProp(p, INSERT_PROPORTION_PROPERTY, INSERT_PROPORTION_PROPERTY_DEFAULT);
      long expectednewkeys = (long) (opcount * insertproportion * 2.0);
      keychooser = new ScrambledZipfianGenerator(insertstart, insertstart + insertcount + expectednewkeys);
      break;
    case "latest":
      keychooser = new SkewedLatestGenerator(transactioninsertkeysequence);
      break;
    case "hotspot":
      double hotsetfraction = doubleProp(p, HOTSPOT_DATA_FRACTION, HOTSPOT_DATA_FRACTION_DEFAULT);
      double hotopnfraction = doubleProp(p, HOTSPOT_OPN_FRACTION, HOTSPOT_OPN_FRACTION_DEFAULT);
      keychooser = new HotspotIntegerGenerator(insertstart, last, hotsetfraction, hotopnfraction);
      break;
    default:
      throw new IllegalArgumentException(REQUEST_DISTRIBUTION_PROPERTY + "=" + requestdistrib
          + " is not one of: uniform, zipfian, latest, hotspot, sequential, exponential");
    }
    fieldchooser = new UniformLongGenerator(0, fieldcount - 1);
    requireRange(MIN_SCAN_LENGTH_PROPERTY, minscanlength, MAX_SCAN_LENGTH_PROPERTY, maxscanlength);
    switch (scanlengthdistrib) {
    case "uniform":
      scanlength = new UniformLongGenerator(minscanlength, maxscanlength);
      break;
    case "zipfian":
      scanlength = new ZipfianGenerator(minscanlength, maxscanlength);
      break;
    default:
      throw new IllegalArgumentException(SCAN_LENGTH_DISTRIBUTION_PROPERTY + "=" + scanlengthdistrib
          + " is not one of: uniform, zipfian");
    }
    insertionRetryLimit = intProp(p, INSERTION_RETRY_LIMIT, INSERTION_RETRY_LIMIT_DEFAULT, 0);
    insertionRetryInterval = intProp(p, INSERTION_RETRY_INTERVAL, INSERTION_RETRY_INTERVAL_DEFAULT, 0);
  }

  /** The key name of key number {@code keynum}: {@code user} + zero padding + (hashed unless ordered) number. */
  protected String buildKeyName(long keynum) {
    return buildKeyName(keynum, zeropadding, orderedinserts);
  }

  /** The key name of key number {@code keynum} under the given padding and order (YCSB's key format). */
  public static String buildKeyName(long keynum, int zeropadding, boolean orderedinserts) {
    return KeyNames.build(orderedinserts ? keynum : Utils.hash(keynum), zeropadding);
  }

  /** All fields of a record, with fresh values (deterministic ones under dataintegrity). */
  private HashMap<String, ByteIterator> buildValues(String key) {
    HashMap<String, ByteIterator> values = new HashMap<>((int) (fieldcount * 4 / 3 + 1));
    for (String fieldkey : fieldnames) {
      values.put(fieldkey, value(key, fieldkey));
    }
    return values;
  }

  /** One randomly chosen field with a fresh value. */
  private HashMap<String, ByteIterator> buildSingleValue(String key) {
    HashMap<String, ByteIterator> value = new HashMap<>(2);
    String fieldkey = fieldnames.get(fieldchooser.nextValue().intValue());
    value.put(fieldkey, value(key, fieldkey));
    return value;
  }

  private ByteIterator value(String key, String fieldkey) {
    if (dataintegrity) {
      return new StringByteIterator(buildDeterministicValue(key, fieldkey));
    }
    return new RandomByteIterator(fieldlengthgenerator.nextValue().longValue());
  }

  /** The value a field must hold under dataintegrity: {@code key:field:hash:hash...} cut to the field length. */
  private String buildDeterministicValue(String key, String fieldkey) {
    int size = fieldlengthgenerator.nextValue().intValue();
    StringBuilder sb = new StringBuilder(size + 16);
    sb.append(key).append(':').append(fieldkey);
    while (sb.length() < size) {
      sb.append(':').append(sb.toString().hashCode());
    }
    sb.setLength(size);
    return sb.toString();
  }

  @Override
  public boolean doInsert(DB db, Object threadstate) {
    long keynum = keysequence.nextValue().longValue();
    String dbkey = buildKeyName(keynum);
    HashMap<String, ByteIterator> values = buildValues(dbkey);
    int attempts = 0;
    while (true) {
      Status status = db.insert(table, dbkey, values);
      attempts++;
      if (status != null && status.isOk()) {
        return true;
      }
      if (attempts > insertionRetryLimit || isStopRequested()) {
        retryLog.gaveUp(attempts, insertionRetryLimit, status);
        return false;
      }
      retryLog.retrying(attempts, status);
      sleepBeforeRetry();
      values = rewound(dbkey, values);
    }
  }

  /** The same values, ready to be sent again (ByteIterators are single-pass). */
  private HashMap<String, ByteIterator> rewound(String key, HashMap<String, ByteIterator> values) {
    try {
      for (ByteIterator v : values.values()) {
        v.reset();
      }
      return values;
    } catch (UnsupportedOperationException e) {
      return buildValues(key);
    }
  }

  /** The pause before an insertion retry: the interval (seconds), give or take 20%, so threads do not retry together. */
  private long insertionRetryPauseNanos() {
    return TimeUnit.MILLISECONDS.toNanos(Backoff.fixed(TimeUnit.SECONDS.toMillis(insertionRetryInterval), 0.2)
        .delayMillis(1, ThreadLocalRandom.current().nextDouble()));
  }

  private void sleepBeforeRetry() {
    long ns = insertionRetryPauseNanos();
    long deadline = System.nanoTime() + ns;
    long left;
    while ((left = deadline - System.nanoTime()) > 0 && !isStopRequested()) {
      LockSupport.parkNanos(Math.min(left, 50_000_000L));
    }
  }

  @Override
  public boolean doTransaction(DB db, Object threadstate) {
    String operation = operationchooser.nextString();
    if (operation == null) {
      return false;
    }
    switch (operation) {
    case "READ":
      doTransactionRead(db);
      break;
    case "UPDATE":
      doTransactionUpdate(db);
      break;
    case "INSERT":
      doTransactionInsert(db);
      break;
    case "SCAN":
      doTransactionScan(db);
      break;
    default:
      doTransactionReadModifyWrite(db);
    }
    return true;
  }

  /** Checks a row read under dataintegrity and records the outcome as the VERIFY measurement. */
  protected void verifyRow(String key, HashMap<String, ByteIterator> cells) {
    long startTime = System.nanoTime();
    Status verifyStatus = verified(key, cells);
    long endTime = System.nanoTime();
    measurements.measure("VERIFY", (endTime - startTime) / 1000);
    measurements.reportStatus("VERIFY", verifyStatus);
  }

  /** The VERIFY outcome of a row: OK, UNEXPECTED_STATE (a wrong value) or ERROR (nothing read). */
  private Status verified(String key, HashMap<String, ByteIterator> cells) {
    Status verifyStatus = Status.OK;
    if (!cells.isEmpty()) {
      for (Map.Entry<String, ByteIterator> entry : cells.entrySet()) {
        ByteIterator v = entry.getValue();
        if (v == null || !v.toString().equals(buildDeterministicValue(key, entry.getKey()))) {
          verifyStatus = Status.UNEXPECTED_STATE;
          break;
        }
      }
    } else {
      verifyStatus = Status.ERROR;
    }
    return verifyStatus;
  }

  long nextKeynum() {
    long keynum;
    if (exponentialKeys) {
      do {
        keynum = transactioninsertkeysequence.lastValue() - keychooser.nextLong();
      } while (keynum < 0);
    } else {
      do {
        keynum = keychooser.nextLong();
      } while (keynum > transactioninsertkeysequence.lastValue());
    }
    return keynum;
  }

  private Set<String> fieldsToRead() {
    if (!readallfields) {
      Set<String> fields = new HashSet<>(2);
      fields.add(fieldnames.get(fieldchooser.nextValue().intValue()));
      return fields;
    }
    return readallfieldsbyname ? new HashSet<>(allFieldNames) : null;
  }

  public void doTransactionRead(DB db) {
    String keyname = buildKeyName(nextKeynum());
    HashMap<String, ByteIterator> cells = new HashMap<>();
    db.read(table, keyname, fieldsToRead(), cells);
    if (dataintegrity) {
      verifyRow(keyname, cells);
    }
  }

  public void doTransactionReadModifyWrite(DB db) {
    String keyname = buildKeyName(nextKeynum());
    Set<String> fields = fieldsToRead();
    HashMap<String, ByteIterator> values = writeallfields ? buildValues(keyname) : buildSingleValue(keyname);
    HashMap<String, ByteIterator> cells = new HashMap<>();
    long ist = measurements.getIntendedStartTimeNs();
    long st = System.nanoTime();
    db.read(table, keyname, fields, cells);
    db.update(table, keyname, values);
    long en = System.nanoTime();
    if (dataintegrity) {
      verifyRow(keyname, cells);
    }
    measurements.measure("READ-MODIFY-WRITE", (en - st) / 1000);
    measurements.measureIntended("READ-MODIFY-WRITE", (en - ist) / 1000);
  }

  public void doTransactionScan(DB db) {
    String startkeyname = buildKeyName(nextKeynum());
    int len = scanlength.nextValue().intValue();
    db.scan(table, startkeyname, len, fieldsToRead(), new Vector<HashMap<String, ByteIterator>>());
  }

  public void doTransactionUpdate(DB db) {
    String keyname = buildKeyName(nextKeynum());
    HashMap<String, ByteIterator> values = writeallfields ? buildValues(keyname) : buildSingleValue(keyname);
    db.update(table, keyname, values);
  }

  public void doTransactionInsert(DB db) {
    long keynum = transactioninsertkeysequence.nextValue();
    try {
      String dbkey = buildKeyName(keynum);
      db.insert(table, dbkey, buildValues(dbkey));
    } finally {
      transactioninsertkeysequence.acknowledge(keynum);
    }
  }

  // ---- The asynchronous path (bindings implementing site.ycsb.async.AsyncDB; see the engine's AsyncClientThread).

  /**
   * The core workload itself, or a subclass that does not change what an operation does, runs asynchronously; a
   * subclass overriding doTransaction or doInsert runs blocking.
   */
  @Override
  public boolean runsAsync() {
    try {
      Class<?> c = getClass();
      return c.getMethod("doTransaction", DB.class, Object.class).getDeclaringClass() == CoreWorkload.class
          && c.getMethod("doInsert", DB.class, Object.class).getDeclaringClass() == CoreWorkload.class;
    } catch (NoSuchMethodException e) {
      return false;
    }
  }

  /**
   * {@link #doInsert} without blocking: one insert, retried after {@code core_workload_insertion_retry_interval}
   * (on a timer, not a sleeping thread) up to {@code core_workload_insertion_retry_limit} times. Completes with
   * whether the record was inserted.
   */
  @Override
  public CompletionStage<Boolean> doInsertAsync(AsyncDB db, Object threadstate) {
    long keynum = keysequence.nextValue().longValue();
    String dbkey = buildKeyName(keynum);
    CompletableFuture<Boolean> done = new CompletableFuture<>();
    insertAttempt(db, dbkey, buildValues(dbkey), 1, done);
    return done;
  }

  private void insertAttempt(AsyncDB db, String dbkey, HashMap<String, ByteIterator> values, int attempt,
                             CompletableFuture<Boolean> done) {
    db.insertAsync(table, dbkey, values).whenComplete((status, error) -> {
      if (error == null && status != null && status.isOk()) {
        done.complete(true);
        return;
      }
      if (attempt > insertionRetryLimit || isStopRequested()) {
        retryLog.gaveUp(attempt, insertionRetryLimit, status);
        done.complete(false);
        return;
      }
      retryLog.retrying(attempt, status);
      long delayNs = insertionRetryPauseNanos();
      InsertRetryTimer.INSTANCE.schedule(() -> insertAttempt(db, dbkey, rewound(dbkey, values), attempt + 1, done),
          delayNs, TimeUnit.NANOSECONDS);
    });
  }

  /** One daemon timer for the asynchronous insertion retries of the process (idle unless retrying). */
  private static final class InsertRetryTimer {
    static final java.util.concurrent.ScheduledExecutorService INSTANCE = RetryTimer.start("ycsb-insert-retry-timer");
  }

  /**
   * {@link #doTransaction} without blocking: the same choice of operation, keys and values; completes when the
   * operation (both halves of a read-modify-write) has completed. Must be called on the engine's dispatching
   * thread, whose intended start and measured flag ({@link Measurements}) belong to this operation.
   */
  @Override
  public CompletionStage<Boolean> doTransactionAsync(AsyncDB db, Object threadstate) {
    String operation = operationchooser.nextString();
    if (operation == null) {
      return CompletableFuture.completedFuture(false);
    }
    CompletionStage<?> op;
    switch (operation) {
    case "READ": {
      String keyname = buildKeyName(nextKeynum());
      HashMap<String, ByteIterator> cells = new HashMap<>();
      boolean recording = measurements.threadState().isRecording();
      op = db.readAsync(table, keyname, fieldsToRead(), cells)
          .thenRun(() -> verifyIfAsked(keyname, cells, recording));
      break;
    }
    case "UPDATE": {
      String keyname = buildKeyName(nextKeynum());
      op = db.updateAsync(table, keyname, writeallfields ? buildValues(keyname) : buildSingleValue(keyname));
      break;
    }
    case "INSERT": {
      long keynum = transactioninsertkeysequence.nextValue();
      String dbkey = buildKeyName(keynum);
      CompletionStage<Status> insert;
      try {
        insert = db.insertAsync(table, dbkey, buildValues(dbkey));
      } catch (RuntimeException e) {
        transactioninsertkeysequence.acknowledge(keynum);
        throw e;
      }
      // Acknowledged on completion, as the blocking path does after the call returns: readers may now choose it.
      op = insert.whenComplete((status, error) -> transactioninsertkeysequence.acknowledge(keynum));
      break;
    }
    case "SCAN": {
      String startkeyname = buildKeyName(nextKeynum());
      op = db.scanAsync(table, startkeyname, scanlength.nextValue().intValue(), fieldsToRead(),
          new Vector<HashMap<String, ByteIterator>>());
      break;
    }
    default:
      op = readModifyWriteAsync(db);
    }
    return op.handle((ignored, error) -> true);
  }

  private CompletionStage<?> readModifyWriteAsync(AsyncDB db) {
    String keyname = buildKeyName(nextKeynum());
    Set<String> fields = fieldsToRead();
    HashMap<String, ByteIterator> values = writeallfields ? buildValues(keyname) : buildSingleValue(keyname);
    HashMap<String, ByteIterator> cells = new HashMap<>();
    boolean recording = measurements.threadState().isRecording();
    long ist = measurements.getIntendedStartTimeNs();
    long st = System.nanoTime();
    return db.readAsync(table, keyname, fields, cells)
        .thenCompose(read -> db.updateAsync(table, keyname, values))
        .thenRun(() -> {
          long en = System.nanoTime();
          verifyIfAsked(keyname, cells, recording);
          if (recording) {
            // Recorded from the completing thread, so through the measurement objects, not the thread-local API.
            OneMeasurement service = measurements.serviceMeasurement("READ-MODIFY-WRITE");
            if (service != null) {
              service.measure((en - st) / 1000);
            }
            OneMeasurement intended = measurements.intendedMeasurement("READ-MODIFY-WRITE");
            if (intended != null) {
              intended.measure((en - ist) / 1000);
            }
          }
        });
  }

  /** The asynchronous path's VERIFY: recorded only if the operation was measured (decided when it was issued). */
  private void verifyIfAsked(String key, HashMap<String, ByteIterator> cells, boolean recording) {
    if (!dataintegrity) {
      return;
    }
    long startTime = System.nanoTime();
    Status verifyStatus = verified(key, cells);
    long endTime = System.nanoTime();
    if (recording) {
      OneMeasurement service = measurements.serviceMeasurement("VERIFY");
      if (service != null) {
        service.measure((endTime - startTime) / 1000);
      }
      measurements.statusMeasurement("VERIFY").reportStatus(verifyStatus);
    }
  }

  /** Whether the operation mix touches loaded records (anything but inserts). */
  private static boolean readsExistingRecords(Properties p) {
    String[][] ops = {{READ_PROPORTION_PROPERTY, READ_PROPORTION_PROPERTY_DEFAULT},
        {UPDATE_PROPORTION_PROPERTY, UPDATE_PROPORTION_PROPERTY_DEFAULT},
        {SCAN_PROPORTION_PROPERTY, SCAN_PROPORTION_PROPERTY_DEFAULT},
        {READMODIFYWRITE_PROPORTION_PROPERTY, READMODIFYWRITE_PROPORTION_PROPERTY_DEFAULT}};
    for (String[] op : ops) {
      if (doubleProp(p, op[0], op[1]) > 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * The operation mix from the {@code *proportion} properties (weights, normalised).
   *
   * @throws IllegalArgumentException if a proportion is outside [0, 1] (or not a number) or all are zero
   */
  protected static DiscreteGenerator createOperationGenerator(final Properties p) {
    if (p == null) {
      throw new IllegalArgumentException("Properties object cannot be null");
    }
    DiscreteGenerator chooser = new DiscreteGenerator();
    String[][] ops = {
        {READ_PROPORTION_PROPERTY, READ_PROPORTION_PROPERTY_DEFAULT, "READ"},
        {UPDATE_PROPORTION_PROPERTY, UPDATE_PROPORTION_PROPERTY_DEFAULT, "UPDATE"},
        {INSERT_PROPORTION_PROPERTY, INSERT_PROPORTION_PROPERTY_DEFAULT, "INSERT"},
        {SCAN_PROPORTION_PROPERTY, SCAN_PROPORTION_PROPERTY_DEFAULT, "SCAN"},
        {READMODIFYWRITE_PROPORTION_PROPERTY, READMODIFYWRITE_PROPORTION_PROPERTY_DEFAULT, "READMODIFYWRITE"}};
    double total = 0;
    for (String[] op : ops) {
      double proportion = new PropertyReader(p).fraction(op[0], Double.parseDouble(op[1]));
      if (proportion > 0) {
        chooser.addValue(proportion, op[2]);
        total += proportion;
      }
    }
    if (total == 0) {
      throw new IllegalArgumentException("every operation proportion is 0: set readproportion, updateproportion, "
          + "insertproportion, scanproportion or readmodifywriteproportion");
    }
    return chooser;
  }

  /**
   * A warning line when the proportions (the defaults included) do not add up to 1, or null: the mix is then each
   * divided by their sum, as in YCSB 0.17.0, which is rarely what the user meant ({@code readproportion=0.9
   * updateproportion=0.9} runs half reads, half updates). The line says the mix that runs.
   */
  static String proportionsWarning(Properties p) {
    String[][] ops = {
        {READ_PROPORTION_PROPERTY, READ_PROPORTION_PROPERTY_DEFAULT, "read"},
        {UPDATE_PROPORTION_PROPERTY, UPDATE_PROPORTION_PROPERTY_DEFAULT, "update"},
        {INSERT_PROPORTION_PROPERTY, INSERT_PROPORTION_PROPERTY_DEFAULT, "insert"},
        {SCAN_PROPORTION_PROPERTY, SCAN_PROPORTION_PROPERTY_DEFAULT, "scan"},
        {READMODIFYWRITE_PROPORTION_PROPERTY, READMODIFYWRITE_PROPORTION_PROPERTY_DEFAULT, "read-modify-write"}};
    double[] values = new double[ops.length];
    double total = 0;
    for (int i = 0; i < ops.length; i++) {
      values[i] = new PropertyReader(p).fraction(ops[i][0], Double.parseDouble(ops[i][1]));
      total += values[i];
    }
    if (total == 0 || Math.abs(total - 1) < 1e-6) {
      return null;
    }
    StringBuilder mix = new StringBuilder();
    for (int i = 0; i < ops.length; i++) {
      if (values[i] > 0) {
        mix.append(mix.length() == 0 ? "" : ", ").append(String.format(java.util.Locale.ROOT, "%s %.4g%%", ops[i][2],
            100 * values[i] / total));
      }
    }
    return String.format(java.util.Locale.ROOT, "Warning: the operation proportions add up to %.4g, not 1 (unset "
        + "ones count with their defaults: readproportion 0.95, updateproportion 0.05); each is divided by the sum, "
        + "as in YCSB 0.17.0, so the run's mix is: %s", total, mix);
  }

  // Thin adapters over the engine's one property parser (defaults are the String constants above).
  /** The most fields a record may have (see init). */
  static final long MAX_FIELD_COUNT = 1_000_000;

  private static long longProp(Properties p, String name, String def, long min) {
    return new PropertyReader(p).longValue(name, Long.parseLong(def), min);
  }

  private static int intProp(Properties p, String name, String def, int min) {
    return new PropertyReader(p).intValue(name, Integer.parseInt(def), min);
  }

  private static double doubleProp(Properties p, String name, String def) {
    return new PropertyReader(p).doubleValue(name, Double.parseDouble(def), -Double.MAX_VALUE);
  }

  private static boolean bool(Properties p, String name, String def) {
    return new PropertyReader(p).bool(name, Boolean.parseBoolean(def));
  }

  private static void requireRange(String minName, long min, String maxName, long max) {
    if (min > max) {
      throw new IllegalArgumentException(minName + " (" + min + ") must not exceed " + maxName + " (" + max + ")");
    }
  }

  /**
   * The insertion retry's log lines: the first five one by one, then at most one every ten seconds (with the count
   * of those held back), on stderr — the retry and give-up lines of all threads share one window.
   */
  private static final class RetryLog {
    private final RateLimitedLog log = new RateLimitedLog(System.err::println, 10, TimeUnit.SECONDS, System::nanoTime,
        5);

    void retrying(int attempt, Status status) {
      log.log("insert", "Retrying insertion, retry count: " + attempt + " (last status " + name(status) + ")");
    }

    void gaveUp(int attempts, int limit, Status status) {
      log.log("insert", "Error inserting, not retrying any more. number of attempts: " + attempts
          + " Insertion Retry Limit: " + limit + " (last status " + name(status) + ")");
    }

    private static String name(Status s) {
      return s == null ? "null" : s.getName();
    }
  }
}
