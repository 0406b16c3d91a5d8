#!/usr/bin/env bash
# Workload E as issue 19 states it (100k records, 8 threads, default layout): GridDB's single node, then the local
# Cassandra, each alone on the machine, each run ROUNDS times for RUN_SECONDS; prints the figures and the load averages.
# Needs YCSB_GRIDDB_HOME (a GridDB installation with bin/gsserver); Cassandra comes from bin/ycsb cassandra-server.
#   bench/griddb-scan/e-vs-cassandra.sh > results.txt
# Env: RECORDS (100000), THREADS (8), RUN_SECONDS (30), ROUNDS (2), PORT_BASE (10001), CQL_PORT (19044),
#      LAYOUTS ("default"; each word is a GridDB table loaded and run in turn: "default" = the binding's defaults
#      (griddb.scanlayout=rows, 8 containers per node), N = the defaults with griddb.containercount=N, "index" =
#      griddb.scanlayout=index with its defaults (one container per partition, K = 8), "sql" = griddb.scanlayout=sql),
#      WARM_SECONDS (30: one unreported round of workload E per database and GridDB layout before the measured
#      rounds, so that neither side is measured while its JIT and caches warm; 0 = none),
#      A_SECONDS (0; > 0: after the E rounds, one run of workload A of that length per GridDB layout, on the same
#      tables, to show what the layout costs reads and updates).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
: "${YCSB_GRIDDB_HOME:?set YCSB_GRIDDB_HOME to a GridDB installation (the directory holding bin/gsserver)}"
records=${RECORDS:-100000}; threads=${THREADS:-8}; seconds=${RUN_SECONDS:-30}
rounds=${ROUNDS:-2}; cql_port=${CQL_PORT:-19044}; layouts=${LAYOUTS:-default}
ycsb=$root/bin/ycsb
gdir=$(mktemp -d); cdir=$(mktemp -d)
cleanup() {
  "$ycsb" griddb-server stop --dir "$gdir" >/dev/null 2>&1 || true
  "$ycsb" cassandra-server stop --dir "$cdir" >/dev/null 2>&1 || true
  rm -rf "$gdir" "$cdir"
}
trap cleanup EXIT
summary() { grep -E '^\[(OVERALL\], (Throughput|RunTime)|SCAN\], (Operations|AverageLatency|99thPercentileLatency)|INSERT\], Operations)|Return=[A-Z_]+' || true; }
load() { cut -d' ' -f1-3 /proc/loadavg; }
run_e() { # binding, extra args...
  local b=$1; shift
  "$ycsb" run "$b" -P "$root/workloads/workloade" -p recordcount="$records" -p operationcount=100000000 \
    -p maxexecutiontime="$seconds" -threads "$threads" "$@" | summary
}
echo "# $(date -u +%FT%TZ) commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown); load before: $(load)"
echo "## GridDB: single node (griddb-server), default layout"
"$ycsb" griddb-server start --dir "$gdir" --port-base "${PORT_BASE:-10001}" >/dev/null
layout_args() { # layout -> table and layout arguments
  case $1 in
    default) echo "" ;;
    index|sql|rows) echo "-p table=usertable_$1 -p griddb.scanlayout=$1" ;;
    *) echo "-p table=usertable_c$1 -p griddb.containercount=$1" ;;
  esac
}
for layout in $layouts; do
  echo "### GridDB load, layout $layout"
  # shellcheck disable=SC2046
  "$ycsb" load griddb -P "$root/workloads/workloade" -p recordcount="$records" -threads "$threads" \
    -p griddb.insertbatchsize=100 $(layout_args "$layout") | summary
done
warm=${WARM_SECONDS:-30}
if [ "$warm" -gt 0 ]; then
  for layout in $layouts; do
    echo "### GridDB warm-up round ($warm s, not a result), layout $layout, load: $(load)"
    # shellcheck disable=SC2046
    seconds=$warm run_e griddb $(layout_args "$layout") | grep -F 'Throughput' || true
  done
fi
for round in $(seq "$rounds"); do
  for layout in $layouts; do
    echo "### GridDB round $round, layout $layout, load: $(load)"
    # shellcheck disable=SC2046
    run_e griddb $(layout_args "$layout")
  done
done
if [ "${A_SECONDS:-0}" -gt 0 ]; then
  for layout in $layouts; do
    echo "### GridDB workload A, layout $layout, load: $(load)"
    # shellcheck disable=SC2046
    "$ycsb" run griddb -P "$root/workloads/workloada" -p recordcount="$records" -p operationcount=100000000 \
      -p maxexecutiontime="$A_SECONDS" -threads "$threads" $(layout_args "$layout") |
      grep -E '^\[(OVERALL\], Throughput|(READ|UPDATE)\], (AverageLatency|99thPercentileLatency))|Return=' || true
  done
fi
"$ycsb" griddb-server stop --dir "$gdir" >/dev/null
echo "## Cassandra: single node (cassandra-server), consistency ONE"
"$ycsb" cassandra-server start --dir "$cdir" --port "$cql_port" >/dev/null
"$ycsb" load cassandra-cql -P "$root/workloads/workloade" -p hosts=127.0.0.1 -p port="$cql_port" \
  -p recordcount="$records" -threads "$threads" | summary
if [ "$warm" -gt 0 ]; then
  echo "### Cassandra warm-up round ($warm s, not a result), load: $(load)"
  seconds=$warm run_e cassandra-cql -p hosts=127.0.0.1 -p port="$cql_port" | grep -F 'Throughput' || true
fi
for round in $(seq "$rounds"); do
  echo "### Cassandra round $round, load: $(load)"
  run_e cassandra-cql -p hosts=127.0.0.1 -p port="$cql_port"
done
echo "# $(date -u +%FT%TZ) load after: $(load)"
