#!/usr/bin/env bash
# What sampling each Cassandra node's own view (system_views.thread_pools, once a second) costs (see README.md):
#   1. ViewCost: one query against a trivial one, alternating rounds: latency, server and client CPU per query;
#   2. the engine at a fixed rate with cassandra.serverview=true and =false, interleaved: throughput, intended
#      p99, the client's CPU and the server's (summary.json).
# Usage: bench/serverview/run.sh [--seconds N] [--repeats N] [--rate OPS] [--address A] [--port P]
set -euo pipefail
PROG=bench/serverview/run.sh
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
# shellcheck source=../lib.sh
. "$root/bench/lib.sh"
seconds=60 repeats=3 rate=1000 address=127.0.0.81 port=19481
while [ $# -gt 0 ]; do
  case "$1" in
  --seconds) need_count "$1" "${2:-}"; seconds=$2; shift 2 ;;
  --repeats) need_count "$1" "${2:-}"; repeats=$2; shift 2 ;;
  --rate) need_count "$1" "${2:-}"; rate=$2; shift 2 ;;
  --address) address=${2:?}; shift 2 ;;
  --port) need_count "$1" "${2:-}"; port=$2; shift 2 ;;
  *) die "unknown option '$1' (usage: $PROG [--seconds N] [--repeats N] [--rate OPS] [--address A] [--port P])" ;;
  esac
done
out=$here/target/run-$(date -u +%Y%m%dT%H%M%SZ)
mkdir -p "$out"
server=$out/server
trap '"$root/bin/ycsb" cassandra-server stop --dir "$server" >/dev/null 2>&1 || true' EXIT
"$root/bin/ycsb" cassandra-server start --dir "$server" --nodes 1 --address "$address" --port "$port" \
  >"$out/server.log" 2>&1 || die "the server did not start: $(tail -1 "$out/server.log")"
pid=$(sed -n 's/.* pid \([0-9]*\) up.*/\1/p' "$out/server.log" | head -1)
[ -n "$pid" ] || die "no server pid in $out/server.log"
lib=$root/cassandra2/target/dependency
cp="$root/cassandra2/target/cassandra-binding-1.0.0-SNAPSHOT.jar:$lib/*"
date=$(date -u +%Y-%m-%d)
results=$here/results-$date.md
{
  echo "# The database's own view: what sampling it costs ($(date -u +%Y-%m-%dT%H:%MZ))"
  echo
  echo "Machine: $(nproc) cores, $(java -version 2>&1 | head -1); commit $(cd "$root" && git rev-parse --short HEAD)."
  echo "Load average before: $(cut -d' ' -f1-3 /proc/loadavg)."
  echo
  echo "Command: \`$PROG --seconds $seconds --repeats $repeats --rate $rate --address $address --port $port\`"
  echo "(Cassandra 5.0.9 from \`bin/ycsb cassandra-server\`, one node, on this machine)."
  echo
  echo "## 1. One query of system_views.thread_pools against SELECT now() FROM system.local (2000 per round)"
  echo
  javac -d "$out/bench" -cp "$cp" "$here/ViewCost.java"
  java -cp "$out/bench:$cp" ViewCost "$address" "$port" "$pid" "$repeats" 2000 2>"$out/viewcost.err"
  echo
  echo "## 2. The engine at $rate ops/s for $seconds s (workload A), serverview on and off, interleaved"
  echo
  echo "| run | serverview | ops/s | READ p99 us | intended READ p99 us | client CPU s | server CPU mean % | view samples |"
  echo "|---|---|---:|---:|---:|---:|---:|---:|"
} >"$results.tmp"
"$root/bin/ycsb" load cassandra-cql -P "$root/workloads/workloada" -p hosts="$address" -p port="$port" \
  -p recordcount=10000 -threads 8 -results "$out/load" >"$out/load.out" 2>"$out/load.err"
for n in $(seq 1 "$repeats"); do
  for view in $( [ $((n % 2)) -eq 1 ] && echo "true false" || echo "false true"); do
    dir=$out/run-$n-$view
    "$root/bin/ycsb" run cassandra-cql -P "$root/workloads/workloada" -p hosts="$address" -p port="$port" \
      -p recordcount=10000 -p operationcount=$((rate * seconds)) -target "$rate" -threads 16 \
      -p cassandra.serverview="$view" -p measurement.interval=both -results "$dir" >"$dir.out" 2>"$dir.err"
    python3 - "$dir/summary.json" "$n" "$view" <<'PY' >>"$results.tmp"
import json, sys
s = json.load(open(sys.argv[1]))
p99 = s["measurements"].get("READ", {}).get("percentilesUs", {}).get("99", "")
ip99 = s["measurements"].get("Intended-READ", {}).get("percentilesUs", {}).get("99", "")
cpu = [n.get("cpuMeanPct") for n in s.get("databaseNodes", {}).get("nodes", [])]
view = [n.get("samples") for n in s.get("databaseView", {}).get("nodes", [])]
print("| %s | %s | %.0f | %s | %s | %.2f | %s | %s |" % (sys.argv[2], sys.argv[3], s["throughput"], p99, ip99,
      s["health"]["cpuUsedSec"], "/".join("%.1f" % c for c in cpu if c is not None),
      "/".join(str(v) for v in view) or "-"))
PY
  done
done
echo >>"$results.tmp"
echo "Load average after: $(cut -d' ' -f1-3 /proc/loadavg)." >>"$results.tmp"
mv "$results.tmp" "$results"
echo "$results"
