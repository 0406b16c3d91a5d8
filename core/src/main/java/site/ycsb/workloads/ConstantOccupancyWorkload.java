package site.ycsb.workloads;

import java.util.Properties;

import site.ycsb.WorkloadException;
import site.ycsb.cli.PropertyReader;
import site.ycsb.cli.WorkloadHooks;
import site.ycsb.generator.NumberGenerator;

/**
 * The core workload sized by storage instead of by record count, as in YCSB 0.17.0: the table holds as many
 * records as fill {@code occupancy} of {@code disksize} bytes, and a run performs {@code storageages} operations
 * per record. An explicit {@code recordcount} or {@code operationcount} is overridden, as 0.17.0 does.
 *
 * <table>
 *   <caption>Properties (besides CoreWorkload's)</caption>
 *   <tr><th>name</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>disksize</td><td>100000000</td><td>bytes of storage the table is sized for</td></tr>
 *   <tr><td>occupancy</td><td>0.9</td><td>fraction of {@code disksize} the records fill</td></tr>
 *   <tr><td>storageages</td><td>10</td><td>run operations per record ({@code operationcount})</td></tr>
 * </table>
 *
 * <p>recordcount = floor(disksize &times; occupancy / (fieldcount &times; mean field length)), where the mean
 * field length is that of {@code fieldlengthdistribution} (0.17.0 cannot size zipfian field lengths; this
 * engine uses the distribution's mean).
 *
 * <p>Thread-safe, as the core workload it extends.
 */
public class ConstantOccupancyWorkload extends CoreWorkload {
  public static final String DISK_SIZE_PROPERTY = "disksize";
  public static final String DISK_SIZE_PROPERTY_DEFAULT = "100000000";
  public static final String OCCUPANCY_PROPERTY = "occupancy";
  public static final String OCCUPANCY_PROPERTY_DEFAULT = "0.9";
  public static final String STORAGE_AGE_PROPERTY = "storageages";
  public static final String STORAGE_AGE_PROPERTY_DEFAULT = "10";

  @Override
  public void init(Properties p) throws WorkloadException {
    deriveCounts(p);
    super.init(p);
  }

  /**
   * Engine hook ({@link WorkloadHooks}), called before the run's counts are read: writes the derived
   * {@code recordcount} and {@code operationcount} into {@code p}.
   *
   * @throws IllegalArgumentException (one-line message) for a bad disksize, occupancy or storageages
   */
  @Override
  public void sizeRun(Properties p) {
    try {
      deriveCounts(p);
    } catch (WorkloadException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  /** Sets {@code recordcount} and {@code operationcount} in {@code p} from disksize, occupancy and storageages. */
  static void deriveCounts(Properties p) throws WorkloadException {
    PropertyReader r = new PropertyReader(p);
    long diskSize = r.longValue(DISK_SIZE_PROPERTY, Long.parseLong(DISK_SIZE_PROPERTY_DEFAULT), 1);
    double occupancy = doubleProp(p, OCCUPANCY_PROPERTY, OCCUPANCY_PROPERTY_DEFAULT);
    long storageAges = r.longValue(STORAGE_AGE_PROPERTY, Long.parseLong(STORAGE_AGE_PROPERTY_DEFAULT), 1);
    long fieldCount = r.longValue(FIELD_COUNT_PROPERTY, Long.parseLong(FIELD_COUNT_PROPERTY_DEFAULT), 1);
    NumberGenerator lengths = getFieldLengthGenerator(p);
    double meanLength = lengths.mean();
    if (!(meanLength > 0) || Double.isInfinite(meanLength)) {
      throw new IllegalArgumentException("fieldlength: the mean field length is " + meanLength
          + ", so disksize cannot be turned into a record count; use a positive fieldlength");
    }
    double records = Math.floor(diskSize * occupancy / (fieldCount * meanLength));
    if (records < 1) {
      throw new IllegalArgumentException("disksize=" + diskSize + " with occupancy=" + occupancy
          + " holds no record of " + fieldCount + " x " + meanLength + " bytes; raise disksize or occupancy");
    }
    if (records * storageAges > Long.MAX_VALUE / 2) {
      throw new IllegalArgumentException("disksize=" + diskSize + " and storageages=" + storageAges
          + " give more operations than can be counted; lower them");
    }
    long recordCount = (long) records;
    p.setProperty(site.ycsb.cli.EngineOptions.RECORD_COUNT.name(), Long.toString(recordCount));
    p.setProperty(site.ycsb.cli.EngineOptions.OPERATION_COUNT.name(), Long.toString(recordCount * storageAges));
  }

  private static double doubleProp(Properties p, String name, String def) {
    double v = new PropertyReader(p).doubleValue(name, Double.parseDouble(def), -Double.MAX_VALUE);
    if (!(v > 0)) {
      throw new IllegalArgumentException(name + "=" + p.getProperty(name, def).trim()
          + " must be a positive fraction of disksize (e.g. 0.9)");
    }
    return v;
  }
}
