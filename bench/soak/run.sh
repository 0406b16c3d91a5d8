#!/usr/bin/env bash
# Soak (issue 46): one long run of the engine, cut into windows (5 minutes by default), to show whether anything
# drifts with the run's length: per window the operations and throughput, the client's CPU per operation (whole
# process, /proc), its RSS, the heap after each GC (-Xlog:gc), and the latency percentiles from the run's own
# HdrHistogram interval logs (intended and service). Then the drift check: the last whole window against the second
# (the first holds the JVM's warm-up) on CPU per operation and RSS, and the results directory's size.
#
#   bench/soak/run.sh [--db null|cassandra|griddb] [--minutes N] [--threads N] [--target N] [--window-minutes N]
#                     [--records N]
#
# null:      the null database (basic binding), 128 threads, -target 100000 by default. Its service time is about a
#            microsecond, so its intended latency is the schedule lag plus that: the intended p99 per window stands
#            for the schedule-lag p99 (the run's schedule-lag.hdr holds the whole run only).
# cassandra: a local Cassandra started here (bin/ycsb cassandra-server, port 9042, heap CASSANDRA_HEAP or 2G;
#            stopped at the end), --records
#            loaded first, then workload A at --target (default 2000 ops/s, 32 threads).
# griddb:    a local GridDB started here (bin/ycsb griddb-server; needs YCSB_GRIDDB_HOME, the directory holding
#            bin/gsserver), same as cassandra (default 2000 ops/s, 32 threads).
# A 24-hour run is the same command with --minutes 1440 (and, for a day of 1 s intervals, a machine to itself).
# Take figures with nothing else running on the machine. Output: a Markdown table on stdout and everything under
# bench/soak/target/soak-*/ (results directory, samples, GC log, the report's per-window table).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$here/../.." && pwd)
# shellcheck disable=SC2034 # read by lib.sh
PROG=bench/soak/run.sh
# shellcheck source=bench/lib.sh disable=SC1091
. "$ROOT/bench/lib.sh"
db=null
minutes=60
window=5
threads=
target=
records=100000
while [ $# -gt 0 ]; do
  case "$1" in
  --db)
    case "${2:-}" in null | cassandra | griddb) db=$2 ;; *) die "--db takes null, cassandra or griddb, got '${2:-}'" ;; esac
    shift 2 ;;
  --minutes) need_count "$1" "${2:-}"; minutes=$2; shift 2 ;;
  --window-minutes) need_count "$1" "${2:-}"; window=$2; shift 2 ;;
  --threads) need_count "$1" "${2:-}"; threads=$2; shift 2 ;;
  --target) need_count "$1" "${2:-}"; target=$2; shift 2 ;;
  --records) need_count "$1" "${2:-}"; records=$2; shift 2 ;;
  *) die "usage: $0 [--db null|cassandra|griddb] [--minutes N] [--threads N] [--target N] [--window-minutes N] [--records N]" ;;
  esac
done
[ "$window" -le "$minutes" ] || die "--window-minutes ($window) is longer than the run (--minutes $minutes)"
case $db in
null) binding=basic; threads=${threads:-128}; target=${target:-100000} ;;
cassandra) binding=cassandra-cql; threads=${threads:-32}; target=${target:-2000} ;;
griddb)
  binding=griddb; threads=${threads:-32}; target=${target:-2000}
  [ -x "${YCSB_GRIDDB_HOME:-}/bin/gsserver" ] || die "--db griddb needs YCSB_GRIDDB_HOME (the directory holding bin/gsserver)"
  ;;
esac
command -v java >/dev/null 2>&1 || die "java is not on PATH"
out=$here/target/soak-$db-${threads}t-$(date -u +%Y%m%dT%H%M%SZ)
mkdir -p "$out"
ticks=$(getconf CLK_TCK)
m2=${M2_REPO:-$HOME/.m2/repository}
hdr_jar=$(ls "$m2"/org/hdrhistogram/HdrHistogram/2.2.2/HdrHistogram-2.2.2.jar 2>/dev/null) ||
  die "HdrHistogram 2.2.2 is not in $m2 (build the project once: mvn -B package -DskipTests)"

