#!/usr/bin/env bash
# CQL client-CPU benchmark: client CPU per operation of YCSB 0.17.0's cassandra binding, this project's
# cassandra-cql binding (blocking, and asynchronous when the engine offers it) and a driver-only floor, side by
# side in one run against the project's local Cassandra. See README.md.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
PROG="$(basename "$0")"
# shellcheck source=../lib.sh
. "$ROOT/bench/lib.sh"

usage() {
  cat <<EOF
Usage: $PROG [options]
  --repeat N          runs per case (default 3; --quick 1); medians and min-max are reported
  --quick             smoke run: few operations, 1 repeat (checks the script, not a measurement)
  --records N         records loaded (default 10000)
  --rates LIST        fixed rates in ops/s besides unthrottled (default 1500,3000; none: unthrottled only)
  --seconds D         length of every run (default 45; --quick 8)
  --window S1-S2      the measured window, in the client's own status seconds (default 25-40; --quick 3-6):
                      client CPU and operations between its status lines S1 and S2, after the JIT has settled
  --threads N         client threads of the blocking cases (default 16)
  --inflight N        operations in flight of the asynchronous cases (default 64)
  --cases LIST        subset of ycsb017,blocking,async,async-window,floor-sync,floor-async (default: all), and
                      blocking-noguard / async-noguard: those cases with the silent-node guard off
                      (-p cassandra.silentnodemillis=0), to measure what the guard costs per operation
  --async-args "..."  arguments of the asynchronous case (default "-p async=true -threads <inflight>")
  --base-core JAR     a core jar to compare with (e.g. an earlier commit's core/target/core-*.jar): the case
                      async-base runs the asynchronous case with it in place of this checkout's core
  --window-us N       dispatch window of the async-window case (default 1000: -p async.window.us=N on top)
  --port N            CQL port of the local Cassandra (default 9142)
  --java PATH         java for every client (default: java on PATH)
  --jvm-opts "..."    JVM options of every client (default "-Xms512m -Xmx512m")
  --cache DIR         where YCSB 0.17.0's jars are fetched (default \${XDG_CACHE_HOME:-~/.cache}/ycsb-cql-client-cpu)
  --out FILE          results file (default $HERE/results-<date>.md, -quick.md with --quick)
  -h, --help          this text
EOF
}


REPEAT=""; QUICK=false; RECORDS=10000; RATES="1500,3000"; SECONDS_PER_RUN=""; WINDOW=""; THREADS=16; INFLIGHT=64
CASES="ycsb017,blocking,async,async-window,floor-sync,floor-async"; ASYNC_ARGS=""; WINDOW_US=1000; PORT=9142; JAVA=java; JVM_OPTS="-Xms512m -Xmx512m"
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/ycsb-cql-client-cpu"; OUT=""; BASE_CORE=""
while [ $# -gt 0 ]; do
  opt="$1"
  case "$opt" in
    -h|--help) usage; exit 0 ;;
    --quick) QUICK=true; shift; continue ;;
    --repeat|--records|--rates|--seconds|--window|--threads|--inflight|--cases|--async-args|--window-us|--port|--java) ;;
    --jvm-opts|--cache|--out|--base-core) ;;
    *) die "unknown option '$opt' (see --help)" ;;
  esac
  [ $# -ge 2 ] || die "$opt needs a value (see --help)"
  val="$2"
  case "$opt" in
    --repeat) need_count "$opt" "$val"; REPEAT="$val" ;;
    --records) need_count "$opt" "$val"; RECORDS="$val" ;;
    --rates) [[ "$val" =~ ^(none|[1-9][0-9]*(,[1-9][0-9]*)*)$ ]] || die "--rates takes a comma list of ops/s or none, got '$val'"
             RATES="$val" ;;
    --seconds) need_count "$opt" "$val"; SECONDS_PER_RUN="$val" ;;
    --window) [[ "$val" =~ ^[1-9][0-9]*-[1-9][0-9]*$ ]] || die "--window takes S1-S2 (status seconds), got '$val'"
              WINDOW="$val" ;;
    --threads) need_count "$opt" "$val"; THREADS="$val" ;;
    --inflight) need_count "$opt" "$val"; INFLIGHT="$val" ;;
    --cases) [[ "$val" =~ ^(ycsb017|blocking|blocking-noguard|async|async-noguard|async-base|async-window|floor-sync|floor-async)(,(ycsb017|blocking|blocking-noguard|async|async-noguard|async-base|async-window|floor-sync|floor-async))*$ ]] \
               || die "--cases takes a comma list of ycsb017, blocking, blocking-noguard, async, async-noguard, async-base, async-window, floor-sync, floor-async; got '$val'"
             CASES="$val" ;;
    --async-args) ASYNC_ARGS="$val" ;;
    --window-us) need_count "$opt" "$val"; WINDOW_US="$val" ;;
    --port) need_count "$opt" "$val"; PORT="$val" ;;
    --java) JAVA="$val" ;;
    --jvm-opts) JVM_OPTS="$val" ;;
    --cache) CACHE="$val" ;;
    --out) OUT="$val" ;;
    --base-core) BASE_CORE="$val" ;;
  esac
  shift 2
