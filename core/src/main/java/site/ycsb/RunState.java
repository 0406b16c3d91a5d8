package site.ycsb;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

import org.HdrHistogram.Recorder;

/**
 * What the client threads and the main thread of one run share: the phase gates, the operation counters and
 * the problems seen. Counters are lock-free; problem lists are synchronized (rare).
 */
final class RunState {
  /** Counted down by each thread once its DB init (successful or not) is over. */
  final CountDownLatch initDone;
  /** Opened by the main thread when every init succeeded and the schedule is anchored. */
  final CountDownLatch startGate = new CountDownLatch(1);
  /** Counted down by each thread when it has no more operations to run. */
  final CountDownLatch opsDone;
  /** Opened by the main thread after the run's end time is taken; threads then clean up. */
  final CountDownLatch cleanupGate = new CountDownLatch(1);
  volatile boolean aborted;

  final LongAdder measuredOps = new LongAdder();
  final LongAdder warmupOps = new LongAdder();
  /** Time threads spent inside measured operations (to tell "threads all busy" from other causes of lag). */
  final LongAdder busyNs = new LongAdder();
  /** The earliest (intended or actual) start of a measured operation, nanoTime; MAX_VALUE until one ran. */
  final AtomicLong measureStartNs = new AtomicLong(Long.MAX_VALUE);
  /** The latest completion of any operation, nanoTime. */
  final AtomicLong lastOpEndNs = new AtomicLong(Long.MIN_VALUE);
  /** How late operations started relative to their slot, in microseconds (throttled runs only). */
  final Recorder scheduleLagUs = new Recorder(3);
  final AtomicLong failedInserts = new AtomicLong();

  private final List<String> initFailures = new ArrayList<>();
  private final List<String> runFailures = new ArrayList<>();

  RunState(int threads) {
    initDone = new CountDownLatch(threads);
    opsDone = new CountDownLatch(threads);
  }

  synchronized void initFailed(String message) {
    if (!initFailures.contains(message)) {
      initFailures.add(message);
    }
  }

  synchronized List<String> initFailures() {
    return new ArrayList<>(initFailures);
  }

  synchronized void runFailed(String message) {
    if (!runFailures.contains(message)) {
      runFailures.add(message);
    }
  }

  synchronized List<String> runFailures() {
    return new ArrayList<>(runFailures);
  }

  void opEnded(long nanoTime) {
    long prev;
    while (nanoTime > (prev = lastOpEndNs.get())) {
      if (lastOpEndNs.compareAndSet(prev, nanoTime)) {
        return;
      }
    }
  }

  void measuredOpStarted(long nanoTime) {
    long prev;
    while (nanoTime < (prev = measureStartNs.get())) {
      if (measureStartNs.compareAndSet(prev, nanoTime)) {
        return;
      }
    }
  }

  /** Waits for a gate; returns false if the run was aborted meanwhile. */
  boolean await(CountDownLatch gate) {
    try {
      while (!gate.await(100, TimeUnit.MILLISECONDS)) {
        if (aborted) {
          return false;
        }
      }
      return !aborted;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
