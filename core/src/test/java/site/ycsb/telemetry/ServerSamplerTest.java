package site.ycsb.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Sampling a local server process from /proc (this test's own JVM is the "server"). */
class ServerSamplerTest {
  @BeforeAll
  static void linux() {
    Assumptions.assumeTrue(LocalProc.available(), "needs Linux /proc");
  }

  private static long ownPid() throws Exception {
    return Long.parseLong(new File("/proc/self").getCanonicalFile().getName());
  }

  @Test
  void should_have_figures_of_a_window_shorter_than_the_interval_when_the_stop_takes_a_last_sample()
      throws Exception {
    ServerSampler sampler = new ServerSampler(1000);
    NodeInfo node = sampler.addLocal("127.0.0.1", ownPid(), "this test");
    sampler.start(); // its first sample, the baseline, is taken at once, but on a busy machine its thread may be late
    long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
    while (!sampler.everyNodeSampled() && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
    assertTrue(sampler.everyNodeSampled(), "no baseline sample within 30 s");
    Thread.sleep(2); // the window opens after the baseline's millisecond
    long start = System.currentTimeMillis();
    long sum = 0;
    while (System.currentTimeMillis() - start < 300) {
      sum += System.nanoTime() % 7; // some CPU of its own
    }
    long end = System.currentTimeMillis();
    sampler.stop();
    NodeSummary s = sampler.summaries(start, end).get(0);
    assertTrue(node.problems().isEmpty(), node.problems() + " " + sum);
    assertEquals(1, s.samples, sampler.sectionJson(start, end));
    assertTrue(s.cpuMeanPct() > 0 && s.rss.max > 0, sampler.sectionJson(start, end));
  }
}
