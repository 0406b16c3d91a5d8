package site.ycsb.metrics;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import site.ycsb.Client;
import site.ycsb.testsupport.RecordedRun;

/** One engine run on the basic (null) database at a fixed rate, with a results directory, in-process. */
final class LiveRun {
  /** Long enough for several 1 s scrapes of a live run. */
  static final int SECONDS = 8;
  final int exitCode;
  final RecordedRun record;

  private LiveRun(int exitCode, RecordedRun record) {
    this.exitCode = exitCode;
    this.record = record;
  }

  /** Runs the engine with {@code metricsOptions} (-p values) added; returns once it has exited. */
  static LiveRun run(Path results, String... metricsOptions) throws IOException {
    List<String> args = new ArrayList<>(Arrays.asList("-t", "-db", "site.ycsb.BasicDB", "-target", "1000",
        "-p", "workload=site.ycsb.workloads.CoreWorkload", "-p", "recordcount=1000", "-p", "operationcount=0",
        "-p", "maxexecutiontime=" + SECONDS, "-p", "readproportion=0.5", "-p", "updateproportion=0.5",
        "-p", "measurement.interval=both", "-p", "results.dir=" + results));
    for (String o : metricsOptions) {
      args.add("-p");
      args.add(o);
    }
    int code = Client.run(args.toArray(new String[0]));
    return new LiveRun(code, new RecordedRun(results));
  }
}
