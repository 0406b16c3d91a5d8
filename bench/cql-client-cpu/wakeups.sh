#!/usr/bin/env bash
# What each way of amortising wake-ups buys on the asynchronous path at a fixed rate: runs the blocking path, the
# asynchronous path and the asynchronous path with dispatch windows side by side against the project's local
# Cassandra, each through threads.sh, and writes per case the CPU and the context switches per operation of
# every thread group in a steady-state window. See README.md.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
PROG="$(basename "$0")"
# shellcheck source=../lib.sh
. "$ROOT/bench/lib.sh"

usage() {
  cat <<EOF
Usage: $PROG [options]
  --lib DIR       the project's client jars (default: the newest $HERE/target/run-*/ours-lib, which run.sh builds)
  --rate N        ops/s (default 3000)
  --windows LIST  dispatch windows in µs for the async cases (default 250,1000,5000)
  --repeat N      rounds of all cases (default 2)
  --port N        CQL port of the local Cassandra (default 9143)
  --out FILE      results file (default $HERE/wakeups-<date>.md)
  -h, --help      this text
EOF
}

LIB=""; RATE=3000; WINDOWS="250,1000,5000"; REPEAT=2; PORT=9143; OUT=""
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --lib|--rate|--windows|--repeat|--port|--out) [ $# -ge 2 ] || die "$1 needs a value (see --help)" ;;
    *) die "unknown option '$1' (see --help)" ;;
  esac
  case "$1" in
    --lib) LIB="$2" ;;
    --rate) need_count "$1" "$2"; RATE="$2" ;;
    --windows) [[ "$2" =~ ^[1-9][0-9]*(,[1-9][0-9]*)*$ ]] || die "--windows takes a comma list of µs, got '$2'"; WINDOWS="$2" ;;
    --repeat) need_count "$1" "$2"; REPEAT="$2" ;;
    --port) need_count "$1" "$2"; PORT="$2" ;;
    --out) OUT="$2" ;;
  esac
  shift 2
done
if [ -z "$LIB" ]; then
  LIB="$(ls -d "$HERE"/target/run-*/ours-lib 2>/dev/null | sort | tail -n 1 || true)"
  [ -n "$LIB" ] || die "no client jars: run run.sh (or run.sh --quick) first, or give --lib DIR"
fi
[ -d "$LIB" ] || die "--lib $LIB is not a directory"
[ -n "$OUT" ] || OUT="$HERE/wakeups-$(date -u +%Y-%m-%d).md"

start_cassandra "$PORT"
WL=(-P "$ROOT/workloads/workloada" -p hosts=127.0.0.1 -p port="$PORT" -p recordcount=10000)
java -cp "$LIB/*" site.ycsb.Client -load -db site.ycsb.db.CassandraCQLClient "${WL[@]}" -threads 8 >/dev/null 2>&1 \
  || die "the load failed"

CASES=("blocking|-threads 16 -p async=false" "async|-threads 64 -p async=true")
IFS=, read -r -a WS <<<"$WINDOWS"
for w in "${WS[@]}"; do CASES+=("async, ${w} µs window|-threads 64 -p async=true -p async.window.us=$w"); done

LOAD_BEFORE="$(cut -d' ' -f1-3 /proc/loadavg)"
BODY="$(mktemp)"
trap 'rm -f "$BODY"; stop_cassandra' EXIT
for rep in $(seq 1 "$REPEAT"); do
  for c in "${CASES[@]}"; do
    name="${c%%|*}"; read -r -a extra <<<"${c#*|}"
    echo "$name, round $rep..." >&2
    {
      echo "### $name, round $rep"
      echo
      echo '```'
      "$HERE/threads.sh" --window 25-40 -- java -Xms512m -Xmx512m -cp "$LIB/*" site.ycsb.Client -t \
        -db site.ycsb.db.CassandraCQLClient "${WL[@]}" -p operationcount=1000000000 -p maxexecutiontime=45 \
        -s -p status.interval=1 -target "$RATE" -p cassandra.readconsistencylevel=ONE \
        -p cassandra.writeconsistencylevel=ONE "${extra[@]}" 2>&1 || echo "(failed)"
      echo '```'
      echo
    } >>"$BODY"
  done
done
{
  echo "# Wake-ups per operation at $RATE ops/s: blocking, asynchronous, dispatch windows ($(date -u +%Y-%m-%d))"
  echo
  echo "Workload A against the project's local Cassandra on the same machine (127.0.0.1:$PORT), 10,000 records, each"
  echo "case 45 s, measured between its status lines 25 s and 40 s by \`threads.sh\` (CPU and context switches per"
  echo "operation and thread group; voluntary switches are wake-ups). Cases interleaved, $REPEAT round(s)."
  echo
  echo "- CPU: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1), nproc $(nproc)"
  echo "- Load average before: $LOAD_BEFORE; after: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "- Java: $(java -version 2>&1 | head -n 1); client jars: $LIB"
  echo
  cat "$BODY"
} >"$OUT"
echo "Results: $OUT" >&2
