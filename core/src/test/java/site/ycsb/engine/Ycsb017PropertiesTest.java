package site.ycsb.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import site.ycsb.BasicDB;
import site.ycsb.BasicTSDB;
import site.ycsb.ClientRunner;
import site.ycsb.DB;
import site.ycsb.DBWrapper;
import site.ycsb.GoodBadUglyDB;
import site.ycsb.RecordingProperties;
import site.ycsb.cli.IgnoredProperties;
import site.ycsb.measurements.Measurements;
import site.ycsb.workloads.ConstantOccupancyWorkload;
import site.ycsb.workloads.CoreWorkload;
import site.ycsb.workloads.RestWorkload;
import site.ycsb.workloads.TimeSeriesWorkload;

/**
 * Every property YCSB 0.17.0 documents (the reference's property tables: Client, measurements, CoreWorkload, the
 * null databases, TimeSeriesWorkload/TimeseriesDB, ConstantOccupancyWorkload, RestWorkload) is either read by the
 * component of this engine that 0.17.0 reads it in, or accepted and named in the one-line "ignored" notice. A
 * property that drops out of the engine without being added to the notice fails here.
 */
class Ycsb017PropertiesTest {
  /** 0.17.0 properties with no effect here: they must be named in the notice. */
  private static final String[] IGNORED = {"htrace.sampler.classes", "htrace.span.receiver.classes"};

  /**
   * 0.17.0 properties this engine honours, by the component that reads them in 0.17.0 (the first entry of each
   * row names the component): each must be read by that same component here.
   */
  private static final String[][] HONOURED = {
      {"client", "workload", "db", "threadcount", "target", "dotransactions", "operationcount", "recordcount",
          "insertcount", "maxexecutiontime", "status", "status.interval", "label", "exporter", "exportfile",
          "spin.sleep", "measurement.trackjvm"},
      {"measurements", "measurementtype", "measurement.interval", "hdrhistogram.percentiles",
          "hdrhistogram.fileoutput", "hdrhistogram.output.path", "measurement.histogram.verbose", "histogram.buckets",
          "timeseries.granularity", "measurement.raw.output_file", "measurement.raw.no_summary",
          "reportlatencyforeacherror", "latencytrackederrors"},
      {"core", "table", "fieldcount", "fieldnameprefix", "fieldlength", "minfieldlength", "fieldlengthdistribution",
          "fieldlengthhistogram", "readallfields", "writeallfields", "dataintegrity", "readproportion",
          "updateproportion", "insertproportion", "scanproportion", "readmodifywriteproportion",
          "requestdistribution", "hotspotdatafraction", "hotspotopnfraction", "exponential.percentile",
          "exponential.frac", "minscanlength", "maxscanlength", "scanlengthdistribution", "insertorder",
          "zeropadding", "insertstart", "core_workload_insertion_retry_limit",
          "core_workload_insertion_retry_interval"},
      {"basic", "basicdb.verbose", "basicdb.simulatedelay", "basicdb.randomizedelay", "basicdb.count"},
      {"gbu", "gbudb.delays"},
      // 0.17.0's basicts is a BasicDB; TimeseriesDB reads the encoding properties for every time-series binding
      {"basicts", "basicdb.verbose", "basicdb.simulatedelay", "basicdb.randomizedelay", "basicdb.count",
          "timestampkey", "valuekey", "tagpairdelimiter", "querytimespandelimiter", "deletedelimiter",
          "timestampunits", "groupbykey", "downsamplingkey", "downsamplingfunction", "downsamplinginterval", "debug",
          "test"},
      {"timeseries", "table", "fieldcount", "fieldlength", "recordcount", "insertstart", "dataintegrity",
          "readproportion", "updateproportion", "insertproportion", "scanproportion", "requestdistribution",
          "hotspotdatafraction", "hotspotopnfraction", "maxscanlength", "scanlengthdistribution", "timestampkey",
          "valuekey", "timestampinterval", "timestampunits", "tagcount", "tagcardinality", "tagkeylength",
          "tagvaluelength", "tagpairdelimiter", "deletedelimiter", "randomwritetimestamporder",
          "randomtimeseriesorder", "valuetype", "sparsity", "delayedseries", "delayedintervals", "querytimespan",
          "queryrandomtimespan", "querytimespandelimiter", "groupbykey", "groupbyfunction", "groupbykeys",
          "downsamplingkey", "downsamplingfunction", "downsamplinginterval"},
      {"constantoccupancy", "disksize", "storageages", "occupancy", "fieldcount", "fieldlength"},
      {"rest", "url.trace.read", "url.trace.insert", "url.trace.update", "url.trace.delete", "readzipfconstant",
          "insertzipfconstant", "updatezipfconstant", "deletezipfconstant", "readproportion", "insertproportion",
          "updateproportion", "deleteproportion", "fieldlengthdistfile", "fieldcount", "requestdistribution",
          "exponential.percentile", "exponential.frac", "hotspotdatafraction", "hotspotopnfraction", "table",
          "insertsizezipfconstant"},
  };

  @TempDir
  Path tmp;

