#!/usr/bin/env bash
# How fast each file of a results directory grows (issue 46): one engine run of the null database (basic binding)
# for --seconds at --threads and --target, 1 s intervals, measurement.interval=both; then each file's bytes, bytes
# per interval (second) and, from those, per hour and per 24 hours. The HdrHistogram logs grow with how many distinct
# latencies an interval holds, so the run can spread them (--delay-ms: basicdb.simulatedelay, a uniform delay in
# [0, N] ms per operation). Prints a Markdown table on stdout; the run's directory stays under target/.
# Usage: bench/soak/file-growth.sh [--seconds N] [--threads N] [--target N] [--delay-ms N]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
# shellcheck disable=SC2034 # read by lib.sh
PROG=bench/soak/file-growth.sh
# shellcheck source=bench/lib.sh disable=SC1091
. "$root/bench/lib.sh"
seconds=60
threads=128
target=100000
delay=0
while [ $# -gt 0 ]; do
  case "$1" in
  --seconds) need_count "$1" "${2:-}"; seconds=$2; shift 2 ;;
  --threads) need_count "$1" "${2:-}"; threads=$2; shift 2 ;;
  --target) need_count "$1" "${2:-}"; target=$2; shift 2 ;;
  --delay-ms) [[ "${2:-}" =~ ^[0-9]+$ ]] || die "--delay-ms needs a whole number, got '${2:-}'"; delay=$2; shift 2 ;;
  *) die "usage: $0 [--seconds N] [--threads N] [--target N] [--delay-ms N]" ;;
  esac
done
out=$here/target/growth-$(date -u +%Y%m%dT%H%M%SZ)
mkdir -p "$out"
if [ "${SKIP_BUILD:-}" != 1 ]; then
  echo "building core (tests skipped)" >&2
  (cd "$root" && mvn -B -q -o -pl core -am package -DskipTests -Djapicmp.skip=true >"$out/build.log" 2>&1)
fi
m2=${M2_REPO:-$HOME/.m2/repository}
cp="$root/core/target/classes:$root/binding-support/target/classes:$(ls "$m2"/org/hdrhistogram/HdrHistogram/2.2.2/HdrHistogram-2.2.2.jar)"
java -cp "$cp" site.ycsb.Client -t -db site.ycsb.BasicDB -P "$root/workloads/workloada" \
  -p recordcount=100000 -p operationcount=0 -p maxexecutiontime="$seconds" -threads "$threads" -target "$target" \
  -p basicdb.verbose=false -p basicdb.simulatedelay="$delay" -p status.interval=1 -p measurement.interval=both \
  -p results.dir="$out/results" >"$out/stdout.txt" 2>"$out/stderr.txt" || die "the run failed (see $out/stderr.txt)"
intervals=$(grep -c ',OVERALL,' "$out/results/timeseries.csv")
rate=$(sed -n 's/^\[OVERALL\], Throughput(ops\/sec), //p' "$out/stdout.txt")
echo "Run: $seconds s, $threads threads, -target $target, basicdb.simulatedelay=$delay: $rate ops/s, $intervals intervals."
echo
echo "| file | bytes | bytes per interval | per hour (MB) | per 24 h (MB) |"
echo "|---|---:|---:|---:|---:|"
(cd "$out/results" && find . -type f | sed 's|^\./||' | sort) | while read -r f; do
  b=$(stat -c %s "$out/results/$f")
  awk -v f="$f" -v b="$b" -v n="$intervals" 'BEGIN {
    per = b / n; printf "| %s | %d | %.0f | %.1f | %.0f |\n", f, b, per, per * 3600 / 1e6, per * 86400 / 1e6 }'
done
echo
echo "(output.txt and summary.json are written once at the end: their per-interval figures mean nothing.)"
echo "Directory: $out"
