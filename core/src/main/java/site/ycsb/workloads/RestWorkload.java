package site.ycsb.workloads;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.RandomByteIterator;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;
import site.ycsb.cli.PropertyReader;
import site.ycsb.generator.DiscreteGenerator;
import site.ycsb.generator.NumberGenerator;
import site.ycsb.generator.UniformLongGenerator;
import site.ycsb.generator.ZipfianGenerator;

/**
 * YCSB 0.17.0's REST workload: reads, inserts, updates and deletes of URLs taken from trace files, one file per
 * operation ({@code url.trace.read}, {@code url.trace.insert}, {@code url.trace.update}, {@code url.trace.delete};
 * one URL or path per line, blank lines and {@code #} comments skipped). The key of each call is the URL as written
 * in the trace; the rest binding puts its {@code url.prefix} in front. URLs are drawn with
 * {@code requestdistribution} (zipfian: earlier lines are more popular, skewed by {@code <op>zipfconstant};
 * uniform; exponential: earlier lines more popular, {@code exponential.percentile} of the draws in the first
 * {@code exponential.frac} of the lines; hotspot: {@code hotspotopnfraction} of the draws go to the first
 * {@code hotspotdatafraction} of the lines). Insert and update bodies are {@code fieldcount} fields of lengths
 * from {@code fieldlengthdistribution} ({@code fieldlengthdistfile} names a histogram file; zipfian lengths are
 * skewed by {@code insertsizezipfconstant}, as in 0.17.0).
 *
 * <p>The load phase inserts the insert trace's URLs in order from URL number {@code insertstart} (0-based, wrapping
 * round at the end), {@code insertcount} of them, so clients that split a load with insertstart/insertcount insert
 * different URLs. YCSB 0.17.0 has no REST load: its load inserts nothing. Only the trace files of operations with
 * a proportion above 0 (and the insert trace for a load) are needed. {@code <op>recordcount} (e.g. {@code
 * readrecordcount=3}) uses only the first that many URLs of that trace, as 0.17.0 does.
 *
 * <p>Thread-safe: one instance is shared by every client thread; its shared state is synchronized.
 */
public class RestWorkload extends Workload {
  private static final String[] OPS = {"read", "insert", "update", "delete"};

  private final Map<String, List<String>> traces = new HashMap<>();
  private final Map<String, NumberGenerator> choosers = new HashMap<>();
  private DiscreteGenerator operations;
  private NumberGenerator fieldLengths;
  private int fieldCount;
  private String table;
  private long loadIndex;
  private long insertStart;

  @Override
  public void init(Properties p) throws WorkloadException {
    PropertyReader r = new PropertyReader(p);
    table = r.string("table", "usertable");
    fieldCount = r.intValue("fieldcount", 10, 1);
    Properties lengths = new Properties();
    lengths.putAll(p);
    String histogram = r.string("fieldlengthdistfile", "");
    if (!histogram.isEmpty()) {
      lengths.setProperty(CoreWorkload.FIELD_LENGTH_DISTRIBUTION_PROPERTY, "histogram");
      lengths.setProperty(CoreWorkload.FIELD_LENGTH_HISTOGRAM_FILE_PROPERTY, histogram);
    }
    try {
      fieldLengths = CoreWorkload.getFieldLengthGenerator(lengths);
    } catch (IllegalArgumentException e) {
      // name the property the user set, not the core workload's equivalent
      throw new IllegalArgumentException(histogram.isEmpty() ? e.getMessage()
          : e.getMessage().replace(CoreWorkload.FIELD_LENGTH_HISTOGRAM_FILE_PROPERTY, "fieldlengthdistfile"));
    }
    String lengthDistribution = r.string(CoreWorkload.FIELD_LENGTH_DISTRIBUTION_PROPERTY, "constant");
    if (histogram.isEmpty() && lengthDistribution.equals("zipfian")) {
      // as in 0.17.0, zipfian body field lengths take their skew from insertsizezipfconstant
      double skew = r.doubleValue("insertsizezipfconstant", 0.99, 0);
      if (!(skew > 0 && skew < 1)) {
        throw new IllegalArgumentException("insertsizezipfconstant=" + skew + " must be above 0 and below 1");
      }
      fieldLengths = new ZipfianGenerator(r.longValue("minfieldlength", 1, 0), r.longValue("fieldlength", 100, 1),
          skew);
    }
    String distribution = r.string("requestdistribution", "zipfian").toLowerCase(Locale.ROOT);
    if (!java.util.Arrays.asList("zipfian", "uniform", "exponential", "hotspot").contains(distribution)) {
      throw new IllegalArgumentException("requestdistribution=" + distribution + " is not one of: zipfian, uniform, "
          + "exponential, hotspot (RestWorkload draws from fixed trace files, so latest and sequential do not apply)");
    }
    insertStart = r.get(site.ycsb.cli.EngineOptions.INSERT_START);
    for (String unsupported : new String[] {"scanproportion", "readmodifywriteproportion"}) {
      if (r.doubleValue(unsupported, 0, 0) > 0) {
        throw new IllegalArgumentException(unsupported + ": RestWorkload has only read, insert, update and delete");
      }
    }
    boolean load = !r.bool("dotransactions", true);
    operations = new DiscreteGenerator();
    double[] defaults = {0.95, 0, 0.05, 0};
    double total = 0;
    for (int i = 0; i < OPS.length; i++) {
      String op = OPS[i];
      double proportion = r.fraction(op + "proportion", defaults[i]);
      boolean needed = load ? op.equals("insert") : proportion > 0;
      if (!needed) {
        continue;
      }
      List<String> urls = firstUrls(r, op, readTrace(r, "url.trace." + op, op));
      traces.put(op, urls);
      double constant = r.doubleValue(op + "zipfconstant", 0.99, 0);
      if (!(constant > 0 && constant < 1)) {
        throw new IllegalArgumentException(op + "zipfconstant=" + constant + " must be above 0 and below 1");
      }
      choosers.put(op, chooser(r, distribution, urls.size(), constant));
      if (proportion > 0) {
        operations.addValue(proportion, op);
        total += proportion;
      }
    }
    if (!load && total == 0) {
      throw new IllegalArgumentException("every operation proportion is 0: set readproportion, insertproportion, "
          + "updateproportion or deleteproportion");
    }
  }

