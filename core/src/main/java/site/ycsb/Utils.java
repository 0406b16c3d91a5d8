package site.ycsb;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Small helpers shared by the engine, the workloads and bindings: hashing, number encoding, JVM statistics.
 *
 * <p>Stateless and thread-safe.
 */
public final class Utils {
  /** FNV-1a 64-bit offset basis. */
  public static final long FNV_OFFSET_BASIS_64 = 0xCBF29CE484222325L;
  /** FNV-1a 64-bit prime. */
  public static final long FNV_PRIME_64 = 1099511628211L;

  private Utils() {
  }

  /** A random number generator for the calling thread. */
  public static Random random() {
    return ThreadLocalRandom.current();
  }

  /** Same as {@link #fnvhash64(long)}. */
  public static long hash(long val) {
    return fnvhash64(val);
  }

  /**
   * FNV-1a over the 8 little-end-first bytes of {@code val}, made non-negative with {@link Math#abs(long)}.
   * Key names ({@code user<hash>}) depend on this exact function, so it must never change.
   */
  public static long fnvhash64(long val) {
    long hashval = FNV_OFFSET_BASIS_64;
    long v = val;
    for (int i = 0; i < 8; i++) {
      long octet = v & 0x00ff;
      v = v >> 8;
      hashval = hashval ^ octet;
      hashval = hashval * FNV_PRIME_64;
    }
    return Math.abs(hashval);
  }

  /** Decodes 8 big-endian bytes. */
  public static long bytesToLong(byte[] bytes) {
    long val = 0;
    for (int i = 0; i < 8; i++) {
      val = (val << 8) | (bytes[i] & 0xFFL);
    }
    return val;
  }

  /** Encodes as 8 big-endian bytes. */
  public static byte[] longToBytes(long val) {
    byte[] bytes = new byte[8];
    long v = val;
    for (int i = 7; i >= 0; i--) {
      bytes[i] = (byte) v;
      v >>>= 8;
    }
    return bytes;
  }

  public static double bytesToDouble(byte[] bytes) {
    return Double.longBitsToDouble(bytesToLong(bytes));
  }

  public static byte[] doubleToBytes(double val) {
    return longToBytes(Double.doubleToRawLongBits(val));
  }

  /** Milliseconds since the JVM started. */
  public static long getUptime() {
    return ManagementFactory.getRuntimeMXBean().getUptime();
  }

  /** The number of live threads in this JVM. */
  public static int getActiveThreadCount() {
    return Thread.activeCount();
  }

  public static long getUsedMemoryBytes() {
    Runtime runtime = Runtime.getRuntime();
    return runtime.totalMemory() - runtime.freeMemory();
  }

  public static int getUsedMemoryMegaBytes() {
    return (int) (getUsedMemoryBytes() / 1024 / 1024);
  }

  /** The one-minute system load average, or a negative value where the platform does not provide it. */
  public static double getSystemLoadAverage() {
    OperatingSystemMXBean osBean = ManagementFactory.getOperatingSystemMXBean();
    return osBean.getSystemLoadAverage();
  }

  /** Total collections over all garbage collectors. */
  public static long getGCTotalCollectionCount() {
    long count = 0;
    for (GarbageCollectorMXBean bean : ManagementFactory.getGarbageCollectorMXBeans()) {
      count += Math.max(0, bean.getCollectionCount());
    }
    return count;
  }

  /** Total collection time in milliseconds over all garbage collectors. */
  public static long getGCTotalTime() {
    long time = 0;
    for (GarbageCollectorMXBean bean : ManagementFactory.getGarbageCollectorMXBeans()) {
      time += Math.max(0, bean.getCollectionTime());
    }
    return time;
  }

  /**
   * Per collector, keyed by its name with spaces as underscores ({@code G1_Young_Generation}, as 0.17.0 keys
   * it, which also fixes the map's iteration order that the results follow): {@code {count, time in ms}}. The
   * method name (with its typo) is YCSB's public API.
   */
  public static Map<String, Long[]> getGCStatst() {
    List<GarbageCollectorMXBean> beans = ManagementFactory.getGarbageCollectorMXBeans();
    Map<String, Long[]> map = new HashMap<>(beans.size());
    for (GarbageCollectorMXBean bean : beans) {
      map.put(bean.getName().replace(' ', '_'), new Long[]{bean.getCollectionCount(), bean.getCollectionTime()});
    }
    return map;
  }

  /** Shuffles the array in place (Fisher-Yates) and returns it. */
  public static <T> T[] shuffleArray(T[] array) {
    Random random = ThreadLocalRandom.current();
    for (int i = array.length - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      T tmp = array[j];
      array[j] = array[i];
      array[i] = tmp;
    }
    return array;
  }
}