done
if $QUICK; then : "${REPEAT:=1}" "${SECONDS_PER_RUN:=8}" "${WINDOW:=3-6}"; else : "${REPEAT:=3}" "${SECONDS_PER_RUN:=45}" "${WINDOW:=25-40}"; fi
W1="${WINDOW%-*}" W2="${WINDOW#*-}"
[ "$W1" -lt "$W2" ] || die "--window $WINDOW: S1 must be below S2"
[ "$W2" -lt "$SECONDS_PER_RUN" ] || die "--window $WINDOW must end before the run does (--seconds $SECONDS_PER_RUN)"
# A run ends by its time limit: the operation count only has to be out of reach.
RUN_OPS=1000000000
TICKS_PER_S="$(getconf CLK_TCK)"
# The engine's asynchronous path: -threads is its bound on operations in flight.
[ -n "$ASYNC_ARGS" ] || ASYNC_ARGS="-p async=true -threads $INFLIGHT"
TODAY="$(date -u +%Y-%m-%d)"
[ -n "$OUT" ] || { if $QUICK; then OUT="$HERE/results-$TODAY-quick.md"; else OUT="$HERE/results-$TODAY.md"; fi; }

# Taken before this script's own build, server start and data load, which raise the load average themselves: the
# quiet-machine check is about other work on the machine.
LOAD_AT_START="$(cut -d' ' -f1-3 /proc/loadavg)"

TIME_BIN=/usr/bin/time
[ -x "$TIME_BIN" ] || die "$TIME_BIN is missing: install the Debian package 'time'"
command -v "$JAVA" >/dev/null 2>&1 || die "java executable '$JAVA' not found"
command -v mvn >/dev/null 2>&1 || die "mvn is needed to build the project and fetch YCSB 0.17.0's jars"
find_ycsb017_cassandra_jar
if [[ ",$CASES," == *",ycsb017,"* ]] && [ ! -f "$REF_JAR" ]; then
  die "YCSB 0.17.0's cassandra binding jar not found at $REF_JAR (set YCSB_REFERENCE_CASSANDRA_JAR, or leave ycsb017 out of --cases)"
fi

if [[ ",$CASES," == *",async-base,"* ]]; then
  [ -n "$BASE_CORE" ] || die "the case async-base needs --base-core JAR"
  unzip -Z1 "$BASE_CORE" site/ycsb/Client.class >/dev/null 2>&1 || die "--base-core $BASE_CORE is not a core jar"
fi

RUN_DIR="$HERE/target/run-$(date -u +%Y%m%d-%H%M%S)"
mkdir -p "$RUN_DIR"

# ---- classpaths --------------------------------------------------------------------------------------------
echo "Building the project's cassandra binding and test server (mvn package, no tests)..." >&2
(cd "$ROOT" && mvn -q -B -DskipTests -DincludeScope=runtime -DexcludeArtifactIds=core \
   package dependency:copy-dependencies -pl :core,:cassandra-binding,:cassandra-testserver -am) \
   >"$RUN_DIR/build.log" 2>&1 || die "the build failed (see $RUN_DIR/build.log)"
