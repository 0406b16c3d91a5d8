#!/usr/bin/env bash
# What the deadlines of issue 35 cost per operation (see README.md):
#   1. ExecutorCost: the CQL bindings' attempt deadline, AsyncRetryingExecutor with and without a DeadlineWatch,
#      alternating rounds in one JVM (ns per request);
#   2. the engine's async.deadline.s: this checkout's core against the core of BEFORE (a git commit without it) on
#      the asynchronous path, the AsyncMemoryDB test double answering inline or on its 2 I/O threads, unthrottled,
#      interleaved runs; client CPU per operation from summary.json.
# Usage: bench/async-deadline/run.sh [--before COMMIT] [--repeats N] [--ops N]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
before=d7188b4^
repeats=5
ops=3000000
while [ $# -gt 0 ]; do
  case "$1" in
  --before) before=$2; shift 2 ;;
  --repeats) repeats=$2; shift 2 ;;
  --ops) ops=$2; shift 2 ;;
  *) echo "usage: $0 [--before COMMIT] [--repeats N] [--ops N]" >&2; exit 2 ;;
  esac
done
out=$here/target/run-$(date -u +%Y%m%dT%H%M%SZ)
mkdir -p "$out"
m2=${M2_REPO:-$HOME/.m2/repository}
hdr=$(ls "$m2"/org/hdrhistogram/HdrHistogram/2.2.2/HdrHistogram-2.2.2.jar)

echo "building this checkout (core, binding-support, cql-common; tests skipped)" >&2
# -DskipTests still compiles the tests: core's test classes hold the AsyncMemoryDB test double
(cd "$root" && mvn -B -q -o -pl core,cql-common -am package -DskipTests >"$out/build-after.log" 2>&1)
after_cp="$root/core/target/classes:$root/binding-support/target/classes:$hdr:$root/core/target/test-classes"

echo "building the core of $before" >&2
src=$out/before-src
mkdir -p "$src"
(cd "$root" && git archive "$before") | tar -x -C "$src"
(cd "$src" && mvn -B -q -o -pl core -am package -DskipTests >"$out/build-before.log" 2>&1)
before_cp="$src/core/target/classes:$src/binding-support/target/classes:$hdr:$root/core/target/test-classes"

{
  echo "# issue 35 deadlines: cost per operation"
  echo
  echo "- date: $(date -u +%Y-%m-%dT%H:%M:%SZ); commit $(cd "$root" && git rev-parse --short HEAD) against $before ($(cd "$root" && git rev-parse --short "$before"))"
  echo "- machine: $(nproc) cores, $(java -version 2>&1 | head -1); load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "- command: bench/async-deadline/run.sh --before $before --repeats $repeats --ops $ops"
  echo
  echo "## 1. CQL attempt deadline (AsyncRetryingExecutor, attempts answered at once)"
  echo
  echo '```'
  javac -d "$out/bench" -cp "$root/cql-common/target/classes:$root/binding-support/target/classes:$root/core/target/classes" \
    "$here/ExecutorCost.java"
  java -Xms1g -Xmx1g -cp "$out/bench:$root/cql-common/target/classes:$root/binding-support/target/classes:$root/core/target/classes" \
    ExecutorCost 10 2000000
  echo '```'
  echo
  echo "## 2. engine: async.deadline.s (AsyncMemoryDB, unthrottled, -threads 64, $ops reads)"
  echo
  echo "| case | core | run | ops/s | client CPU s | CPU us/op |"
  echo "|---|---|---|---|---|---|"
} > "$out/results.md"

run() { # case core classpath repeat
  local case=$1 core=$2 cp=$3 n=$4 extra
  extra="-p asyncmemory.inline=true"
  [ "$case" = io ] && extra="-p asyncmemory.delayms=0"
  local dir=$out/$case-$core-$n
  java -Xms1g -Xmx1g -cp "$cp" site.ycsb.Client -t -db site.ycsb.AsyncMemoryDB \
    -p workload=site.ycsb.workloads.CoreWorkload -p recordcount=1000 -p operationcount="$ops" \
    -p readproportion=1 -p updateproportion=0 -threads 64 $extra -p results.dir="$dir" >"$dir.out" 2>"$dir.err"
  python3 - "$dir/summary.json" "$case" "$core" "$n" <<'PY' >>"$out/results.md"
import json, sys
s = json.load(open(sys.argv[1]))
cpu = s["health"]["cpuUsedSec"]
print("| %s | %s | %s | %.0f | %.2f | %.3f |" % (sys.argv[2], sys.argv[3], sys.argv[4], s["throughput"], cpu,
      1e6 * cpu / s["operations"]))
PY
}
for n in $(seq 1 "$repeats"); do
  for case in inline io; do
    if [ $((n % 2)) -eq 1 ]; then
      run $case before "$before_cp" "$n"; run $case after "$after_cp" "$n"
    else
      run $case after "$after_cp" "$n"; run $case before "$before_cp" "$n"
    fi
  done
done
python3 - "$out/results.md" <<'PY' >>"$out/results.md"
import re, statistics, sys
rows = [l.split("|")[1:-1] for l in open(sys.argv[1]) if re.match(r"\| (inline|io) \|", l)]
print()
print("| case | core | median CPU us/op (min-max) | median ops/s |")
print("|---|---|---|---|")
med = {}
for case in ("inline", "io"):
    for core in ("before", "after"):
        r = [x for x in rows if x[0].strip() == case and x[1].strip() == core]
        cpu = [float(x[5]) for x in r]
        med[(case, core)] = statistics.median(cpu)
        print("| %s | %s | %.3f (%.3f-%.3f) | %.0f |" % (case, core, statistics.median(cpu), min(cpu), max(cpu),
              statistics.median([float(x[3]) for x in r])))
print()
for case in ("inline", "io"):
    print("- %s: after/before CPU per operation = %.3f" % (case, med[(case, "after")] / med[(case, "before")]))
PY
echo "- load average after: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/results.md"
cat "$out/results.md"
echo "results: $out/results.md" >&2
