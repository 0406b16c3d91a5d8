#!/usr/bin/env bash
# Kill-one-node benchmark: a local 3-node Cassandra (RF 3), workload A at QUORUM at a fixed rate; node 3 is killed
# (SIGKILL) during the run and started again. This project's cassandra-cql binding and YCSB 0.17.0's own cassandra
# binding run the same schedule against the same cluster, interleaved; the results file gives each one's failed
# operations, retries, intended p99 during the outage and how fast the dead node's share moved and came back.
# See README.md.
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
  --repeat N         runs per client (default 3; --quick 1), interleaved: ours, 0.17.0, ours, ...
  --quick            smoke run: 1 repeat, 60 s runs, kill at 15 s, restart at 25 s, 10 s warm-up (checks the
                     script only)
  --rate R           fixed rate in ops/s, -target (default 150)
  --seconds S        length of a run: operationcount = rate x S (default 180)
  --kill-at S        seconds after the schedule opens when node 3 is killed (default 30)
  --restart-at S     seconds after the schedule opens when node 3 is started again (default 50)
  --threads N        -threads of both clients (0.17.0: threads; ours: operations in flight) (default 64)
  --warmup S         a run of S seconds (this project's client, no kill) before the measured ones, so that the
                     first measured run does not meet a cold cluster (default 30; 0: none)
  --records N        records loaded before the runs (default 10000)
  --clients LIST     subset of ours,ycsb017 (default ours,ycsb017)
  --address A        address of node 1; nodes 2 and 3 take the next ones (default 127.0.0.60)
  --port P           native CQL port of every node (default 19100)
  --jvm-opts "..."   JVM options of both clients (default "-Xms512m -Xmx512m")
  --cache DIR        where YCSB 0.17.0's jars are fetched (default \${XDG_CACHE_HOME:-~/.cache}/ycsb-cluster-kill)
  --keep-cluster     leave the cluster running at the end (its directory is printed)
  --out FILE         results file (default $HERE/results-<date>.md, -quick.md with --quick)
  --report DIR       where the timeline report of the first run of each client goes (bin/ycsb report --compare:
                     intended and service latency over time with the kill and the restart marked; default
                     $HERE/report-<date>, -quick with --quick)
  -h, --help         this text
EOF
}

REPEAT=""; QUICK=false; RATE=150; SECONDS_PER_RUN=""; KILL_AT=""; RESTART_AT=""; THREADS=64; RECORDS=10000; WARMUP=""
CLIENTS="ours,ycsb017"; ADDRESS=127.0.0.60; PORT=19100; JVM_OPTS="-Xms512m -Xmx512m"
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/ycsb-cluster-kill"; KEEP_CLUSTER=false; OUT=""; REPORT=""
while [ $# -gt 0 ]; do
  opt="$1"
  case "$opt" in
    -h|--help) usage; exit 0 ;;
    --quick) QUICK=true; shift; continue ;;
    --keep-cluster) KEEP_CLUSTER=true; shift; continue ;;
    --repeat|--rate|--seconds|--kill-at|--restart-at|--threads|--records|--clients|--address|--port|--jvm-opts) ;;
    --warmup) ;;
    --cache|--out|--report) ;;
    *) die "unknown option '$opt' (see --help)" ;;
  esac
  [ $# -ge 2 ] || die "$opt needs a value (see --help)"
  val="$2"
  case "$opt" in
    --repeat) need_count "$opt" "$val"; REPEAT="$val" ;;
    --rate) need_count "$opt" "$val"; RATE="$val" ;;
    --seconds) need_count "$opt" "$val"; SECONDS_PER_RUN="$val" ;;
    --kill-at) need_count "$opt" "$val"; KILL_AT="$val" ;;
    --restart-at) need_count "$opt" "$val"; RESTART_AT="$val" ;;
    --threads) need_count "$opt" "$val"; THREADS="$val" ;;
    --records) need_count "$opt" "$val"; RECORDS="$val" ;;
    --warmup) [[ "$val" =~ ^[0-9]+$ ]] || die "--warmup needs a number of seconds (0: none), got '$val'"; WARMUP="$val" ;;
    --clients) [[ "$val" =~ ^(ours|ycsb017)(,(ours|ycsb017))*$ ]] || die "--clients takes a comma list of ours and ycsb017, got '$val'"
               CLIENTS="$val" ;;
    --address) ADDRESS="$val" ;;
    --port) need_count "$opt" "$val"; [ "$val" -le 65535 ] || die "--port must be at most 65535, got '$val'"; PORT="$val" ;;
    --jvm-opts) JVM_OPTS="$val" ;;
    --cache) CACHE="$val" ;;
    --out) OUT="$val" ;;
    --report) REPORT="$val" ;;
  esac
  shift 2