  /** Draws line numbers 0..size-1 of a trace. */
  private static NumberGenerator chooser(PropertyReader r, String distribution, int size, double zipfConstant) {
    if (size == 1 || distribution.equals("uniform")) {
      return new UniformLongGenerator(0, size - 1);
    } else if (distribution.equals("zipfian")) {
      return new ZipfianGenerator(0, size - 1, zipfConstant);
    } else if (distribution.equals("hotspot")) {
      return new site.ycsb.generator.HotspotIntegerGenerator(0, size - 1,
          r.fraction("hotspotdatafraction", 0.2), r.fraction("hotspotopnfraction", 0.8));
    }
    double percentile = r.doubleValue("exponential.percentile", 95, 0);
    double frac = r.fraction("exponential.frac", 0.8571428571);
    if (!(percentile > 0 && percentile < 100) || frac == 0) {
      throw new IllegalArgumentException("exponential.percentile=" + percentile + " and exponential.frac=" + frac
          + " must be above 0 (the percentile below 100)");
    }
    site.ycsb.generator.ExponentialGenerator exponential =
        new site.ycsb.generator.ExponentialGenerator(percentile, size * frac);
    return new NumberGenerator() { // redraws past the last line (0.17.0 hands out null URLs there)
      @Override
      public Number nextValue() {
        long v;
        do {
          v = exponential.nextLong();
        } while (v >= size);
        return v;
      }

      @Override
      public double mean() {
        return exponential.mean();
      }
    };
  }

  /** The URLs of one trace file, in file order. */
  static List<String> readTrace(PropertyReader r, String property, String op) {
    String file = r.string(property, "");
    if (file.isEmpty()) {
      throw new IllegalArgumentException(property + " is not set; name the file of URLs to " + op
          + " (one per line), or set " + op + "proportion=0");
    }
    Path path = Paths.get(file);
    List<String> urls = new ArrayList<>();
    try {
      for (String line : Files.readAllLines(path, StandardCharsets.UTF_8)) {
        String url = line.trim();
        if (!url.isEmpty() && !url.startsWith("#")) {
          urls.add(url);
        }
      }
    } catch (IOException | java.io.UncheckedIOException e) {
      throw new IllegalArgumentException(property + "=" + file + (Files.isDirectory(path) ? " is a directory"
          : Files.exists(path) ? " cannot be read as UTF-8 text" : " does not exist"));
    }
    if (urls.isEmpty()) {
      throw new IllegalArgumentException(property + "=" + file + " holds no URL (only blank or # lines)");
    }
    return Collections.unmodifiableList(urls);
  }

  /**
   * The URLs of {@code op}'s trace that the run uses: as in YCSB 0.17.0, {@code <op>recordcount} ({@code
   * readrecordcount}, {@code insertrecordcount}, {@code updaterecordcount}, {@code deleterecordcount}) takes only the
   * trace's first that many URLs (default: all). More than the trace holds is refused: 0.17.0 would address URLs that
   * do not exist.
   */
  static List<String> firstUrls(PropertyReader r, String op, List<String> urls) {
    String property = op + "recordcount";
    long count = r.longValue(property, urls.size(), 1);
    if (count > urls.size()) {
      throw new IllegalArgumentException(property + "=" + count + " is more than the " + urls.size()
          + " URLs of url.trace." + op);
    }
    return urls.subList(0, (int) count);
  }

  /** The URL the next {@code op} call addresses. */
  String nextUrl(String op) {
    return traces.get(op).get(choosers.get(op).nextValue().intValue());
  }

  @Override
  public boolean doInsert(DB db, Object threadstate) {
    List<String> urls = traces.get("insert");
    long index;
    synchronized (this) {
      index = loadIndex++;
    }
    return db.insert(table, urls.get((int) Math.floorMod(insertStart + index, (long) urls.size())), body()).isOk();
  }

  @Override
  public boolean doTransaction(DB db, Object threadstate) {
    String op = operations.nextString();
    String url = nextUrl(op);
    switch (op) {
    case "read":
      db.read(table, url, null, new HashMap<>());
      break;
    case "insert":
      db.insert(table, url, body());
      break;
    case "update":
      db.update(table, url, body());
      break;
    default:
      db.delete(table, url);
    }
    return true;
  }

  private Map<String, ByteIterator> body() {
    Map<String, ByteIterator> values = new HashMap<>();
    for (int i = 0; i < fieldCount; i++) {
      values.put("field" + i, new RandomByteIterator(fieldLengths.nextValue().longValue()));
    }
    return values;
  }
}
