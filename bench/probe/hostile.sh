#!/usr/bin/env bash
# Hostile-input probe (issue 36): runs hundreds of inputs a careless user would type, against bin/ycsb and its
# tools, and classifies every outcome automatically. A case is DEFECTIVE when any of these holds:
#   hang      it did not end within its deadline (timeout)
#   trace     a Java stack trace on stdout or stderr
#   secret    the probe's secret (S3cr3t...) appears in stdout, stderr or any file the case wrote
#   exit      the exit code is not one the case allows (R: 2; R3: 2 or 3; A: 0; E: 0 or 2; signals: 129/130/143;
#             Q, a server's stop/status: 0, 2 or 3 = not running, as LSB's status)
#   errline   a refused case (non-zero exit but 4, a completed run over its error budget, whose WARNING lines name the
#             failures) without exactly one error line on stderr (informational banner lines such as "Command line:"
#             are not counted)
#   results   a refused case (exit 2 or 3) that printed result lines ([OVERALL], ..., [X-RETRIES]) on stdout
#   kept      a signalled run that neither kept its record (output.txt and summary.json in results.dir) nor said
#             that nothing was measured (and left no partial record), nor was killed before anything began (no
#             results.dir, nothing on stdout: the signal came while the JVM started)
# Usage: bench/probe/hostile.sh [--ycsb PATH/bin/ycsb] [--out RESULTS.tsv] [--no-cassandra] [--only GROUP] [--jobs N]
# Groups: engine cli files secrets shell tools bindings signals repeats values quickstart cql; --jobs N runs N groups at a time.
# Defaults: the repository's bin/ycsb; results to bench/probe/results/hostile-<date>.tsv and a summary on stdout.
set -u
PROG=hostile.sh
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
YCSB="$ROOT/bin/ycsb" OUT="" CASSANDRA=true ONLY="" JOBS=1
GROUPS_ALL="engine cli files secrets shell tools bindings signals repeats values quickstart cql"
ARGS=("$@")
while [ $# -gt 0 ]; do
  case "$1" in
    --jobs) JOBS=$2; shift 2 ;;
    --ycsb) YCSB=$2; shift 2 ;;
    --out) OUT=$2; shift 2 ;;
    --no-cassandra) CASSANDRA=false; shift ;;
    --only) ONLY=$2; shift 2 ;;
    *) echo "$PROG: unknown option '$1' (--ycsb PATH --out FILE --no-cassandra --only GROUP --jobs N)" >&2; exit 2 ;;
  esac
