#!/usr/bin/env bash
# Silent-node benchmark: a local 3-node Cassandra (RF 3), workload A at QUORUM at a fixed rate; during each run one
# node stops answering without closing its connections — partitioned (iptables), frozen (SIGSTOP) or slowed (a freeze
# duty cycle) — and is healed. This project's cassandra-cql binding and YCSB 0.17.0's own cassandra binding run the
# same schedule against the same cluster, interleaved; the results file gives, per fault and client, failed
# operations, the max and p99.9 service latency, the intended p99 during the fault, how long until the client named
# the node, and the verdict. See README.md.
set -euo pipefail
# The whole script is one block, read before it runs: editing the file during a long run cannot change the run.
{

HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
PROG="$(basename "$0")"
ARGV="$*"
# shellcheck source=../lib.sh
. "$ROOT/bench/lib.sh"
# shellcheck source=../cluster-kill/cluster.sh
. "$ROOT/bench/cluster-kill/cluster.sh"

ALL_FAULTS="partition-1,partition-2,partition-3,freeze-1,slow-3"

usage() {
  cat <<EOF
Usage: $PROG [options]
  --faults LIST      comma list of FAULT-NODE (default $ALL_FAULTS):
                     partition-N (both directions, iptables; needs root), freeze-N (SIGSTOP), slow-N (frozen
                     --slow-frozen-ms of every --slow-period-ms)
  --repeat N         runs per fault and client (default 3; --quick 1), interleaved: ours, 0.17.0, ours, ...
  --quick            smoke run: 1 repeat, 40 s runs, fault at 12 s for 10 s, 10 s warm-up (checks the script only)
  --rate R           fixed rate in ops/s, -target (default 200)
  --seconds S        length of a run: operationcount = rate x S (default 60)
  --fault-at S       seconds after the schedule opens when the fault begins (default 15; at least 13)
  --fault-for S      how long the fault lasts, s (default 20; freezes 15)
  --slow-frozen-ms M / --slow-period-ms P   the slow node's duty cycle (default 300 of every 1000)
  --threads N        -threads of both clients (0.17.0: threads; ours: operations in flight) (default 32)
  --path P           this project's path: async or blocking (default async)
  --warmup S         a run of S seconds (this project's client, no fault) before the measured ones (default 30; 0: none)
  --records N        records loaded before the runs (default 10000)
  --clients LIST     subset of ours,ycsb017 (default ours,ycsb017)
  --address A        address of node 1; nodes 2 and 3 take the next ones (default 127.0.0.80)
  --port P           native CQL port of every node (default 19120)
  --jvm-opts "..."   JVM options of both clients (default "-Xms512m -Xmx512m")
  --cache DIR        where YCSB 0.17.0's jars are fetched (default \${XDG_CACHE_HOME:-~/.cache}/ycsb-cluster-kill)
  --keep-cluster     leave the cluster running at the end (its directory is printed)
  --out FILE         results file (default $HERE/results-<date>.md, -quick.md with --quick)
  -h, --help         this text
EOF
}

FAULTS="$ALL_FAULTS"; REPEAT=""; QUICK=false; RATE=200; SECONDS_PER_RUN=""; FAULT_AT=""; FAULT_FOR=""; THREADS=32
SLOW_FROZEN=300; SLOW_PERIOD=1000; ASYNC_PATH=async; RECORDS=10000; WARMUP=""; CLIENTS="ours,ycsb017"
ADDRESS=127.0.0.80; PORT=19120; JVM_OPTS="-Xms512m -Xmx512m"; CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/ycsb-cluster-kill"
KEEP_CLUSTER=false; OUT=""
while [ $# -gt 0 ]; do
  opt="$1"
  case "$opt" in
    -h|--help) usage; exit 0 ;;
    --quick) QUICK=true; shift; continue ;;
    --keep-cluster) KEEP_CLUSTER=true; shift; continue ;;
    --faults|--repeat|--rate|--seconds|--fault-at|--fault-for|--slow-frozen-ms|--slow-period-ms|--threads|--path) ;;
    --warmup|--records|--clients|--address|--port|--jvm-opts|--cache|--out) ;;
    *) die "unknown option '$opt' (see --help)" ;;
  esac
  [ $# -ge 2 ] || die "$opt needs a value (see --help)"
  val="$2"
  case "$opt" in
    --faults) [[ "$val" =~ ^(partition|freeze|slow)-[123](,(partition|freeze|slow)-[123])*$ ]] \
                || die "--faults takes a comma list of partition-N, freeze-N, slow-N (N 1..3), got '$val'"
              FAULTS="$val" ;;
    --repeat) need_count "$opt" "$val"; REPEAT="$val" ;;
    --rate) need_count "$opt" "$val"; RATE="$val" ;;
    --seconds) need_count "$opt" "$val"; SECONDS_PER_RUN="$val" ;;
    --fault-at) need_count "$opt" "$val"; FAULT_AT="$val" ;;
    --fault-for) need_count "$opt" "$val"; FAULT_FOR="$val" ;;
    --slow-frozen-ms) need_count "$opt" "$val"; SLOW_FROZEN="$val" ;;
    --slow-period-ms) need_count "$opt" "$val"; SLOW_PERIOD="$val" ;;
    --threads) need_count "$opt" "$val"; THREADS="$val" ;;
    --path) [[ "$val" =~ ^(async|blocking)$ ]] || die "--path takes async or blocking, got '$val'"; ASYNC_PATH="$val" ;;
    --warmup) [[ "$val" =~ ^[0-9]+$ ]] || die "--warmup needs a number of seconds (0: none), got '$val'"; WARMUP="$val" ;;
    --records) need_count "$opt" "$val"; RECORDS="$val" ;;
    --clients) [[ "$val" =~ ^(ours|ycsb017)(,(ours|ycsb017))*$ ]] || die "--clients takes a comma list of ours and ycsb017, got '$val'"
               CLIENTS="$val" ;;
    --address) ADDRESS="$val" ;;
    --port) need_count "$opt" "$val"; [ "$val" -le 65535 ] || die "--port must be at most 65535, got '$val'"; PORT="$val" ;;
    --jvm-opts) JVM_OPTS="$val" ;;
    --cache) CACHE="$val" ;;
    --out) OUT="$val" ;;
  esac
  shift 2
