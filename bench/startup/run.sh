#!/usr/bin/env bash
# Start-up benchmark against the local Cassandra (issue 18): the suite a new user runs, with default options,
# and per phase the schedule lag p99 and the intended versus service p99 read back from each summary.json.
# Usage: bench/startup/run.sh [--port P] [--records N] [--ops N] [--threads N] [--target R] [--workloads LIST]
#                             [--warmup W (-p warmup=W; default: the suite's own)] [--out DIR]
#                             [--warm-server S (before the suite, S seconds of unthrottled workload A against the
#                              fresh server, so that its own JIT is warm; default 0: a cold server, as a new user has)]
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
YCSB="$ROOT/bin/ycsb"
PORT=19043 RECORDS=20000 OPS=20000 THREADS=16 TARGET=2000 WORKLOADS="" WARMUP="" OUT="" WARM_SERVER=0
PROG=bench/startup
# shellcheck source=../lib.sh
. "$ROOT/bench/lib.sh"
while [ $# -gt 0 ]; do
  case "$1" in
    --help|-h) sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    --port|--records|--ops|--threads|--target|--workloads|--warmup|--out|--warm-server)
      [ $# -ge 2 ] || die "$1 needs a value"
      case "$1" in
        --port) PORT=$2 ;; --records) RECORDS=$2 ;; --ops) OPS=$2 ;; --threads) THREADS=$2 ;;
        --target) TARGET=$2 ;; --workloads) WORKLOADS=$2 ;; --warmup) WARMUP=$2 ;; --out) OUT=$2 ;;
        --warm-server) WARM_SERVER=$2 ;;
      esac
      shift 2 ;;
    *) die "unknown option '$1' (see --help)" ;;
  esac
done
for pair in "--port:$PORT" "--records:$RECORDS" "--ops:$OPS" "--threads:$THREADS" "--target:$TARGET"; do
  need_count "${pair%%:*}" "${pair#*:}"
done
[[ "$WARM_SERVER" =~ ^[0-9]+$ ]] || die "--warm-server needs a whole number of seconds, got '$WARM_SERVER'"
command -v python3 >/dev/null || die "python3 is needed to read summary.json files"
STAMP="$(date -u +%Y%m%d-%H%M%S)"
[ -n "$OUT" ] || OUT="$HERE/run-$STAMP"
[ ! -e "$OUT" ] || die "--out $OUT exists; choose a new directory"

LOAD_BEFORE="$(uptime)"
start_cassandra "$PORT"
if [ "$WARM_SERVER" -gt 0 ]; then
  echo "Warming the server: load $RECORDS records, then $WARM_SERVER s of unthrottled workload A..." >&2
  WARM=(-P "$ROOT/workloads/workloada" -p hosts=127.0.0.1 -p port="$PORT" -p recordcount="$RECORDS")
  "$YCSB" load cassandra-cql "${WARM[@]}" -threads 16 > "$SERVER_DIR/warm-load.out" 2> "$SERVER_DIR/warm-load.err" \
    || die "warming the server failed (see $SERVER_DIR/warm-load.err)"
  "$YCSB" run cassandra-cql "${WARM[@]}" -threads 64 -p operationcount=1000000000 -p maxexecutiontime="$WARM_SERVER" \
    > "$SERVER_DIR/warm-run.out" 2> "$SERVER_DIR/warm-run.err" || die "warming the server failed (see $SERVER_DIR/warm-run.err)"
fi
SUITE=("$YCSB" suite cassandra-cql ${WORKLOADS:+--workloads "$WORKLOADS"} -p hosts=127.0.0.1 -p port="$PORT" -p recordcount="$RECORDS"
  -p operationcount="$OPS" -threads "$THREADS" -target "$TARGET" -p measurement.interval=both ${WARMUP:+-p warmup="$WARMUP"}
  --out "$OUT")
set +e
"${SUITE[@]}" > "$SERVER_DIR/suite.out" 2> "$SERVER_DIR/suite.err"
CODE=$?
set -e
LOAD_AFTER="$(uptime)"
mkdir -p "$OUT"
cp "$SERVER_DIR/suite.out" "$OUT/suite.out"; cp "$SERVER_DIR/suite.err" "$OUT/suite.log"
{
  echo "# Start-up benchmark: suite against the local Cassandra ($STAMP UTC)"
  echo
  echo "Machine: $(nproc) cores; Cassandra (cassandra-server, 1 node) and the client on the same machine."
  echo
  echo "- load before: \`$LOAD_BEFORE\`"
  echo "- load after:  \`$LOAD_AFTER\`"
  echo "- suite exit code: $CODE"
  echo "- server warmed before the suite: $WARM_SERVER s of unthrottled workload A (0 = a freshly started server)"
  echo
  echo '```sh'
  printf '%q ' "${SUITE[@]}" | sed "s#$ROOT/##g"
  echo
  echo '```'
  echo
  python3 - "$OUT" <<'PY'
import json, os, sys
out = sys.argv[1]
print("| phase | ops/s | warm-up (ops, ms) | schedule lag p99 / max (ms) | op | service p99 (ms) | intended p99 (ms) | intended / service |")
print("|---|---:|---|---:|---|---:|---:|---:|")
for root, _, files in sorted(os.walk(out)):
    if "summary.json" not in files:
        continue
    s = json.load(open(os.path.join(root, "summary.json")))
    h = s.get("health") or {}
    w = s.get("warmup") or {}
    m = s["measurements"]
    lag = "%.2f / %.1f" % (h.get("scheduleLagP99Us", 0) / 1000, h.get("scheduleLagMaxUs", 0) / 1000)
    for op in sorted(k for k in m if not k.startswith("Intended-")):
        svc = m[op].get("percentilesUs", {}).get("99")
        intended = m.get("Intended-" + op, {}).get("percentilesUs", {}).get("99")
        if svc is None or intended is None:
            continue
        print("| %s | %.0f | %s, %s | %s | %s | %.2f | %.2f | %.2f |" % (
            os.path.relpath(root, out), s["throughput"], w.get("operations", 0), w.get("durationMs", 0), lag, op,
            svc / 1000, intended / 1000, intended / svc if svc else float("nan")))
PY
} > "$OUT/RESULTS.md"
echo "bench/startup: results in $OUT/RESULTS.md (suite exit $CODE)"
