#!/bin/sh
# Measures a local N-node cluster through the CLI (bin/ycsb cassandra-server): time from `start --nodes N` until
# it returns (every node answers CQL, all see each other up, keyspace ycsb agreed), RSS of each node after start,
# the time `start --node N` takes to bring back the last node after a SIGKILL (until it serves again), and stop;
# also the median/max time of 5 CREATE TABLE statements on node 1 (bench/DdlTime.java).
# Runs R rounds, alternating durable system keyspaces (the default) with -Dcassandra.unsafesystem=true (the old
# setting) so that both see the same machine load. Prints one line per round and the load average.
# Run after `mvn -pl cassandra-testserver package` (uses target/classes).
# Usage: [PORT=P] bench/cluster-start.sh [ROUNDS] [NODES] [FIRST_ADDRESS]   (default 3 3 127.0.0.40, port 19442)
set -eu
rounds=${1:-3}
nodes=${2:-3}
address=${3:-127.0.0.40}
here=$(cd "$(dirname "$0")/.." && pwd)
cp="$here/target/classes"
dir=$(mktemp -d "${TMPDIR:-/tmp}/cassandra-cluster-bench.XXXXXX")
# Outside the kernel's ephemeral range (32768 and up by default): see FreePorts. PORT overrides it.
port=${PORT:-19442}
cli() {
  java ${unsafe:+-Dycsb.cassandra.unsafeSystem=true} -cp "$cp" site.ycsb.testserver.cassandra.LocalCassandra "$@"
}
cleanup() {
  unsafe='' cli stop --dir "$dir" >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT
ms() { date +%s%3N; }
echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB; nodes $nodes from $address, port $port"
i=1
while [ "$i" -le "$rounds" ]; do
  for unsafe in '' 1; do
    rm -rf "$dir"
    load=$(cut -d' ' -f1 /proc/loadavg)
    t0=$(ms)
    cli start --dir "$dir" --nodes "$nodes" --address "$address" --port "$port" >/dev/null
    t1=$(ms)
    rss=''
    n=1
    while [ "$n" -le "$nodes" ]; do
      pid=$(cat "$dir/node$n/server.pid")
      rss="$rss $(awk '/VmRSS/ {print int($2/1024)}' "/proc/$pid/status")"
      n=$((n + 1))
    done
    ddl=$(java -cp "$cp" "$here/bench/DdlTime.java" "$address" "$port" 5)
    kill -9 "$(cat "$dir/node$nodes/server.pid")"
    sleep 1
    t2=$(ms)
    cli start --dir "$dir" --node "$nodes" >/dev/null
    t3=$(ms)
    cli stop --dir "$dir" >/dev/null
    t4=$(ms)
    echo "round $i $([ -n "$unsafe" ] && echo 'unsafesystem=true ' || echo 'durable system    ')" \
      "start $((t1 - t0)) ms, RSS MB:$rss, restart of node $nodes after SIGKILL $((t3 - t2)) ms," \
      "stop $((t4 - t3)) ms, DDL: $ddl (load average before: $load)"
  done
  i=$((i + 1))
done