done
if $QUICK; then : "${REPEAT:=1}" "${SECONDS_PER_RUN:=60}" "${KILL_AT:=15}" "${RESTART_AT:=25}" "${WARMUP:=10}"
else : "${REPEAT:=3}" "${SECONDS_PER_RUN:=180}" "${KILL_AT:=30}" "${RESTART_AT:=50}" "${WARMUP:=30}"; fi
[ "$KILL_AT" -ge 13 ] || die "--kill-at must be at least 13 s: the 12 s before the kill are the baseline"
[ "$KILL_AT" -lt "$RESTART_AT" ] || die "--restart-at ($RESTART_AT) must come after --kill-at ($KILL_AT)"
[ "$RESTART_AT" -lt "$SECONDS_PER_RUN" ] || die "--restart-at ($RESTART_AT) must come before the run ends (--seconds $SECONDS_PER_RUN)"
TODAY="$(date -u +%Y-%m-%d)"
[ -n "$OUT" ] || { if $QUICK; then OUT="$HERE/results-$TODAY-quick.md"; else OUT="$HERE/results-$TODAY.md"; fi; }
[ -n "$REPORT" ] || { if $QUICK; then REPORT="$HERE/report-$TODAY-quick"; else REPORT="$HERE/report-$TODAY"; fi; }
OPS=$(( RATE * SECONDS_PER_RUN ))
LOAD_AT_START="$(cut -d' ' -f1-3 /proc/loadavg)"
command -v java >/dev/null 2>&1 || die "java not found"
command -v timeout >/dev/null 2>&1 || die "timeout (coreutils) not found"
find_ycsb017_cassandra_jar
if [[ ",$CLIENTS," == *",ycsb017,"* ]]; then
  [ -f "$REF_JAR" ] || die "YCSB 0.17.0's cassandra binding jar not found at $REF_JAR (set YCSB_REFERENCE_CASSANDRA_JAR, or --clients ours)"
  mkdir -p "$CACHE"
  fetch_ycsb017_cassandra_lib "$CACHE"
  # 0.17.0's HdrHistogram 2.1.4 writes its interval logs with javax.xml.bind's base64, which left the JDK in 11:
  # without the JAXB API on the classpath its status thread dies at the first log line (NoClassDefFoundError).
  JAXB_JAR="$CACHE/jaxb-api-2.3.1.jar"
  [ -f "$JAXB_JAR" ] || mvn -B -q dependency:copy -Dartifact=javax.xml.bind:jaxb-api:2.3.1 -DoutputDirectory="$CACHE" \
    >"$CACHE/mvn-fetch-jaxb.log" 2>&1 || die "could not fetch javax.xml.bind:jaxb-api:2.3.1 (see $CACHE/mvn-fetch-jaxb.log)"
fi

RUN_DIR="$HERE/target/run-$(date -u +%Y%m%d-%H%M%S)"
kb_prepare
kb_start_cluster
HOSTS="$(hosts_list)"
read -r -a JVM <<<"$JVM_OPTS"
COMMON=(-P "$ROOT/workloads/workloada" -p hosts="$HOSTS" -p port="$PORT" -p recordcount="$RECORDS"
        -p cassandra.readconsistencylevel=QUORUM -p cassandra.writeconsistencylevel=QUORUM)
echo "Loading $RECORDS records at QUORUM..." >&2
ycsb load cassandra-cql "${COMMON[@]}" -threads 16 >"$RUN_DIR/load.out" 2>"$RUN_DIR/load.err" \
  || die "the load failed (see $RUN_DIR/load.err)"
wait_in_step

# ---- one run -------------------------------------------------------------------------------------------------
TSV="$RUN_DIR/runs.tsv"
CMDS="$RUN_DIR/commands.txt"
FIELDS="ops failed failed_by_status retries p99_before_ms p99_outage_ms max_outage_ms ops_outage client_recovered_s share_moved_s node_back_s takes_requests_s restart_s server_rate_before killed_node_rate_before"
printf 'client\trepeat\trc\tload1\tcassandra_jvms\t%s\n' "${FIELDS// /$'\t'}" >"$TSV"
: >"$CMDS"