done
if $QUICK; then : "${REPEAT:=1}" "${SECONDS_PER_RUN:=40}" "${FAULT_AT:=13}" "${FAULT_FOR:=10}" "${WARMUP:=10}"
else : "${REPEAT:=3}" "${SECONDS_PER_RUN:=60}" "${FAULT_AT:=15}" "${FAULT_FOR:=}" "${WARMUP:=30}"; fi
[ "$FAULT_AT" -ge 13 ] || die "--fault-at must be at least 13 s: the 12 s before the fault are the baseline"
[ "$SLOW_FROZEN" -lt "$SLOW_PERIOD" ] || die "--slow-frozen-ms ($SLOW_FROZEN) must be below --slow-period-ms ($SLOW_PERIOD)"
fault_seconds() { # FAULT-KIND: how long it lasts
  if [ -n "$FAULT_FOR" ]; then echo "$FAULT_FOR"; elif [ "$1" = freeze ]; then echo 15; else echo 20; fi
}
for f in ${FAULTS//,/ }; do
  [ $((FAULT_AT + $(fault_seconds "${f%-*}"))) -lt "$SECONDS_PER_RUN" ] \
    || die "$f: --fault-at $FAULT_AT plus its $(fault_seconds "${f%-*}") s must end before the run does (--seconds $SECONDS_PER_RUN)"
done
if [[ "$FAULTS" == *partition* ]]; then
  [ "$(id -u)" = 0 ] || die "partition faults need root (iptables); run as root or leave them out with --faults"
  command -v iptables >/dev/null 2>&1 || die "partition faults need iptables (Debian: apt-get install iptables)"
fi
TODAY="$(date -u +%Y-%m-%d)"
[ -n "$OUT" ] || { if $QUICK; then OUT="$HERE/results-$TODAY-quick.md"; else OUT="$HERE/results-$TODAY.md"; fi; }
OPS=$(( RATE * SECONDS_PER_RUN ))
LOAD_AT_START="$(cut -d' ' -f1-3 /proc/loadavg)"
command -v java >/dev/null 2>&1 || die "java not found"
command -v timeout >/dev/null 2>&1 || die "timeout (coreutils) not found"
find_ycsb017_cassandra_jar
if [[ ",$CLIENTS," == *",ycsb017,"* ]]; then
  [ -f "$REF_JAR" ] || die "YCSB 0.17.0's cassandra binding jar not found at $REF_JAR (set YCSB_REFERENCE_CASSANDRA_JAR, or --clients ours)"
  mkdir -p "$CACHE"
  fetch_ycsb017_cassandra_lib "$CACHE"
  # 0.17.0's HdrHistogram 2.1.4 needs the JAXB API, which left the JDK in 11 (see bench/cluster-kill/README.md).
  JAXB_JAR="$CACHE/jaxb-api-2.3.1.jar"
  [ -f "$JAXB_JAR" ] || mvn -B -q dependency:copy -Dartifact=javax.xml.bind:jaxb-api:2.3.1 -DoutputDirectory="$CACHE" \
    >"$CACHE/mvn-fetch-jaxb.log" 2>&1 || die "could not fetch javax.xml.bind:jaxb-api:2.3.1 (see $CACHE/mvn-fetch-jaxb.log)"
fi

RUN_DIR="$HERE/target/run-$(date -u +%Y%m%d-%H%M%S)"
kb_prepare
kb_start_cluster
# Whatever a run left (an interrupted script), the cluster's faults go with the script: healed before the cluster
# stops (cassandra-server stop heals too).
trap 'heal_all; kb_cleanup' EXIT
HOSTS="$(hosts_list)"
read -r -a JVM <<<"$JVM_OPTS"
COMMON=(-P "$ROOT/workloads/workloada" -p hosts="$HOSTS" -p port="$PORT" -p recordcount="$RECORDS"
        -p cassandra.readconsistencylevel=QUORUM -p cassandra.writeconsistencylevel=QUORUM)
echo "Loading $RECORDS records at QUORUM..." >&2
ycsb load cassandra-cql "${COMMON[@]}" -threads 16 >"$RUN_DIR/load.out" 2>"$RUN_DIR/load.err" \
  || die "the load failed (see $RUN_DIR/load.err)"
wait_in_step

# ---- faults (bin/ycsb cassandra-server fault) -----------------------------------------------------------------
fault_cli() { ycsb cassandra-server fault --dir "$CLUSTER_DIR" "$@"; }
fault_on() { # KIND NODE
  case "$1" in
    partition) fault_cli --node "$2" partition ;;
    freeze) fault_cli --node "$2" freeze ;;
    slow) fault_cli --node "$2" slow --frozen "$SLOW_FROZEN" --period "$SLOW_PERIOD" ;;
  esac
}
# heal removes every fault of the node: its rules, a slow cycle, a freeze
fault_off() { fault_cli --node "$2" heal; } # KIND NODE
heal_all() {
  [ -n "${CLUSTER_DIR:-}" ] || return 0
  local i
  for i in $(seq 1 "$NODES"); do fault_cli --node "$i" heal >/dev/null 2>&1 || true; done
}