  private RecordingProperties props(String... kv) {
    RecordingProperties p = new RecordingProperties();
    p.setProperty("recordcount", "100");
    p.setProperty("operationcount", "100");
    p.setProperty("basicdb.verbose", "false");
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  private Path file(String name, String... lines) throws IOException {
    Path f = tmp.resolve(name);
    Files.write(f, Arrays.asList(lines), StandardCharsets.UTF_8);
    return f;
  }

  /** Drives each component on the code paths that read 0.17.0's properties; the names it asked for. */
  private Set<String> askedBy(String component) throws Exception {
    Path hist = file("hist.txt", "BlockSize\t1", "1\t10", "2\t5");
    RecordingProperties p = props();
    switch (component) {
    case "client":
      p = props("workload", CoreWorkload.class.getName(), "exportfile", tmp.resolve("out.txt").toString(),
          "status", "true");
      new RunConfig(p);
      return p.asked;
    case "measurements":
      Set<String> asked = new TreeSet<>();
      for (String type : new String[] {"hdrhistogram", "histogram", "timeseries", "raw", "hdrhistogram+histogram",
          "hdrhistogram+raw"}) {
        RecordingProperties m = props("measurementtype", type, "measurement.raw.output_file",
            tmp.resolve("raw.txt").toString(), "hdrhistogram.fileoutput", "true", "hdrhistogram.output.path",
            tmp.resolve("hdr-").toString());
        Measurements measurements = new Measurements(m);
        measurements.measure("READ", 5L);
        measurements.close();
        DBWrapper db = new DBWrapper(new BasicDB(), measurements);
        db.setProperties(m);
        db.init();
        db.cleanup();
        asked.addAll(m.asked);
      }
      return asked;
    case "core":
      asked = new TreeSet<>();
      for (String[] kv : new String[][] {{"requestdistribution", "exponential"}, {"requestdistribution", "hotspot"},
          {"fieldlengthdistribution", "histogram", "fieldlengthhistogram", hist.toString()}}) {
        RecordingProperties w = props(kv);
        new CoreWorkload().init(w);
        asked.addAll(w.asked);
      }
      return asked;
    case "basic":
    case "gbu":
    case "basicts":
      p = props("gbudb.delays", "1,2,3,4,5");
      DB db = component.equals("basic") ? new BasicDB() : component.equals("gbu") ? new GoodBadUglyDB()
          : new BasicTSDB();
      db.setProperties(p);
      db.init();
      db.cleanup();
      return p.asked;
    case "timeseries":
      p = props("groupbyfunction", "SUM", "downsamplingfunction", "SUM", "downsamplinginterval", "60",
          "requestdistribution", "hotspot");
      new TimeSeriesWorkload().init(p);
      return p.asked;
    case "constantoccupancy":
      p = props("workload", ConstantOccupancyWorkload.class.getName(), "disksize", "100000");
      new ConstantOccupancyWorkload().init(p);
      return p.asked;
    default:
      asked = new TreeSet<>();
      for (String distribution : new String[] {"exponential", "hotspot"}) {
        RecordingProperties rest = props("deleteproportion", "0.1", "insertproportion", "0.1",
            "fieldlengthdistfile", distribution.equals("hotspot") ? hist.toString() : "", "fieldlengthdistribution",
            "zipfian", "requestdistribution", distribution);
        for (String op : new String[] {"read", "insert", "update", "delete"}) {
          rest.setProperty("url.trace." + op, file(op + ".txt", "/" + op + "1", "/" + op + "2").toString());
        }
        new RestWorkload().init(rest);
        asked.addAll(rest.asked);
      }
      return asked;
    }
  }

  @Test
  void should_read_every_0_17_0_property_it_does_not_name_as_ignored_in_the_component_0_17_0_reads_it_in()
      throws Exception {
    Set<String> unread = new TreeSet<>();
    for (String[] row : HONOURED) {
      Set<String> asked = askedBy(row[0]);
      for (String name : Arrays.asList(row).subList(1, row.length)) {
        if (!asked.contains(name)) {
          unread.add(row[0] + ": " + name);
        }
      }
    }
    assertEquals(new TreeSet<>(), unread, "0.17.0 properties neither read nor named as ignored");
  }

  @Test
  void should_name_each_ignored_property_and_no_honoured_one_in_the_notice() {
    for (String name : IGNORED) {
      Properties p = new Properties();
      p.setProperty(name, "x");
      String line = IgnoredProperties.notice(p);
      assertTrue(line != null && line.contains(name), name + ": " + line);
      assertFalse(line.contains("\n"), line);
    }
    for (String[] row : HONOURED) {
      for (String name : Arrays.asList(row).subList(1, row.length)) {
        Properties p = new Properties();
        p.setProperty(name, "1");
        assertNull(IgnoredProperties.notice(p), name + " has an effect, so the notice must not name it");
      }
    }
  }

  @Test
  void should_name_all_ignored_properties_on_one_line_once_when_a_run_sets_them_all() {
    String[] args = {"-load", "-db", "site.ycsb.BasicDB", "-p", "basicdb.verbose=false", "-p",
        "workload=site.ycsb.workloads.CoreWorkload", "-p", "recordcount=2"};
    java.util.List<String> all = new java.util.ArrayList<>(Arrays.asList(args));
    for (String name : IGNORED) {
      all.add("-p");
      all.add(name + "=x");
    }
    ClientRunner r = ClientRunner.run(all.toArray(new String[0]));
    assertEquals(0, r.exitCode, r.err);
    long lines = Arrays.stream(r.err.split("\n")).filter(l -> l.contains("ignored")).count();
    assertEquals(1, lines, r.err);
    for (String name : IGNORED) {
      assertTrue(r.err.contains(name), r.err);
    }
  }
}