OURS_LIB="$RUN_DIR/ours-lib"
mkdir -p "$OURS_LIB"
# dependencies first, then the freshly built jars over them (a dependency folder left by an earlier build may hold
# an older copy of core)
cp "$ROOT"/cassandra2/target/dependency/*.jar "$OURS_LIB/"
cp "$ROOT"/core/target/core-*.jar "$ROOT"/cassandra2/target/cassandra-binding-*.jar "$OURS_LIB/"
rm -f "$OURS_LIB"/*-tests.jar "$OURS_LIB"/*-sources.jar
BASE_LIB="$RUN_DIR/base-lib"
if [ -n "$BASE_CORE" ]; then # the same classpath with the other core
  mkdir -p "$BASE_LIB"
  cp "$OURS_LIB"/*.jar "$BASE_LIB/"
  rm -f "$BASE_LIB"/core-*.jar
  cp "$BASE_CORE" "$BASE_LIB/core-base.jar"
fi
compgen -G "$OURS_LIB/HdrHistogram*" >/dev/null || cp "$ROOT"/core/target/dependency/HdrHistogram-*.jar "$OURS_LIB/" 2>/dev/null \
  || cp "$HOME"/.m2/repository/org/hdrhistogram/HdrHistogram/2.2.2/HdrHistogram-2.2.2.jar "$OURS_LIB/"

if [[ ",$CASES," == *",ycsb017,"* ]]; then
  fetch_ycsb017_cassandra_lib "$CACHE"
  cp "$REF_JAR" "$RUN_DIR/cassandra-binding-0.17.0.jar"
fi

FLOOR_CLASSES="$RUN_DIR/floor-classes"
if [[ ",$CASES," == *",floor-"* ]]; then
  mkdir -p "$FLOOR_CLASSES"
  javac_bin="$(dirname "$(command -v "$JAVA")")/javac"
  [ -x "$javac_bin" ] || javac_bin=javac
  "$javac_bin" -nowarn -d "$FLOOR_CLASSES" -cp "$OURS_LIB/*" "$HERE/floor/DriverFloor.java" \
    || die "could not compile floor/DriverFloor.java"
fi

# ---- server and data ---------------------------------------------------------------------------------------
start_cassandra "$PORT" "$RUN_DIR/server"
WL=(-P "$ROOT/workloads/workloada" -p hosts=127.0.0.1 -p port="$PORT" -p recordcount="$RECORDS")
echo "Loading $RECORDS records..." >&2
"$JAVA" -cp "$OURS_LIB/*" site.ycsb.Client -load -db site.ycsb.db.CassandraCQLClient "${WL[@]}" -threads 8 \
  >"$RUN_DIR/load.out" 2>"$RUN_DIR/load.err" || die "the load failed (see $RUN_DIR/load.err)"

# ---- one run -------------------------------------------------------------------------------------------------
TSV="$RUN_DIR/runs.tsv"
CMDS="$RUN_DIR/commands.txt"
printf 'case\trate\trepeat\trc\tthroughput\twindow_ops\twindow_cpu_s\tuser_s\tsys_s\truntime_ms\n' >"$TSV"
: >"$CMDS"
read -r -a JVM <<<"$JVM_OPTS"
read -r -a ASYNC <<<"$ASYNC_ARGS"

command_for() { # case rate -> sets CMD
  local c="$1" rate="$2" ops="$RUN_OPS"
  # Status lines every second mark the measured window (the floor program prints the same form).
  local -a ycsb=(-t -db site.ycsb.db.CassandraCQLClient "${WL[@]}" -p operationcount="$ops"
                 -p maxexecutiontime="$SECONDS_PER_RUN" -s -p status.interval=1
                 -p cassandra.readconsistencylevel=ONE -p cassandra.writeconsistencylevel=ONE)
  [ "$rate" = max ] || ycsb+=(-target "$rate")
  local r=0
  [ "$rate" = max ] || r="$rate"
  case "$c" in
    ycsb017) CMD=("$JAVA" "${JVM[@]}" -cp "$RUN_DIR/cassandra-binding-0.17.0.jar:$Y17_LIB/*" site.ycsb.Client
                  "${ycsb[@]}" -threads "$THREADS") ;;
    blocking) CMD=("$JAVA" "${JVM[@]}" -cp "$OURS_LIB/*" site.ycsb.Client "${ycsb[@]}" -threads "$THREADS"
                   -p async=false) ;;
    blocking-noguard) CMD=("$JAVA" "${JVM[@]}" -cp "$OURS_LIB/*" site.ycsb.Client "${ycsb[@]}" -threads "$THREADS"
                           -p async=false -p cassandra.silentnodemillis=0) ;;
    async) CMD=("$JAVA" "${JVM[@]}" -cp "$OURS_LIB/*" site.ycsb.Client "${ycsb[@]}" "${ASYNC[@]}") ;;
    async-noguard) CMD=("$JAVA" "${JVM[@]}" -cp "$OURS_LIB/*" site.ycsb.Client "${ycsb[@]}" "${ASYNC[@]}"
                        -p cassandra.silentnodemillis=0) ;;
    async-base) CMD=("$JAVA" "${JVM[@]}" -cp "$BASE_LIB/*" site.ycsb.Client "${ycsb[@]}" "${ASYNC[@]}") ;;
    async-window) CMD=("$JAVA" "${JVM[@]}" -cp "$OURS_LIB/*" site.ycsb.Client "${ycsb[@]}" "${ASYNC[@]}"
                       -p async.window.us="$WINDOW_US") ;;
    floor-sync) CMD=("$JAVA" "${JVM[@]}" -cp "$FLOOR_CLASSES:$OURS_LIB/*" DriverFloor sync 127.0.0.1 "$PORT" "$ops" "$r"
                     "$THREADS" "$RECORDS" "$SECONDS_PER_RUN") ;;
    floor-async) CMD=("$JAVA" "${JVM[@]}" -cp "$FLOOR_CLASSES:$OURS_LIB/*" DriverFloor async 127.0.0.1 "$PORT" "$ops" "$r"
                      "$INFLIGHT" "$RECORDS" "$SECONDS_PER_RUN") ;;
  esac
}

# The CPU time (s) of process $1 so far, user + sys, from /proc (clock ticks).
cpu_of() { awk -v t="$TICKS_PER_S" '{ printf "%.2f", ($14 + $15) / t }' "/proc/$1/stat" 2>/dev/null; }

# Waits until $2 (a client's stderr) holds its status line for second $3 while process $1 lives; then prints
# "operations cpu_s" at that moment. Prints nothing if the process ends first.
at_status() { # pid errfile second
  local pid="$1" err="$2" sec="$3" line
  while kill -0 "$pid" 2>/dev/null; do
    line="$(grep -m 1 -E "(^| )$sec sec: [0-9]+ operations" "$err" 2>/dev/null || true)"
    if [ -n "$line" ]; then
      echo "$(sed -E 's/.* sec: ([0-9]+) operations.*/\1/' <<<"$line") $(cpu_of "$pid")"
      return
    fi
    sleep 0.02
  done
}

