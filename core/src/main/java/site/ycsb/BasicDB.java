package site.ycsb;

import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import site.ycsb.cli.PropertyReader;
import site.ycsb.cli.Secrets;

/**
 * The null database ({@code basic}): every operation succeeds without storing anything, optionally after a
 * simulated delay and optionally printing what it was asked to do. Use it to measure the client itself.
 *
 * <p>Properties: {@code basicdb.verbose} (true: print each operation to stdout — turn it off for throughput
 * measurements), {@code basicdb.simulatedelay} (0 ms), {@code basicdb.randomizedelay} (true: a uniform delay
 * in [0, simulatedelay]), {@code basicdb.count} (false: count distinct operations and print them at cleanup).
 *
 * <p>One instance per client thread, as every binding; what instances share (the printed lines, the counts of {@code
 * basicdb.count}) is synchronized.
 */
public class BasicDB extends DB {
  public static final String COUNT = "basicdb.count";
  public static final String COUNT_DEFAULT = "false";
  public static final String VERBOSE = "basicdb.verbose";
  public static final String VERBOSE_DEFAULT = "true";
  public static final String SIMULATE_DELAY = "basicdb.simulatedelay";
  public static final String SIMULATE_DELAY_DEFAULT = "0";
  public static final String RANDOMIZE_DELAY = "basicdb.randomizedelay";
  public static final String RANDOMIZE_DELAY_DEFAULT = "true";

  protected static final Object MUTEX = new Object();
  protected static int counter = 0;
  protected static Map<Integer, Integer> reads;
  protected static Map<Integer, Integer> scans;
  protected static Map<Integer, Integer> updates;
  protected static Map<Integer, Integer> inserts;
  protected static Map<Integer, Integer> deletes;

  protected boolean verbose;
  protected boolean randomizedelay;
  protected int todelay;
  protected boolean count;

  protected static final ThreadLocal<StringBuilder> TL_STRING_BUILDER = ThreadLocal.withInitial(StringBuilder::new);

  public BasicDB() {
    todelay = 0;
  }

  /** Sleeps for the simulated delay, if any. */
  protected void delay() {
    if (todelay > 0) {
      long delayNs = randomizedelay
          ? TimeUnit.MILLISECONDS.toNanos(ThreadLocalRandom.current().nextInt(todelay + 1))
          : TimeUnit.MILLISECONDS.toNanos(todelay);
      long deadline = System.nanoTime() + delayNs;
      long left = delayNs;
      while (left > 0) {
        LockSupport.parkNanos(left);
        left = deadline - System.nanoTime();
      }
    }
  }

  /** A configuration mistake, in the form the engine maps to exit 2 (a DBException caused by IllegalArgumentException). */
  private static DBException configMistake(String message) {
    return site.ycsb.support.TypedProperties.configurationError(message);
  }

  private static boolean flag(Properties p, String name, String dflt) throws DBException {
    try {
      return new PropertyReader(p).bool(name, Boolean.parseBoolean(dflt));
    } catch (IllegalArgumentException e) {
      throw configMistake(e.getMessage());
    }
  }

  private static int delay(Properties p) throws DBException {
    try {
      return new PropertyReader(p).intValue(SIMULATE_DELAY, Integer.parseInt(SIMULATE_DELAY_DEFAULT), 0);
    } catch (IllegalArgumentException e) {
      throw configMistake(e.getMessage());
    }
  }

  @Override
  public void init() throws DBException {
    Properties p = getProperties();
    verbose = flag(p, VERBOSE, VERBOSE_DEFAULT);
    todelay = delay(p);
    randomizedelay = flag(p, RANDOMIZE_DELAY, RANDOMIZE_DELAY_DEFAULT);
    count = flag(p, COUNT, COUNT_DEFAULT);
    if (verbose) {
      synchronized (System.out) {
        System.out.println("***************** properties *****************");
        for (java.util.Map.Entry<String, String> e : Secrets.masked(p).entrySet()) {
          System.out.println("\"" + e.getKey() + "\"=\"" + e.getValue() + "\"");
        }
        System.out.println("**********************************************");
      }
    }
    synchronized (MUTEX) {
      if (counter == 0 && count) {
        reads = new HashMap<>();
        scans = new HashMap<>();
        updates = new HashMap<>();
        inserts = new HashMap<>();
        deletes = new HashMap<>();
      }
      counter++;
    }
  }

