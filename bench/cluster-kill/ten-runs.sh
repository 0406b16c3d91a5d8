#!/usr/bin/env bash
# Issue 35's "Done when" check, scripted: `bin/ycsb cassandra-server start --dir D --nodes 3`, then runs of workload
# A at QUORUM at a fixed rate on the asynchronous path, during each of which node 3 is killed (SIGKILL, its pid from
# `status`) and started again (`start --dir D --node 3`). A run passes when it exits 0 with every operation OK and
# the table then holds every loaded record. Ten runs in a row by default; every run is made even after a failure,
# and the results file says which failed and why. See README.md.
set -euo pipefail
# The whole script is one block, read before it runs: editing the file during a long run cannot change the run.
{

HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
PROG="$(basename "$0")"
ARGV="$*"
# shellcheck source=../lib.sh
. "$ROOT/bench/lib.sh"
# shellcheck source=cluster.sh
. "$HERE/cluster.sh"

usage() {
  cat <<EOF
Usage: $PROG [options]
  --runs N           runs in a row (default 10)
  --rate R           fixed rate in ops/s, -target (default 200)
  --seconds S        length of a run: operationcount = rate x S (default 200: a restart takes 1-2 minutes on a
                     busy machine, and node 3 must serve again for a while before the run ends)
  --kill-at S        seconds after the schedule opens when node 3 is killed (default 20)
  --restart-at S     seconds after the schedule opens when node 3 is started again (default 35)
  --threads N        operations in flight (-threads) (default 64)
  --records N        records loaded before the runs (default 10000)
  --address A        address of node 1; nodes 2 and 3 take the next ones (default 127.0.0.70)
  --port P           native CQL port of every node (default 19110)
  --keep-cluster     leave the cluster running at the end (its directory is printed)
  --out FILE         results file (default $HERE/ten-runs-<date>.md)
  -h, --help         this text
EOF
}

RUNS=10; RATE=200; SECONDS_PER_RUN=200; KILL_AT=20; RESTART_AT=35; THREADS=64; RECORDS=10000
ADDRESS=127.0.0.70; PORT=19110; KEEP_CLUSTER=false; OUT=""
while [ $# -gt 0 ]; do
  opt="$1"
  case "$opt" in
    -h|--help) usage; exit 0 ;;
    --keep-cluster) KEEP_CLUSTER=true; shift; continue ;;
    --runs|--rate|--seconds|--kill-at|--restart-at|--threads|--records|--address|--port|--out) ;;
    *) die "unknown option '$opt' (see --help)" ;;
  esac
  [ $# -ge 2 ] || die "$opt needs a value (see --help)"
  val="$2"
  case "$opt" in
    --runs) need_count "$opt" "$val"; RUNS="$val" ;;
    --rate) need_count "$opt" "$val"; RATE="$val" ;;
    --seconds) need_count "$opt" "$val"; SECONDS_PER_RUN="$val" ;;
    --kill-at) need_count "$opt" "$val"; KILL_AT="$val" ;;
    --restart-at) need_count "$opt" "$val"; RESTART_AT="$val" ;;
    --threads) need_count "$opt" "$val"; THREADS="$val" ;;
    --records) need_count "$opt" "$val"; RECORDS="$val" ;;
    --address) ADDRESS="$val" ;;
    --port) need_count "$opt" "$val"; [ "$val" -le 65535 ] || die "--port must be at most 65535, got '$val'"; PORT="$val" ;;
    --out) OUT="$val" ;;
  esac
  shift 2
done
[ "$KILL_AT" -lt "$RESTART_AT" ] || die "--restart-at ($RESTART_AT) must come after --kill-at ($KILL_AT)"
[ "$RESTART_AT" -lt "$SECONDS_PER_RUN" ] || die "--restart-at ($RESTART_AT) must come before the run ends (--seconds $SECONDS_PER_RUN)"
TODAY="$(date -u +%Y-%m-%d)"
[ -n "$OUT" ] || OUT="$HERE/ten-runs-$TODAY.md"
OPS=$(( RATE * SECONDS_PER_RUN ))
LOAD_AT_START="$(cut -d' ' -f1-3 /proc/loadavg)"
command -v timeout >/dev/null 2>&1 || die "timeout (coreutils) not found"

RUN_DIR="$HERE/target/ten-runs-$(date -u +%Y%m%d-%H%M%S)"
kb_prepare
kb_start_cluster
HOSTS="$(hosts_list)"
COMMON=(-P "$ROOT/workloads/workloada" -p hosts="$HOSTS" -p port="$PORT" -p recordcount="$RECORDS"
        -p cassandra.readconsistencylevel=QUORUM -p cassandra.writeconsistencylevel=QUORUM)