# fault_run KIND NODE SECONDS EVENTS CLIENT_PID STDERR: during a client run, the fault FAULT_AT s after the schedule
# opened, healed SECONDS later; fault= and heal= epoch milliseconds into EVENTS. Returns 1 when the client ended
# before its first status line.
fault_run() {
  local kind="$1" node="$2" secs="$3" events="$4" client="$5" err="$6" t0
  t0="$(run_start_ms "$err" "$client")" || return 1
  echo "run_start=$t0" >>"$events"
  sleep_until $(( t0 + FAULT_AT * 1000 ))
  kill -0 "$client" 2>/dev/null || return 0
  echo "fault=$(now_ms)" >>"$events"
  fault_on "$kind" "$node" >>"$events.log" 2>&1 || echo "fault_failed=$(now_ms)" >>"$events"
  sleep_until $(( t0 + (FAULT_AT + secs) * 1000 ))
  fault_off "$kind" "$node" >>"$events.log" 2>&1 || echo "heal_failed=$(now_ms)" >>"$events"
  echo "heal=$(now_ms)" >>"$events"
}

# ---- one run -------------------------------------------------------------------------------------------------
TSV="$RUN_DIR/runs.tsv"
CMDS="$RUN_DIR/commands.txt"
FIELDS="ops failed failed_by_status retries service_max_ms service_max_outage_ms service_p999_ms intended_max_ms p99_before_ms p99_outage_ms max_outage_ms client_recovered_s named_s named_node verdict blames_database"
printf 'fault\tclient\trepeat\trc\tload1\tcassandra_jvms\t%s\n' "${FIELDS// /$'\t'}" >"$TSV"
: >"$CMDS"

