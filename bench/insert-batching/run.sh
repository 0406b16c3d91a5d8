#!/usr/bin/env bash
# GridDB batched loads (griddb.insertbatchsize) against single puts, through bin/ycsb, on a local single-node GridDB
# started here. Every load goes into a new table, so each measures the same thing: N inserts into empty containers.
# Sizes and layouts alternate within a round; print medians yourself from the rounds (or read the results file).
# Needs YCSB_GRIDDB_HOME (a GridDB installation with bin/gsserver).
#   bench/insert-batching/run.sh > results.txt
# Env: RECORDS (100000), THREADS (8), ROUNDS (3), SIZES ("1 10 100"), LAYOUTS ("default index": default = the
#      binding's defaults for a new table, index = griddb.scanlayout=index, one container per partition),
#      PORT_BASE (10001).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
PROG=insert-batching/run.sh
. "$root/bench/lib.sh"
: "${YCSB_GRIDDB_HOME:?set YCSB_GRIDDB_HOME to a GridDB installation (the directory holding bin/gsserver)}"
records=${RECORDS:-100000}; threads=${THREADS:-8}; rounds=${ROUNDS:-3}
need_count RECORDS "$records"; need_count THREADS "$threads"; need_count ROUNDS "$rounds"
ycsb=$root/bin/ycsb
dir=$(mktemp -d)
trap '"$ycsb" griddb-server stop --dir "$dir" >/dev/null 2>&1 || true; rm -rf "$dir"' EXIT
echo "# $(date -u +%FT%TZ) commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown);" \
  "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
"$ycsb" griddb-server start --dir "$dir" --port-base "${PORT_BASE:-10001}" >/dev/null
for round in $(seq "$rounds"); do
  for layout in ${LAYOUTS:-default index}; do
    extra=""
    [ "$layout" = default ] || extra="-p griddb.scanlayout=$layout"
    for size in ${SIZES:-1 10 100}; do
      need_count "SIZES entry" "$size"
      echo "## round $round, layout $layout, insertbatchsize $size, load: $(cut -d' ' -f1-3 /proc/loadavg)"
      # shellcheck disable=SC2086
      "$ycsb" load griddb -P "$root/workloads/workloada" -p recordcount="$records" -threads "$threads" \
        -p griddb.insertbatchsize="$size" -p table="b${round}_${layout}_${size}" $extra 2>/dev/null |
        grep -E '^\[(OVERALL\], (RunTime|Throughput)|INSERT\], (AverageLatency|99thPercentileLatency|Return=))' || true
    done
  done
done
echo "# $(date -u +%FT%TZ) load after: $(cut -d' ' -f1-3 /proc/loadavg)"
