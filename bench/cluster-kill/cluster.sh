# Shared by bench/cluster-kill's scripts (sourced after ../lib.sh): a local 3-node cluster through
# `bin/ycsb cassandra-server`, one node killed and started again during a client run, and the wait until the cluster
# is in step again. The sourcing script sets ROOT, PROG, HERE, ADDRESS, PORT, RUN_DIR and KEEP_CLUSTER (true:
# leave the cluster and its directory at the end), and calls kb_prepare, then kb_start_cluster. Every wait here
# has a deadline.

NODES=3
# This file's own directory: KillBench.java lies beside it, whichever script sources it (bench/silent-node too).
KB_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CLUSTER_DIR=""
KB_PIDS=""

now_ms() { date +%s%3N; }

# Cassandra servers running on the machine now, this script's and everyone else's (a shared machine): recorded with
# each run beside the load average.
cassandra_jvms() { pgrep -c -f 'site.ycsb.testserver.cassandra.ServerMain' || true; }

ycsb() { "$ROOT/bin/ycsb" "$@"; }

# node_host I: the address of node I (node 1 on ADDRESS, node 2 on the next address, ...).
node_host() {
  local base="${ADDRESS%.*}" last="${ADDRESS##*.}"
  echo "$base.$((last + $1 - 1))"
}

hosts_list() {
  local i list=""
  for i in $(seq 1 "$NODES"); do list="$list${list:+,}$(node_host "$i")"; done
  echo "$list"
}

# Builds what the scripts need (bin/ycsb builds core, the binding and the test server itself on first use) and
# compiles KillBench.java; sets KB_CP (the helper's classpath).
kb_prepare() {
  [[ "$ADDRESS" =~ ^127\.[0-9]+\.[0-9]+\.[0-9]+$ ]] || die "--address must be a loopback address 127.x.y.z, got '$ADDRESS'"
  [ "${ADDRESS##*.}" -ge 1 ] && [ "${ADDRESS##*.}" -le $((255 - NODES)) ] \
    || die "--address $ADDRESS leaves no room for $NODES nodes in its last octet"
  command -v javac >/dev/null 2>&1 || die "javac (a JDK) is needed to compile KillBench.java"
  mkdir -p "$RUN_DIR"
  echo "Building the project's modules if needed (bin/ycsb does it on first use)..." >&2
  # Both commands build their modules first; then one finds no cluster and the other refuses to run without a
  # workload: only the jars they leave behind tell whether the builds worked.
  ycsb cassandra-server status --dir "$RUN_DIR/no-cluster" >/dev/null 2>"$RUN_DIR/build.log" || true
  ycsb run cassandra-cql -p hosts=127.0.0.1 >/dev/null 2>>"$RUN_DIR/build.log" || true
  local ts hdr
  ts="$(ls "$ROOT"/cassandra-testserver/target/cassandra-testserver-*.jar 2>/dev/null | grep -v -- '-tests\.jar$\|-sources\.jar$' | head -n 1)"
  hdr="$(ls "$ROOT"/core/target/dependency/HdrHistogram-*.jar 2>/dev/null | head -n 1)"
  [ -n "$ts" ] && [ -n "$hdr" ] && compgen -G "$ROOT/cassandra2/target/cassandra-binding-*.jar" >/dev/null \
    || die "the build left no test server, binding or HdrHistogram jar (see $RUN_DIR/build.log)"
  KB_CP="$RUN_DIR/classes:$ts:$hdr"
  javac -nowarn -d "$RUN_DIR/classes" -cp "$ts:$hdr" "$KB_DIR/KillBench.java" || die "could not compile KillBench.java"
}

killbench() { java -cp "$KB_CP" KillBench "$@"; }

# watch_bg OUT SECONDS: KillBench's watch of every node in the background (the java process itself, so that its pid
# can be stopped); sets WATCH_PID.
watch_bg() {
  java -cp "$KB_CP" KillBench watch "$1" "$2" "$PORT" $(hosts_list | tr , ' ') &
  WATCH_PID=$!
  KB_PIDS="$KB_PIDS $WATCH_PID"
}