echo "Loading $RECORDS records at QUORUM..." >&2
ycsb load cassandra-cql "${COMMON[@]}" -p dataintegrity=true -threads 16 >"$RUN_DIR/load.out" 2>"$RUN_DIR/load.err" \
  || die "the load failed (see $RUN_DIR/load.err)"
wait_in_step
LOADED="$(killbench count "$PORT" QUORUM $(hosts_list | tr , ' '))" || die "could not count the loaded records"
[ "$LOADED" = "$RECORDS" ] || die "the load left $LOADED records, not $RECORDS"

TSV="$RUN_DIR/runs.tsv"
printf 'run\tverdict\trc\tload1\tcassandra_jvms\toperations\tnot_ok\tretries\tlost\trows_after\trestart_s\tserved_s\tnode3_requests\twhy\n' >"$TSV"
CMD=(env JAVA_OPTS="-Xms512m -Xmx512m" "$ROOT/bin/ycsb" run cassandra-cql "${COMMON[@]}" -p async=true
     -p dataintegrity=true -p operationcount="$OPS" -target "$RATE" -threads "$THREADS" -s -p status.interval=1
     -p measurement.interval=both)
PASSED=0
START_S=$(date +%s)
for i in $(seq 1 "$RUNS"); do
  d="$RUN_DIR/run-$i"
  mkdir -p "$d"
  rc=0 why=""
  load1="$(cut -d' ' -f1 /proc/loadavg)"
  jvms="$(cassandra_jvms)"
  watch_bg "$d/watch.tsv" $((SECONDS_PER_RUN + 900))
  timeout -k 30 $((SECONDS_PER_RUN + 420)) "${CMD[@]}" -p results.dir="$d/results" >"$d/out.txt" 2>"$d/err.txt" </dev/null &
  client=$!
  KB_PIDS="$KB_PIDS $client"
  kill_restart_run "run-$i" "$d/events" "$client" "$d/err.txt" || why="client ended before its first status line; "
  wait "$client" || rc=$?
  client_end=$(now_ms)
  if [ -n "${RESTART_PID:-}" ]; then
    wait_bounded "$RESTART_PID" 300 || why="${why}restart of node 3 still running after 300 s; "
  fi
  RESTART_PID=""
  kill "$WATCH_PID" 2>/dev/null || true
  wait "$WATCH_PID" 2>/dev/null || true
  # How long node 3 served again before the client ended, and the requests it received from the client meanwhile
  # (server side): the run must have met the node's return, not only its loss.
  done_ms="$(sed -n 's/^restart_done=//p' "$d/events" 2>/dev/null | head -n 1)"
  served_s=- node3=-
  if [ -n "$done_ms" ]; then
    served_s="$(awk -v a="$done_ms" -v b="$client_end" 'BEGIN { printf "%.1f", (b - a) / 1000 }')"
    node3="$(awk -F'\t' -v a="$done_ms" -v b="$client_end" '$2 == 3 && $1 > a && $1 <= b { n += $4 } END { print n + 0 }' "$d/watch.tsv")"
  fi
  grep -q '^kill=' "$d/events" 2>/dev/null || why="${why}node 3 was not killed (run too short?); "
  grep -q '^restart_failed=' "$d/events" 2>/dev/null && why="${why}start --node 3 failed (see events.restart.log); "
  # Every operation's Return= line (READ, UPDATE, VERIFY, ...): all must be OK.
  ops="$(awk -F', ' '$2 ~ /^Return=/ && $1 != "[CLEANUP]" && $1 != "[VERIFY]" { n += $3 } END { print n + 0 }' "$d/out.txt")"
  not_ok="$(awk -F', ' '$2 ~ /^Return=/ && $2 != "Return=OK" && $1 != "[CLEANUP]" { s = s $1 $2 "=" $3 " " } END { print s }' "$d/out.txt")"
  lost="$(awk -F', ' '$2 == "Return=LOST" { n += $3 } END { print n + 0 }' "$d/out.txt")"
  retries="$(awk -F', ' '$1 == "[CASSANDRA-RETRIES]" && $2 == "TOTAL" { print $3 }' "$d/out.txt")"
  restart_s="$(awk -F= '$1 == "restart_issued" { a = $2 } $1 == "restart_done" { b = $2 } END { if (a && b) printf "%.1f", (b - a) / 1000; else print "-" }' "$d/events" 2>/dev/null || echo -)"
  wait_in_step
  rows="$(killbench count "$PORT" QUORUM $(hosts_list | tr , ' ') 2>"$d/count.err")" || rows="count failed: $(head -c 200 "$d/count.err")"
  [ "$rc" = 0 ] || why="${why}exit code $rc; "
  [ -z "$not_ok" ] || why="${why}not OK: ${not_ok% }; "
  [ "$ops" -ge "$OPS" ] || why="${why}only $ops of $OPS operations reported; "
  [ "$rows" = "$RECORDS" ] || why="${why}table holds $rows rows, not $RECORDS; "
  awk -v s="$served_s" 'BEGIN { exit !(s + 0 >= 10) }' || why="${why}node 3 served again only $served_s s before the run ended (need 10; raise --seconds); "
  [ "$node3" = - ] || [ "$node3" -gt 0 ] || why="${why}node 3 received no request after its restart; "
  if [ -z "$why" ]; then verdict=PASS; PASSED=$((PASSED + 1)); else verdict=FAIL; fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$i" "$verdict" "$rc" "$load1" "$jvms" "$ops" "${not_ok:--}" \
    "${retries:--}" "$lost" "$rows" "$restart_s" "$served_s" "$node3" "${why:--}" >>"$TSV"
  echo "run $i: $verdict (exit $rc, $ops operations, retries ${retries:--}, rows $rows, restart ${restart_s} s)${why:+: $why}" >&2
