package site.ycsb;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;

import site.ycsb.cli.BuildInfo;
import site.ycsb.cli.EngineCommandLine;
import site.ycsb.cli.EngineOptions;
import site.ycsb.cli.ExitCode;
import site.ycsb.cli.PropertyReader;
import site.ycsb.cli.Secrets;
import site.ycsb.cli.UsageException;
import site.ycsb.engine.Failures;

/**
 * An interactive shell against one binding ({@code bin/ycsb shell <binding>}): read, scan, insert, update and
 * delete single records by hand, e.g. to check a connection or a schema before a benchmark. Options: {@code -db},
 * {@code -P}, {@code -p}, {@code -table}. Commands are read from standard input, one per line.
 *
 * <p>Not thread-safe: one shell, on the thread that runs it.
 */
public final class CommandLine {
  private static final String SHELL_USAGE = String.join("\n",
      "Usage: bin/ycsb shell <binding> [-P file] [-p name=value] [-table name]",
      "Starts an interactive shell against the binding: one command per line on standard input.",
      "Options: -P propertyfile (repeatable), -p name=value (repeatable, overrides files), -table name (default",
      "usertable).");
  private static final String HELP = String.join("\n",
      "Commands:",
      "  read key [field1 field2 ...]        read a record (all fields, or the ones named)",
      "  scan key recordcount [field ...]    read recordcount records from key",
      "  insert key name1=value1 [...]       insert a record",
      "  update key name1=value1 [...]       update fields of a record",
      "  delete key                          delete a record",
      "  table [name]                        show or change the table",
      "  help                                this text",
      "  quit                                leave");

  /** The shell's own option (the others are the engine's, see {@link EngineCommandLine}). */
  private static final String TABLE_OPTION = "-table";

  private CommandLine() {
  }