# Runs one command under GNU time (whole-process CPU) and reads its CPU and operations at its status lines
# W1 and W2; prints "rc throughput window_ops window_cpu_s user_s sys_s runtime_ms".
timed() { # base-name
  local base="$1" rc=0 user sys thr rt tpid jpid="" i a b
  { printf '%s:' "$(basename "$base")"; printf ' %q' "${CMD[@]}"; printf '\n'; } >>"$CMDS"
  "$TIME_BIN" -o "$base.time" -f '%U %S' "${CMD[@]}" >"$base.out" 2>"$base.err" </dev/null &
  tpid=$!
  for i in $(seq 1 500); do jpid="$(pgrep -P "$tpid" | head -n 1 || true)"; [ -n "$jpid" ] && break; sleep 0.01; done
  a="" b=""
  if [ -n "$jpid" ]; then
    a="$(at_status "$jpid" "$base.err" "$W1")"
    b="$(at_status "$jpid" "$base.err" "$W2")"
  fi
  wait "$tpid" || rc=$?
  read -r user sys < <(grep -E '^[0-9.]+ [0-9.]+$' "$base.time" | tail -n 1 || echo "- -")
  thr=$(awk -F', ' '$1 == "[OVERALL]" && $2 == "Throughput(ops/sec)" { print $3 }' "$base.out")
  rt=$(awk -F', ' '$1 == "[OVERALL]" && $2 == "RunTime(ms)" { print $3 }' "$base.out")
  local wops=- wcpu=-
  if [ -n "$a" ] && [ -n "$b" ]; then
    read -r o1 c1 <<<"$a"; read -r o2 c2 <<<"$b"
    wops=$((o2 - o1)); wcpu=$(awk -v x="$c1" -v y="$c2" 'BEGIN { printf "%.2f", y - x }')
  elif [ "$rc" = 0 ]; then
    rc=window
  fi
  echo "$rc ${thr:--} $wops $wcpu ${user:--} ${sys:--} ${rt:--}"
}