command_for() { # client dir
  local run=(-t -P "$ROOT/workloads/workloada" -p hosts="$HOSTS" -p port="$PORT" -p recordcount="$RECORDS"
             -p operationcount="$OPS" -target "$RATE" -threads "$THREADS"
             -p cassandra.readconsistencylevel=QUORUM -p cassandra.writeconsistencylevel=QUORUM
             -p measurement.interval=both -p hdrhistogram.percentiles=50,99,99.9 -s -p status.interval=1)
  case "$1" in
    ours) CMD=(env JAVA_OPTS="$JVM_OPTS" "$ROOT/bin/ycsb" run cassandra-cql "${run[@]:1}"
               -p async="$([ "$ASYNC_PATH" = async ] && echo true || echo false)" -p results.dir="$2") ;;
    ycsb017) CMD=(java "${JVM[@]}" -cp "$REF_JAR:$Y17_LIB/*:$JAXB_JAR" site.ycsb.Client -db site.ycsb.db.CassandraCQLClient
                  "${run[@]}" -p hdrhistogram.fileoutput=true -p hdrhistogram.output.path="$2/hdr/") ;;
  esac
}

run_one() { # fault client repeat
  local fault="$1" c="$2" rep="$3" d="$RUN_DIR/$1-$2-$3" rc=0 load1 jvms client watch kind="${1%-*}" node="${1##*-}"
  local secs
  secs="$(fault_seconds "$kind")"
  mkdir -p "$d/hdr"
  command_for "$c" "$d"
  { printf '%s-%s-%s:' "$fault" "$c" "$rep"; printf ' %q' "${CMD[@]}"; printf '\n'; } >>"$CMDS"
  load1="$(cut -d' ' -f1 /proc/loadavg)"
  jvms="$(cassandra_jvms)"
  watch_bg "$d/watch.tsv" $((SECONDS_PER_RUN + 900))
  watch=$WATCH_PID
  timeout -k 30 $((SECONDS_PER_RUN + 420)) "${CMD[@]}" >"$d/out.txt" 2>"$d/err.txt" </dev/null &
  client=$!
  KB_PIDS="$KB_PIDS $client"
  fault_run "$kind" "$node" "$secs" "$d/events" "$client" "$d/err.txt" \
    || echo "$fault-$c-$rep: no status line before the client ended" >&2
  wait "$client" || rc=$?
  kill "$watch" 2>/dev/null || true
  wait "$watch" 2>/dev/null || true
  local fault_ms heal_ms row
  fault_ms="$(sed -n 's/^fault=//p' "$d/events" 2>/dev/null | head -n 1)"
  heal_ms="$(sed -n 's/^heal=//p' "$d/events" 2>/dev/null | head -n 1)"
  if [ -n "$fault_ms" ] && [ -n "$heal_ms" ]; then
    killbench analyze hdr="$d/hdr" output="$d/out.txt" watch="$d/watch.tsv" target="$RATE" node="$node" \
      kill="$fault_ms" restart_issued="$heal_ms" restart_done="$heal_ms" summary="$d/summary.json" \
      >"$d/figures.txt" 2>"$d/analyze.err" || true
  else
    : >"$d/figures.txt"
  fi
  if [ "$c" = ycsb017 ]; then
    # 0.17.0 writes no record of node events and no verdict
    sed -i 's/^named_s=.*/named_s=never/; s/^verdict=.*/verdict=none/; s/^blames_database=.*/blames_database=no/' "$d/figures.txt"
    grep -q '^named_s=' "$d/figures.txt" || printf 'named_s=never\nverdict=none\nblames_database=no\n' >>"$d/figures.txt"
  fi
  row="$fault\t$c\t$rep\t$rc\t$load1\t$jvms"
  for f in $FIELDS; do row="$row\t$(sed -n "s/^$f=//p" "$d/figures.txt" | head -n 1 | grep . || echo -)"; done
  printf "$row\n" >>"$TSV"
  printf '%-12s %-8s r%s: exit %s, load %s, %s' "$fault" "$c" "$rep" "$rc" "$load1" "$(tr '\n' ' ' <"$d/figures.txt")" >&2
  echo >&2
  heal_all
  wait_in_step
}