command_for() { # client dir
  local run=(-t -P "$ROOT/workloads/workloada" -p hosts="$HOSTS" -p port="$PORT" -p recordcount="$RECORDS"
             -p operationcount="$OPS" -target "$RATE" -threads "$THREADS"
             -p cassandra.readconsistencylevel=QUORUM -p cassandra.writeconsistencylevel=QUORUM
             -p measurement.interval=both -s -p status.interval=1)
  case "$1" in
    ours) CMD=(env JAVA_OPTS="$JVM_OPTS" "$ROOT/bin/ycsb" run cassandra-cql "${run[@]:1}" -p async=true
               -p results.dir="$2") ;;
    ycsb017) CMD=(java "${JVM[@]}" -cp "$REF_JAR:$Y17_LIB/*:$JAXB_JAR" site.ycsb.Client -db site.ycsb.db.CassandraCQLClient
                  "${run[@]}" -p hdrhistogram.fileoutput=true -p hdrhistogram.output.path="$2/hdr/") ;;
  esac
}

run_one() { # client repeat
  local c="$1" rep="$2" d="$RUN_DIR/$1-$2" rc=0 load1 client watch
  mkdir -p "$d/hdr"
  command_for "$c" "$d"
  { printf '%s-%s:' "$c" "$rep"; printf ' %q' "${CMD[@]}"; printf '\n'; } >>"$CMDS"
  load1="$(cut -d' ' -f1 /proc/loadavg)"
  jvms="$(cassandra_jvms)"
  watch_bg "$d/watch.tsv" $((SECONDS_PER_RUN + 900))
  watch=$WATCH_PID
  timeout -k 30 $((SECONDS_PER_RUN + 420)) "${CMD[@]}" >"$d/out.txt" 2>"$d/err.txt" </dev/null &
  client=$!
  KB_PIDS="$KB_PIDS $client"
  kill_restart_run "$c-$rep" "$d/events" "$client" "$d/err.txt" || echo "$c-$rep: no status line before the client ended" >&2
  wait "$client" || rc=$?
  [ -z "${RESTART_PID:-}" ] || wait_bounded "$RESTART_PID" 300 || echo "$c-$rep: the restart of node 3 took over 300 s" >&2
  RESTART_PID=""
  kill "$watch" 2>/dev/null || true
  wait "$watch" 2>/dev/null || true
  local ev kill_ms issued done_ms
  ev="$d/events"
  kill_ms="$(sed -n 's/^kill=//p' "$ev" 2>/dev/null | head -n 1)"
  issued="$(sed -n 's/^restart_issued=//p' "$ev" 2>/dev/null | head -n 1)"
  done_ms="$(sed -n 's/^restart_done=//p' "$ev" 2>/dev/null | head -n 1)"
  local row
  if [ -n "$kill_ms" ] && [ -n "$issued" ]; then
    killbench analyze hdr="$d/hdr" output="$d/out.txt" watch="$d/watch.tsv" target="$RATE" node=3 kill="$kill_ms" \
      restart_issued="$issued" restart_done="${done_ms:-0}" >"$d/figures.txt" 2>"$d/analyze.err" || true
  else
    : >"$d/figures.txt"
  fi
  mark_run "$d" "$ev"
  row="$c\t$rep\t$rc\t$load1\t$jvms"
  for f in $FIELDS; do row="$row\t$(sed -n "s/^$f=//p" "$d/figures.txt" | head -n 1 | grep . || echo -)"; done
  printf "$row\n" >>"$TSV"
  printf '%-8s r%s: exit %s, load %s, %s' "$c" "$rep" "$rc" "$load1" "$(tr '\n' ' ' <"$d/figures.txt")" >&2
  echo >&2
  wait_in_step
}

if [ "$WARMUP" -gt 0 ]; then
  echo "Warm-up: $WARMUP s of this project's client, no kill (not measured)..." >&2
  mkdir -p "$RUN_DIR/warmup"
  command_for ours "$RUN_DIR/warmup"
  timeout -k 30 $((WARMUP + 420)) "${CMD[@]}" -p operationcount=$((RATE * WARMUP)) >"$RUN_DIR/warmup/out.txt" \
    2>"$RUN_DIR/warmup/err.txt" </dev/null || echo "the warm-up run failed (see $RUN_DIR/warmup/err.txt)" >&2
  wait_in_step
fi

