#!/usr/bin/env bash
# CPU per operation of several builds of a core, side by side (issue 34's A/B): each build runs the same throttled
# workload-A case on the null database under `perf stat`, the builds interleaved run by run, several rounds; prints
# per build the median (min-max) of CPU microseconds and context switches per operation, and the achieved rate.
# See findings-threads.md.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
PROG="$(basename "$0")"
# shellcheck source=../lib.sh
. "$HERE/../lib.sh"

usage() {
  cat <<EOF
Usage: $PROG [options] NAME=LIBDIR [NAME=LIBDIR ...]
  NAME=LIBDIR      a build: LIBDIR holds its jars (this core + binding-support + HdrHistogram, or 0.17.0's lib/)
  --threads N      -threads (default 256)
  --target N       -target, ops/s (default 100000)
  --seconds S      run length: operationcount = target x S (default 6)
  --rounds N       rounds; each runs every build once, in the order given (default 3)
  --out FILE       also append the raw lines here (default: a temporary file)
  -h, --help       this text
Needs perf (perf stat) and java on PATH.
EOF
}

THREADS=256 TARGET=100000 SECONDS_=6 ROUNDS=3 OUT="" BUILDS=()
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --threads|--target|--seconds|--rounds)
      [ $# -ge 2 ] || die "$1 needs a value (see --help)"
      need_count "$1" "$2"
      case "$1" in --threads) THREADS=$2 ;; --target) TARGET=$2 ;; --seconds) SECONDS_=$2 ;; --rounds) ROUNDS=$2 ;; esac
      shift 2 ;;
    --out) [ $# -ge 2 ] || die "--out needs a value"; OUT=$2; shift 2 ;;
    -*) die "unknown option '$1' (see --help)" ;;
    *=*) [ -d "${1#*=}" ] || die "not a directory: ${1#*=}"; BUILDS+=("$1"); shift ;;
    *) die "a build is NAME=LIBDIR, got '$1'" ;;
  esac
done
[ ${#BUILDS[@]} -ge 1 ] || die "give at least one build NAME=LIBDIR (see --help)"
command -v perf >/dev/null 2>&1 || die "perf is missing (Debian package linux-perf)"
[ -n "$OUT" ] || OUT="$(mktemp "${TMPDIR:-/tmp}/cpu-ab.XXXXXX")"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/cpu-ab-runs.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
OPS=$(( TARGET * SECONDS_ ))

for round in $(seq 1 "$ROUNDS"); do
  for b in "${BUILDS[@]}"; do
    name=${b%%=*} lib=${b#*=}
    load1="$(cut -d' ' -f1 /proc/loadavg)"
    perf stat -x, -e task-clock,context-switches -o "$WORK/perf" java -Xms1g -Xmx1g -cp "$lib/*" site.ycsb.Client -t \
      -db site.ycsb.BasicDB -P "$HERE/workloads/workloada" -p basicdb.verbose=false -threads "$THREADS" \
      -target "$TARGET" -p measurement.interval=both -p operationcount="$OPS" >"$WORK/out" 2>"$WORK/err" </dev/null \
      || echo "$PROG: $name exited non-zero in round $round (see its output above)" >&2
    awk -F, -v name="$name" -v round="$round" -v ops="$OPS" -v load1="$load1" -v target="$TARGET" -v out="$WORK/out" '
      $3 == "task-clock" { ms = $1 } $3 == "context-switches" { cs = $1 }
      END {
        while ((getline line < out) > 0) {
          n = split(line, f, ", ")
          if (f[1] == "[OVERALL]" && f[2] == "Throughput(ops/sec)") thr = f[3]
          if (f[1] == "[Intended-READ]" && f[2] == "99thPercentileLatency(us)") p99 = f[3]
        }
        printf "%s\t%d\t%.3f\t%.3f\t%.2f\t%s\t%s\n", name, round, ms * 1000 / ops, cs / ops, thr / target * 100, p99, load1
      }' "$WORK/perf" | tee -a "$OUT" >&2
  done
done

echo "threads $THREADS, target $TARGET, $OPS operations per run, $ROUNDS round(s); raw lines in $OUT"
echo "| build | CPU us per operation | context switches per operation | achieved % | intended READ p99 (us) |"
echo "|---|---:|---:|---:|---:|"
for b in "${BUILDS[@]}"; do
  name=${b%%=*}
  awk -F'\t' -v name="$name" '
    function med(a, n,   i, j, t) {
      for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
      return (n % 2) ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    function cell(a, n, d,   m) { m = med(a, n); return sprintf("%." d "f (%." d "f-%." d "f)", m, a[1], a[n]) }
    $1 == name { n++; cpu[n] = $3; cs[n] = $4; ach[n] = $5; p[n] = $6 }
    END { if (n) printf "| %s | %s | %s | %s | %s |\n", name, cell(cpu, n, 2), cell(cs, n, 2), cell(ach, n, 1), cell(p, n, 0) }
  ' "$OUT"
done