if [ "$WARMUP" -gt 0 ]; then
  echo "Warm-up: $WARMUP s of this project's client, no fault (not measured)..." >&2
  mkdir -p "$RUN_DIR/warmup"
  command_for ours "$RUN_DIR/warmup"
  timeout -k 30 $((WARMUP + 420)) "${CMD[@]}" -p operationcount=$((RATE * WARMUP)) >"$RUN_DIR/warmup/out.txt" \
    2>"$RUN_DIR/warmup/err.txt" </dev/null || echo "the warm-up run failed (see $RUN_DIR/warmup/err.txt)" >&2
  wait_in_step
fi

LOAD_BEFORE="$(cut -d' ' -f1-3 /proc/loadavg)"
START_S=$(date +%s)
IFS=, read -r -a CLIENT_LIST <<<"$CLIENTS"
IFS=, read -r -a FAULT_LIST <<<"$FAULTS"
for rep in $(seq 1 "$REPEAT"); do
  for fault in "${FAULT_LIST[@]}"; do
    for c in "${CLIENT_LIST[@]}"; do run_one "$fault" "$c" "$rep"; done
  done
done
ELAPSED_S=$(( $(date +%s) - START_S ))
LOAD_AFTER="$(cut -d' ' -f1-3 /proc/loadavg)"

