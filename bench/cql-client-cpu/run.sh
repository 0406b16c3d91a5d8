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
  --ops N             operations of an unthrottled run (default 100000)
  --rates LIST        fixed rates in ops/s (default 1500,3000); each such run lasts --rate-seconds
  --rate-seconds S    length of a fixed-rate run (default 20)
  --threads N         client threads of the blocking cases (default 16)
  --inflight N        operations in flight of the asynchronous cases (default 64)
  --cases LIST        subset of ycsb017,blocking,async,async-window,floor-sync,floor-async (default: all)
  --async-args "..."  arguments of the asynchronous case (default "-p async=true -threads <inflight>")
  --window-us N       dispatch window of the async-window case (default 1000: -p async.window.us=N on top)
  --port N            CQL port of the local Cassandra (default 9142)
  --java PATH         java for every client (default: java on PATH)
  --jvm-opts "..."    JVM options of every client (default "-Xms512m -Xmx512m")
  --cache DIR         where YCSB 0.17.0's jars are fetched (default \${XDG_CACHE_HOME:-~/.cache}/ycsb-cql-client-cpu)
  --out FILE          results file (default $HERE/results-<date>.md, -quick.md with --quick)
  -h, --help          this text
EOF
}


REPEAT=""; QUICK=false; RECORDS=10000; OPS=""; RATES="1500,3000"; RATE_SECONDS=""; THREADS=16; INFLIGHT=64
CASES="ycsb017,blocking,async,async-window,floor-sync,floor-async"; ASYNC_ARGS=""; WINDOW_US=1000; PORT=9142; JAVA=java; JVM_OPTS="-Xms512m -Xmx512m"
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/ycsb-cql-client-cpu"; OUT=""
while [ $# -gt 0 ]; do
  opt="$1"
  case "$opt" in
    -h|--help) usage; exit 0 ;;
    --quick) QUICK=true; shift; continue ;;
    --repeat|--records|--ops|--rates|--rate-seconds|--threads|--inflight|--cases|--async-args|--window-us|--port|--java) ;;
    --jvm-opts|--cache|--out) ;;
    *) die "unknown option '$opt' (see --help)" ;;
  esac
  [ $# -ge 2 ] || die "$opt needs a value (see --help)"
  val="$2"
  case "$opt" in
    --repeat) need_count "$opt" "$val"; REPEAT="$val" ;;
    --records) need_count "$opt" "$val"; RECORDS="$val" ;;
    --ops) need_count "$opt" "$val"; OPS="$val" ;;
    --rates) [[ "$val" =~ ^(none|[1-9][0-9]*(,[1-9][0-9]*)*)$ ]] || die "--rates takes a comma list of ops/s or none, got '$val'"
             RATES="$val" ;;
    --rate-seconds) need_count "$opt" "$val"; RATE_SECONDS="$val" ;;
    --threads) need_count "$opt" "$val"; THREADS="$val" ;;
    --inflight) need_count "$opt" "$val"; INFLIGHT="$val" ;;
    --cases) [[ "$val" =~ ^(ycsb017|blocking|async|async-window|floor-sync|floor-async)(,(ycsb017|blocking|async|async-window|floor-sync|floor-async))*$ ]] \
               || die "--cases takes a comma list of ycsb017, blocking, async, async-window, floor-sync, floor-async; got '$val'"
             CASES="$val" ;;
    --async-args) ASYNC_ARGS="$val" ;;
    --window-us) need_count "$opt" "$val"; WINDOW_US="$val" ;;
    --port) need_count "$opt" "$val"; PORT="$val" ;;
    --java) JAVA="$val" ;;
    --jvm-opts) JVM_OPTS="$val" ;;
    --cache) CACHE="$val" ;;
    --out) OUT="$val" ;;
  esac
  shift 2
done
if $QUICK; then : "${REPEAT:=1}" "${OPS:=5000}" "${RATE_SECONDS:=3}"; else : "${REPEAT:=3}" "${OPS:=100000}" "${RATE_SECONDS:=20}"; fi
# The engine's asynchronous path: -threads is its bound on operations in flight.
[ -n "$ASYNC_ARGS" ] || ASYNC_ARGS="-p async=true -threads $INFLIGHT"
TODAY="$(date -u +%Y-%m-%d)"
[ -n "$OUT" ] || { if $QUICK; then OUT="$HERE/results-$TODAY-quick.md"; else OUT="$HERE/results-$TODAY.md"; fi; }

