package site.ycsb.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;

import org.junit.jupiter.api.Test;

/** The /proc parsers and the rates between two snapshots, on the files' real formats. */
class NodeRatesTest {
  private static final String DISKS = "   7       0 loop0 9 0 9 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
      + "   8       0 sda %d 0 %d 10 %d 0 %d 10 0 %d 20 0 0 0 0 0\n"
      + "   8       1 sda1 99 0 99999 10 5 0 99999 10 0 999 20 0 0 0 0 0\n"
      + " 253       0 dm-0 99 0 99999 10 5 0 99999 10 0 999 20 0 0 0 0 0\n"
      + " 259       0 nvme0n1 %d 0 %d 0 0 0 0 0 0 %d 0 0 0 0 0 0 0\n"
      + " 259       1 nvme0n1p1 1 0 8888 0 0 0 0 0 0 88 0 0 0 0 0 0 0\n";
  private static final String NET = "Inter-|   Receive                                                |  Transmit\n"
      + " face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier"
      + " compressed\n"
      + "    lo: %d 10 0 0 0 0 0 0 %d 10 0 0 0 0 0 0\n"
      + "  eth0: %d 10 0 0 0 0 0 0 %d 10 0 0 0 0 0 0\n";

  /** user nice system idle iowait irq softirq steal, two cores. */
  private static ProcSnapshot machine(double uptime, long[] cpu, long sdaSectorsRead, long sdaBusyMs,
      long loBytes, long ethRx, long ethTx) {
    ProcSnapshot s = new ProcSnapshot();
    s.parse("/proc/uptime", uptime + " 1000.0\n");
    s.parse("/proc/loadavg", "1.50 1.00 0.50 3/400 1234\n");
    StringBuilder stat = new StringBuilder("cpu ");
    for (long c : cpu) {
      stat.append(' ').append(c);
    }
    stat.append(" 0 0\ncpu0 1 1 1 1 1 1 1 1 0 0\ncpu1 1 1 1 1 1 1 1 1 0 0\nintr 1 2 3\nctxt 99\n");
    s.parse("/proc/stat", stat.toString());
    s.parse("/proc/meminfo", "MemTotal:       16000000 kB\nMemFree:  1000 kB\nMemAvailable:   12000000 kB\n");
    s.parse("/proc/diskstats", String.format(DISKS, 10, sdaSectorsRead, 5, 2 * sdaSectorsRead, sdaBusyMs, 1,
        sdaSectorsRead > 0 ? 16 : 8,
        sdaBusyMs / 2));
    s.parse("/proc/net/dev", String.format(NET, loBytes, loBytes, ethRx, ethTx));
    return s;
  }

  /** A remote node over 2 s: 2 cores x 100 ticks/s = 400 ticks, of which 200 user, 100 system, 60 idle, 40 iowait. */
  private static NodeRates twoSecondsOfARemoteNode() {
    ProcSnapshot a = machine(100.0, new long[] {100, 0, 50, 800, 10, 0, 0, 0}, 0, 0, 0, 0, 0);
    return NodeRates.between(a, twoSecondsLater(), 5000, false, false);
  }

  private static ProcSnapshot twoSecondsLater() {
    return machine(102.0, new long[] {300, 0, 150, 860, 50, 0, 0, 0}, 4000, 1000, 5_000_000, 2_000_000, 1_000_000);
  }

  @Test
  void should_give_the_machines_shares_and_rates_when_it_is_a_remote_node() {
    NodeRates r = twoSecondsOfARemoteNode();
    assertEquals(2.0, r.intervalSec, 1e-9);
    assertEquals(75.0, r.cpuPct, 1e-9); // (400 - 60 - 40) / 400
    assertEquals(75.0, r.machineCpuPct, 1e-9);
    assertEquals(50.0, r.userPct, 1e-9);
    assertEquals(25.0, r.systemPct, 1e-9);
    assertEquals(10.0, r.iowaitPct, 1e-9);
    assertEquals(0.0, r.stealPct, 1e-9);
    assertEquals(1.5, r.load1, 1e-9);
    assertEquals(16000000 * 1024.0 / 1e6, r.memTotalMb, 1e-6);
    assertEquals(4000000 * 1024.0 / 1e6, r.memUsedMb, 1e-6);
    // sda: 4000 sectors read = 2,048,000 bytes in 2 s; written twice that; sda1, dm-0, nvme0n1p1 and loop0 are
    // partitions or devices on top of disks; nvme0n1 counts (8 sectors)
    assertEquals((4000 + 8) * 512 / 1e6 / 2, r.diskReadMbS, 1e-9);
    assertEquals(8000 * 512 / 1e6 / 2, r.diskWriteMbS, 1e-9);
    assertEquals(50.0, r.diskBusyPct, 1e-9); // sda busy 1000 ms of 2000
    // lo is not a remote node's network
    assertEquals(1.0, r.netRxMbS, 1e-9);
    assertEquals(0.5, r.netTxMbS, 1e-9);
    assertEquals(2, twoSecondsLater().cores);
  }