  protected static StringBuilder getStringBuilder() {
    StringBuilder sb = TL_STRING_BUILDER.get();
    sb.setLength(0);
    return sb;
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    delay();
    if (verbose) {
      StringBuilder sb = getStringBuilder();
      sb.append("READ ").append(table).append(' ').append(key).append(" [ ");
      appendFieldNames(sb, fields);
      sb.append(']');
      System.out.println(sb);
    }
    if (count) {
      incCounter(reads, hash(table, key, fields));
    }
    return Status.OK;
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    delay();
    if (verbose) {
      StringBuilder sb = getStringBuilder();
      sb.append("SCAN ").append(table).append(' ').append(startkey).append(' ').append(recordcount).append(" [ ");
      appendFieldNames(sb, fields);
      sb.append(']');
      System.out.println(sb);
    }
    if (count) {
      incCounter(scans, hash(table, startkey, fields));
    }
    return Status.OK;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    delay();
    if (verbose) {
      printWrite("UPDATE", table, key, values);
    }
    if (count) {
      incCounter(updates, hash(table, key, values));
    }
    return Status.OK;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    delay();
    if (verbose) {
      printWrite("INSERT", table, key, values);
    }
    if (count) {
      incCounter(inserts, hash(table, key, values));
    }
    return Status.OK;
  }

  @Override
  public Status delete(String table, String key) {
    delay();
    if (verbose) {
      StringBuilder sb = getStringBuilder();
      sb.append("DELETE ").append(table).append(' ').append(key);
      System.out.println(sb);
    }
    if (count) {
      incCounter(deletes, (table + key).hashCode());
    }
    return Status.OK;
  }

  @Override
  public void cleanup() {
    synchronized (MUTEX) {
      int remaining = --counter;
      if (count && remaining <= 0) {
        System.out.println("[READS], Uniques, " + reads.size());
        System.out.println("[SCANS], Uniques, " + scans.size());
        System.out.println("[UPDATES], Uniques, " + updates.size());
        System.out.println("[INSERTS], Uniques, " + inserts.size());
        System.out.println("[DELETES], Uniques, " + deletes.size());
      }
    }
  }

  /** Counts one occurrence of {@code key} in {@code map} (thread-safe). */
  protected void incCounter(Map<Integer, Integer> map, int key) {
    synchronized (map) {
      map.merge(key, 1, Integer::sum);
    }
  }

  /** A hash identifying a read or scan request. */
  protected int hash(String table, String key, Set<String> fields) {
    int h = table.hashCode() * 31 + key.hashCode();
    if (fields != null) {
      for (String field : fields) {
        h = h * 31 + field.hashCode();
      }
    }
    return h;
  }

  /** A hash identifying a write request (field names only, so values need not be consumed). */
  protected int hash(String table, String key, Map<String, ByteIterator> values) {
    return hash(table, key, values.keySet());
  }

  private static void appendFieldNames(StringBuilder sb, Set<String> fields) {
    if (fields == null) {
      sb.append("<all fields>");
    } else {
      for (String f : fields) {
        sb.append(f).append(' ');
      }
    }
  }

  private void printWrite(String op, String table, String key, Map<String, ByteIterator> values) {
    StringBuilder sb = getStringBuilder();
    sb.append(op).append(' ').append(table).append(' ').append(key).append(" [ ");
    for (Map.Entry<String, ByteIterator> entry : values.entrySet()) {
      sb.append(entry.getKey()).append('=').append(entry.getValue()).append(' ');
    }
    sb.append(']');
    System.out.println(sb);
  }
}
