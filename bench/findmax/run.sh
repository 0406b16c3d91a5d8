#!/usr/bin/env bash
# findmax against the project's local Cassandra: starts a real Cassandra (bin/ycsb cassandra-server), loads
# workload A, runs bin/ycsb findmax with follow-ups at 60% and 80% of the maximum, and writes a results file with
# the command, the table, the report location and the machine's load (uptime) before and after. See README.md.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
YCSB="$ROOT/bin/ycsb"
PROG="$(basename "$0")"
# shellcheck source=../lib.sh
. "$ROOT/bench/lib.sh"

usage() {
  cat <<USAGE
Usage: $PROG [options]
  --port N          CQL port of the local Cassandra (default 19042)
  --records N       records loaded (default 20000)
  --threads N       client threads of every step (default 32)
  --sla TEXT        findmax --sla (default 'p99<20ms')
  --start R         first target rate (default 500)
  --step-time T     measured time per step (default 15s)
  --warmup T        warm-up per step (default 5s)
  --max-steps N     at most N search steps (default 10)
  --at LIST         follow-up runs (default 60%,80%)
  --out DIR         findmax output directory (default $HERE/run-<UTC date-time>)
  -h, --help        this text
USAGE
}

PORT=19042
RECORDS=20000
THREADS=32
SLA='p99<20ms'
START=500
STEP_TIME=15s
WARMUP=5s
MAX_STEPS=10
AT=60%,80%
OUT=""
while [ $# -gt 0 ]; do
  case "$1" in
    --port|--records|--threads|--sla|--start|--step-time|--warmup|--max-steps|--at|--out)
      [ $# -ge 2 ] || die "$1 needs a value"
      case "$1" in
        --port) PORT=$2 ;; --records) RECORDS=$2 ;; --threads) THREADS=$2 ;; --sla) SLA=$2 ;;
        --start) START=$2 ;; --step-time) STEP_TIME=$2 ;; --warmup) WARMUP=$2 ;; --max-steps) MAX_STEPS=$2 ;;
        --at) AT=$2 ;; --out) OUT=$2 ;;
      esac
      shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) die "unknown option '$1' (see --help)" ;;
  esac
done
for pair in "--port:$PORT" "--records:$RECORDS" "--threads:$THREADS" "--max-steps:$MAX_STEPS"; do
  need_count "${pair%%:*}" "${pair#*:}"
done
STAMP="$(date -u +%Y%m%d-%H%M%S)"
[ -n "$OUT" ] || OUT="$HERE/run-$STAMP"
[ ! -e "$OUT" ] || die "--out $OUT exists; choose a new directory"

LOAD_BEFORE="$(uptime)"
start_cassandra "$PORT"
COMMON=(-P "$ROOT/workloads/workloada" -p hosts=127.0.0.1 -p port="$PORT" -p recordcount="$RECORDS")
"$YCSB" load cassandra-cql "${COMMON[@]}" -threads 8 > "$SERVER_DIR/load.txt"
FINDMAX=("$YCSB" findmax cassandra-cql "${COMMON[@]}" -threads "$THREADS" --sla "$SLA" --start "$START"
  --step-time "$STEP_TIME" --warmup "$WARMUP" --max-steps "$MAX_STEPS" --at "$AT" --out "$OUT")
set +e
"${FINDMAX[@]}" > "$SERVER_DIR/findmax.out" 2> "$SERVER_DIR/findmax.err"
CODE=$?
set -e
LOAD_AFTER="$(uptime)"
cp "$SERVER_DIR/findmax.err" "$OUT/findmax.log" 2>/dev/null || true
RESULTS="$OUT/RESULTS.md"
{
  echo "# findmax against the local Cassandra ($STAMP UTC)"
  echo
  echo "Machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB; Cassandra (cassandra-server, 1 node) and the"
  echo "client on the same machine, so the maximum is that of a database sharing its CPUs with its client. The load"
  echo "averages below say whether anything else ran: a load before the run well below the core count means a quiet"
  echo "machine; a higher one means the figures show how findmax works, not this database's capacity."
  echo
  echo "- load before: \`$LOAD_BEFORE\`"
  echo "- load after:  \`$LOAD_AFTER\`"
  echo "- findmax exit code: $CODE"
  echo
  echo "Command (after \`bin/ycsb cassandra-server start --dir DIR --port $PORT\` and a load of $RECORDS records):"
  echo
  echo '```sh'
  echo "bench/findmax/run.sh --port $PORT --records $RECORDS --threads $THREADS --sla '$SLA' --start $START \\"
  echo "    --step-time $STEP_TIME --warmup $WARMUP --max-steps $MAX_STEPS --at $AT"
  echo "# which runs:"
  printf '%q ' "${FINDMAX[@]}" | sed "s#$ROOT/##g"
  echo
  echo '```'
  echo
  echo "Result line: \`$(tail -n 1 "$SERVER_DIR/findmax.out" | sed "s#$ROOT/##g")\`"
  echo
  echo "The HTML report with the latency-versus-throughput curve: \`report/report.html\` in this directory"
  echo "(chart: \`report/charts/\`). The table as findmax wrote it:"
  echo
  sed -n '/^| step/,/^$/p' "$OUT/findmax.md"
} > "$RESULTS"
echo "$PROG: wrote $RESULTS" >&2
exit "$CODE"
