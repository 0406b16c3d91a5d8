package site.ycsb.fleet.suite;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import site.ycsb.cli.EngineCommandLine;
import site.ycsb.cli.EngineFlag;
import site.ycsb.cli.EngineOptions;
import site.ycsb.cli.PropertyReader;
import site.ycsb.fleet.UsageException;

/**
 * The client options of a fleet run as the head node sees them: the {@code -P} files (read here, to split the work,
 * and copied to every client), what the flags and {@code -p} set, {@code -target}, and everything else passed on
 * unchanged. Parsed by the engine's own command line ({@link EngineCommandLine}), values checked with its words.
 */
public final class ClientArgs {
  /** The launcher's ({@code bin/ycsb}) options that take a value; passed on with the engine's. */
  public static final List<String> LAUNCHER_OPTIONS = java.util.Collections.unmodifiableList(
      java.util.Arrays.asList("-cp", "-jvm-args"));
  /** The options as the engine parses them. */
  public final EngineCommandLine line;
  /** The {@code -P} files in order, as given. */
  public final List<String> propertyFiles;
  /** What the flags and {@code -p} set, but the target (the last of a name wins, as in the engine). */
  final Map<String, String> overrides;
  /** Total {@code -target} (or {@code -p target=}), 0 if none. */
  public final double target;
  /** The options in order, with -P and the target taken out (their place: see {@link #forClient}). */
  final List<String> rest;

  private ClientArgs(EngineCommandLine line) {
    this.line = line;
    propertyFiles = line.propertyFiles();
    overrides = new LinkedHashMap<>(line.properties());
    overrides.remove(EngineOptions.TARGET.name());
    Properties set = new Properties();
    set.putAll(line.properties());
    target = new PropertyReader(set).get(EngineOptions.TARGET);
    List<EngineCommandLine.Item> kept = new ArrayList<>();
    for (EngineCommandLine.Item item : line.items()) {
      if (item.flag() != EngineFlag.PROPERTY_FILE && !EngineOptions.TARGET.name().equals(item.property())) {
        kept.add(item);
      }
    }
    rest = EngineCommandLine.words(kept);
  }

  /** Parses the client options; a mistake or a bad value of an engine option is refused in the engine's words. */
  public static ClientArgs parse(List<String> args) throws UsageException {
    try {
      EngineCommandLine line = EngineCommandLine.parse(args, LAUNCHER_OPTIONS);
      line.checkValues();
      return new ClientArgs(line);
    } catch (site.ycsb.cli.UsageException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /** A -P file on the head node: as given, else relative to the YCSB directory. */
  public static Path locate(String file, Path home) throws UsageException {
    Path p = Paths.get(file);
    if (Files.exists(p) && !Files.isRegularFile(p)) {
      // The engine's words: a FIFO or a device is not a property file (reading one would block or never end).
      throw new UsageException("cannot read property file " + site.ycsb.cli.Secrets.maskArgument(file)
          + ": not a regular file");
    }
    if (Files.isRegularFile(p)) {
      return p.toAbsolutePath();
    }
    if (!p.isAbsolute() && Files.isRegularFile(home.resolve(p))) {
      return home.resolve(p);
    }
    throw new UsageException("-P " + site.ycsb.cli.Secrets.maskArgument(file) + " not found on this (head) node, here or in " + home
        + "; fleet reads every -P file here and copies it to the clients");
  }

  /**
   * The properties the engine will see for a phase with this workload file: the files in {@link PhaseProperties}'s
   * order, merged by the engine's own rule ({@link site.ycsb.cli.CommandLineProperties}).
   */
  public Properties effective(Path home, String workloadFile) throws UsageException {
    List<String> files = new ArrayList<>();
    for (String f : PhaseProperties.fileOrder(workloadFile, propertyFiles)) {
      files.add(locate(f, home).toString());
    }
    try {
      return site.ycsb.cli.CommandLineProperties.merge(files, overrides);
    } catch (site.ycsb.cli.UsageException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /**
   * The engine arguments of one client: the -P files in {@link PhaseProperties}'s order ({@code remoteWorkload} first,
   * then {@code remoteFiles}, which replace the user's -P files in the same order), the other options, then the
   * share of the work and the result directory.
   */
  public List<String> forClient(List<String> remoteFiles, String remoteWorkload, ClientShare share, long recordCount,
      String resultsDir) {
    List<String> out = new ArrayList<>();
    for (String f : PhaseProperties.fileOrder(remoteWorkload, remoteFiles)) {
      out.addAll(EngineFlag.PROPERTY_FILE.with(f));
    }
    out.addAll(rest);
    out.addAll(PhaseProperties.runName(remoteWorkload));
    if (share.insertCount >= 0) {
      out.addAll(EngineCommandLine.set(EngineOptions.RECORD_COUNT, recordCount));
      out.addAll(EngineCommandLine.set(EngineOptions.INSERT_START, share.insertStart));
      out.addAll(EngineCommandLine.set(EngineOptions.INSERT_COUNT, share.insertCount));
    }
    if (share.operationCount >= 0) {
      out.addAll(EngineCommandLine.set(EngineOptions.OPERATION_COUNT, share.operationCount));
    }
    if (share.target > 0) {
      out.addAll(EngineCommandLine.target(share.target));
    }
    out.addAll(EngineCommandLine.set(EngineOptions.RESULTS_DIR, resultsDir));
    return out;
  }
}
