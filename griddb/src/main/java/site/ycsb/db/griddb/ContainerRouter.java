package site.ycsb.db.griddb;

import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;

/**
 * Routes a key to one of a table's containers:
 * {@code index = mix64(FNV-1a-64(UTF-8 bytes of key)) mod C} (unsigned), container = {@code names[index]}, where
 * {@code mix64} is the 64-bit finalizer of MurmurHash3 ({@code h ^= h>>>33; h *= 0xff51afd7ed558ccd; h ^= h>>>33;
 * h *= 0xc4ceb9fe1a85ec53; h ^= h>>>33}). FNV-1a alone leaves the low bits of similar keys ("user1", "user2", ...)
 * correlated, so a modulus by a power of two spreads them unevenly; the finalizer fixes that. The formula depends
 * only on the key and C, so every client machine routes alike.
 *
 * <p>Immutable and thread-safe: each client thread keeps its own per table, but one could serve every thread.
 */
public final class ContainerRouter {
  private static final long FNV_OFFSET = 0xcbf29ce484222325L;
  private static final long FNV_PRIME = 0x100000001b3L;

  private final List<String> names;
  private final List<String> scanIndex;
  private final ScanLayout layout;

  /** A table whose scans use SQL. */
  public ContainerRouter(List<String> names) {
    this(names, ScanLayout.SQL, Collections.<String>emptyList());
  }

  /**
   * @param layout    how the table answers scans
   * @param scanIndex the table's scan-index containers (empty unless {@code layout} is {@link ScanLayout#INDEX})
   */
  public ContainerRouter(List<String> names, ScanLayout layout, List<String> scanIndex) {
    if (names.isEmpty()) {
      throw new IllegalArgumentException("no containers");
    }
    if ((layout == ScanLayout.INDEX) == scanIndex.isEmpty()) {
      throw new IllegalArgumentException("a scan index belongs to the index layout only");
    }
    this.names = Collections.unmodifiableList(names);
    this.layout = layout;
    this.scanIndex = Collections.unmodifiableList(scanIndex);
  }

  /** How the table answers scans. */
  public ScanLayout layout() {
    return layout;
  }

  /** The scan-index containers, empty if the table has none. */
  public List<String> scanIndex() {
    return scanIndex;
  }

  /** The scan-index container holding {@code key}'s entry (same formula, over the index count). */
  public String indexContainerOf(String key) {
    return scanIndex.get(indexOf(key, scanIndex.size()));
  }

  /** Index of the container holding {@code key}. */
  public int indexOf(String key) {
    return indexOf(key, names.size());
  }

  /** The routing formula, for any container count. */
  public static int indexOf(String key, int containerCount) {
    return (int) Long.remainderUnsigned(mix64(fnv1a64(key.getBytes(StandardCharsets.UTF_8))), containerCount);
  }

  /** Name of the container holding {@code key}. */
  public String containerOf(String key) {
    return names.get(indexOf(key));
  }

  /** All container names, in index order. */
  public List<String> names() {
    return names;
  }

  static long mix64(long h) {
    h ^= h >>> 33;
    h *= 0xff51afd7ed558ccdL;
    h ^= h >>> 33;
    h *= 0xc4ceb9fe1a85ec53L;
    h ^= h >>> 33;
    return h;
  }

  static long fnv1a64(byte[] bytes) {
    long h = FNV_OFFSET;
    for (byte b : bytes) {
      h ^= b & 0xff;
      h *= FNV_PRIME;
    }
    return h;
  }
}
