#!/usr/bin/env bash
# The head's cost of merging a big fleet: time and peak memory (RSS) of `bin/ycsb merge` over N clients' result
# directories of M minutes each, with the engine's 1 s interval logs. One real client run of M minutes is recorded
# (BasicDB, workload A, measurement.interval=both, so four HDR interval logs of one interval per second) and copied
# N times, each copy its own client (runId and host rewritten, nothing else): the merge reads and adds every
# interval of every client as it would for N different machines. See README.md.
set -euo pipefail
{

HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
PROG="$(basename "$0")"
ARGV="$*"
# shellcheck source=../lib.sh
. "$ROOT/bench/lib.sh"

usage() {
  cat <<USAGE
Usage: $PROG --ycsb DIR [options]
  --ycsb DIR         an unpacked YCSB installation (tar -xzf distribution/target/ycsb-*.tar.gz) whose bin/ycsb
                     records the client run and merges
  --work DIR         where the client run and the copies go (default: a new directory under \${TMPDIR:-/tmp})
  --clients N        copies merged (default 32)
  --minutes M        length of the recorded client run (default 60)
  --client DIR       merge copies of this existing client result directory instead of recording one
  --rate R           the client run's -target (default 2000)
  --threads N        the client run's -threads (default 32)
  --heap SIZE        the merge JVM's -Xmx (default: the JVM's own default)
  --record-only      record the client run and stop (merge it later with --client WORK/client, when the machine
                     is quiet)
  --out FILE         results file (default $HERE/merge-results-<date>.md)
  -h, --help         this text
USAGE
}

RECORD_ONLY=false; YCSB=""; WORK=""; CLIENTS=32; MINUTES=60; CLIENT=""; RATE=2000; THREADS=32; HEAP=""; OUT=""
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --record-only) RECORD_ONLY=true; shift; continue ;;
    --ycsb|--work|--clients|--minutes|--client|--rate|--threads|--heap|--out) [ $# -ge 2 ] || die "$1 needs a value" ;;
    *) die "unknown option '$1' (see --help)" ;;
  esac
  case "$1" in
    --ycsb) YCSB="$2" ;; --work) WORK="$2" ;; --clients) need_count "$1" "$2"; CLIENTS="$2" ;;
    --minutes) need_count "$1" "$2"; MINUTES="$2" ;; --client) CLIENT="$2" ;;
    --rate) need_count "$1" "$2"; RATE="$2" ;; --threads) need_count "$1" "$2"; THREADS="$2" ;;
    --heap) HEAP="$2" ;; --out) OUT="$2" ;;
  esac
  shift 2
done
[ -n "$YCSB" ] || die "give --ycsb DIR (an unpacked tarball)"
[ -x "$YCSB/bin/ycsb" ] || die "--ycsb $YCSB has no bin/ycsb"
[ -x /usr/bin/time ] || die "/usr/bin/time is needed for the peak RSS (Debian: apt-get install time)"
[ -z "$CLIENT" ] || [ -f "$CLIENT/summary.json" ] || die "--client $CLIENT has no summary.json"
WORK="${WORK:-$(mktemp -d "${TMPDIR:-/tmp}/fleet-merge-bench.XXXXXX")}"
mkdir -p "$WORK"
OUT="${OUT:-$HERE/merge-results-$(date -u +%Y-%m-%d).md}"

if [ -z "$CLIENT" ]; then
  CLIENT="$WORK/client"
  [ ! -e "$CLIENT" ] || die "$CLIENT exists; give --client $CLIENT to reuse it or another --work"
  echo "$PROG: recording one client run of $MINUTES minutes into $CLIENT" >&2
  "$YCSB/bin/ycsb" run basic -P "$YCSB/workloads/workloada" -p recordcount=100000 \
    -p operationcount=$((RATE * MINUTES * 60)) -p maxexecutiontime=$((MINUTES * 60)) -target "$RATE" \
    -threads "$THREADS" -p basicdb.verbose=false -p basicdb.simulatedelay=10 -p basicdb.randomizedelay=true \
    -p measurement.interval=both -p warmup=0 -p results.dir="$CLIENT" -s -p status.interval=60 \
    >"$WORK/client-output.txt" 2>"$WORK/client-stderr.txt" || die "the client run failed (see $WORK/client-stderr.txt)"