run_case() { # case rate repeat
  local c="$1" rate="$2" rep="$3"
  command_for "$c" "$rate"
  local rc thr wops wcpu user sys rt
  read -r rc thr wops wcpu user sys rt < <(timed "$RUN_DIR/$c-$rate-r$rep")
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$c" "$rate" "$rep" "$rc" "$thr" "$wops" "$wcpu" "$user" "$sys" "$rt" >>"$TSV"
  printf '%-12s %-5s r%s: exit %s, %s ops/s, window %s ops in %s s CPU (whole run %s+%s s)\n' "$c" "$rate" "$rep" "$rc" \
    "$thr" "$wops" "$wcpu" "$user" "$sys" >&2
}

LOAD_BEFORE="$(cut -d' ' -f1-3 /proc/loadavg)"
START_S=$(date +%s)
IFS=, read -r -a CASE_LIST <<<"$CASES"
RATE_LIST=(max)
[ "$RATES" = none ] || { IFS=, read -r -a more <<<"$RATES"; RATE_LIST+=("${more[@]}"); }
for rep in $(seq 1 "$REPEAT"); do
  order=("${CASE_LIST[@]}")
  if [ $((rep % 2)) -eq 0 ]; then order=(); for ((i = ${#CASE_LIST[@]} - 1; i >= 0; i--)); do order+=("${CASE_LIST[i]}"); done; fi
  for rate in "${RATE_LIST[@]}"; do
    for c in "${order[@]}"; do run_case "$c" "$rate" "$rep"; done
  done
done
ELAPSED_S=$(( $(date +%s) - START_S ))
LOAD_AFTER="$(cut -d' ' -f1-3 /proc/loadavg)"

# ---- report --------------------------------------------------------------------------------------------------
summary() {
  awk -F'\t' -v base="$(basename "${BASE_CORE:-none}")" -v cases="$CASES" -v window="$WINDOW_US" '
    function isnum(x) { return x ~ /^[0-9]+(\.[0-9]+)?$/ }
    function add(k, x) { n[k]++; v[k, n[k]] = x }
    function sorted(k,   i, j, t) { m = n[k]; for (i = 1; i <= m; i++) a[i] = v[k, i]
      for (i = 2; i <= m; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t } }
    function med(k) { if (!(k in n)) return ""; sorted(k); return (m % 2) ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2 }
    function lo(k) { if (!(k in n)) return ""; sorted(k); return a[1] }
    function hi(k) { if (!(k in n)) return ""; sorted(k); return a[m] }
    function spread(k, d) { return (k in n) ? sprintf("%." d "f (%." d "f–%." d "f)", med(k), lo(k), hi(k)) : "n/a" }
    NR == 1 { next }
    {
      key = $1 SUBSEP $2
      if (!($2 in seenrate)) { seenrate[$2] = 1; rates[++nr] = $2 }
      if ($4 != 0 || !isnum($6) || !isnum($7) || $6 <= 0) { bad[key]++; next }
      add(key SUBSEP "us", $7 / $6 * 1e6)
      # whole run, start-up and JIT included: CPU over the operations of the run
      if (isnum($5) && isnum($8) && isnum($9) && isnum($10) && $5 * $10 > 0) add(key SUBSEP "all", ($8 + $9) / ($5 * $10 / 1000) * 1e6)
      if (isnum($5)) add(key SUBSEP "thr", $5)
    }
    END {
      nc = split(cases, cl, ",")
      name["ycsb017"] = "YCSB 0.17.0 cassandra binding"; name["blocking"] = "this project, blocking"
      name["async"] = "this project, asynchronous"; name["floor-sync"] = "driver only, blocking"
      name["blocking-noguard"] = "this project, blocking, silent-node guard off"
      name["async-noguard"] = "this project, asynchronous, silent-node guard off"
      name["async-window"] = "this project, asynchronous, " window " µs dispatch window"
      name["floor-async"] = "driver only, executeAsync"; name["async-base"] = "this project, asynchronous, base core (" base ")"
      for (r = 1; r <= nr; r++) {
        rate = rates[r]
        printf "### %s\n\n", rate == "max" ? "Unthrottled" : ("-target " rate " ops/s")
        print "| client | client CPU µs per op, steady state, median (min–max) | ops/s, median (min–max) | CPU vs YCSB 0.17.0 | CPU vs driver-only async | whole run incl. start-up and JIT, µs per op |"
        print "|---|---:|---:|---:|---:|---:|"
        y = med("ycsb017" SUBSEP rate SUBSEP "us"); f = med("floor-async" SUBSEP rate SUBSEP "us")
        for (i = 1; i <= nc; i++) {
          c = cl[i]; k = c SUBSEP rate
          u = med(k SUBSEP "us")
          printf "| %s | %s | %s | %s | %s | %s |\n", name[c], spread(k SUBSEP "us", 0), spread(k SUBSEP "thr", 0),
            (u == "" || y == "" || y == 0) ? "n/a" : sprintf("%.2f", u / y),
            (u == "" || f == "" || f == 0) ? "n/a" : sprintf("%.2f", u / f), spread(k SUBSEP "all", 0)
          if (bad[k] > 0) failed = failed sprintf(" %s at %s: %d run(s) failed;", name[c], rate, bad[k])
        }
        print ""
      }
      if (failed != "") print "**Left out of the figures:**" failed "\n"
    }' "$TSV"
}

{
  if $QUICK; then
    echo "# CQL client CPU per operation: SMOKE RUN (--quick), not a measurement"
    echo
    echo "> A smoke run checks that the script works: runs are too short for the JIT to settle. Never quote it."
  else
    echo "# CQL client CPU per operation ($TODAY)"
  fi
  echo
  load1="${LOAD_AT_START%% *}"
  if awk -v l="$load1" -v n="$(nproc)" 'BEGIN { exit !(l > n / 4) }'; then
    echo "> **The machine was not quiet** (load average $LOAD_AT_START when the script started, on $(nproc) CPUs): figures are unreliable."
    echo
  fi
  echo "Workload A (50% reads of all fields, 50% updates of one 100-byte field), $RECORDS records, against the"
  echo "project's local Cassandra (\`bin/ycsb cassandra-server\`, 127.0.0.1:$PORT), consistency ONE everywhere."
  echo "Every run lasts $SECONDS_PER_RUN s and prints a status line every second. **Steady-state client CPU per operation** ="
  echo "user + sys CPU of the client process (/proc/PID/stat) between its status lines $W1 s and $W2 s, over the operations"
  echo "completed between them: after the JIT has settled (in a 20 s run at 3,000 ops/s the C2 compiler alone used"
  echo "about as much CPU as the operations). The last column is the whole run's CPU (GNU time) over its operations,"
  echo "start-up and JIT included, for comparison. Blocking cases: $THREADS threads; asynchronous cases: $INFLIGHT"
  echo "in flight. $REPEAT repeat(s), cases interleaved (order reversed every other repeat). Wall time ${ELAPSED_S} s."
  echo
  echo "- CPU: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1), nproc $(nproc)"
  echo "- Commit: $(git -C "$HERE" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$HERE" diff --quiet HEAD -- . ../../core ../../cql-common ../../cassandra2 2>/dev/null || echo ' (with uncommitted changes)')"
  echo "- Load average when the script started: $LOAD_AT_START; after its build, server start and data load, before the"
  echo "  first run: $LOAD_BEFORE; after the last run: $LOAD_AFTER (the runs' own client and server raise it)"
  echo "- Java: $("$JAVA" -version 2>&1 | head -n 1); JVM options: $JVM_OPTS"
  echo "- Async arguments: ${ASYNC_ARGS:-(none)}; async-window case: the same plus -p async.window.us=$WINDOW_US"
  [ -z "$BASE_CORE" ] || echo "- async-base case: the same with core jar $BASE_CORE (sha256 $(sha256sum "$BASE_CORE" | cut -c1-16)…: $("$JAVA" -cp "$BASE_LIB/*" site.ycsb.Client --version 2>/dev/null | head -n 1)); this checkout's core: $("$JAVA" -cp "$OURS_LIB/*" site.ycsb.Client --version 2>/dev/null | head -n 1)"
  echo
  echo "## Results"
  echo
  summary
  echo "## Every run"
  echo
  echo "| case | rate | repeat | exit | ops/s | window ops | window CPU s | whole-run user s | whole-run sys s | run ms |"
  echo "|---|---|---:|---|---:|---:|---:|---:|---:|---:|"
  tail -n +2 "$TSV" | awk -F'\t' '{ printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6, $7, $8, $9, $10 }'
  echo
  echo "## Commands"
  echo
  echo '```'
  cat "$CMDS"
  echo '```'
} >"$OUT"
echo "Results: $OUT" >&2
