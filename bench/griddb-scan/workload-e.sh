#!/usr/bin/env bash
# Workload E through bin/ycsb against a local single-node GridDB: the scan-index layout (griddb.scanlayout=index,
# the default until the rows layout) and, side by side, SQL scans (griddb.scanlayout=sql, the design before it),
# alternating. For the default (rows) layout against Cassandra see e-vs-cassandra.sh.
# Needs YCSB_GRIDDB_HOME (a GridDB installation with bin/gsserver).
#   bench/griddb-scan/workload-e.sh [DIR]      (DIR: node directory, default a new temporary one; removed after)
# Env: RECORDS (100000), THREADS (8), OPS (50000), ROUNDS (2), SQL_SECONDS (30: SQL scans are ~100x slower),
#      PORT_BASE (10001).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
: "${YCSB_GRIDDB_HOME:?set YCSB_GRIDDB_HOME to a GridDB installation (the directory holding bin/gsserver)}"
dir=${1:-$(mktemp -d)}
records=${RECORDS:-100000}; threads=${THREADS:-8}; ops=${OPS:-50000}
ycsb=$root/bin/ycsb
"$ycsb" griddb-server start --dir "$dir" --port-base "${PORT_BASE:-10001}"
trap '"$ycsb" griddb-server stop --dir "$dir" >/dev/null 2>&1 || true; rm -rf "$dir"' EXIT
summary() { grep -E '^\[(OVERALL\], Throughput|SCAN\], (Operations|AverageLatency|99thPercentileLatency))|Return=' || true; }
echo "# $(date -u +%FT%TZ) load before: $(cut -d' ' -f1-3 /proc/loadavg)"
"$ycsb" load griddb -P "$root/workloads/workloade" -p recordcount="$records" -threads "$threads" \
  -p griddb.insertbatchsize=100 -p griddb.scanlayout=index | summary
"$ycsb" load griddb -P "$root/workloads/workloade" -p recordcount="$records" -threads "$threads" \
  -p griddb.insertbatchsize=100 -p table=sqlscans -p griddb.scanlayout=sql | summary
for round in $(seq "${ROUNDS:-2}"); do
  echo "## round $round, scan index (griddb.scanlayout=index), load: $(cut -d' ' -f1-3 /proc/loadavg)"
  "$ycsb" run griddb -P "$root/workloads/workloade" -p recordcount="$records" -p operationcount="$ops" \
    -threads "$threads" | summary
  echo "## round $round, SQL scans (griddb.scanlayout=sql), load: $(cut -d' ' -f1-3 /proc/loadavg)"
  "$ycsb" run griddb -P "$root/workloads/workloade" -p recordcount="$records" -p operationcount="$ops" \
    -p maxexecutiontime="${SQL_SECONDS:-30}" -threads "$threads" -p table=sqlscans | summary
done
echo "# $(date -u +%FT%TZ) load after: $(cut -d' ' -f1-3 /proc/loadavg)"