# Starts the cluster in a new directory (removed at exit unless KEEP_CLUSTER=true) and stops it when the script
# exits, however it exits. Up to three tries: on a loaded machine a node sometimes gives up its first gossip round
# ("Unable to gossip with any peers") before the seed answers; the failed start stops what it started.
kb_start_cluster() {
  trap kb_cleanup EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  local try t0
  for try in 1 2 3; do
    CLUSTER_DIR="$(mktemp -d "${TMPDIR:-/tmp}/cluster-kill.XXXXXX")"
    echo "Starting a $NODES-node cluster on $(hosts_list) port $PORT in $CLUSTER_DIR (1-3 minutes)..." >&2
    t0=$(now_ms)
    if ${CASSANDRA_NICE:+nice -n "$CASSANDRA_NICE"} "$ROOT/bin/ycsb" cassandra-server start --dir "$CLUSTER_DIR" \
      --nodes "$NODES" --address "$ADDRESS" --port "$PORT" >"$RUN_DIR/cluster-start-$try.log" 2>&1; then
      CLUSTER_START_S=$(( ($(now_ms) - t0) / 1000 ))
      CLUSTER_START_TRIES=$try
      return 0
    fi
    echo "the cluster start failed (try $try of 3): $(grep -h -m 1 -o 'Unable to gossip with any peers\|^error: .*' \
      "$RUN_DIR/cluster-start-$try.log" "$CLUSTER_DIR"/node*/logs/server.log 2>/dev/null | head -n 1)" >&2
    mkdir -p "$RUN_DIR/failed-start-$try"
    for f in "$CLUSTER_DIR"/node*/logs/server.log; do
      [ -f "$f" ] && cp "$f" "$RUN_DIR/failed-start-$try/$(basename "$(dirname "$(dirname "$f")")").log"
    done
    ycsb cassandra-server stop --dir "$CLUSTER_DIR" >/dev/null 2>&1 || true
    rm -rf "$CLUSTER_DIR"
    CLUSTER_DIR=""
  done
  die "the cluster did not start in 3 tries (see $RUN_DIR/cluster-start-*.log and failed-start-*/)"
}

kb_cleanup() {
  local p
  # This script's own background processes and their children (a client's JVM under timeout, a restart's CLI).
  for p in $KB_PIDS ${RESTART_PID:-}; do
    pkill -TERM -P "$p" 2>/dev/null || true
    kill "$p" 2>/dev/null || true
  done
  if [ -n "$CLUSTER_DIR" ]; then
    if [ "${KEEP_CLUSTER:-false}" = true ]; then
      echo "The cluster keeps running in $CLUSTER_DIR (stop it: bin/ycsb cassandra-server stop --dir $CLUSTER_DIR)" >&2
    else
      ycsb cassandra-server stop --dir "$CLUSTER_DIR" >/dev/null 2>&1 || true
      rm -rf "$CLUSTER_DIR"
    fi
  fi
}

# node_pid I: node I's pid from `status` (empty when it is down).
node_pid() {
  ycsb cassandra-server status --dir "$CLUSTER_DIR" 2>/dev/null | awk -v n="$1" '$1 == "node" && $2 == n && $4 == "pid" {print $5}'
}

# wait_bounded PID SECONDS: waits for a child of this shell; 0 when it ended in time (its status in WAIT_RC).
wait_bounded() {
  local pid="$1" deadline=$(( $(date +%s) + $2 ))
  while kill -0 "$pid" 2>/dev/null; do
    [ "$(date +%s)" -lt "$deadline" ] || return 1
    sleep 1
  done
  wait "$pid"; WAIT_RC=$?
  return 0
}

# restart_node_bg I EVENTS: `start --node I` in the background; appends restart_issued= and restart_done= (or
# restart_failed=) epoch milliseconds to EVENTS, and restart_tries=. A start that fails is tried again, up to three
# times (the same gossip-round failure as in kb_start_cluster); the restart time then includes the failed tries.
# Sets RESTART_PID.
restart_node_bg() {
  (
    echo "restart_issued=$(now_ms)"
    local try
    for try in 1 2 3; do
      if ycsb cassandra-server start --dir "$CLUSTER_DIR" --node "$1" >>"$2.restart.log" 2>&1; then
        echo "restart_done=$(now_ms)"
        echo "restart_tries=$try"
        exit 0
      fi
      cp "$CLUSTER_DIR/node$1/logs/server.log" "$2.restart-failed-$try.log" 2>/dev/null || true
    done
    echo "restart_failed=$(now_ms)"
    echo "restart_tries=3"
  ) >>"$2" &
  RESTART_PID=$!
}

