#!/bin/sh
# Measures how long LocalCassandra takes to start a server (until CQL answers and the ycsb schema exists) and to
# stop it, N times in a row. Run after `mvn -pl cassandra-testserver package` (uses target/classes).
# Usage: bench/start-stop.sh [N]   (default 3)
set -eu
n=${1:-3}
here=$(cd "$(dirname "$0")/.." && pwd)
cp="$here/target/classes"
dir=$(mktemp -d "${TMPDIR:-/tmp}/cassandra-bench.XXXXXX")
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])' 2>/dev/null \
  || echo 19042)
cleanup() {
  java -cp "$cp" site.ycsb.testserver.cassandra.LocalCassandra stop --dir "$dir" >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT
ms() { date +%s%3N; }
i=1
while [ "$i" -le "$n" ]; do
  rm -rf "$dir/data"
  t0=$(ms)
  java -cp "$cp" site.ycsb.testserver.cassandra.LocalCassandra start --dir "$dir" --port "$port" >/dev/null
  t1=$(ms)
  pid=$(sed -n 's/^pid=//p' "$dir/server.properties")
  rss=$(awk '/VmRSS/ {print int($2/1024)}' "/proc/$pid/status")
  java -cp "$cp" site.ycsb.testserver.cassandra.LocalCassandra stop --dir "$dir" >/dev/null
  t2=$(ms)
  echo "run $i: start (fresh data dir, incl. CLI JVM and schema) $((t1 - t0)) ms, RSS after start ${rss} MB," \
    "stop $((t2 - t1)) ms"
  i=$((i + 1))
done