griddb_dir=
stop_servers() {
  if [ -n "$griddb_dir" ]; then "$ROOT/bin/ycsb" griddb-server stop --dir "$griddb_dir" >/dev/null 2>&1 || true; fi
  if [ -n "${SERVER_DIR:-}" ]; then stop_cassandra; fi
}
db_args=()
case $db in
null) db_args=(-p basicdb.verbose=false) ;;
cassandra)
  CASSANDRA_HEAP=${CASSANDRA_HEAP:-2G} start_cassandra 9042
  trap stop_servers EXIT
  db_args=(-p hosts=127.0.0.1 -p port=9042)
  ;;
griddb)
  griddb_dir=$out/griddb-node
  trap stop_servers EXIT
  "$ROOT/bin/ycsb" griddb-server start --dir "$griddb_dir" >&2
  ;;
esac
if [ "$db" != null ]; then
  echo "loading $records records into $db" >&2
  "$ROOT/bin/ycsb" load "$binding" -P "$ROOT/workloads/workloada" -p recordcount="$records" -threads 16 \
    "${db_args[@]}" >"$out/load-stdout.txt" 2>"$out/load-stderr.txt" || die "the load failed (see $out/load-stderr.txt)"
fi

echo "running $db for $minutes min at $threads threads, -target $target (started $(date -u +%H:%M:%S) UTC)" >&2
"$ROOT/bin/ycsb" run "$binding" -jvm-args "-Xlog:gc:file=$out/gc.log:timemillis" -P "$ROOT/workloads/workloada" \
  -p recordcount="$records" -p operationcount=0 -p maxexecutiontime=$((minutes * 60)) -threads "$threads" \
  -target "$target" -p status.interval=1 -p measurement.interval=both "${db_args[@]}" -results "$out/results" \
  >"$out/stdout.txt" 2>"$out/stderr.txt" &
pid=$!
echo "epoch_ms,cpu_ticks,rss_kb" >"$out/samples.csv"
# One sample a second of the engine's JVM (the launcher execs java, so the pid stays; before that it is a shell).
while kill -0 "$pid" 2>/dev/null; do
  if [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = java ]; then
    stat=$(cat "/proc/$pid/stat" 2>/dev/null) || break
    rss=$(awk '/^VmRSS:/ {print $2}' "/proc/$pid/status" 2>/dev/null) || break
    # Fields after the command name (which ends at the last ')'): utime and stime are the 12th and 13th of them.
    # shellcheck disable=SC2086 # split into fields on purpose
    set -- ${stat##*") "}
    echo "$(date +%s%3N),$((${12} + ${13})),$rss" >>"$out/samples.csv"
  fi
  sleep 1
done
rc=0
wait "$pid" || rc=$?
[ "$rc" -eq 0 ] || echo "note: the run exited $rc (see $out/stderr.txt); its figures are kept" >&2

"$ROOT/bin/ycsb" report -o "$out/report" --format md,csv --bucket "${window}m" "$out/results" >"$out/report.log" 2>&1 ||
  echo "note: bin/ycsb report failed (see $out/report.log)" >&2
{
  echo "Soak: $db, $minutes min, $threads threads, -target $target, status.interval=1, measurement.interval=both;"
  echo "commit $(git -C "$ROOT" rev-parse --short HEAD), $(nproc) cores, load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)."
  echo "Engine exit status: $rc. Summary: $(sed -n 's/^\[OVERALL\], Throughput(ops\/sec), /throughput /p' "$out/stdout.txt") ops/s."
  echo
  java -cp "$hdr_jar" "$here/SoakWindows.java" "$out/results" "$out/samples.csv" "$out/gc.log" $((window * 60)) "$ticks"
  echo
  echo "Results directory: $(du -sb "$out/results" | cut -f1) bytes ($(du -sh "$out/results" | cut -f1)); per file:"
  echo
  (cd "$out/results" && find . -type f -printf '%s %P\n' | sort -k2) | awk '{printf "- %s: %d bytes\n", $2, $1}'
} | tee "$out/results.md"
echo "Directory: $out" >&2
