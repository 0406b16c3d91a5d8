#!/usr/bin/env bash
# Start-up benchmark against the local Cassandra (issue 18): the suite a new user runs, with default options,
# and per phase the schedule lag p99 and the intended versus service p99 read back from each summary.json.
# Usage: bench/startup/run.sh [--port P] [--records N] [--ops N] [--threads N] [--target R] [--workloads LIST]
#                             [--warmup W (-p warmup=W; default: the suite's own)] [--out DIR]
#                             [--warm-server S (before the suite, S seconds of unthrottled workload A against the
#                              fresh server, so that its own JIT is warm; default 0: a cold server, as a new user has)]
#                             [--server-nice N (the server at nice N, so that the client is scheduled first, as on a
#                              machine of its own; default: not niced)]
#                             [--repeats N (N runs, each on a freshly started server; default 1)]
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
YCSB="$ROOT/bin/ycsb"
PORT=19043 RECORDS=20000 OPS=20000 THREADS=16 TARGET=2000 WORKLOADS="" WARMUP="" OUT="" WARM_SERVER=0
SERVER_NICE="" REPEATS=1
PROG=bench/startup
# shellcheck source=../lib.sh
. "$ROOT/bench/lib.sh"
while [ $# -gt 0 ]; do
  case "$1" in
    --help|-h) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    --port|--records|--ops|--threads|--target|--workloads|--warmup|--out|--warm-server|--server-nice|--repeats)
      [ $# -ge 2 ] || die "$1 needs a value"
      case "$1" in
        --port) PORT=$2 ;; --records) RECORDS=$2 ;; --ops) OPS=$2 ;; --threads) THREADS=$2 ;;
        --target) TARGET=$2 ;; --workloads) WORKLOADS=$2 ;; --warmup) WARMUP=$2 ;; --out) OUT=$2 ;;
        --warm-server) WARM_SERVER=$2 ;; --server-nice) SERVER_NICE=$2 ;; --repeats) REPEATS=$2 ;;
      esac
      shift 2 ;;
    *) die "unknown option '$1' (see --help)" ;;
  esac
done
for pair in "--port:$PORT" "--records:$RECORDS" "--ops:$OPS" "--threads:$THREADS" "--target:$TARGET" \
    "--repeats:$REPEATS"; do
  need_count "${pair%%:*}" "${pair#*:}"
done
[[ "$WARM_SERVER" =~ ^[0-9]+$ ]] || die "--warm-server needs a whole number of seconds, got '$WARM_SERVER'"
[ -z "$SERVER_NICE" ] || [[ "$SERVER_NICE" =~ ^([1-9]|1[0-9])$ ]] \
  || die "--server-nice needs a niceness from 1 to 19, got '$SERVER_NICE'"
command -v python3 >/dev/null || die "python3 is needed to read summary.json files"
STAMP="$(date -u +%Y%m%d-%H%M%S)"
[ -n "$OUT" ] || OUT="$HERE/run-$STAMP"
[ ! -e "$OUT" ] || die "--out $OUT exists; choose a new directory"
CASSANDRA_NICE=$SERVER_NICE

LOAD_BEFORE="$(uptime)"
CODES=()
for rep in $(seq 1 "$REPEATS"); do
  REP_OUT="$OUT/rep-$rep"
  [ "$REPEATS" -gt 1 ] || REP_OUT="$OUT"
  start_cassandra "$PORT"
  if [ "$WARM_SERVER" -gt 0 ]; then
    echo "Warming the server: load $RECORDS records, then $WARM_SERVER s of unthrottled workload A..." >&2
    WARM=(-P "$ROOT/workloads/workloada" -p hosts=127.0.0.1 -p port="$PORT" -p recordcount="$RECORDS")
    "$YCSB" load cassandra-cql "${WARM[@]}" -threads 16 > "$SERVER_DIR/warm-load.out" 2> "$SERVER_DIR/warm-load.err" \
      || die "warming the server failed (see $SERVER_DIR/warm-load.err)"
    "$YCSB" run cassandra-cql "${WARM[@]}" -threads 64 -p operationcount=1000000000 -p maxexecutiontime="$WARM_SERVER" \
      > "$SERVER_DIR/warm-run.out" 2> "$SERVER_DIR/warm-run.err" || die "warming the server failed (see $SERVER_DIR/warm-run.err)"
  fi
  SUITE=("$YCSB" suite cassandra-cql ${WORKLOADS:+--workloads "$WORKLOADS"} -p hosts=127.0.0.1 -p port="$PORT"
    -p recordcount="$RECORDS" -p operationcount="$OPS" -threads "$THREADS" -target "$TARGET"
    -p measurement.interval=both ${WARMUP:+-p warmup="$WARMUP"} --out "$REP_OUT")
  echo "bench/startup: run $rep of $REPEATS" >&2
  set +e
  "${SUITE[@]}" > "$SERVER_DIR/suite.out" 2> "$SERVER_DIR/suite.err"
  CODES+=($?)
  set -e
  mkdir -p "$REP_OUT"
  cp "$SERVER_DIR/suite.out" "$REP_OUT/suite.out"; cp "$SERVER_DIR/suite.err" "$REP_OUT/suite.log"
  stop_cassandra
  trap - EXIT
done
LOAD_AFTER="$(uptime)"
{
  echo "# Start-up benchmark: suite against the local Cassandra ($STAMP UTC)"
  echo
  echo "Machine: $(nproc) cores; Cassandra (cassandra-server, 1 node) and the client on the same machine."
  echo
  echo "- load before: \`$LOAD_BEFORE\`"
  echo "- load after:  \`$LOAD_AFTER\`"
  echo "- runs: $REPEATS, each on a freshly started server; suite exit codes: ${CODES[*]}"
  echo "- server warmed before each suite: $WARM_SERVER s of unthrottled workload A (0 = a freshly started server)"
  echo "- server niceness: ${SERVER_NICE:-0 (not niced: it competes with the client for the cores)}"
  echo
  [ "$REPEATS" -eq 1 ] || echo "The last run's command (the others differ only in --out):"
  echo '```sh'
  printf '%q ' "${SUITE[@]}" | sed "s#$ROOT/##g"
  echo
  echo '```'
  echo
  python3 "$HERE/summarize.py" "$OUT"
} > "$OUT/RESULTS.md"
echo "bench/startup: results in $OUT/RESULTS.md (suite exit codes ${CODES[*]})"