# ---- report --------------------------------------------------------------------------------------------------
# One table per fault: median (min–max) of each figure per client; words (never, a verdict) listed as they came.
summary() { # FAULT
  awk -F'\t' -v clients="$CLIENTS" -v fault="$1" '
    function num(x) { return x ~ /^[0-9]+(\.[0-9]+)?$/ }
    function sorted(k,   i, j, t) { m = n[k]; for (i = 1; i <= m; i++) a[i] = v[k, i]
      for (i = 2; i <= m; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t } }
    function med() { return (m % 2) ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2 }
    function cell(k, d,   s) {
      s = ""
      if (n[k] > 0) { sorted(k); s = (m == 1) ? sprintf("%." d "f", a[1]) : sprintf("%." d "f (%." d "f–%." d "f)", med(), a[1], a[m]) }
      if (other[k] != "") s = s (s == "" ? "" : "; ") other[k]
      return s == "" ? "n/a" : s
    }
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    $1 == fault {
      for (f in col) {
        k = $2 SUBSEP f; x = $(col[f])
        if (num(x)) { n[k]++; v[k, n[k]] = x }
        else if (x != "" && x != "n/a" && index(", " other[k] ",", ", " x ",") == 0) other[k] = other[k] (other[k] == "" ? "" : ", ") x
      }
    }
    END {
      name["ours"] = "this project (cassandra-cql)"; name["ycsb017"] = "YCSB 0.17.0 (its cassandra binding)"
      nc = split(clients, cl, ",")
      printf "| figure |"; for (i = 1; i <= nc; i++) printf " %s |", name[cl[i]]; print ""
      printf "|---|"; for (i = 1; i <= nc; i++) printf "---:|"; print ""
      nf = split("rc:exit code:0|ops:operations:0|failed:failed operations:0|retries:retries counted by the binding:0|service_max_ms:max service latency (whole run), ms:1|service_max_outage_ms:max service latency of calls ending during the fault or the 20 s after, ms:1|service_p999_ms:p99.9 service latency (whole run), ms:1|intended_max_ms:max intended latency (whole run), ms:1|p99_before_ms:intended p99 before the fault, ms:1|p99_outage_ms:intended p99 during the fault, ms:1|max_outage_ms:intended max during the fault, ms:1|client_recovered_s:client back at 90% of the rate, s after the fault began:1|named_s:node named (down, silent or slow), s after the fault began:1|named_node:node named:0|verdict:lateness verdict:0|blames_database:record blames the database:0|load1:load average (1 min) at the run'"'"'s start:1", fl, "|")
      for (j = 1; j <= nf; j++) {
        split(fl[j], p, ":")
        printf "| %s |", p[2]; for (i = 1; i <= nc; i++) printf " %s |", cell(cl[i] SUBSEP p[1], p[3]); print ""
      }
    }' "$TSV"
}

# Issue 40's criteria, per run of this project's client: no failed operation, no call longer than one attempt's
# timeout and the back-off cap (the driver's 12 s read timeout + the binding's default cap, 5 s), the node named and
# the database blamed in the record. Prints one line per run and a count.
passes() {
  awk -F'\t' -v bound="$PASS_BOUND_MS" '
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    $(col["client"]) == "ours" {
      why = ""
      if ($(col["rc"]) != "0") why = why ", exit " $(col["rc"])
      if ($(col["failed"]) != "0") why = why ", " $(col["failed"]) " failed"
      if ($(col["service_max_ms"]) !~ /^[0-9.]+$/ || $(col["service_max_ms"]) + 0 > bound) why = why ", max service " $(col["service_max_ms"]) " ms"
      if ($(col["named_s"]) !~ /^[0-9.]+$/) why = why ", node not named"
      if ($(col["blames_database"]) != "yes") why = why ", database not blamed"
      runs++; if (why == "") passed++
      printf "- %s, run %s: %s\n", $(col["fault"]), $(col["repeat"]), why == "" ? "pass" : "FAIL (" substr(why, 3) ")"
    }
    END { printf "\n**%d of %d runs of this project passed.**\n", passed, runs }' "$TSV"
}
PASS_BOUND_MS=17000

{
  if $QUICK; then
    echo "# A node that goes silent: SMOKE RUN (--quick), not a measurement"
  else
    echo "# A node that goes silent: this project's cassandra-cql binding and YCSB 0.17.0's, side by side ($TODAY)"
  fi
  echo
  if awk -v l="${LOAD_AT_START%% *}" -v n="$(nproc)" 'BEGIN { exit !(l > n / 4) }'; then
    echo "> **The machine was not quiet**: load average $LOAD_AT_START when the script started, on $(nproc) CPUs;"
    echo "> each run's load average is in the tables. Timings are upper bounds."
    echo
  fi
  echo "Command: \`bench/silent-node/run.sh${ARGV:+ $ARGV}\` (commit $(cd "$ROOT" && git rev-parse --short HEAD)$(cd "$ROOT" && git diff --quiet HEAD -- . 2>/dev/null || echo ', with uncommitted changes'))."
  echo
  echo "A local 3-node Cassandra 5.0.9 (\`bin/ycsb cassandra-server start --nodes 3\`, $HOSTS, port $PORT; started in"
  echo "${CLUSTER_START_S} s), keyspace ycsb with replication factor 3, $RECORDS records loaded at QUORUM. Each run: workload A"
  echo "at QUORUM, \`-target $RATE -threads $THREADS\`, $OPS operations (about $SECONDS_PER_RUN s), \`measurement.interval=both\`."
  echo "The fault begins $FAULT_AT s after the client's schedule opened (\`bin/ycsb cassandra-server fault\`) and is"
  echo "healed after it lasted (partition and slow node ${FAULT_FOR:-20} s, freeze ${FAULT_FOR:-15} s):"
  echo
  echo "- **partition-N**: node N cut off from the client and the other nodes in both directions by iptables rules on its"
  echo "  address and the cluster's ports (packets dropped: no reset, connections stay open);"
  echo "- **freeze-N**: node N's JVM stopped (SIGSTOP) and continued (SIGCONT);"
  echo "- **slow-N**: node N frozen $SLOW_FROZEN ms of every $SLOW_PERIOD ms."
  echo
  echo "The clients alternate (${CLIENTS//,/, }; $REPEAT run(s) each per fault) on the same cluster, after a ${WARMUP} s"
  echo "warm-up run without a fault; between runs every fault is healed and the script waits until every node answers, no"
  echo "node holds hints, and 5 s. This project's client runs its $ASYNC_PATH path with its defaults (the driver's 12 s read"
  echo "timeout per attempt, the silent-node threshold, retries on another replica); 0.17.0's binding runs the DataStax"
  echo "driver 3.0.0 with its defaults (12 s read timeout, then the next host)."
  echo
  echo "- CPU: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1), nproc $(nproc), $(free -g | awk '/^Mem:/ {print $2}') GiB"
  echo "- Load average when the script started: $LOAD_AT_START; before the first run: $LOAD_BEFORE; after the last: $LOAD_AFTER"
  echo "- Java: $(java -version 2>&1 | head -n 1); client JVM options: $JVM_OPTS. Wall time of the runs: ${ELAPSED_S} s."
  echo
  echo "## Results: median (min–max) over the runs, per fault"
  for fault in "${FAULT_LIST[@]}"; do
    echo
    echo "### $fault"
    echo
    summary "$fault"
  done
  if [[ ",$CLIENTS," == *",ours,"* ]]; then
    echo
    echo "## Pass or fail, each run of this project's client"
    echo
    echo "Issue 40's criteria: no failed operation, no call longer than one attempt's timeout and the back-off cap"
    echo "(12 s + 5 s = $PASS_BOUND_MS ms), the node named (down, silent or slow), and the record blaming the database."
    echo
    passes
  fi
  echo
  echo "How each figure is taken (all times absolute, so both clients' logs line up with the fault):"
  echo
  echo "- **failed operations**: the \`Return=\` lines of READ and UPDATE that are not OK (both engines print them)."
  echo "- **service latency**: the call alone (this project: retries and back-off inside it included), from the"
  echo "  HdrHistogram interval logs of READ and UPDATE, OK and failed: the whole run's max and p99.9, and the max of"
  echo "  the intervals whose middle lies between the fault and 20 s after its heal (a call is logged when it ends)."
  echo "- **intended p99 / max during the fault**: intended latency (from the operation's slot on the schedule, so the"
  echo "  wait behind held calls is in it) over the intervals whose middle lies between the fault and its heal; before:"
  echo "  the 12 s before the fault. The two engines schedule differently (0.17.0: a schedule per thread, each thread"
  echo "  waiting for its own call; this engine: one schedule for all, in-flight places bounded by -threads), so intended"
  echo "  latency compares what each client's user would have waited, not the same queue."
  echo "- **node named**: the first node event (down, silent or slow) in this project's summary.json at or after the fault"
  echo "  began. YCSB 0.17.0 records none (\`never\`)."
  echo "- **lateness verdict / record blames the database**: summary.json's \`health.verdict.cause\`, and whether the"
  echo "  record's warnings name a database node (or the verdict names the database). 0.17.0 has neither."
  echo
  echo "## Every run"
  echo
  echo '```'
  column -t -s $'\t' "$TSV"
  echo '```'
  echo
  echo "## Commands"
  echo
  echo '```'
  sed "s|$RUN_DIR/||g; s|$ROOT/||g; s|$HOME|~|g" "$CMDS"
  echo '```'
} >"$OUT"
echo "Wrote $OUT (raw files in $RUN_DIR)" >&2
}
