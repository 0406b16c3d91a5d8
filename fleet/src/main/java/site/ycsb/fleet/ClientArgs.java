package site.ycsb.fleet;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The client options of a fleet run as the head node sees them: the {@code -P} files (read here, to split the work,
 * and copied to every client), the {@code -p} properties, {@code -target}, and everything else passed on unchanged.
 */
final class ClientArgs {
  /** The {@code -P} files in order, as given. */
  final List<String> propertyFiles = new ArrayList<>();
  /** {@code -p} values (the last of a name wins, as in the engine). */
  final Map<String, String> overrides = new LinkedHashMap<>();
  /** Total {@code -target}, 0 if none. */
  double target;
  /** The options in order, with -P and -target taken out (their place: see {@link #forClient}). */
  final List<String> rest = new ArrayList<>();

  static ClientArgs parse(List<String> args) throws UsageException {
    ClientArgs c = new ClientArgs();
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      boolean hasValue = i + 1 < args.size();
      if ("-P".equals(a) || "-target".equals(a) || "-p".equals(a)) {
        if (!hasValue) {
          throw new UsageException(a + " needs a value");
        }
        String v = args.get(++i);
        if ("-P".equals(a)) {
          c.propertyFiles.add(v);
        } else if ("-target".equals(a)) {
          c.target = OptionValues.number(site.ycsb.EngineOptions.TARGET.name(), v, 0);
        } else {
          int eq = v.indexOf('=');
          if (eq <= 0) {
            throw new UsageException("-p " + site.ycsb.Secrets.maskArgument(v) + ": expected name=value");
          }
          String name = v.substring(0, eq);
          if ("target".equals(name)) {
            c.target = OptionValues.number(site.ycsb.EngineOptions.TARGET.name(), v.substring(eq + 1), 0);
            continue;
          }
          c.overrides.put(name, v.substring(eq + 1));
          c.rest.add(a);
          c.rest.add(v);
        }
      } else {
        c.rest.add(a);
      }
    }
    return c;
  }

  /** A -P file on the head node: as given, else relative to the YCSB directory. */
  static Path locate(String file, Path home) throws UsageException {
    Path p = Paths.get(file);
    if (Files.exists(p) && !Files.isRegularFile(p)) {
      // The engine's words: a FIFO or a device is not a property file (reading one would block or never end).
      throw new UsageException("cannot read property file " + site.ycsb.Secrets.maskArgument(file)
          + ": not a regular file");
    }
    if (Files.isRegularFile(p)) {
      return p.toAbsolutePath();
    }
    if (!p.isAbsolute() && Files.isRegularFile(home.resolve(p))) {
      return home.resolve(p);
    }
    throw new UsageException("-P " + site.ycsb.Secrets.maskArgument(file) + " not found on this (head) node, here or in " + home
        + "; fleet reads every -P file here and copies it to the clients");
  }

  /**
   * The properties the engine will see for a phase with this workload file: the files in {@link PhaseProperties}'s
   * order, merged by the engine's own rule ({@link site.ycsb.CommandLineProperties}).
   */
  Properties effective(Path home, String workloadFile) throws UsageException {
    List<String> files = new ArrayList<>();
    for (String f : PhaseProperties.fileOrder(workloadFile, propertyFiles)) {
      files.add(locate(f, home).toString());
    }
    try {
      return site.ycsb.CommandLineProperties.merge(files, overrides);
    } catch (site.ycsb.UsageException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /**
   * The engine arguments of one client: the -P files in {@link PhaseProperties}'s order ({@code remoteWorkload} first,
   * then {@code remoteFiles}, which replace the user's -P files in the same order), the other options, then the
   * share of the work and the result directory.
   */
  List<String> forClient(List<String> remoteFiles, String remoteWorkload, ClientShare share, long recordCount,
      String resultsDir) {
    List<String> out = new ArrayList<>();
    for (String f : PhaseProperties.fileOrder(remoteWorkload, remoteFiles)) {
      out.add("-P");
      out.add(f);
    }
    out.addAll(rest);
    out.addAll(PhaseProperties.runName(remoteWorkload));
    if (share.insertCount >= 0) {
      out.add("-p");
      out.add("recordcount=" + recordCount);
      out.add("-p");
      out.add("insertstart=" + share.insertStart);
      out.add("-p");
      out.add("insertcount=" + share.insertCount);
    }
    if (share.operationCount >= 0) {
      out.add("-p");
      out.add("operationcount=" + share.operationCount);
    }
    if (share.target > 0) {
      out.add("-target");
      out.add(Split.formatRate(share.target));
    }
    out.add("-p");
    out.add("results.dir=" + resultsDir);
    return out;
  }
}
