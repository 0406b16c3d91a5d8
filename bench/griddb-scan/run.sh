#!/usr/bin/env bash
# Scan designs for the GridDB binding, measured side by side against a real GridDB node.
# Needs a node: bin/ycsb griddb-server start --dir /tmp/griddb (YCSB_GRIDDB_HOME set), then:
#   bench/griddb-scan/run.sh [HOST TXPORT SQLPORT CLUSTER]     (defaults: 127.0.0.1 10001 20001 ycsbCluster)
# Env: CONTAINERS (default "128 8 1"), RECORDS (100000), THREADS (8), SECONDS (15), ROUNDS (2).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
host=${1:-127.0.0.1}; tx=${2:-10001}; sql=${3:-20001}; cluster=${4:-ycsbCluster}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
# The GridDB client jars the binding uses, as the launcher's build leaves them (bin/ycsb ... griddb builds them).
deps=$root/griddb/target/dependency
ls "$deps"/gridstore-*.jar >/dev/null 2>&1 ||
  { echo "no $deps/gridstore-*.jar: run 'mvn -B -q -pl griddb -am package -DskipTests' or bin/ycsb once" >&2; exit 2; }
cp="$deps/*"
javac -d "$work" -cp "$cp" "$here/ScanOptions.java"
echo "# $(date -u +%FT%TZ) load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for c in ${CONTAINERS:-128 8 1}; do
  java -cp "$work:$cp" ScanOptions "$host" "$tx" "$sql" "$cluster" load "$c" "${RECORDS:-100000}" 1 0
  for round in $(seq "${ROUNDS:-2}"); do
    for mode in tql-fetchall tql-sequential sql-union sql-per-container; do
      echo "round $round: $(java -cp "$work:$cp" ScanOptions "$host" "$tx" "$sql" "$cluster" "$mode" "$c" 0 \
        "${THREADS:-8}" "${SECONDS:-15}")"
    done
  done
done
echo "# $(date -u +%FT%TZ) load after: $(cut -d' ' -f1-3 /proc/loadavg)"