done
if [ "$JOBS" -gt 1 ] && [ -z "$ONLY" ]; then
  # one process per group, JOBS at a time; then one results file, renumbered, and one summary
  [ -n "$OUT" ] || OUT="$ROOT/bench/probe/results/hostile-$(date -u +%Y%m%d-%H%M).tsv"
  mkdir -p "$(dirname "$OUT")"
  PARTS="$(mktemp -d "${TMPDIR:-/tmp}/ycsb-probe-parts.XXXXXX")"
  for g in $GROUPS_ALL; do
    while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n; done
    "$0" "${ARGS[@]}" --jobs 1 --only "$g" --out "$PARTS/$g.tsv" > "$PARTS/$g.log" 2>&1 &
  done
  wait
  printf 'id\tgroup\texpect\texit\tverdict\tcommand\tfirst error line\n' > "$OUT"
  for g in $GROUPS_ALL; do [ -f "$PARTS/$g.tsv" ] && tail -n +2 "$PARTS/$g.tsv"; done | \
    awk -F'\t' -v OFS='\t' '{$1 = NR; print}' >> "$OUT"
  cat "$PARTS"/*.log | grep -v '^cases:' >&2
  rm -rf "$PARTS"
  awk -F'\t' 'NR > 1 {n++; if ($5 != "ok") b++} END {printf "cases: %d  defective: %d  (%.1f%%)  results: %s\n", n, b, n ? 100*b/n : 0, FILENAME}' "$OUT"
  exit 0
fi
[ -x "$YCSB" ] || { echo "$PROG: $YCSB is not an executable bin/ycsb" >&2; exit 2; }
HOME_DIR="$(cd "$(dirname "$YCSB")/.." && pwd)"
W="$HOME_DIR/workloads"
[ -n "$OUT" ] || OUT="$ROOT/bench/probe/results/hostile-$(date -u +%Y%m%d-%H%M).tsv"
mkdir -p "$(dirname "$OUT")"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/ycsb-probe.XXXXXX")"
IN="$WORK/inputs"; mkdir -p "$IN"
SECRET=S3cr3t
CPORT=19000 CADDR=127.0.0.90 CDIR="$WORK/cassandra"
cleanup() {
  if [ -f "$CDIR/started" ]; then "$YCSB" cassandra-server stop --dir "$CDIR" >/dev/null 2>&1; fi
  [ -n "${CPID:-}" ] && kill "$CPID" 2>/dev/null
  rm -rf "$WORK"
}
trap cleanup EXIT
printf 'id\tgroup\texpect\texit\tverdict\tcommand\tfirst error line\n' > "$OUT"
N=0 BAD=0
STDIN_FILE=/dev/null
FAST="-p basicdb.verbose=false -p recordcount=20 -p operationcount=20"
# findmax sets each step's operationcount itself (and refuses one given): its cases leave it out
FMFAST="-p basicdb.verbose=false -p recordcount=20"

# Informational stderr lines that are not errors.
INFO='^(Command line:|YCSB Client|Starting test\.|Loading workload|DBWrapper:|All [0-9]+ client threads|Asynchronous operations:|Warm-up|Note:|ycsb: building|$|\s*$|[0-9-]+ [0-9:]+ [0-9]+ sec:|Connecting|Connected|CQL |Consistency|INFO|\[)'

# run_case GROUP EXPECT TIMEOUT CMD... ; EXPECT: R R3 A E or X:<codes separated by ,>
run_case() {
  local group=$1 expect=$2 limit=$3; shift 3
  [ -n "$ONLY" ] && [ "$ONLY" != "$group" ] && return
  N=$((N + 1))
  local d="$WORK/c$N"; mkdir -p "$d"
  ( cd "$d" && exec timeout -k 5 "$limit" "$@" < "$STDIN_FILE" > "$d/.stdout" 2> "$d/.stderr" )
  judge "$group" "$expect" $? "$d" "$*"
}

judge() {
  local group=$1 expect=$2 rc=$3 d=$4 cmd=$5 why=""
  case "$rc" in 124|137) why="$why hang" ;; esac
  if grep -qE '^\s+at [A-Za-z_$][A-Za-z0-9_$.]*\(|Exception in thread|^Caused by: ' "$d/.stdout" "$d/.stderr"; then
    why="$why trace"; fi
  if grep -rlq "$SECRET" "$d" 2>/dev/null; then why="$why secret"; fi
  local ok=false
  case "$expect" in
    R) [ "$rc" = 2 ] && ok=true ;;
    R3) { [ "$rc" = 2 ] || [ "$rc" = 3 ]; } && ok=true ;;
    A) [ "$rc" = 0 ] && ok=true ;;
    E) { [ "$rc" = 0 ] || [ "$rc" = 2 ]; } && ok=true ;;
    X:*) case ",${expect#X:}," in *",$rc,"*) ok=true ;; esac ;;
    S) case "$rc" in 129|130|143) ok=true ;; esac ;;
    Q) case "$rc" in 0|2|3) ok=true ;; esac ;;
  esac
  $ok || why="$why exit"
  local errs; errs=$(grep -vcE "$INFO" "$d/.stderr")
  if [ "$rc" != 0 ] && [ "$rc" != 4 ] && [ "$expect" != S ] && [ "$rc" != 124 ] && { [ "$expect" != Q ] || [ "$rc" = 2 ]; } && \
     [ "$errs" != 1 ]; then why="$why errline($errs)"; fi
  if { [ "$rc" = 2 ] || [ "$rc" = 3 ]; } && grep -qE '^\[[A-Z0-9_-]+\], ' "$d/.stdout"; then why="$why results"; fi
  if [ "$expect" = S ] && [ -n "${SIG_RESULTS:-}" ]; then
    if [ -f "$SIG_RESULTS/summary.json" ] && [ -f "$SIG_RESULTS/output.txt" ] && \
       [ ! -e "$SIG_RESULTS/.ycsb-run-in-progress" ]; then :
    elif grep -q 'nothing was measured' "$d/.stderr" && [ ! -e "$SIG_RESULTS/summary.json" ] && \
       [ ! -e "$SIG_RESULTS/.ycsb-run-in-progress" ]; then :
    elif [ ! -e "$SIG_RESULTS" ] && [ ! -s "$d/.stdout" ]; then : # killed while the JVM started: nothing began
    else why="$why kept"; fi
  fi
  local first; first=$(grep -vE "$INFO" "$d/.stderr" | head -1 | cut -c1-160 | tr '\t' ' ')
  local verdict=ok; [ -n "$why" ] && { verdict="DEFECT:${why# }"; BAD=$((BAD + 1)); }
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$N" "$group" "$expect" "$rc" "$verdict" \
    "$(printf '%s' "$cmd" | sed "s|$HOME_DIR|\$Y|g; s|$WORK|\$T|g" | tr '\t\n' '  ' | cut -c1-300)" "$first" >> "$OUT"
  [ "$verdict" = ok ] || echo "c$N [$group] $verdict :: $(printf '%s' "$cmd" | sed "s|$HOME_DIR|\$Y|g; s|$WORK|\$T|g" | cut -c1-200) :: $first" >&2
}

# ---------------------------------------------------------------- inputs
mkdir -p "$IN/adir" "$IN/emptydir"
mkfifo "$IN/fifo"
: > "$IN/empty"
head -c 4096 /dev/urandom > "$IN/binary"
printf 'operationcount=10\0recordcount=5\n' > "$IN/nul.properties"
printf '\xef\xbb\xbfoperationcount=10\n' > "$IN/bom.properties"
printf 'o\0p\0e\0r\0a\0t\0i\0o\0n\0c\0o\0u\0n\0t\0=\x001\x000\0\n\0' > "$IN/utf16.properties"
truncate -s 20M "$IN/huge.properties"
printf 'workload=site.ycsb.workloads.NoSuchWorkload\n' > "$IN/badclass.properties"
printf 'password=%s\nhosts=bench:%s@127.0.0.1\n' "$SECRET" "$SECRET" > "$IN/secret.properties"
printf 'recordcount=notanumber\n' > "$IN/badvalue.properties"
printf 'operationcount=10\noperationcount=\n' > "$IN/dup.properties"
printf 'bench:%s@127.0.0.1\n' "$SECRET" > "$IN/hosts-secret"
printf '\n\n# nothing\n' > "$IN/hosts-blank"
ln -s "$IN/nowhere" "$IN/dangling"
ln -s "$IN/adir" "$IN/dirlink"
printf 'not a tarball' > "$IN/fake.tar.gz"
# a real record to merge/report, and a second one
case "${ONLY:-tools}" in secrets|tools|files)
  "$YCSB" run basic -P "$W/workloada" $FAST -p results.dir="$IN/rec1" >/dev/null 2>&1
  "$YCSB" run basic -P "$W/workloada" $FAST -p results.dir="$IN/rec2" >/dev/null 2>&1 ;;
esac
mkdir -p "$IN/garbage-rec"; head -c 300 /dev/urandom > "$IN/garbage-rec/summary.json"; : > "$IN/garbage-rec/output.txt"
mkdir -p "$IN/json-rec"; echo '{"runId": 5, "operations": "many"}' > "$IN/json-rec/summary.json"

if $CASSANDRA && { [ -z "$ONLY" ] || [ "$ONLY" = cql ]; }; then
  mkdir -p "$CDIR"
  ( "$YCSB" cassandra-server start --dir "$CDIR" --nodes 1 --address "$CADDR" --port "$CPORT" > "$CDIR.log" 2>&1 \
    && touch "$CDIR/started" ) &
  CPID=$!
fi

# ---------------------------------------------------------------- group engine: bad values of engine properties
BADVALS=("" " " "-1" "abc" "1e99" "99999999999999999999" "NaN" "１０" "5 5" "0x10")
for prop in operationcount recordcount insertstart insertcount fieldcount fieldlength threadcount target \
            maxexecutiontime warmup status.interval maxscanlength minscanlength async.dispatchers async.window.us \
            async.deadline.s max_consecutive_errors errors.budget errors.giveup start.epochms readproportion \
            updateproportion; do
  for v in "${BADVALS[@]}"; do
    run_case engine R 60 "$YCSB" run basic -P "$W/workloada" $FAST -p "$prop=$v"
  done
done
for prop in requestdistribution measurementtype insertorder scanlengthdistribution hdrhistogram.percentiles \
            readallfields writeallfields core_workload_insertion_keep_going_on_error async dataintegrity; do
  for v in "" "bogus" "ZIPFIAN " "yes" "ｔｒｕｅ"; do
    run_case engine R 60 "$YCSB" run basic -P "$W/workloada" $FAST -p "$prop=$v"
  done
done

# ---------------------------------------------------------------- group cli: options and -P files
for v in "" 0 -1 abc 1e3 99999999999 "4 4" "٤"; do run_case cli R 60 "$YCSB" run basic -P "$W/workloada" $FAST -threads "$v"; done
run_case cli A 60 "$YCSB" run basic -P "$W/workloada" $FAST -target 0
for v in "" -1 abc NaN Infinity 1e-9 "1,000" "−5"; do run_case cli R 60 "$YCSB" run basic -P "$W/workloada" $FAST -target "$v"; done
for f in "$IN/adir" "$IN/fifo" "$IN/binary" "$IN/nul.properties" "$IN/utf16.properties" "$IN/huge.properties" \
         "$IN/nowhere" "$IN/dangling" "$IN/dirlink" "$IN/badclass.properties" "" "/dev/zero" \
         "/proc/self/mem"; do
  run_case cli R 60 "$YCSB" run basic -P "$f" $FAST
done
# (-p would override what the file sets: these run without $FAST)
run_case cli R 60 "$YCSB" run basic -P "$W/workloada" -P "$IN/badvalue.properties" -p basicdb.verbose=false
run_case cli A 60 "$YCSB" run basic -P "$W/workloada" -P "$IN/empty" $FAST
run_case cli E 60 "$YCSB" run basic -P "$W/workloada" -P "$IN/bom.properties" -p basicdb.verbose=false
run_case cli R 60 "$YCSB" run basic -P "$W/workloada" -P "$IN/dup.properties" -p basicdb.verbose=false
run_case cli R 60 "$YCSB" run basic -P
run_case cli R 60 "$YCSB" run basic -P "$W/workloada" -p
run_case cli R 60 "$YCSB" run basic -P "$W/workloada" -p =5
run_case cli R 60 "$YCSB" run basic -P "$W/workloada" -p novalue
run_case cli R 60 "$YCSB" run basic -P "$W/workloada" -thread 5
run_case cli R 60 "$YCSB" run basic -P "$W/workloada" --threads 5
run_case cli R 60 "$YCSB" run basic -P "$W/workloada" -threads
run_case cli R 60 "$YCSB" run basic -P "$W/workloada" -target
run_case cli R 60 "$YCSB" run basic -P "$W/workloada" -l
run_case cli R 60 "$YCSB" run basic -P "$W/workloada" extra-word
run_case cli R 60 "$YCSB" run nosuchdb -P "$W/workloada"
run_case cli R 60 "$YCSB" run "" -P "$W/workloada"
run_case cli R 60 "$YCSB" run -P "$W/workloada"
run_case cli R 60 "$YCSB" run basic -db site.ycsb.NoSuchDB -P "$W/workloada" $FAST
run_case cli R 60 "$YCSB" run basic -db "" -P "$W/workloada" $FAST
run_case cli R 60 "$YCSB" runn basic -P "$W/workloada"
run_case cli R 60 "$YCSB" ""
run_case cli R 60 "$YCSB" load
run_case cli A 60 "$YCSB" run basic -P "$W/workloada" $FAST -l "ラベル ✓ label"
run_case cli E 60 "$YCSB" run basic -P "$W/workloada" $FAST -l "$(printf 'two\nlines')"
run_case cli E 60 "$YCSB" run basic -P "$W/workloada" $FAST -l "$(head -c 100000 /dev/zero | tr '\0' x)"
run_case cli A 60 "$YCSB" run basic -P "$W/workloada" $FAST -s
run_case cli R 60 env JAVA_OPTS="-Xmx1k" "$YCSB" run basic -P "$W/workloada" $FAST
run_case cli R 60 env JAVA_OPTS="-Dfoo" "$YCSB" run basic -P "$W/workloada" $FAST -jvm-args "-Xss1"
run_case cli R 60 env JAVA_HOME=/nonexistent "$YCSB" run basic -P "$W/workloada" $FAST
run_case cli R 60 env JAVA_HOME="$IN/binary" "$YCSB" run basic -P "$W/workloada" $FAST

# ---------------------------------------------------------------- group files: results.dir and exportfile
run_case files R 60 "$YCSB" run basic -P "$W/workloada" $FAST -p results.dir="$IN/binary"
run_case files R 60 "$YCSB" run basic -P "$W/workloada" $FAST -p results.dir="$IN/rec1"
run_case files R 60 "$YCSB" run basic -P "$W/workloada" $FAST -p results.dir="$IN/rec1/hdr"
run_case files R 60 "$YCSB" run basic -P "$W/workloada" $FAST -p results.dir=/proc/ycsb
run_case files R 60 "$YCSB" run basic -P "$W/workloada" $FAST -p results.dir=/dev/null
run_case files R 60 "$YCSB" run basic -P "$W/workloada" $FAST -p results.dir="$IN/fifo"
run_case files R 60 "$YCSB" run basic -P "$W/workloada" $FAST -p results.dir=
run_case files R 60 "$YCSB" run basic -P "$W/workloada" $FAST -p results.dir=" "
run_case files R 60 "$YCSB" run basic -P "$W/workloada" $FAST -p results.dir="$IN/dangling/x"
run_case files A 60 "$YCSB" run basic -P "$W/workloada" $FAST -p results.dir="résultats ✓"
run_case files R 60 "$YCSB" run basic -P "$W/workloada" $FAST -results
run_case files R 60 "$YCSB" run basic -P "$W/workloada" $FAST -p exportfile="$IN/adir"
run_case files R 60 "$YCSB" run basic -P "$W/workloada" $FAST -p exportfile="$IN/rec1/output.txt"
run_case files R 60 "$YCSB" run basic -P "$W/workloada" $FAST -p exportfile="$IN/rec2/summary.json"
run_case files X:1,2 60 "$YCSB" run basic -P "$W/workloada" $FAST -p exportfile=/dev/full
run_case files R 60 "$YCSB" run basic -P "$W/workloada" $FAST -p exportfile=/proc/self/status
run_case files R 60 "$YCSB" run basic -P "$W/workloada" $FAST -p exportfile="$IN/nowhere/out.txt"
run_case files R 60 "$YCSB" run basic -P "$W/workloada" $FAST -p exportfile=
run_case files R 60 "$YCSB" run basic -P "$W/workloada" $FAST -p exporter=site.ycsb.NoSuchExporter
run_case files R 60 "$YCSB" run basic -P "$W/workloada" $FAST -p exporter=java.lang.String
run_case files R 60 "$YCSB" run basic -P "$W/workloada" $FAST -p workload=java.lang.String
run_case files R 60 "$YCSB" run basic -P "$W/workloada" $FAST -p workload=
run_case files A 60 "$YCSB" run basic -P "$W/workloada" $FAST -p results.dir=x -results y

# ---------------------------------------------------------------- group secrets: credentials in every tool
for p in "hosts=bench:$SECRET@127.0.0.1" "griddb.notificationProvider=http://admin:$SECRET@127.0.0.1/p.json" \
         "db.url=jdbc:mysql://root:$SECRET@127.0.0.1/db" "mongodb.url=mongodb://u:$SECRET@127.0.0.1:27017/ycsb" \
         "my_password=$SECRET" "API-TOKEN=$SECRET" "aws.SecretKey=$SECRET" "x.credentials=$SECRET" \
         "db.passwd=$SECRET" "label=https://u:$SECRET@example.invalid/" "proxy=socks5://u:$SECRET@[::1]:1080"; do
  run_case secrets A 60 "$YCSB" run basic -P "$W/workloada" $FAST -p "$p" -p results.dir=res -p exportfile=exp.txt
  run_case secrets A 60 "$YCSB" load basic -P "$W/workloada" $FAST -p "$p" -s
done
run_case secrets A 60 "$YCSB" run basic -P "$IN/secret.properties" -P "$W/workloada" $FAST -p results.dir=res
run_case secrets A 60 "$YCSB" run basic -P "$W/workloada" $FAST -l "http://u:$SECRET@h/" -p results.dir=res
run_case secrets R 60 "$YCSB" run basic -P "$W/workloada" $FAST -p "operationcount=u:$SECRET@5"
run_case secrets R 60 "$YCSB" run basic -P "$W/workloada" $FAST -p "password=$SECRET" -p "threadcount=abc"
run_case secrets R 60 "$YCSB" run basic -P "$W/workloada" $FAST -p "results.dir=$IN/binary/u:$SECRET@x"
run_case secrets R 60 "$YCSB" run basic -P "http://u:$SECRET@example.invalid/workloada" $FAST
run_case secrets R3 60 "$YCSB" run cassandra-cql -P "$W/workloada" $FAST -p "hosts=bench:$SECRET@127.0.0.1"
run_case secrets R3 60 "$YCSB" run cassandra-cql -P "$W/workloada" $FAST -p "hosts=cassandra://u:$SECRET@127.0.0.1:9042"
run_case secrets R3 60 "$YCSB" run scylla -P "$W/workloada" $FAST -p "hosts=u:$SECRET@127.0.0.1,127.0.0.2"
run_case secrets R3 60 "$YCSB" run griddb -P "$W/workloada" $FAST -p "griddb.notificationProvider=http://a:$SECRET@127.0.0.1:1/p.json" -p griddb.failoverTimeout=1 -p griddb.loginTimeout=1
run_case secrets R3 60 "$YCSB" run griddb -P "$W/workloada" $FAST -p "griddb.notificationMember=u:$SECRET@127.0.0.1:1"
run_case secrets R 60 "$YCSB" fleet basic --hosts "bench:$SECRET@127.0.0.1:1" -P "$W/workloada"
run_case secrets R 60 "$YCSB" fleet basic --hosts "127.0.0.1,bench:$SECRET@" -P "$W/workloada"
run_case secrets R 60 "$YCSB" fleet basic --hosts-file "$IN/hosts-secret" -P "$W/workloada"
run_case secrets R 60 "$YCSB" fleet-install --hosts "bench:$SECRET@127.0.0.1:x" "$IN/fake.tar.gz"
run_case secrets R 60 "$YCSB" fleet-install --hosts-file "$IN/hosts-secret" "$IN/fake.tar.gz"
run_case secrets R 60 "$YCSB" fleet basic --hosts 127.0.0.1 --ssh-option "-oPassword=$SECRET" --ssh-config /nonexistent -P "$W/workloada"
run_case secrets R 60 "$YCSB" suite basic --workloads "a,u:$SECRET@b" -P "$W/workloada" $FAST --out s
run_case secrets R 60 "$YCSB" suite basic --ycsb-home "http://u:$SECRET@h/" -P "$W/workloada" $FAST --out s
run_case secrets R 60 "$YCSB" findmax basic --sla "p99<u:$SECRET@10ms" -P "$W/workloada" $FMFAST --out f
run_case secrets R 60 "$YCSB" findmax basic --sla 'p99<10ms' -P "$W/workloada" $FMFAST -p "hosts=u:$SECRET@h" --out f --start abc
run_case secrets R 60 "$YCSB" merge "http://u:$SECRET@h/dir"
run_case secrets R 60 "$YCSB" merge -o "$IN/binary/u:$SECRET@x" "$IN/rec1" "$IN/rec2"
run_case secrets R 60 "$YCSB" report "ftp://u:$SECRET@h/dir"
run_case secrets E 60 "$YCSB" report --title "https://u:$SECRET@h/" -o rep "$IN/rec1"
run_case secrets R 60 "$YCSB" cassandra-server start --dir "$IN/binary/u:$SECRET@x" --port 1
run_case secrets R 60 "$YCSB" cassandra-server start --dir cs --address "u:$SECRET@127.0.0.91" --port 19100
run_case secrets Q 60 "$YCSB" cassandra-server status --dir "http://u:$SECRET@h/x"
run_case secrets R 60 "$YCSB" griddb-server start --dir "$IN/binary/u:$SECRET@x"
run_case secrets R 60 env YCSB_GRIDDB_HOME="http://u:$SECRET@h/griddb" "$YCSB" griddb-server start --dir g
STDIN_FILE="$IN/shell-secret"; printf 'read k\nscan k 99999999999999\ninsert k f=v\nquit\n' > "$STDIN_FILE"
run_case secrets A 60 "$YCSB" shell basic -p "hosts=u:$SECRET@127.0.0.1" -p "db.password=$SECRET"
STDIN_FILE=/dev/null

# ---------------------------------------------------------------- group shell: commands of the interactive shell
for line in "scan k 99999999999999" "scan k -1" "scan k abc" "scan" "read" "read k f1 f2" "insert k" "insert k novalue" \
            "insert k =v" "update" "delete" "delete k extra" "table" "table a b" "bogus" "$(head -c 20000 /dev/zero | tr '\0' r)" \
            "read ключ" "help" "" "scan k 0"; do
  printf '%s\nquit\n' "$line" > "$IN/shell-in.$N"; STDIN_FILE="$IN/shell-in.$N"
  run_case shell A 60 "$YCSB" shell basic -p basicdb.verbose=false
done
STDIN_FILE="$IN/binary"; run_case shell A 60 "$YCSB" shell basic -p basicdb.verbose=false
STDIN_FILE=/dev/null
run_case shell R 60 "$YCSB" shell basic -P "$IN/adir"
run_case shell R 60 "$YCSB" shell nosuchdb
run_case shell E 60 "$YCSB" shell basic -p threadcount=abc -target 5

# ---------------------------------------------------------------- group tools: merge, report, suite, findmax, fleet, servers
run_case tools R 60 "$YCSB" merge
run_case tools R 60 "$YCSB" merge "$IN/nowhere"
run_case tools R 60 "$YCSB" merge "$IN/binary"
run_case tools R 60 "$YCSB" merge "$IN/emptydir"
run_case tools R 60 "$YCSB" merge "$IN/garbage-rec"
run_case tools R 60 "$YCSB" merge "$IN/json-rec"
run_case tools R 60 "$YCSB" merge "$IN/fifo"
run_case tools R 60 "$YCSB" merge "$IN/rec1" "$IN/rec1"
run_case tools R 60 "$YCSB" merge "$IN/rec1" "$IN/dirlink"
run_case tools R 60 "$YCSB" merge -o "$IN/rec1" "$IN/rec1" "$IN/rec2"
run_case tools R 60 "$YCSB" merge -o "$IN/rec1/hdr/x" "$IN/rec1" "$IN/rec2"
run_case tools R 60 "$YCSB" merge -o "" "$IN/rec1" "$IN/rec2"
run_case tools R 60 "$YCSB" merge -o "$IN/binary" "$IN/rec1" "$IN/rec2"
run_case tools R 60 "$YCSB" merge -o
run_case tools R 60 "$YCSB" merge --bogus "$IN/rec1"
# two runs one after the other: merge refuses time windows that do not overlap
run_case tools R 60 "$YCSB" merge -o "m ✓" "$IN/rec1" "$IN/rec2"
run_case tools R 60 "$YCSB" report
run_case tools R 60 "$YCSB" report "$IN/nowhere"
run_case tools R 60 "$YCSB" report "$IN/garbage-rec"
run_case tools R 60 "$YCSB" report "$IN/json-rec"
run_case tools R 60 "$YCSB" report --format bogus "$IN/rec1"
run_case tools R 60 "$YCSB" report --format "" "$IN/rec1"
run_case tools R 60 "$YCSB" report --compare "$IN/rec1"
run_case tools R 60 "$YCSB" report --compare "$IN/rec1" "$IN/nowhere"
run_case tools R 60 "$YCSB" report -o "$IN/rec1" "$IN/rec2"
# an output that cannot be written is the README's exit 1 (as for the engine's results), named before any input is read
run_case tools X:1 60 "$YCSB" report -o "$IN/binary" "$IN/rec1"
run_case tools X:1 60 "$YCSB" report -o /proc/ycsb "$IN/rec1"
run_case tools A 60 "$YCSB" report --title "$(head -c 5000 /dev/zero | tr '\0' t) ✓" -o r "$IN/rec1"
run_case tools R 60 "$YCSB" report --title
run_case tools E 60 "$YCSB" report --by-threads -o r "$IN/rec1" "$IN/rec2"
for o in "--workloads bogus" "--workloads ," "--workloads ''" "--repeat 0" "--repeat -1" "--repeat abc" "--repeat 1e9" \
         "--out $IN/binary" "--out $IN/rec1" "--out" "--hook-before" "--load-workload nosuch" "--ycsb-home $IN/emptydir" \
         "--no-report extra" "--bogus"; do
  # shellcheck disable=SC2086
  run_case tools R 60 "$YCSB" suite basic $o -P "$W/workloada" $FAST
done
run_case tools R 60 "$YCSB" suite
run_case tools R 60 "$YCSB" suite nosuchdb -P "$W/workloada"
for o in "--sla bogus" "--sla p99<" "--sla p99<-1ms" "--sla p101<1ms" "--sla p99<10parsecs" "--sla p99<1e99ms" \
         "--resolution 0%" "--resolution -5%" "--resolution abc" "--max-steps 0" "--max-steps -1" "--at 200%" "--at ,"\
         "--step-time 0s" "--step-time -1s" "--step-time abc" "--warmup abc" "--start -5" "--start 0" "--start NaN" \
         "--threads 0" "--threads -1,2" "--threads a,b" "--ramp-gain abc" "--ramp-window 0" "--out $IN/rec1"; do
  # shellcheck disable=SC2086
  run_case tools R 60 "$YCSB" findmax basic --sla 'p99<10ms' $o -P "$W/workloada" $FMFAST
done
run_case tools R 60 "$YCSB" findmax basic -P "$W/workloada" $FMFAST
run_case tools R 60 "$YCSB" findmax
for o in "--hosts ''" "--hosts ,,," "--hosts 127.0.0.1:99999" "--hosts 127.0.0.1:0" "--hosts u@" "--hosts ホスト" \
         "--hosts 127.0.0.1 --repeat x" "--hosts 127.0.0.1 --start-delay -1" "--hosts 127.0.0.1 --start-delay abc" \
         "--hosts-file $IN/adir" "--hosts-file $IN/binary" "--hosts-file $IN/hosts-blank" "--hosts-file $IN/fifo" \
         "--hosts-file $IN/nowhere" "--hosts 127.0.0.1 --ssh-config $IN/adir" "--hosts 127.0.0.1 --remote-home ''" \
         "--hosts 127.0.0.1 --ssh-option ''" "--hosts 127.0.0.1 --findmax"; do
  # shellcheck disable=SC2086
  eval "run_case tools R 60 \"\$YCSB\" fleet basic $o -P \"\$W/workloada\""
done
run_case tools R 60 "$YCSB" fleet-install --hosts 127.0.0.1 "$IN/adir"
run_case tools R 60 "$YCSB" fleet-install --hosts 127.0.0.1 "$IN/fake.tar.gz"
run_case tools R 60 "$YCSB" fleet-install --hosts 127.0.0.1 "$IN/empty"
run_case tools R 60 "$YCSB" fleet-install --hosts 127.0.0.1
for o in "start" "start --dir" "start --dir $IN/binary" "start --dir cs --port 0" "start --dir cs --port 70000" \
         "start --dir cs --port abc" "start --dir cs --nodes 0" "start --dir cs --nodes 6" "start --dir cs --nodes abc" \
         "start --dir cs --address 10.0.0.1 --port 19101" "start --dir cs --address ::1 --port 19101" \
         "start --dir cs --address 127.0.0.256 --port 19101" "start --dir cs --node 0" \
         "status --dir $IN/binary" "stop" "bogus --dir cs" "start --dir /proc/ycsb" \
         "start --dir cs --bogus"; do
  # shellcheck disable=SC2086
  run_case tools X:1,2 60 "$YCSB" cassandra-server $o
done
for o in "stop --dir $IN/emptydir" "status --dir $IN/emptydir" "status --dir $IN/nowhere"; do
  # shellcheck disable=SC2086
  run_case tools Q 60 "$YCSB" cassandra-server $o
  # shellcheck disable=SC2086
  run_case tools Q 60 env YCSB_GRIDDB_HOME="$IN/emptydir" "$YCSB" griddb-server $o
done
for o in "start" "start --dir $IN/binary" "start --dir g --port-base -1" "start --dir g --port-base 70000" \
         "start --dir g --port-base abc" "bogus"; do
  # shellcheck disable=SC2086
  run_case tools X:1,2 60 env YCSB_GRIDDB_HOME="$IN/emptydir" "$YCSB" griddb-server $o
done

# ---------------------------------------------------------------- group bindings: bad property values (no server)
for prop in port cassandra.maxconnections cassandra.coreconnections cassandra.connecttimeoutmillis \
            cassandra.readtimeoutmillis cassandra.requesttimeoutmillis cassandra.maxretries \
            cassandra.retrybackoffmillis cassandra.speculativedelaymillis cassandra.tracing.fraction; do
  for v in "" "-1" "abc" "99999999999999999999"; do
    run_case bindings R 60 "$YCSB" run cassandra-cql -P "$W/workloada" $FAST -p hosts=127.0.0.90 -p "$prop=$v"
  done
done
for prop in cassandra.readconsistencylevel cassandra.writeconsistencylevel cassandra.serialconsistencylevel \
            cassandra.useSSL cassandra.tracing; do
  for v in "" "bogus" "ｏｎｅ"; do
    run_case bindings R 60 "$YCSB" run cassandra-cql -P "$W/workloada" $FAST -p hosts=127.0.0.90 -p "$prop=$v"
  done
done
for v in "" "," "127.0.0.1:abc" "[::1" "bad host name" "127.0.0.1;drop"; do
  run_case bindings R 60 "$YCSB" run scylla -P "$W/workloada" $FAST -p "hosts=$v"
done
for f in "$IN/adir" "$IN/binary" "$IN/empty" "$IN/huge.properties" "$IN/fifo" "$IN/nowhere"; do
  run_case bindings R 60 "$YCSB" run cassandra-cql $FAST -p hosts=127.0.0.90 -p workload=site.ycsb.db.cql.profile.StressProfileWorkload -p "profile=$f" -p ops=insert=1
done
for prop in griddb.notificationPort griddb.failoverTimeout griddb.containerCacheSize griddb.maxConnectionPoolSize \
            griddb.containercount griddb.insertbatchsize griddb.retries griddb.retrybackoffms; do
  for v in "" "-1" "abc"; do
    run_case bindings R 60 "$YCSB" run griddb -P "$W/workloada" $FAST -p griddb.notificationMember=127.0.0.90:1 -p "$prop=$v"
  done
done
for v in "" "bogus" "IMMEDIATE "; do
  run_case bindings R 60 "$YCSB" run griddb -P "$W/workloada" $FAST -p griddb.notificationMember=127.0.0.90:1 -p "griddb.consistency=$v"
done

# ---------------------------------------------------------------- group signals: SIGINT/SIGTERM/SIGHUP at every phase
signal_case() { # SIG DELAY PHASE-CMD...
  local sig=$1 delay=$2; shift 2
  [ -n "$ONLY" ] && [ "$ONLY" != signals ] && return
  N=$((N + 1)); local d="$WORK/c$N"; mkdir -p "$d"; SIG_RESULTS="$d/res"
  # job control: the run gets its own process group, and SIGINT is not ignored as in a script's background job
  set -m
  # env --default-signal: a script's background job inherits SIGINT ignored (POSIX), which the engine then keeps
  ( cd "$d" && exec env --default-signal=INT "$@" -p results.dir="$d/res" > "$d/.stdout" 2> "$d/.stderr" ) &
  local pid=$!
  set +m
  sleep "$delay"
  # the java process is the launcher's exec'd child (bin/ycsb execs java), so signal the process group
  kill -s "$sig" -- "-$pid" 2>/dev/null || kill -s "$sig" "$pid" 2>/dev/null
  local t=0; while kill -0 "$pid" 2>/dev/null && [ $t -lt 60 ]; do sleep 1; t=$((t + 1)); done
  local rc; if kill -0 "$pid" 2>/dev/null; then kill -9 -- "-$pid" 2>/dev/null; wait "$pid"; rc=124; else wait "$pid"; rc=$?; fi
  judge signals S "$rc" "$d" "kill -$sig after ${delay}s: $*"
  SIG_RESULTS=""
}
for sig in INT TERM HUP; do
  for delay in 0.3 1 2 4 7; do
    signal_case $sig $delay "$YCSB" run basic -P "$W/workloada" -p basicdb.verbose=false -p operationcount=100000000 -target 300 -threads 2
  done
  signal_case $sig 3 "$YCSB" load basic -P "$W/workloada" -p basicdb.verbose=false -p recordcount=100000000 -target 300
  signal_case $sig 3 "$YCSB" run basic -P "$W/workloada" -p basicdb.verbose=false -p operationcount=100000000 -p warmup=30s
  signal_case $sig 2 "$YCSB" run basic -P "$W/workloada" -p basicdb.verbose=false -p operationcount=100000000 -p start.epochms=$(( ($(date +%s) + 3600) * 1000 ))
done

# ---------------------------------------------------------------- group repeats: an option given twice, or set by another (44.4, 44.7, 44.11)
# the tools refuse an option of theirs given twice; the engine keeps 0.17.0's last-wins and says so (exit 0)
run_case repeats R 60 "$YCSB" suite basic --workloads load,a --workloads c -P "$W/workloada" $FAST --out s
run_case repeats R 60 "$YCSB" suite basic --repeat 2 --repeat=3 -P "$W/workloada" $FAST --out s
run_case repeats R 60 "$YCSB" suite basic --out s1 --out s2 -P "$W/workloada" $FAST
run_case repeats R 60 "$YCSB" suite basic --hook-before true --hook-before "curl -u a:$SECRET@h" -P "$W/workloada" $FAST --out s
run_case repeats R 60 "$YCSB" fleet basic --hosts 127.0.0.1 --hosts 127.0.0.2 -P "$W/workloada" $FAST
run_case repeats R 60 "$YCSB" fleet basic --hosts 127.0.0.1 --hosts-file "$IN/hosts-blank" --hosts-file "$IN/hosts-blank" -P "$W/workloada"
run_case repeats R 60 "$YCSB" fleet-install --remote-home /opt/a --remote-home /opt/b --hosts 127.0.0.1 "$IN/fake.tar.gz"
run_case repeats R 60 "$YCSB" findmax basic --sla 'p99<10ms' --sla 'p99<20ms' -P "$W/workloada" $FMFAST --out f
run_case repeats R 60 "$YCSB" findmax basic --sla 'p99<10ms' --sla 'errors<1%' --sla 'errors < 2%' -P "$W/workloada" $FMFAST --out f
run_case repeats R 60 "$YCSB" findmax basic --sla 'p99<10ms' --step-time 10s --step-time 20s -P "$W/workloada" $FMFAST --out f
run_case repeats R 60 "$YCSB" findmax basic --sla 'p99<10ms' --start 100 --start=200 -P "$W/workloada" $FMFAST --out f
# what findmax sets in every step, given on the command line: refused with what to give instead (44.4)
for p in operationcount=50 maxexecutiontime=5 warmup=2s hdrhistogram.percentiles=99.99 measurement.interval=op; do
  run_case repeats R 60 "$YCSB" findmax basic --sla 'p99<10ms' -P "$W/workloada" $FMFAST -p "$p" --out f
done
# outputs outside results.dir that cannot be written: refused before the run (44.7)
run_case repeats R 60 "$YCSB" run basic -P "$W/workloada" $FAST -p hdrhistogram.fileoutput=true -p hdrhistogram.output.path="$IN/binary/x-"
run_case repeats R 60 "$YCSB" run basic -P "$W/workloada" $FAST -p hdrhistogram.fileoutput=true -p hdrhistogram.output.path=/proc/x/
run_case repeats R 60 "$YCSB" run basic -P "$W/workloada" $FAST -p measurementtype=raw -p measurement.raw.output_file="$IN/adir"
run_case repeats R 60 "$YCSB" run basic -P "$W/workloada" $FAST -p measurementtype=raw -p measurement.raw.output_file=/proc/self/status
run_case repeats R 60 "$YCSB" run basic -P "$W/workloada" $FAST -p measurementtype=hdrhistogram+raw -p measurement.raw.output_file="$IN/nowhere/r.txt"
run_case repeats R 60 "$YCSB" run griddb -P "$W/workloada" $FAST -p griddb.containercount=0 -p griddb.notificationMember=127.0.0.90:1 -p griddb.clustername=c -p griddb.user=u -p griddb.password=p
run_case repeats A 60 "$YCSB" run basic -P "$W/workloada" $FAST -threads 2 -threads 3
run_case repeats A 60 "$YCSB" run basic -P "$W/workloada" $FAST -p operationcount=10 -p "db.password=$SECRET" -p db.password=x

# ---------------------------------------------------------------- group values: secrets and hosts inside values (44.3, 44.10)
for v in "jdbc:x://h/db?user=u&password=$SECRET" "jdbc:x://h;user=u;Password=$SECRET" "http://h/l?access_token=$SECRET&x=1" \
         "127.0.0.150?password=$SECRET" "mongodb://h/?authSecret:$SECRET"; do
  run_case values A 60 "$YCSB" run basic -P "$W/workloada" $FAST -p "jdbc.url=$v" -p results.dir=res -p basicdb.verbose=true
done
for h in "127.0.0.150?password=$SECRET" "127.0.0.150:19550" "256.1.1.1" "1.2.3" "1.2.3.4.5" "010.0.0.1" "db..x" "-db" \
         "h;Password=$SECRET" "1::2::3" "[::1" "12345"; do
  run_case values R 60 "$YCSB" run cassandra-cql -P "$W/workloada" $FAST -p "hosts=$h"
  run_case values R 60 "$YCSB" run scylla -P "$W/workloada" $FAST -p "scylla.hosts=$h"
done

# ---------------------------------------------------------------- group quickstart: values checked before a server starts (44.12)
for a in "--records 0" "--operations 0" "--records 2147483648" "--port 0" "--port 65536" "--records 1e4" \
         "--operations 99999999999999999999" "--port 0x50" "--nodes 6"; do
  run_case quickstart R 30 "$HOME_DIR/bin/quickstart" $a
done

# ---------------------------------------------------------------- group cql: against a real local Cassandra
if $CASSANDRA && { [ -z "$ONLY" ] || [ "$ONLY" = cql ]; }; then
  wait "$CPID"; CPID=""
  if [ -f "$CDIR/started" ]; then
    C="-p hosts=$CADDR -p port=$CPORT"
    PW="-p workload=site.ycsb.db.cql.profile.StressProfileWorkload"
    run_case cql A 120 "$YCSB" load cassandra-cql -P "$W/workloada" -p recordcount=50 $C
    run_case cql A 120 "$YCSB" run cassandra-cql -P "$W/workloada" -p recordcount=50 -p operationcount=50 $C -p results.dir=res -p "cassandra.password=$SECRET" -p cassandra.username=u
    run_case cql R3 120 "$YCSB" run cassandra-cql -P "$W/workloada" -p operationcount=10 $C -p cassandra.keyspace=nosuchks
    run_case cql R3 120 "$YCSB" run cassandra-cql -P "$W/workloada" -p operationcount=10 -p "hosts=$CADDR" -p port=$((CPORT + 1))
    # a level the cluster cannot meet: every read fails at once (not retried: more replicas than nodes), counted in
    # Return= lines and over errors.budget: exit 4 with the results (README's exit codes)
    run_case cql X:4 120 "$YCSB" run cassandra-cql -P "$W/workloada" -p operationcount=10 $C -p cassandra.readconsistencylevel=THREE
    run_case cql R3 120 "$YCSB" run cassandra-cql -P "$W/workloada" -p operationcount=10 $C -p cassandra.local_dc=nosuchdc
    printf 'keyspace: probe\nkeyspace_definition: CREATE KEYSPACE probe WITH replication = {bogus\ntable: t\ntable_definition: CREATE TABLE t (k int PRIMARY KEY, v text)\nqueries:\n  q1:\n    cql: SELECT * FROM t WHERE k = ?\n' > "$IN/bad-ks.yaml"
    run_case cql R 120 "$YCSB" run cassandra-cql -p operationcount=10 $C $PW -p profile="$IN/bad-ks.yaml" -p profile.schema=true -p ops=q1=1
    printf 'keyspace: ycsb\ntable: probe_t\ntable_definition: CREATE TABLE probe_t (k int PRIMARY KEY, v text)\nqueries:\n  q1:\n    cql: SELECT * FROM probe_t WHERE v = ?\n' > "$IN/refused.yaml"
    run_case cql R3 120 "$YCSB" run cassandra-cql -p operationcount=10 $C $PW -p profile="$IN/refused.yaml" -p profile.schema=true -p ops=q1=1
    run_case cql R 120 "$YCSB" run cassandra-cql -p operationcount=10 $C $PW -p profile="$IN/refused.yaml" -p ops=nosuchquery=1
    run_case cql R 120 "$YCSB" run cassandra-cql -p operationcount=10 $C $PW -p profile="$IN/refused.yaml" -p ops=q1=-1
    run_case cql R 120 "$YCSB" run cassandra-cql -p operationcount=10 $C $PW -p profile="$IN/refused.yaml" -p ops=
  else
    N=$((N + 1)); BAD=$((BAD + 1))
    printf '%s\tcql\t-\t-\tDEFECT:server\tcassandra-server start --nodes 1 --address %s --port %s\t%s\n' "$N" "$CADDR" "$CPORT" \
      "$(tail -1 "$CDIR.log")" >> "$OUT"
  fi
fi

echo "cases: $N  defective: $BAD  ($(awk -v b=$BAD -v n=$N 'BEGIN{printf "%.1f", n ? 100*b/n : 0}')%)  results: $OUT"
