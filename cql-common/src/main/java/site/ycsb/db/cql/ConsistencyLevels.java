package site.ycsb.db.cql;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * CQL consistency level names (the same in every driver), validated without touching a driver class.
 *
 * <p>Immutable and thread-safe.
 */
public final class ConsistencyLevels {
  /** Levels a regular read or write may use. */
  public static final Set<String> REGULAR = Collections.unmodifiableSet(new LinkedHashSet<>(Arrays.asList(
      "ANY", "ONE", "TWO", "THREE", "QUORUM", "ALL", "LOCAL_QUORUM", "EACH_QUORUM", "LOCAL_ONE",
      "SERIAL", "LOCAL_SERIAL")));
  /** Levels the Paxos phase of a lightweight transaction may use. */
  public static final Set<String> SERIAL = Collections.unmodifiableSet(new LinkedHashSet<>(Arrays.asList(
      "SERIAL", "LOCAL_SERIAL")));

  private ConsistencyLevels() {
  }
}