TIME_BIN=/usr/bin/time
[ -x "$TIME_BIN" ] || die "$TIME_BIN is missing: install the Debian package 'time'"
command -v "$JAVA" >/dev/null 2>&1 || die "java executable '$JAVA' not found"
command -v mvn >/dev/null 2>&1 || die "mvn is needed to build the project and fetch YCSB 0.17.0's jars"
REF_JAR="${YCSB_REFERENCE_CASSANDRA_JAR:-$ROOT/../shared/reference/ycsb-0.17.0-cassandra-binding/cassandra-binding-0.17.0.jar}"
if [[ ",$CASES," == *",ycsb017,"* ]] && [ ! -f "$REF_JAR" ]; then
  die "YCSB 0.17.0's cassandra binding jar not found at $REF_JAR (set YCSB_REFERENCE_CASSANDRA_JAR, or leave ycsb017 out of --cases)"
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
cp "$ROOT"/core/target/core-*.jar "$ROOT"/cassandra2/target/cassandra-binding-*.jar "$ROOT"/cassandra2/target/dependency/*.jar "$OURS_LIB/"
rm -f "$OURS_LIB"/*-tests.jar "$OURS_LIB"/*-sources.jar
compgen -G "$OURS_LIB/HdrHistogram*" >/dev/null || cp "$ROOT"/core/target/dependency/HdrHistogram-*.jar "$OURS_LIB/" 2>/dev/null \
  || cp "$HOME"/.m2/repository/org/hdrhistogram/HdrHistogram/2.2.2/HdrHistogram-2.2.2.jar "$OURS_LIB/"

Y17_LIB="$CACHE/ycsb-0.17.0-cassandra-lib"
if [[ ",$CASES," == *",ycsb017,"* ]] && [ ! -f "$Y17_LIB/.complete" ]; then
  echo "Fetching YCSB 0.17.0's core and the cassandra binding's driver (3.0.0) into $Y17_LIB" >&2
  mkdir -p "$Y17_LIB"
  cat >"$CACHE/pom.xml" <<'POM'
<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
  <groupId>bench</groupId><artifactId>ycsb017-cassandra-classpath</artifactId><version>1</version>
  <dependencies>
    <dependency><groupId>site.ycsb</groupId><artifactId>core</artifactId><version>0.17.0</version></dependency>
    <dependency><groupId>com.datastax.cassandra</groupId><artifactId>cassandra-driver-core</artifactId><version>3.0.0</version></dependency>
  </dependencies>
</project>
POM
  mvn -B -q -f "$CACHE/pom.xml" dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$Y17_LIB" \
    >"$CACHE/mvn-fetch.log" 2>&1 || die "could not fetch YCSB 0.17.0's classpath (see $CACHE/mvn-fetch.log)"
  touch "$Y17_LIB/.complete"
fi
if [[ ",$CASES," == *",ycsb017,"* ]]; then
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
printf 'case\trate\trepeat\tops\trc\tthroughput\tuser_s\tsys_s\tbase_user_s\tbase_sys_s\n' >"$TSV"
: >"$CMDS"
read -r -a JVM <<<"$JVM_OPTS"
read -r -a ASYNC <<<"$ASYNC_ARGS"

command_for() { # case rate ops -> sets CMD
  local c="$1" rate="$2" ops="$3"
  local -a ycsb=(-t -db site.ycsb.db.CassandraCQLClient "${WL[@]}" -p operationcount="$ops"
                 -p cassandra.readconsistencylevel=ONE -p cassandra.writeconsistencylevel=ONE)
  [ "$rate" = max ] || ycsb+=(-target "$rate")
  local r=0
  [ "$rate" = max ] || r="$rate"
  case "$c" in
    ycsb017) CMD=("$JAVA" "${JVM[@]}" -cp "$RUN_DIR/cassandra-binding-0.17.0.jar:$Y17_LIB/*" site.ycsb.Client
                  "${ycsb[@]}" -threads "$THREADS") ;;
    blocking) CMD=("$JAVA" "${JVM[@]}" -cp "$OURS_LIB/*" site.ycsb.Client "${ycsb[@]}" -threads "$THREADS"
                   -p async=false) ;;
    async) CMD=("$JAVA" "${JVM[@]}" -cp "$OURS_LIB/*" site.ycsb.Client "${ycsb[@]}" "${ASYNC[@]}") ;;
    async-window) CMD=("$JAVA" "${JVM[@]}" -cp "$OURS_LIB/*" site.ycsb.Client "${ycsb[@]}" "${ASYNC[@]}"
                       -p async.window.us="$WINDOW_US") ;;
    floor-sync) CMD=("$JAVA" "${JVM[@]}" -cp "$FLOOR_CLASSES:$OURS_LIB/*" DriverFloor sync 127.0.0.1 "$PORT" "$ops" "$r"
                     "$THREADS" "$RECORDS") ;;
    floor-async) CMD=("$JAVA" "${JVM[@]}" -cp "$FLOOR_CLASSES:$OURS_LIB/*" DriverFloor async 127.0.0.1 "$PORT" "$ops" "$r"
                      "$INFLIGHT" "$RECORDS") ;;
  esac
}

# Runs one command under GNU time; prints "rc user sys throughput".
timed() { # base-name
  local base="$1" rc=0 user sys thr
  { printf '%s:' "$(basename "$base")"; printf ' %q' "${CMD[@]}"; printf '\n'; } >>"$CMDS"
  "$TIME_BIN" -o "$base.time" -f '%U %S' "${CMD[@]}" >"$base.out" 2>"$base.err" </dev/null || rc=$?
  read -r user sys < <(grep -E '^[0-9.]+ [0-9.]+$' "$base.time" | tail -n 1 || echo "- -")
  thr=$(awk -F', ' '$1 == "[OVERALL]" && $2 == "Throughput(ops/sec)" { print $3 }' "$base.out")
  echo "$rc $user $sys ${thr:--}"
}

run_case() { # case rate repeat
  local c="$1" rate="$2" rep="$3" ops
  if [ "$rate" = max ]; then ops=$OPS; else ops=$((rate * RATE_SECONDS)); fi
  # The same program with one operation: JVM start-up, driver connection and shutdown, subtracted below.
  command_for "$c" "$rate" 1
  local brc buser bsys
  read -r brc buser bsys _ < <(timed "$RUN_DIR/$c-$rate-r$rep-one")
  command_for "$c" "$rate" "$ops"
  local rc user sys thr
  read -r rc user sys thr < <(timed "$RUN_DIR/$c-$rate-r$rep")
  [ "$brc" = 0 ] || rc="base:$brc"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$c" "$rate" "$rep" "$ops" "$rc" "$thr" "$user" "$sys" "$buser" "$bsys" >>"$TSV"
  printf '%-12s %-5s r%s: exit %s, %s ops/s, cpu %s+%s s (one-op run %s+%s s)\n' "$c" "$rate" "$rep" "$rc" "$thr" \
    "$user" "$sys" "$buser" "$bsys" >&2
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
  awk -F'\t' -v cases="$CASES" -v window="$WINDOW_US" '
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
      if ($5 != 0 || !isnum($7) || !isnum($9)) { bad[key]++; next }
      cpu = ($7 + $8) - ($9 + $10)
      add(key SUBSEP "us", cpu / ($4 - 1) * 1e6)
      if (isnum($6)) add(key SUBSEP "thr", $6)
    }
    END {
      nc = split(cases, cl, ",")
      name["ycsb017"] = "YCSB 0.17.0 cassandra binding"; name["blocking"] = "this project, blocking"
      name["async"] = "this project, asynchronous"; name["floor-sync"] = "driver only, blocking"
      name["async-window"] = "this project, asynchronous, " window " µs dispatch window"
      name["floor-async"] = "driver only, executeAsync"
      for (r = 1; r <= nr; r++) {
        rate = rates[r]
        printf "### %s\n\n", rate == "max" ? "Unthrottled" : ("-target " rate " ops/s")
        print "| client | client CPU µs per op, median (min–max) | ops/s, median (min–max) | CPU vs YCSB 0.17.0 | CPU vs driver-only async |"
        print "|---|---:|---:|---:|---:|"
        y = med("ycsb017" SUBSEP rate SUBSEP "us"); f = med("floor-async" SUBSEP rate SUBSEP "us")
        for (i = 1; i <= nc; i++) {
          c = cl[i]; k = c SUBSEP rate
          u = med(k SUBSEP "us")
          printf "| %s | %s | %s | %s | %s |\n", name[c], spread(k SUBSEP "us", 0), spread(k SUBSEP "thr", 0),
            (u == "" || y == "" || y == 0) ? "n/a" : sprintf("%.2f", u / y),
            (u == "" || f == "" || f == 0) ? "n/a" : sprintf("%.2f", u / f)
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
  load1="${LOAD_BEFORE%% *}"
  if awk -v l="$load1" -v n="$(nproc)" 'BEGIN { exit !(l > n / 4) }'; then
    echo "> **The machine was not quiet** (load average $LOAD_BEFORE before the run on $(nproc) CPUs): figures are unreliable."
    echo
  fi
  echo "Workload A (50% reads of all fields, 50% updates of one 100-byte field), $RECORDS records, against the"
  echo "project's local Cassandra (\`bin/ycsb cassandra-server\`, 127.0.0.1:$PORT), consistency ONE everywhere."
  echo "Client CPU = user + sys of the client process (GNU time), minus the same program's one-operation run"
  echo "(JVM start-up, connection, shutdown), divided by the operations after the first. Unthrottled runs: $OPS"
  echo "operations; fixed-rate runs: $RATE_SECONDS s. Blocking cases: $THREADS threads; asynchronous cases: $INFLIGHT"
  echo "in flight. $REPEAT repeat(s), cases interleaved (order reversed every other repeat). Wall time ${ELAPSED_S} s."
  echo
  echo "- CPU: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1), nproc $(nproc)"
  echo "- Load average before: $LOAD_BEFORE; after: $LOAD_AFTER"
  echo "- Java: $("$JAVA" -version 2>&1 | head -n 1); JVM options: $JVM_OPTS"
  echo "- Async arguments: ${ASYNC_ARGS:-(none)}; async-window case: the same plus -p async.window.us=$WINDOW_US"
  echo
  echo "## Results"
  echo
  summary
  echo "## Every run"
  echo
  echo "| case | rate | repeat | ops | exit | ops/s | user s | sys s | one-op user s | one-op sys s |"
  echo "|---|---|---:|---:|---|---:|---:|---:|---:|---:|"
  tail -n +2 "$TSV" | awk -F'\t' '{ printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6, $7, $8, $9, $10 }'
  echo
  echo "## Commands"
  echo
  echo '```'
  cat "$CMDS"
  echo '```'
} >"$OUT"
echo "Results: $OUT" >&2