  public static void main(String[] args) {
    System.exit(run(args, new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)), System.out));
  }

  static int run(String[] args, BufferedReader in, PrintStream out) {
    Properties props;
    String table;
    String dbName;
    try {
      EngineCommandLine line = EngineCommandLine.parse(Arrays.asList(args), Collections.singletonList(TABLE_OPTION));
      if (line.versionRequested()) {
        out.println(BuildInfo.describe());
        return ExitCode.OK;
      }
      if (line.helpRequested()) {
        out.println(SHELL_USAGE);
        return ExitCode.OK;
      }
      table = line.ownOption(TABLE_OPTION, "usertable");
      props = line.effectiveProperties();
      if (props.getProperty(EngineOptions.WORKLOAD.name()) == null) {
        props.setProperty(EngineOptions.WORKLOAD.name(), "site.ycsb.workloads.CoreWorkload");
      }
      dbName = new PropertyReader(props).get(EngineOptions.DB_CLASS);
    } catch (UsageException | IllegalArgumentException e) {
      System.err.println("Error: " + Secrets.safeLine(e.getMessage()));
      return ExitCode.USAGE;
    }
    DB db;
    try {
      db = DBFactory.instantiate(dbName);
    } catch (UnknownDBException e) {
      System.err.println("Error: " + Secrets.safeLine(e.getMessage()));
      return ExitCode.USAGE;
    }
    db.setProperties(props);
    try {
      db.init();
    } catch (DBException e) {
      if (Failures.isConfigurationMistake(e)) {
        System.err.println("Error: " + Secrets.safeLine(e.getCause().getMessage()));
        return ExitCode.USAGE;
      }
      System.err.println("Error: database initialisation failed: " + Secrets.safeLine(Failures.describe(e)));
      return ExitCode.INIT_FAILED;
    }
    out.println("YCSB Command Line Client (" + dbName + "). Type \"help\" for the commands.");
    try {
      String line;
      while (true) {
        out.print("> ");
        out.flush();
        line = in.readLine();
        if (line == null) {
          break;
        }
        String[] tokens = line.trim().split("\\s+");
        if (tokens[0].isEmpty()) {
          continue;
        }
        if (tokens[0].equals("quit") || tokens[0].equals("exit")) {
          break;
        }
        table = execute(db, table, tokens, out);
      }
    } catch (IOException e) {
      System.err.println("Error: " + Secrets.safeLine(e.getMessage()));
    } finally {
      try {
        db.cleanup();
      } catch (DBException e) {
        System.err.println("Error: cleanup failed: " + Secrets.safeLine(e.getMessage()));
      }
    }
    return ExitCode.OK;
  }

  /**
   * What is wrong with a scan's record count as typed, or null: the binding API takes an int from 1 up (a count past
   * it is not "not a whole number").
   */
  static String scanCountProblem(String typed) {
    if (!typed.matches("[+-]?[0-9]+")) {
      return "is not a whole number";
    }
    java.math.BigInteger n = new java.math.BigInteger(typed);
    if (n.signum() <= 0) {
      return "must be at least 1";
    }
    if (n.compareTo(java.math.BigInteger.valueOf(Integer.MAX_VALUE)) > 0) {
      return "is too large (at most " + Integer.MAX_VALUE + ")";
    }
    return null;
  }

  private static String execute(DB db, String table, String[] t, PrintStream out) {
    long st = System.nanoTime();
    Status status;
    switch (t[0]) {
    case "help":
      out.println(HELP);
      return table;
    case "table":
      if (t.length > 1) {
        out.println("Using table \"" + t[1] + "\"");
        return t[1];
      }
      out.println("Using table \"" + table + "\"");
      return table;
    case "read": {
      if (t.length < 2) {
        out.println("Usage: read key [field1 field2 ...]");
        return table;
      }
      Set<String> fields = t.length > 2 ? new HashSet<>(Arrays.asList(t).subList(2, t.length)) : null;
      Map<String, ByteIterator> result = new HashMap<>();
      status = db.read(table, t[1], fields, result);
      printRow(out, result);
      break;
    }
    case "scan": {
      if (t.length < 3) {
        out.println("Usage: scan key recordcount [field1 field2 ...]");
        return table;
      }
      Set<String> fields = t.length > 3 ? new HashSet<>(Arrays.asList(t).subList(3, t.length)) : null;
      Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
      String problem = scanCountProblem(t[2]);
      if (problem != null) {
        out.println("recordcount " + Secrets.safeLine(t[2]) + " " + problem);
        return table;
      }
      status = db.scan(table, t[1], Integer.parseInt(t[2]), fields, rows);
      for (HashMap<String, ByteIterator> row : rows) {
        printRow(out, row);
        out.println("--------------------------------");
      }
      break;
    }
    case "insert":
    case "update": {
      if (t.length < 3) {
        out.println("Usage: " + t[0] + " key name1=value1 [name2=value2 ...]");
        return table;
      }
      Map<String, ByteIterator> values = new LinkedHashMap<>();
      for (int i = 2; i < t.length; i++) {
        int eq = t[i].indexOf('=');
        if (eq <= 0) {
          out.println("Bad field '" + t[i] + "': use name=value");
          return table;
        }
        values.put(t[i].substring(0, eq), new StringByteIterator(t[i].substring(eq + 1)));
      }
      status = t[0].equals("insert") ? db.insert(table, t[1], values) : db.update(table, t[1], values);
      break;
    }
    case "delete":
      if (t.length != 2) {
        out.println("Usage: delete key");
        return table;
      }
      status = db.delete(table, t[1]);
      break;
    default:
      out.println("Unknown command '" + t[0] + "'; type \"help\"");
      return table;
    }
    out.println("Return code: " + (status == null ? "null" : status.getName()));
    out.println((System.nanoTime() - st) / 1_000_000 + " ms");
    return table;
  }

  private static void printRow(PrintStream out, Map<String, ByteIterator> row) {
    for (Map.Entry<String, ByteIterator> e : row.entrySet()) {
      out.println(e.getKey() + "=" + (e.getValue() == null ? "null" : e.getValue().toString()));
    }
  }
}