# Waits (bounded) until every node answers and no node still holds hints for another (the writes a node missed
# while it was down have been handed over), then lets the cluster settle for SETTLE_S seconds. A node found down
# is started again. Dies when the cluster does not get in step within the bounds.
wait_in_step() {
  local deadline=$(( $(date +%s) + 300 )) i
  until ycsb cassandra-server status --dir "$CLUSTER_DIR" >"$RUN_DIR/status.log" 2>&1; do
    [ "$(date +%s)" -lt "$deadline" ] || die "the cluster is not back in step after 300 s: $(tr '\n' ';' <"$RUN_DIR/status.log")"
    for i in $(seq 1 "$NODES"); do
      if grep -q "^node $i .* down" "$RUN_DIR/status.log"; then
        echo "node $i is down: starting it again" >&2
        ycsb cassandra-server start --dir "$CLUSTER_DIR" --node "$i" >>"$RUN_DIR/restarts.log" 2>&1 || true
      fi
    done
    sleep 2
  done
  deadline=$(( $(date +%s) + 300 ))
  while compgen -G "$CLUSTER_DIR/node*/data/hints/*.hints" >/dev/null; do
    [ "$(date +%s)" -lt "$deadline" ] || die "hints still undelivered after 300 s: $(ls "$CLUSTER_DIR"/node*/data/hints/)"
    sleep 2
  done
  sleep "${SETTLE_S:-5}"
}

# run_start_ms STDERR PID: about when the client's schedule opened, in epoch milliseconds: one status interval (1 s)
# before its first status line that reports operations. (YCSB 0.17.0 starts its status lines before the threads'
# init, this project's engine after it, so the first line alone would not do for both.) Fails when the client
# ends, or reports no operation within 180 s.
run_start_ms() {
  local deadline=$(( $(date +%s) + 180 ))
  while :; do
    if grep -q -m 1 -E ' [0-9]+ sec: [1-9][0-9]* operations' "$1" 2>/dev/null; then
      echo $(( $(now_ms) - 1000 ))
      return 0
    fi
    kill -0 "$2" 2>/dev/null || return 1
    [ "$(date +%s)" -lt "$deadline" ] || return 1
    sleep 0.2
  done
}

# sleep_until MS: sleeps until the epoch milliseconds MS (at once if past).
sleep_until() {
  local left=$(( $1 - $(now_ms) ))
  [ "$left" -le 0 ] || sleep "$(awk -v ms="$left" 'BEGIN { printf "%.3f", ms / 1000 }')"
}

# mark_run DIR EVENTS: the kill and the restart of one run marked on its timeline (bin/ycsb mark --at, lines in
# DIR/marks.tsv that bin/ycsb report draws), from the times EVENTS recorded. Called after the client ended: a JVM
# started during the outage would take CPU from the client and the cluster it measures; --at keeps the moments exact.
mark_run() {
  local dir="$1" ev="$2" at
  at="$(sed -n 's/^kill=//p' "$ev" 2>/dev/null | head -n 1)"
  [ -z "$at" ] || ycsb mark --at "$at" "$dir" "kill node 3 (SIGKILL)" || echo "could not mark the kill in $dir" >&2
  at="$(sed -n 's/^restart_issued=//p' "$ev" 2>/dev/null | head -n 1)"
  [ -z "$at" ] || ycsb mark --at "$at" "$dir" "restart node 3 begins" || echo "could not mark the restart in $dir" >&2
  at="$(sed -n 's/^restart_done=//p' "$ev" 2>/dev/null | head -n 1)"
  [ -z "$at" ] || ycsb mark --at "$at" "$dir" "node 3 serves again (start --node 3 returned)" \
    || echo "could not mark the restart's end in $dir" >&2
}

# kill_restart_run NAME EVENTS CLIENT_PID STDERR: during a client run, kills node 3 with SIGKILL KILL_AT s after the
# schedule opened and starts it again RESTART_AT s after; events into EVENTS. Returns 1 when the client ended
# before its first status line.
kill_restart_run() {
  local events="$2" client="$3" err="$4" t0 pid
  pid="$(node_pid 3)"
  [ -n "$pid" ] || die "node 3 has no pid in status before the run"
  t0="$(run_start_ms "$err" "$client")" || return 1
  echo "run_start=$t0" >>"$events"
  sleep_until $(( t0 + KILL_AT * 1000 ))
  if kill -0 "$client" 2>/dev/null; then
    kill -KILL "$pid"
    echo "kill=$(now_ms)" >>"$events"
    echo "killed_pid=$pid" >>"$events"
    sleep_until $(( t0 + RESTART_AT * 1000 ))
    restart_node_bg 3 "$events"
  fi
}
