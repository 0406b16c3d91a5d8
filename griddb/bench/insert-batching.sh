#!/usr/bin/env bash
# Measures what griddb.insertbatchsize gains in a load phase, against the cluster named by YCSB_GRIDDB_* variables.
# Runs the binding inside the YCSB 0.17.0 install that `mvn -pl griddb verify` prepares under griddb/target/.
#   YCSB_GRIDDB_MEMBERS=host:10001 YCSB_GRIDDB_CLUSTER=myCluster YCSB_GRIDDB_USER=admin YCSB_GRIDDB_PASSWORD=... \
#   RECORDS=200000 THREADS=8 BATCHES="1 10 100 1000" griddb/bench/insert-batching.sh
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
home="$here/target/ycsb-0.17.0"
jar=""
for candidate in "$here"/target/griddb-binding-*.jar; do
  case $candidate in *-sources.jar | *-javadoc.jar) continue ;; esac
  [[ -f "$candidate" ]] && { jar=$candidate; break; }
done
: "${YCSB_GRIDDB_MEMBERS:?set YCSB_GRIDDB_MEMBERS=host:port,... (and YCSB_GRIDDB_CLUSTER/USER/PASSWORD)}"
if [[ ! -f "$home/lib/core-0.17.0.jar" || -z "$jar" ]]; then
  echo "run 'mvn -pl griddb verify' first (it prepares $home and the binding jar)" >&2
  exit 2
fi
records="${RECORDS:-100000}"
threads="${THREADS:-4}"
props="$(mktemp)"
trap 'rm -f "$props"' EXIT
chmod 600 "$props"
cat > "$props" <<PROPS
workload=site.ycsb.workloads.CoreWorkload
recordcount=$records
griddb.notificationMember=$YCSB_GRIDDB_MEMBERS
griddb.clusterName=${YCSB_GRIDDB_CLUSTER:-myCluster}
griddb.user=${YCSB_GRIDDB_USER:-admin}
griddb.password=${YCSB_GRIDDB_PASSWORD:-admin}
PROPS
printf '%-10s %-14s %s\n' batch throughput runtime_ms
for b in ${BATCHES:-1 10 100 1000}; do
  out="$(java -cp "$home/lib/*:$home/griddb-binding/lib/*:$jar" site.ycsb.Client -load \
      -db site.ycsb.db.griddb.GridDBClient -P "$props" -p table="bench${b}x$$" -p griddb.insertbatchsize="$b" \
      -threads "$threads" 2>/dev/null)"
  tput="$(grep -F '[OVERALL], Throughput' <<<"$out" | awk -F', ' '{print $3}')"
  rt="$(grep -F '[OVERALL], RunTime' <<<"$out" | awk -F', ' '{print $3}')"
  printf '%-10s %-14s %s\n' "$b" "$tput" "$rt"
done
echo "Tables bench<batch>x$$_* were left in the cluster; drop them when done."