done
ELAPSED_S=$(( $(date +%s) - START_S ))
LOAD_AFTER="$(cut -d' ' -f1-3 /proc/loadavg)"

{
  echo "# Kill node 3 during a QUORUM run, $RUNS runs in a row: $PASSED of $RUNS passed ($TODAY)"
  echo
  if awk -v l="${LOAD_AT_START%% *}" -v n="$(nproc)" 'BEGIN { exit !(l > n / 4) }'; then
    echo "> **The machine was not quiet**: load average $LOAD_AT_START when the script started, on $(nproc) CPUs, shared"
    echo "> with other engineers' builds and clusters; each run's load average and the Cassandra servers running on the"
    echo "> machine then (\`cassandra_jvms\`, this cluster's three included) are in the table."
    echo
  fi
  echo "Command: \`bench/cluster-kill/ten-runs.sh${ARGV:+ $ARGV}\` (commit $(cd "$ROOT" && git rev-parse --short HEAD)$(cd "$ROOT" && git diff --quiet HEAD -- . 2>/dev/null || echo ', with uncommitted changes'))."
  echo
  echo "\`bin/ycsb cassandra-server start --dir D --nodes 3 --address $ADDRESS --port $PORT\` (started in ${CLUSTER_START_S} s,"
  echo "try ${CLUSTER_START_TRIES}), $RECORDS records loaded at QUORUM with \`dataintegrity=true\` ($LOADED counted). Each run: this project's engine and"
  echo "cassandra-cql binding on the asynchronous path (\`-p async=true\`), workload A at QUORUM, \`-target $RATE -threads"
  echo "$THREADS\`, $OPS operations, \`dataintegrity=true\` (every read's values checked). Node 3 is killed with \`kill -KILL\`"
  echo "(pid from \`status\`) $KILL_AT s after the schedule opened and started again with \`start --dir D --node 3\` at"
  echo "$RESTART_AT s. A run **passes** when the client exits 0, every operation's \`Return=\` is OK (READ, UPDATE, VERIFY;"
  echo "none LOST), all $OPS operations are reported, and afterwards (every node up, no hints left) \`SELECT count(*)\`"
  echo "at QUORUM finds all $RECORDS records; and node 3 served again (\`start --node 3\` returned) at least 10 s before the"
  echo "client ended and received requests from it then (\`served_s\`, \`node3_requests\`: server side, summed"
  echo "\`system_views.clients.request_count\` deltas), so each run met the node's return as well as its loss. Every run"
  echo "is made, whatever the one before did."
  echo
  echo "- Machine: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1), nproc $(nproc), $(free -g | awk '/^Mem:/ {print $2}') GiB;"
  echo "  load average when the script started $LOAD_AT_START, after the last run $LOAD_AFTER; runs took ${ELAPSED_S} s."
  echo
  echo '```'
  column -t -s $'\t' "$TSV"
  echo '```'
  echo
  echo "Client command of each run (\`D\`: the run's directory):"
  echo
  echo '```'
  printf '%q ' "${CMD[@]}" | sed "s|$ROOT/||g"; echo "-p results.dir=D/results"
  echo '```'
} >"$OUT"
echo "Wrote $OUT: $PASSED of $RUNS passed (raw files in $RUN_DIR)" >&2
[ "$PASSED" = "$RUNS" ]
}