LOAD_BEFORE="$(cut -d' ' -f1-3 /proc/loadavg)"
START_S=$(date +%s)
IFS=, read -r -a CLIENT_LIST <<<"$CLIENTS"
for rep in $(seq 1 "$REPEAT"); do
  for c in "${CLIENT_LIST[@]}"; do run_one "$c" "$rep"; done
done
ELAPSED_S=$(( $(date +%s) - START_S ))
LOAD_AFTER="$(cut -d' ' -f1-3 /proc/loadavg)"

# ---- the timeline: the first run of each client on one page -----------------------------------------------------
REPORT_NOTE="no timeline report (no run of either client)"
FIRST=()
for c in "${CLIENT_LIST[@]}"; do [ -d "$RUN_DIR/$c-1" ] && FIRST+=("$RUN_DIR/$c-1"); done
if [ "${#FIRST[@]}" -gt 0 ]; then
  rm -rf "$REPORT"
  if [ "${#FIRST[@]}" -eq 2 ]; then REPORT_ARGS=(--compare "${FIRST[@]}"); else REPORT_ARGS=("${FIRST[@]}"); fi
  if ycsb report -o "$REPORT" --title "Kill one node of three: ${CLIENTS//,/ and }, run 1" "${REPORT_ARGS[@]}" \
      >"$RUN_DIR/report.out" 2>"$RUN_DIR/report.err"; then
    REPORT_NOTE="the timeline of the first run of each client (intended and service latency per second, the kill and the restart marked, the binding's node events): \`${REPORT#"$ROOT/"}/report.html\`"
  else
    REPORT_NOTE="the timeline report failed (see $RUN_DIR/report.err)"
  fi
fi
echo "$REPORT_NOTE" >&2

