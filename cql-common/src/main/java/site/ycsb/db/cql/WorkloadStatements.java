package site.ycsb.db.cql;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The CQL statements a run of YCSB's core workload ({@code site.ycsb.workloads.CoreWorkload}) can issue, derived
 * from its properties, so that a binding prepares them all during init instead of on the first measured operation
 * of each kind (a prepare is a round trip to every node; paid inside the schedule it shows up as start-up lag).
 *
 * <p>The texts are exactly those {@link CqlText} produces for the same table and (sorted) field set, so the
 * statement cache finds them. Only the core workload's property names are read ({@code table},
 * {@code fieldcount}, {@code fieldnameprefix}, {@code readallfields}, {@code readallfieldsbyname},
 * {@code writeallfields}, {@code dotransactions}); values that do not parse fall back to YCSB's defaults here,
 * because the workload itself reports them. Other workloads return an empty plan: their statements are prepared
 * on first use, as before.
 *
 * <p>Immutable and thread-safe.
 */
public final class WorkloadStatements {
  /** The workload class whose statements can be derived from properties. */
  public static final String CORE_WORKLOAD = "site.ycsb.workloads.CoreWorkload";
  /**
   * Single-field variants are prepared only up to this many fields; beyond it (an unusual schema) they are
   * prepared on first use, because thousands of prepares would delay start-up more than they save.
   */
  static final int MAX_SINGLE_FIELD_VARIANTS = 64;

  private final Map<String, OpType> statements;

  private WorkloadStatements(Map<String, OpType> statements) {
    this.statements = Collections.unmodifiableMap(statements);
  }

  /**
   * The plan for the given run properties.
   *
   * @param lwt whether writes are conditional ({@code IF [NOT] EXISTS}), as the binding will issue them
   */
  public static WorkloadStatements plan(Properties p, boolean lwt) {
    Map<String, OpType> out = new LinkedHashMap<>();
    if (!CORE_WORKLOAD.equals(p.getProperty("workload", "").trim())) {
      return new WorkloadStatements(out);
    }
    String table = p.getProperty("table", "usertable").trim();
    int fieldCount = intOr(p.getProperty("fieldcount"), 10);
    String prefix = p.getProperty("fieldnameprefix", "field");
    if (!Identifiers.isPlain(table) || fieldCount < 1) {
      return new WorkloadStatements(out);
    }
    SortedSet<String> all = new TreeSet<>();
    for (int i = 0; i < fieldCount; i++) {
      all.add(prefix + i);
    }
    for (String field : all) {
      if (!Identifiers.isPlain(field) || CqlText.KEY_COLUMN.equalsIgnoreCase(field)) {
        return new WorkloadStatements(out);
      }
    }
    out.put(CqlText.insert(table, all, lwt), OpType.INSERT);
    if (!boolOr(p.getProperty("dotransactions"), true)) {
      return new WorkloadStatements(out);
    }
    boolean readAll = boolOr(p.getProperty("readallfields"), true);
    boolean byName = boolOr(p.getProperty("readallfieldsbyname"), false);
    boolean writeAll = boolOr(p.getProperty("writeallfields"), false);
    boolean singles = all.size() <= MAX_SINGLE_FIELD_VARIANTS;
    List<SortedSet<String>> readSets = new ArrayList<>();
    if (readAll) {
      readSets.add(byName ? all : null);
    } else if (singles) {
      for (String field : all) {
        readSets.add(new TreeSet<>(Collections.singleton(field)));
      }
    }
    for (SortedSet<String> fields : readSets) {
      out.put(CqlText.read(table, fields), OpType.READ);
    }
    for (SortedSet<String> fields : readSets) {
      out.put(CqlText.scan(table, fields), OpType.SCAN);
    }
    if (writeAll) {
      out.put(CqlText.update(table, all, lwt), OpType.UPDATE);
    } else if (singles) {
      for (String field : all) {
        out.put(CqlText.update(table, Collections.singleton(field), lwt), OpType.UPDATE);
      }
    }
    out.put(CqlText.delete(table, lwt), OpType.DELETE);
    return new WorkloadStatements(out);
  }

  /** CQL text to the operation type whose consistency and idempotence it takes, in preparation order. */
  public Map<String, OpType> statements() {
    return statements;
  }

  /** True when nothing is to be prepared in advance (not the core workload, or names CQL cannot use). */
  public boolean isEmpty() {
    return statements.isEmpty();
  }

  private static int intOr(String value, int fallback) {
    try {
      return value == null ? fallback : Integer.parseInt(value.trim());
    } catch (NumberFormatException e) {
      return fallback;
    }
  }

  private static boolean boolOr(String value, boolean fallback) {
    if (value == null) {
      return fallback;
    }
    String v = value.trim();
    return "true".equalsIgnoreCase(v) ? true : "false".equalsIgnoreCase(v) ? false : fallback;
  }
}
