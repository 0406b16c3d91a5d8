package site.ycsb.engine.verdict;

import java.io.IOException;

import site.ycsb.Utils;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/**
 * Tracks the extremes of JVM memory, thread count and system load ({@code measurement.trackjvm}).
 *
 * <p>Thread-safe: sampled by the status sampler's thread and exported by the main thread (synchronized).
 */
public final class JvmTracker {
  private long maxMemMb = Long.MIN_VALUE;
  private long minMemMb = Long.MAX_VALUE;
  private int maxThreads = Integer.MIN_VALUE;
  private int minThreads = Integer.MAX_VALUE;
  private double maxLoad = -Double.MAX_VALUE;
  private double minLoad = Double.MAX_VALUE;
  private boolean sampled;

  public synchronized void sample() {
    long mem = Utils.getUsedMemoryMegaBytes();
    int threads = Utils.getActiveThreadCount();
    double load = Utils.getSystemLoadAverage();
    maxMemMb = Math.max(maxMemMb, mem);
    minMemMb = Math.min(minMemMb, mem);
    maxThreads = Math.max(maxThreads, threads);
    minThreads = Math.min(minThreads, threads);
    maxLoad = Math.max(maxLoad, load);
    minLoad = Math.min(minLoad, load);
    sampled = true;
  }

  public synchronized void export(MeasurementsExporter exporter) throws IOException {
    if (!sampled) {
      sample();
    }
    exporter.write("MAX_MEM_USED", "MBs", maxMemMb);
    exporter.write("MIN_MEM_USED", "MBs", minMemMb);
    exporter.write("MAX_THREADS", "Count", maxThreads);
    exporter.write("MIN_THREADS", "Count", minThreads);
    exporter.write("MAX_SYS_LOAD_AVG", "Load", maxLoad);
    exporter.write("MIN_SYS_LOAD_AVG", "Load", minLoad);
  }
}