# ---- report --------------------------------------------------------------------------------------------------
summary() {
  awk -F'\t' -v clients="$CLIENTS" '
    function num(x) { return x ~ /^[0-9]+(\.[0-9]+)?$/ }
    function sorted(k,   i, j, t) { m = n[k]; for (i = 1; i <= m; i++) a[i] = v[k, i]
      for (i = 2; i <= m; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t } }
    function med() { return (m % 2) ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2 }
    # median (min–max) of the numeric values; values that are not numbers (">12.0": not within the run,
    # "-": never) are listed after them
    function cell(k, d,   s) {
      s = ""
      if (n[k] > 0) { sorted(k); s = (m == 1) ? sprintf("%." d "f", a[1]) : sprintf("%." d "f (%." d "f–%." d "f)", med(), a[1], a[m]) }
      if (other[k] != "") s = s (s == "" ? "" : "; ") "not reached: " other[k]
      return s == "" ? "n/a" : s
    }
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    {
      for (f in col) {
        k = $1 SUBSEP f; x = $(col[f])
        if (num(x)) { n[k]++; v[k, n[k]] = x } else if (x != "" && x != "n/a") other[k] = other[k] (other[k] == "" ? "" : ", ") x
      }
      runs[$1]++
    }
    END {
      name["ours"] = "this project (cassandra-cql, async)"; name["ycsb017"] = "YCSB 0.17.0 (its cassandra binding)"
      nc = split(clients, cl, ",")
      printf "| figure |"; for (i = 1; i <= nc; i++) printf " %s |", name[cl[i]]; print ""
      printf "|---|"; for (i = 1; i <= nc; i++) printf "---:|"; print ""
      nf = split("rc:exit code:0|ops:operations:0|failed:failed operations:0|retries:retries counted by the binding:0|p99_before_ms:intended p99 before the kill, ms:1|p99_outage_ms:intended p99 during the outage, ms:1|max_outage_ms:intended max during the outage, ms:1|client_recovered_s:client back at 90% of the rate, s after the kill:1|share_moved_s:dead node'"'"'s share served by the others, s after the kill:1|restart_s:restart of node 3 (start --node), s:1|node_back_s:node 3 answers CQL again, s after the restart began:1|takes_requests_s:node 3 takes requests again, s after it answers:1|load1:load average (1 min) at the run'"'"'s start:1|cassandra_jvms:Cassandra servers on the machine at the run'"'"'s start (3 of them this cluster):0", fl, "|")
      for (j = 1; j <= nf; j++) {
        split(fl[j], p, ":")
        printf "| %s |", p[2]; for (i = 1; i <= nc; i++) printf " %s |", cell(cl[i] SUBSEP p[1], p[3]); print ""
      }
    }' "$TSV"
}

{
  if $QUICK; then
    echo "# Kill one node of three: SMOKE RUN (--quick), not a measurement"
  else
    echo "# Kill one node of three: this project's cassandra-cql binding and YCSB 0.17.0's, side by side ($TODAY)"
  fi
  echo
  if awk -v l="${LOAD_AT_START%% *}" -v n="$(nproc)" 'BEGIN { exit !(l > n / 4) }'; then
    echo "> **The machine was not quiet**: load average $LOAD_AT_START when the script started, on $(nproc) CPUs, shared"
    echo "> with other engineers' builds and clusters; each run's load average and the Cassandra servers running on the"
    echo "> machine then are in the tables. Timings are upper bounds."
    echo
  fi
  echo "Command: \`bench/cluster-kill/run.sh${ARGV:+ $ARGV}\` (commit $(cd "$ROOT" && git rev-parse --short HEAD)$(cd "$ROOT" && git diff --quiet HEAD -- . 2>/dev/null || echo ', with uncommitted changes'))."
  echo
  echo "A local 3-node Cassandra 5.0.9 (\`bin/ycsb cassandra-server start --nodes 3\`, $HOSTS, port $PORT; started in"
  echo "${CLUSTER_START_S} s), keyspace ycsb with replication factor 3, $RECORDS records loaded at QUORUM. Each run: workload A"
  echo "(50% reads of all fields, 50% updates of one field), reads and writes at QUORUM, \`-target $RATE -threads $THREADS\`,"
  echo "$OPS operations (about $SECONDS_PER_RUN s), \`measurement.interval=both\`, a status line per second. Node 3 is killed"
  echo "with SIGKILL $KILL_AT s after the client's schedule opened, and started again (\`start --dir D --node 3\`, which"
  echo "returns once it serves) at $RESTART_AT s. The clients alternate (${CLIENTS//,/, }, ...; $REPEAT run(s) each) on the"
  echo "same cluster, after a ${WARMUP} s warm-up run of this project's client without a kill (not measured); between runs the"
  echo "script waits until every node answers, no node holds hints any more, and 5 s."
  echo "Both clients default to the driver's token-aware routing; the 0.17.0 binding runs with the DataStax driver 3.0.0"
  echo "as its pom names it, this project's with 3.11.5 on its asynchronous path (\`-p async=true\`)."
  echo
  echo "- CPU: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1), nproc $(nproc), $(free -g | awk '/^Mem:/ {print $2}') GiB"
  echo "- Load average when the script started: $LOAD_AT_START; before the first run: $LOAD_BEFORE; after the last: $LOAD_AFTER"
  echo "- Java: $(java -version 2>&1 | head -n 1); client JVM options: $JVM_OPTS. Wall time of the runs: ${ELAPSED_S} s."
  echo
  echo "Timeline: $REPORT_NOTE."
  echo
  echo "## Results: median (min–max) over the runs"
  echo
  summary
  echo
  echo "How each figure is taken (all times are absolute, so the two clients' logs line up with the kill):"
  echo
  echo "- **failed operations**: the \`Return=\` lines of READ and UPDATE that are not OK (both engines print them)."
  echo "- **retries**: this project's \`[CASSANDRA-RETRIES], TOTAL\`. YCSB 0.17.0's binding does not retry itself;"
  echo "  the driver's default retry policy may retry once inside a call, uncounted (n/a)."
  echo "- **intended p99**: from the clients' HdrHistogram interval logs of intended latency (1 s intervals; READ and"
  echo "  UPDATE, OK and failed together), the intervals whose middle lies between the kill and the end of the restart"
  echo "  (\`start --node 3\` returned); before the kill: the 12 s before it. Intended latency counts from the operation's"
  echo "  slot on the schedule, so queueing behind stalled calls is in it (0.17.0: per-thread schedules, this engine: one)."
  echo "- **client back at 90%**: the first of three 1 s intervals in a row after the kill in which OK operations reach"
  echo "  90% of the target rate (end of that interval, minus the kill time)."
  echo "- **dead node's share served by the others** (server side): once a second every node's"
  echo "  \`system_views.clients.request_count\` per connection (the poll's own connection left out) gives the requests"
  echo "  each node received; the first of three polls in a row in which nodes 1 and 2 together receive at least 90% of"
  echo "  what all three received per second in the 12 s before the kill. Resolution about 1 s."
  echo "- **node 3 takes requests again**: from the first poll in which node 3 answers CQL after its restart began, until"
  echo "  the first poll in which it receives at least half its own request rate before the kill. \"not reached: >N\":"
  echo "  not within the run (N s left after it answered)."
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
