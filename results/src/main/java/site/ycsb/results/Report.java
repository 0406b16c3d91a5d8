package site.ycsb.results;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import site.ycsb.output.SummaryFields;
import site.ycsb.output.SummaryFields.Health;

/**
 * {@code bin/ycsb report [-o OUTDIR] [--format md,csv,html] [--compare A B] DIR...}: tables (throughput per
 * workload and configuration, latency per operation, A/B ratios), the timeline and charts from result directories.
 * Exit 0 on success, 2 on a user error (one line on stderr), 1 when the report cannot be written to {@code -o} (one
 * line naming the cause).
 *
 * <p>Not thread-safe: one report, made by the calling thread (the chart rendering it waits for runs on a helper thread
 * of its own).
 */
public final class Report {
  private Report() {
  }

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the command; returns the exit code instead of exiting (for tests and embedding). */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    if (System.getProperty("java.awt.headless") == null) {
      System.setProperty("java.awt.headless", "true");
    }
    Path outDir = null;
    try {
      ReportOptions o = ReportOptions.parse(args);
      if (o.help) {
        out.println(ReportOptions.USAGE);
        return site.ycsb.cli.ExitCode.OK;
      }
      refuseInsideRecord("-o " + o.outDir, o.outDir);
      outDir = o.outDir;
      ReportOutput.check(o.outDir);
      HdrTotals hdr = new HdrTotals();
      List<Table> tables = new ArrayList<>();
      List<String> warnings = new ArrayList<>();
      List<NamedChart> charts = new ArrayList<>();
      if (o.byThreads) {
        List<ReportRun> all = new ArrayList<>();
        for (Path d : RunCatalog.resultDirs(o.inputs)) {
          all.add(new ReportRun(ResultDir.load(d)));
        }
        ThreadTable threads = new ThreadTable(all, hdr);
        tables.add(threads.table());
        warnings.addAll(threads.warnings());
      } else {
        List<Path> plain = new ArrayList<>();
        for (Path input : o.inputs) {
          if (FindmaxRun.isFindmax(input)) {
            FindmaxRun run = FindmaxRun.load(input);
            FindmaxSection f = new FindmaxSection(run, hdr, name(input));
            tables.add(f.table());
            NamedChart curve = f.curve();
            if (curve != null) {
              charts.add(curve);
            }
            TimelineSection timeline = TimelineSection.findmax(run, name(input));
            charts.addAll(timeline.charts);
            tables.addAll(timeline.tables);
          } else {
            plain.add(input);
          }
        }
        if (o.comparesDirectories()) {
          RunCatalog pair = RunCatalog.pair(java.nio.file.Paths.get(o.compareA), java.nio.file.Paths.get(o.compareB));
          regular(pair, pair.configurations().get(0), pair.configurations().get(1), hdr, tables, warnings, charts);
          buckets(o, pair, tables, charts);
        } else if (!plain.isEmpty()) {
          regular(o, plain, hdr, tables, warnings, charts);
        }
      }
      for (String w : warnings) {
        err.println("report: WARNING: " + w);
      }
      write(o, tables, warnings, charts, out);
      return site.ycsb.cli.ExitCode.OK;
    } catch (UsageException e) {
      err.println("report: " + site.ycsb.support.SecretNames.safeLine(e.getMessage()));
      return site.ycsb.cli.ExitCode.USAGE;
    } catch (IOException e) {
      err.println("report: cannot write the report to " + outDir + ": "
          + site.ycsb.support.SecretNames.safeLine(Messages.cause(e)));
      return site.ycsb.cli.ExitCode.RUN_FAILED;
    }
  }

  /**
   * A report written into a run's record (by real path: also through a symbolic link) would be read again by the
   * next report over the tree, beside the record it describes.
   */
  static void refuseInsideRecord(String what, Path out) throws UsageException {
    String inside = site.ycsb.support.RunRecords.insideRecord(what, out);
    if (inside != null) {
      throw new UsageException(inside);
    }
  }

  /** The tables and charts of plain result directories (not findmax records). */
  private static void regular(ReportOptions o, List<Path> inputs, HdrTotals hdr, List<Table> tables,
      List<String> warnings, List<NamedChart> charts) throws UsageException {
    RunCatalog catalog = RunCatalog.load(inputs);
    List<String> configs = catalog.configurations();
    String a = o.compareA;
    String b = o.compareB;
    if (a != null) {
      catalog.select(java.util.Arrays.asList(a, b));
    } else if (configs.size() == 2) {
      a = configs.get(0);
      b = configs.get(1);
    }
    regular(catalog, a, b, hdr, tables, warnings, charts);
    buckets(o, catalog, tables, charts);
  }

  /** The per-bucket view of {@code --bucket}, after the other tables and charts. */
  private static void buckets(ReportOptions o, RunCatalog catalog, List<Table> tables, List<NamedChart> charts)
      throws UsageException {
    if (o.bucketMs > 0) {
      BucketView view = BucketView.build(catalog, o.bucketMs);
      tables.addAll(view.tables);
      charts.addAll(view.charts);
    }
  }

  /** The tables and charts of a catalog; a and b: the pair compared, or null. */
  private static void regular(RunCatalog catalog, String a, String b, HdrTotals hdr, List<Table> tables,
      List<String> warnings, List<NamedChart> charts) throws UsageException {
    ReportTables builder = new ReportTables(catalog, hdr);
    tables.add(builder.throughput());
    tables.add(builder.latency(""));
    if (builder.hasIntended()) {
      tables.add(builder.latency(ReportTables.INTENDED));
    }
    if (a != null) {
      tables.add(builder.comparison(a, b));
    }
    tables.add(builder.runs());
    Table health = builder.health();
    if (health != null) {
      tables.add(health);
    }
    warnings.addAll(warnings(catalog));
    charts.addAll(new ReportCharts(catalog, builder, hdr).build());
    TimelineSection timeline = TimelineSection.build(catalog);
    charts.addAll(0, timeline.charts);
    tables.addAll(timeline.tables);
    NodeReport nodes = new NodeReport(catalog);
    if (nodes.any()) {
      tables.add(tables.size() - 1, nodes.table());
      warnings.addAll(nodes.warnings());
      nodes.insertCharts(charts);
    }
    if (DatabaseViewSection.any(catalog)) {
      // its verdicts are among the runs' health warnings already
      tables.add(tables.size() - 1, DatabaseViewSection.table(catalog));
    }
  }

  /** The name of a directory as given (its last element), for titles. */
  private static String name(Path dir) {
    Path n = dir.toAbsolutePath().normalize().getFileName();
    return n == null ? dir.toString() : n.toString();
  }

  /** What a reader must know before trusting the figures: duplicates, client limits, failed runs, merge doubts. */
  static List<String> warnings(RunCatalog catalog) {
    List<String> out = new ArrayList<>(catalog.warnings());
    for (ReportRun r : catalog.runs()) {
      String where = r.configuration + " / " + r.workload + ": ";
      JsonNode s = r.dir.summary();
      if (s.path(SummaryFields.HEALTH).path(Health.CLIENT_LIMITED).asBoolean(false)) {
        out.add(where + "the client limited this run; its figures understate the database");
      }
      for (JsonNode w : s.path(SummaryFields.HEALTH).path(Health.WARNINGS)) {
        out.add(where + w.asText());
      }
      if (s.path(SummaryFields.EXIT_CODE).asInt(site.ycsb.cli.ExitCode.OK) != site.ycsb.cli.ExitCode.OK) {
        out.add(where + "run ended with exit code " + s.path(SummaryFields.EXIT_CODE).asInt() + " ("
            + s.path(SummaryFields.EXIT_REASON).asText() + ")");
      }
      for (JsonNode w : s.path(SummaryFields.OfMerged.MERGE).path(SummaryFields.Merge.WARNINGS)) {
        out.add(where + "merge: " + w.asText());
      }
    }
    return out;
  }

  private static void write(ReportOptions o, List<Table> tables, List<String> warnings, List<NamedChart> charts,
      PrintStream out) throws IOException, UsageException {
    Path dir = o.outDir;
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new IOException("the directory cannot be created (" + Messages.cause(e) + ")");
    }
    for (NamedChart c : charts) {
      ChartWriter.write(dir, c);
    }
    if (o.formats.contains("md")) {
      writeText(dir.resolve("report.md"), MarkdownWriter.render(o.title, tables, warnings, charts), out);
    }
    if (o.formats.contains("csv")) {
      for (Table t : tables) {
        writeText(dir.resolve(t.id + ".csv"), CsvWriter.render(t), out);
      }
    }
    if (o.formats.contains("html")) {
      writeText(dir.resolve("report.html"), HtmlWriter.render(o.title, tables, warnings, charts), out);
    }
    out.println("report: " + charts.size() + " charts in " + dir.resolve("charts") + " (SVG and PNG)");
  }

  private static void writeText(Path file, String text, PrintStream out) throws IOException {
    Files.write(file, text.getBytes(StandardCharsets.UTF_8));
    out.println("report: wrote " + file);
  }
}