  @Test
  void should_give_the_processs_share_of_the_machine_when_it_is_a_local_server() {
    ProcSnapshot a = machine(100.0, new long[] {100, 0, 50, 800, 10, 0, 0, 0}, 0, 0, 0, 0, 0);
    ProcSnapshot b = machine(102.0, new long[] {300, 0, 150, 860, 50, 0, 0, 0}, 4000, 1000, 5_000_000, 0, 0);
    a.parseProcessStat("4242 (java (weird) name) S 1 2 3 0 -1 4194560 100 0 0 0 30 10 0 0 20 0 80 0 1 2 3");
    b.parseProcessStat("4242 (java (weird) name) S 1 2 3 0 -1 4194560 100 0 0 0 130 50 0 0 20 0 80 0 1 2 3");
    b.parseProcessStatus("Name:\tjava\nVmRSS:\t  512000 kB\n");
    a.parseProcessIo("rchar: 5\nread_bytes: 1000000\nwrite_bytes: 0\n");
    b.parseProcessIo("rchar: 5\nread_bytes: 3000000\nwrite_bytes: 4000000\n");
    NodeRates r = NodeRates.between(a, b, 5000, true, true);
    assertEquals(35.0, r.cpuPct, 1e-9); // (100 + 40) of 400 machine ticks
    assertEquals(25.0, r.userPct, 1e-9);
    assertEquals(10.0, r.systemPct, 1e-9);
    assertEquals(75.0, r.machineCpuPct, 1e-9);
    assertEquals(512000 * 1024.0 / 1e6, r.rssMb, 1e-6);
    assertEquals(1.0, r.diskReadMbS, 1e-9); // the process's own bytes, not the machine's
    assertEquals(2.0, r.diskWriteMbS, 1e-9);
    assertEquals(2.5, r.netRxMbS, 1e-9); // a local server talks over loopback
  }

  @Test
  void should_give_no_sample_when_the_counters_went_backwards_or_no_time_passed() {
    ProcSnapshot a = machine(100.0, new long[] {100, 0, 50, 800, 10, 0, 0, 0}, 0, 0, 0, 0, 0);
    ProcSnapshot rebooted = machine(5.0, new long[] {10, 0, 5, 80, 1, 0, 0, 0}, 0, 0, 0, 0, 0);
    assertNull(NodeRates.between(a, rebooted, 1, false, false));
    assertNull(NodeRates.between(a, a, 1, false, false));
    assertNull(NodeRates.between(null, a, 1, false, false));
    assertNull(NodeRates.between(a, new ProcSnapshot(), 1, false, false));
  }

  @Test
  void should_count_whole_disks_only() {
    java.util.Set<String> all = new HashSet<>(Arrays.asList("sda", "sda1", "sda12", "nvme0n1", "nvme0n1p2",
        "mmcblk0", "mmcblk0p1", "vda", "xvdb", "loop3", "dm-1", "md0", "zram0", "sr0"));
    for (String whole : new String[] {"sda", "nvme0n1", "mmcblk0", "vda", "xvdb"}) {
      assertTrue(ProcSnapshot.isWholeDisk(whole, all), whole);
    }
    for (String part : new String[] {"sda1", "sda12", "nvme0n1p2", "mmcblk0p1", "loop3", "dm-1", "md0", "zram0",
        "sr0"}) {
      assertFalse(ProcSnapshot.isWholeDisk(part, all), part);
    }
  }

  @Test
  void should_read_this_machines_proc_files_when_it_runs_linux() throws java.io.IOException {
    org.junit.jupiter.api.Assumptions.assumeTrue(LocalProc.available(), "no /proc here");
    LocalProc proc = new LocalProc();
    ProcSnapshot s = proc.machine();
    assertTrue(s.complete());
    assertTrue(s.cores >= 1);
    assertTrue(s.memTotalKb > 0);
    long self = Long.parseLong(java.nio.file.Files.readSymbolicLink(java.nio.file.Paths.get("/proc/self")).toString());
    assertTrue(proc.addProcess(s, self));
    assertTrue(s.processTicks > 0 && s.processRssKb > 0);
    assertFalse(proc.addProcess(LocalProc.copyMachine(s), 999_999_999L), "no such process");
  }

  @Test
  void should_name_a_rows_figures_as_the_files_columns_and_leave_out_those_not_given_when_served_live() {
    NodeRates r = twoSecondsOfARemoteNode();
    java.util.Map<String, Double> figures = NodeCsv.figures(r);
    assertEquals(75.0, figures.get("cpu_pct"), 1e-9);
    assertEquals(10.0, figures.get("iowait_pct"), 1e-9);
    assertEquals(1.5, figures.get("load1"), 1e-9);
    assertFalse(figures.containsKey("rss_mb"), "a machine has no process RSS: " + figures);
    assertFalse(figures.containsKey("epoch_ms") || figures.containsKey("interval_s"), figures.toString());
    for (String name : figures.keySet()) {
      assertTrue(NodeCsv.COLUMNS.contains(name), name);
    }
  }
}