fi
if [ "$RECORD_ONLY" = true ]; then
  echo "$PROG: recorded $CLIENT; merge with: $PROG --ycsb $YCSB --work $WORK --client $CLIENT" >&2
  exit 0
fi

echo "$PROG: $CLIENTS copies of $CLIENT" >&2
rm -rf "$WORK/clients" "$WORK/merged"
mkdir -p "$WORK/clients"
for i in $(seq 1 "$CLIENTS"); do
  c="$WORK/clients/c$i"
  cp -r "$CLIENT" "$c"
  # its own client: a runId and a host of its own (merge refuses the same run twice), the figures unchanged
  python3 - "$c/summary.json" "$i" <<'PY'
import json, sys, uuid
path, i = sys.argv[1], sys.argv[2]
s = json.load(open(path))
s["runId"] = str(uuid.uuid4())
s["host"] = "client-%s" % i
json.dump(s, open(path, "w"), indent=2)
PY
done
SIZE_ONE=$(du -sh "$CLIENT" | cut -f1)
SIZE_ALL=$(du -sh "$WORK/clients" | cut -f1)
INTERVALS=$(tail -n +2 "$CLIENT/timeseries.csv" | cut -d, -f1 | sort -u | wc -l)
RUN_MIN=$(python3 -c "import json,sys; s=json.load(open(sys.argv[1])); print('%.1f' % ((s['endEpochMs'] - s['startEpochMs']) / 60000))" "$CLIENT/summary.json")
LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
OTHERS=$(ps -eo pcpu,comm --sort=-pcpu | awk 'NR>1 && $1>5 {printf "%s %s%%; ", $2, $1}')
export JAVA_OPTS="${HEAP:+-Xmx$HEAP}"
sync
/usr/bin/time -v -o "$WORK/merge-time.txt" "$YCSB/bin/ycsb" merge -o "$WORK/merged" "$WORK"/clients/c* \
  >"$WORK/merge-output.txt" 2>"$WORK/merge-stderr.txt" || die "merge failed (see $WORK/merge-stderr.txt)"
LOAD_AFTER=$(cut -d' ' -f1-3 /proc/loadavg)
WALL=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$WORK/merge-time.txt")
RSS_KB=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$WORK/merge-time.txt")
CPU_USER=$(awk -F': ' '/User time/ {print $2}' "$WORK/merge-time.txt")
CPU_SYS=$(awk -F': ' '/System time/ {print $2}' "$WORK/merge-time.txt")
OPS_ONE=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['operations'])" "$CLIENT/summary.json")
OPS_MERGED=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['operations'])" "$WORK/merged/summary.json")

{
  echo "# Merge of $CLIENTS clients x $RUN_MIN minutes of 1 s interval logs: the head's time and memory"
  echo
  echo "Run $(date -u +%Y-%m-%dT%H:%MZ) on $(nproc) cores, $(free -m | awk '/Mem:/ {print $2}') MB RAM, $(java -version 2>&1 | head -n 1)."
  echo "Command: \`bench/fleet-scale/$PROG $ARGV\`"
  echo
  echo "| figure | value |"
  echo "|---|---|"
  echo "| clients merged | $CLIENTS (copies of one real client run, each its own runId and host) |"
  echo "| one client's record | $SIZE_ONE, $RUN_MIN minutes measured, $INTERVALS one-second intervals in timeseries.csv, $(find "$CLIENT/hdr" -name "*.hdr" | wc -l) HDR interval logs |"
  echo "| all inputs | $SIZE_ALL |"
  echo "| merge wall time | $WALL |"
  echo "| merge CPU | user $CPU_USER s, system $CPU_SYS s |"
  echo "| merge peak RSS | $((RSS_KB / 1024)) MB (JAVA_OPTS='${JAVA_OPTS}') |"
  echo "| operations: one client, merged | $OPS_ONE, $OPS_MERGED (= $CLIENTS x $OPS_ONE: $([ "$OPS_MERGED" -eq $((CLIENTS * OPS_ONE)) ] && echo yes || echo NO)) |"
  echo "| load average before, after (1, 5, 15 min) | $LOAD_BEFORE; $LOAD_AFTER |"
  echo "| other processes above 5% CPU when the merge started | ${OTHERS:-none} |"
  echo
  echo "merge's stderr:"
  echo
  echo '```'
  cat "$WORK/merge-stderr.txt"
  echo '```'
} >"$OUT"
echo "$PROG: results in $OUT (work directory $WORK)" >&2
exit 0
}
