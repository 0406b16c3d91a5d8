#!/usr/bin/env bash
# This project's engine and cassandra-cql binding against cassandra-stress (built by build-reference.sh from Apache
# Cassandra's source release) on the same user profiles, the same operation mix and the same thread count, against
# the project's local Cassandra: throughput, client CPU per operation (whole process, less each tool's start-up) and
# latency percentiles; closed loop and at a fixed rate; interleaved repeats, medians and ranges. See README.md.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
# shellcheck disable=SC2034 # read by lib.sh
PROG=bench/vs-cassandra-stress/run.sh
# shellcheck source=bench/lib.sh disable=SC1091
. "$root/bench/lib.sh"

usage() {
  cat <<EOF
Usage: $PROG [options]
  --quick            smoke run: 1 repeat of 8 s, one profile unless --profiles (checks the script, not a measurement)
  --repeat N         runs per tool and case, interleaved (default 3)
  --seconds N        length of every measured run (default 30)
  --warmup N         before a profile's closed-loop runs, each tool runs it once for N s, not measured (default 20;
                     0: none; --quick: 0): a cluster started a minute before, or a table new to it, still speeds up
  --threads N        client threads of both tools (default 16)
  --profiles LIST    comma list of profile files (default: cassandra-stress's own tools/cqlstress-*.yaml and
                     workloads/cassandra-stress/*.yaml); each runs 'insert=1' plus weight 1 for every query it names
  --rates LIST       fixed rates (ops/s) of the fixed-rate cases, on the first profile (default 1000; none: skip)
  --modes LIST       cassandra-stress's own write/read commands against this project's core workload with the same
                     row shape (default write,read; none: skip)
  --records N        rows written before the read case, read uniformly (default 100000)
  --nodes N          1 (default) or 3: a local cluster on 127.0.0.11.. (replication 3 in the profiles' keyspaces is
                     the profiles' own; the stress examples use 1)
  --port N           CQL port (default 9142)
  --server-heap SIZE each Cassandra node's heap (default 2G; at the test server's 512M, wide.yaml ends the server
                     on OutOfMemoryError)
  --jvm-opts "..."   JVM options of both clients (default "-Xms512m -Xmx512m")
  --out FILE         results file (default $here/results-<date>.md; -quick.md with --quick)
EOF
}

repeat=3 seconds=30 warmup=20 threads=16 profiles='' rates=1000 nodes=1 port=9142 quick=false out='' server_heap=2G
modes=write,read records=100000
jvm_opts='-Xms512m -Xmx512m'
while [ $# -gt 0 ]; do
  case "$1" in
  -h | --help) usage; exit 0 ;;
  --quick) quick=true; shift; continue ;;
  --repeat | --seconds | --warmup | --threads | --profiles | --rates | --nodes | --port | --jvm-opts | --out | --server-heap | --modes | --records) ;;
  *) die "unknown option '$1' (see --help)" ;;
  esac
  [ $# -ge 2 ] || die "$1 needs a value (see --help)"
  case "$1" in
  --repeat) need_count "$1" "$2"; repeat=$2 ;;
  --seconds) need_count "$1" "$2"; seconds=$2 ;;
  --warmup) [[ "$2" =~ ^(0|[1-9][0-9]*)$ ]] || die "--warmup takes a whole number of seconds (0: none), got '$2'"
    warmup=$2 ;;
  --threads) need_count "$1" "$2"; threads=$2 ;;
  --profiles) profiles=$2 ;;
  --rates) [[ "$2" =~ ^(none|[1-9][0-9]*(,[1-9][0-9]*)*)$ ]] || die "--rates takes a comma list of ops/s or none, got '$2'"
    rates=$2 ;;
  --modes) [[ "$2" =~ ^(none|(write|read)(,(write|read))?)$ ]] || die "--modes takes write, read, write,read or none, got '$2'"
    modes=$2 ;;
  --records) need_count "$1" "$2"; records=$2 ;;
  --nodes) [[ "$2" =~ ^[13]$ ]] || die "--nodes takes 1 or 3, got '$2'"; nodes=$2 ;;
  --port) need_count "$1" "$2"; port=$2 ;;
  --jvm-opts) jvm_opts=$2 ;;
  --server-heap) [[ "$2" =~ ^[1-9][0-9]*[MmGg]$ ]] || die "--server-heap takes a size such as 2G or 1536M, got '$2'"
    server_heap=$2 ;;
  --out) out=$2 ;;
  esac
  shift 2
done
TIME_BIN=/usr/bin/time
[ -x "$TIME_BIN" ] || die "needs GNU time at $TIME_BIN (Debian: apt-get install -y time)"
python3 -c 'import yaml' 2>/dev/null || die "needs python3 with PyYAML (Debian: python3-yaml) to read the profiles' query names"

stress=$("$here/build-reference.sh") || die "the reference build failed"
ref_dir=$(dirname "$stress")
given_profiles=$profiles
if [ -z "$profiles" ]; then
  profiles=$(printf '%s,' "$ref_dir"/cqlstress-*.yaml "$root"/workloads/cassandra-stress/*.yaml)
  profiles=${profiles%,}
fi
if $quick; then
  repeat=1 seconds=8 warmup=0 records=$((records < 20000 ? records : 20000))
  [ -n "$given_profiles" ] || profiles=${profiles%%,*}
  [ "$rates" = none ] || rates=${rates%%,*}
fi
IFS=, read -r -a profile_list <<<"$profiles"
for p in "${profile_list[@]}"; do [ -f "$p" ] || die "no profile file '$p'"; done
[ -n "$out" ] || out=$here/results-$(date -u +%Y-%m-%d)$(if $quick; then echo -quick; fi).md
work=$here/target/run-$(date -u +%Y%m%dT%H%M%SZ)
mkdir -p "$work"

# The local Cassandra (one node, or three on 127.0.0.11..13), stopped however the script ends.
server_dir=$work/cassandra
if [ "$nodes" = 1 ]; then hosts=127.0.0.1 cluster_rf=1; else hosts=127.0.0.11,127.0.0.12,127.0.0.13 cluster_rf=3; fi
trap '"$root/bin/ycsb" cassandra-server stop --dir "$server_dir" >/dev/null 2>&1 || true' EXIT
echo "building this project's launcher and starting Cassandra ($nodes node(s))" >&2
if [ "$nodes" = 1 ]; then
  "$root/bin/ycsb" cassandra-server start --dir "$server_dir" --port "$port" --heap "$server_heap" \
    >"$work/server.log" 2>&1
else
  "$root/bin/ycsb" cassandra-server start --dir "$server_dir" --nodes 3 --address 127.0.0.11 --port "$port" \
    --heap "$server_heap" >"$work/server.log" 2>&1
fi || die "Cassandra did not start (see $work/server.log)"

# ops_of PROFILE: insert=1 and weight 1 for every query the profile names (token-range scans left out: a full scan
# per operation measures the server, not the client)
ops_of() {
  python3 - "$1" <<'PY'
import sys, yaml
doc = yaml.safe_load(open(sys.argv[1])) or {}
names = ["insert"] + [str(q) for q in (doc.get("queries") or {})]
print(",".join(n + "=1" for n in names))
PY
}

# replication_of PROFILE: the replication factor its keyspace_definition asks for (1 when it gives none); a
# profile that wants more replicas than the cluster has nodes fails every quorum and lightweight transaction in
# both tools, which measures nothing
replication_of() {
  python3 - "$1" <<'PY'
import re, sys, yaml
doc = yaml.safe_load(open(sys.argv[1])) or {}
m = re.search(r"replication_factor'?\s*:\s*'?(\d+)", str(doc.get("keyspace_definition") or ""))
print(m.group(1) if m else 1)
PY
}

# timed LOG -- COMMAND...: runs COMMAND with its CPU written to LOG.time ("user sys"), output to LOG.out/.err
timed() {
  local log=$1
  shift 2
  "$TIME_BIN" -o "$log.time" -f '%U %S' "$@" >"$log.out" 2>"$log.err" </dev/null
}

# (GNU time writes "Command exited with non-zero status N" above the figures when the command failed)
cpu_of() { tail -n 1 "$1.time" | awk '{printf "%.2f", $1 + $2}'; }

# summary_field LOG LABEL: the first number after the label in a cassandra-stress style summary (both tools print
# one: cassandra-stress on stdout, this project's with -p profile.summary=true on stderr); thousands separators removed
summary_field() {
  cat "$1.out" "$1.err" | awk -v label="$2" 'index($0, label) == 1 {
    sub(/^[^:]*:[ ]*/, ""); gsub(/,/, ""); split($0, f, " "); print f[1]; exit }'
}

# counter_fix_of PROFILE: "flag" when the profile's table has counter columns and its insert names no batch type
# (cassandra-stress's default is LOGGED), "copy" when it names LOGGED, nothing otherwise. Cassandra refuses counter
# updates in a LOGGED batch ("Cannot include a counter statement in a logged batch"), so cassandra-stress, given such
# a profile unchanged, fails every insert of more than one row while its summary counts them as done (README, point 1).
# This project sends those rows as a COUNTER batch with a notice; cassandra-stress gets the same through -insert
# batchtype=COUNTER ("flag") or, since 4.0-alpha2 refuses that option when the profile names a batch type
# ("Unrecognised insert option(s): {batchtype=LOGGED}"), through a copy of the profile whose batchtype line says
# COUNTER ("copy"; nothing else in it changed).
counter_fix_of() {
  python3 - "$1" <<'PY'
import re, sys, yaml
doc = yaml.safe_load(open(sys.argv[1])) or {}
table = str(doc.get("table_definition") or "")
named = (doc.get("insert") or {}).get("batchtype")
if re.search(r"\bcounter\b", table, re.IGNORECASE) and str(named or "LOGGED").upper() == "LOGGED":
    print("flag" if named is None else "copy")
PY
}

run_stress() { # LOG PROFILE OPS RATE_ARG: a user-mode run of cassandra-stress for $seconds
  local profile=$2 insert=''
  case $(counter_fix_of "$2") in
  flag) insert=batchtype=COUNTER ;;
  copy)
    profile=$work/counter-batch-$(basename "$2")
    sed -E 's/^([[:space:]]*batchtype:[[:space:]]*)[A-Za-z]+/\1COUNTER/' "$2" >"$profile" ;;
  esac
  JVM_OPTS="$jvm_opts" timed "$1" -- "$stress" user profile="$profile" "ops(${3})" duration="${seconds}s" no-warmup \
    -rate threads="$threads" ${4:+"$4"} ${insert:+-insert "$insert"} -node "$hosts" -port native="$port" \
    -mode native cql3 -errors ignore
}

run_ours() { # LOG PROFILE OPS TARGET: the same with this engine
  timed "$1" -- env YCSB_SKIP_BUILD=1 "$root/bin/ycsb" run cassandra-cql -jvm-args "$jvm_opts" -p hosts="$hosts" \
    -p port="$port" -p workload=site.ycsb.db.cql.profile.StressProfileWorkload -p profile="$2" -p ops="$3" \
    -p profile.schema=true -p profile.summary=true -p measurement.interval=both -p operationcount=1000000000 \
    -p maxexecutiontime="$seconds" -threads "$threads" ${4:+-target "$4"}
}

# fresh_table PROFILE: the profile's table emptied (and made if missing) before a measured run, so that neither tool
# finds the other's rows: a conditional insert of a row the other tool wrote is not applied, and a read of a young
# table finds less than one of an old table
# (one operation of the profile's first query runs after the truncation, since a run needs one; on the empty table
# it may write one row, the same before either tool's run). Not timed, so the launcher may build here: the first
# call, before any measured run, builds the binding on a fresh checkout; the measured runs skip that check.
fresh_table() {
  local op
  op=$(python3 - "$1" <<'PY'
import sys, yaml
doc = yaml.safe_load(open(sys.argv[1])) or {}
print(next(iter(doc.get("queries") or {}), "insert"))
PY
)
  "$root/bin/ycsb" run cassandra-cql -p hosts="$hosts" -p port="$port" \
    -p workload=site.ycsb.db.cql.profile.StressProfileWorkload -p profile="$1" -p ops="$op=1" \
    -p profile.schema=true -p profile.truncate=true -p operationcount=1 -threads 1 >"$work/truncate.log" 2>&1 \
    || die "could not empty the table of $1 (see $work/truncate.log)"
}

# ops_done LOG TOOL: operations the run completed
ops_done() {
  if [ "$2" = stress ]; then
    awk -F', *' '$1 == "total" {n = $2} END {print n + 0}' "$1.out"
  else
    awk -F', ' '$2 == "Operations" && $1 !~ /^\[(CLEANUP|WARMUP|Intended-)/ {n += $3} END {print n + 0}' "$1.out"
  fi
}

# Start-up CPU of each tool: a run of one operation, median of three.
profile0=${profile_list[0]}
ops0=$(ops_of "$profile0")
echo "building this project's binding if needed" >&2
fresh_table "$profile0"
echo "start-up cost of each tool (3 runs of one operation)" >&2
declare -A startup
for tool in stress ours; do
  vals=()
  for i in 1 2 3; do
    log=$work/startup-$tool-$i
    if [ "$tool" = stress ]; then
      JVM_OPTS="$jvm_opts" timed "$log" -- "$stress" user profile="$profile0" "ops(insert=1)" n=1 no-warmup \
        -rate threads=1 -node "$hosts" -port native="$port" -mode native cql3 || die "cassandra-stress failed (see $log.err)"
    else
      timed "$log" -- env YCSB_SKIP_BUILD=1 "$root/bin/ycsb" run cassandra-cql -jvm-args "$jvm_opts" -p hosts="$hosts" \
        -p port="$port" -p workload=site.ycsb.db.cql.profile.StressProfileWorkload -p profile="$profile0" \
        -p ops=insert=1 -p profile.schema=true -p operationcount=1 -threads 1 || die "this project's run failed (see $log.err)"
    fi
    vals+=("$(cpu_of "$log")")
  done
  startup[$tool]=$(printf '%s\n' "${vals[@]}" | sort -n | sed -n 2p)
done

# summarised LOG TOOL: after a run that exited non-zero, true when it still printed its summary (this project exits 1
# when more operations failed than errors.budget allows: its figures stand, with the failures in the errors column);
# false, with a line, when it printed none
summarised() {
  if grep -q -e '^Op rate' -e '^\[OVERALL\], Throughput' "$1.out" "$1.err" 2>/dev/null; then
    echo "note: $2 exited non-zero but printed its summary; its errors are counted ($1.err)" >&2
    return 0
  fi
  echo "$2 failed without a summary: $1.err" >&2
  local why
  why=$(grep -m 1 -E 'Exception|Error|^ycsb' "$1.err" 2>/dev/null || tail -n 1 "$1.err" 2>/dev/null || true)
  printf '%s\t%s\n' "$(basename "$1")" "${why:0:300}" >>"$work/unsummarised.tsv"
  return 1
}

# record_row LOG CASE RATE REPEAT TOOL OPS_PER_S ROWS_PER_S P50 P99 P999 ERRORS: one run's line in runs.tsv, with
# its operations and CPU from the run's own files
record_row() {
  local log=$1 n cpu exceptions
  n=$(ops_done "$log" "$5")
  cpu=$(cpu_of "$log")
  # cassandra-stress with -errors ignore prints each failed try on stderr; its summary may not count them
  exceptions=$(grep -c 'Exception' "$log.err" || true)
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$2" "$3" "$4" "$5" "$cpu" "$n" "$6" "$7" "$8" \
    "$9" "${10}" "${11}" "$exceptions" >>"$tsv"
  echo "$2 $3 repeat $4 $5: $n ops, $cpu s CPU" >&2
}

tsv=$work/runs.tsv
printf 'case\trate\trepeat\ttool\tcpu_s\tops\tops_per_s\trows_per_s\tp50_ms\tp99_ms\tp999_ms\terrors\tstderr_exceptions\n' >"$tsv"
# one_case NAME PROFILE OPS RATE: both tools, $repeat times, alternating which goes first
one_case() {
  local name=$1 profile=$2 ops=$3 rate=$4 i tool order log stress_rate
  if [ "$warmup" -gt 0 ] && [ "$rate" = closed ]; then
    echo "$name: warming up, each tool ${warmup} s (not measured)" >&2
    for tool in stress ours; do
      fresh_table "$profile"
      if [ "$tool" = stress ]; then
        seconds=$warmup run_stress "$work/$name-warmup-$tool" "$profile" "$ops" '' || true
      else
        seconds=$warmup run_ours "$work/$name-warmup-$tool" "$profile" "$ops" '' || true
      fi
    done
  fi
  for i in $(seq 1 "$repeat"); do
    if [ $((i % 2)) -eq 1 ]; then order="stress ours"; else order="ours stress"; fi
    for tool in $order; do
      log=$work/$name-$rate-$i-$tool
      fresh_table "$profile"
      if [ "$tool" = stress ]; then
        stress_rate=''
        [ "$rate" = closed ] || stress_rate="fixed=${rate}/s"
        run_stress "$log" "$profile" "$ops" "$stress_rate" || summarised "$log" stress || continue
      else
        run_ours "$log" "$profile" "$ops" "$([ "$rate" = closed ] || echo "$rate")" \
          || summarised "$log" ours || continue
      fi
      local p50='Latency median' p99='Latency 99th percentile' p999='Latency 99.9th percentile'
      # at a fixed rate cassandra-stress reports latency from each operation's scheduled start: this project's
      # figure of the same is its intended latency
      if [ "$tool" = ours ] && [ "$rate" != closed ]; then
        p50='Intended median' p99='Intended 99th' p999='Intended 99.9th'
      fi
      record_row "$log" "$name" "$rate" "$i" "$tool" "$(summary_field "$log" 'Op rate')" \
        "$(summary_field "$log" 'Row rate')" "$(summary_field "$log" "$p50")" "$(summary_field "$log" "$p99")" \
        "$(summary_field "$log" "$p999")" "$(summary_field "$log" 'Total errors')"
    done
  done
}

# the write and read cases: cassandra-stress's own commands (its table keyspace1.standard1, 5 columns of 34 bytes,
# a 10-byte key) against this project's core workload with the same columns (fieldcount=5, fieldlength=34; keys
# "user..." of about 23 bytes) on ycsb.usertable, consistency ONE in both, closed loop at equal threads
run_stress_mode() { # LOG write|read EXTRA...: a run of cassandra-stress's write or read command for $seconds
  JVM_OPTS="$jvm_opts" timed "$1" -- "$stress" "$2" duration="${seconds}s" cl=ONE no-warmup "${@:3}" \
    -col "n=FIXED(5)" "size=FIXED(34)" -rate threads="$threads" -node "$hosts" -port native="$port" \
    -mode native cql3 -schema "replication(factor=$cluster_rf)" -errors ignore
}

core_args=(-P "$root/workloads/workloada" -p hosts="$hosts" -p port="$port" -p recordcount="$records"
  -p fieldcount=5 -p fieldlength=34 -p cassandra.readconsistencylevel=ONE -p cassandra.writeconsistencylevel=ONE)

run_ours_mode() { # LOG write|read: this project's core workload inserting only, or reading only, for $seconds
  local mix
  if [ "$2" = write ]; then mix=(-p readproportion=0 -p updateproportion=0 -p insertproportion=1)
  else mix=(-p readproportion=1 -p updateproportion=0 -p requestdistribution=uniform); fi
  timed "$1" -- env YCSB_SKIP_BUILD=1 "$root/bin/ycsb" run cassandra-cql -jvm-args "$jvm_opts" "${core_args[@]}" \
    "${mix[@]}" -p hdrhistogram.percentiles=50,99,99.9 -p operationcount=1000000000 -p maxexecutiontime="$seconds" \
    -threads "$threads"
}

# ours_field LOG LABEL: a figure of this project's summary (output format of YCSB), latencies in ms
ours_field() {
  awk -F', ' -v label="$2" '$2 == label && $1 !~ /^\[(CLEANUP|Intended-)/ {
    print (label ~ /Latency/ ? $3 / 1000 : $3); exit }' "$1.out"
}

# populate_for_reads: both tables hold rows 1..$records before the read case (each tool writes its own table)
populate_for_reads() {
  echo "writing $records rows with each tool before the read case" >&2
  JVM_OPTS="$jvm_opts" timed "$work/populate-stress" -- "$stress" write n="$records" cl=ONE no-warmup \
    -pop "seq=1..$records" -col "n=FIXED(5)" "size=FIXED(34)" -rate threads="$threads" -node "$hosts" \
    -port native="$port" -mode native cql3 -schema "replication(factor=$cluster_rf)" \
    || die "cassandra-stress could not write the rows to read (see $work/populate-stress.err)"
  timed "$work/populate-ours" -- env YCSB_SKIP_BUILD=1 "$root/bin/ycsb" load cassandra-cql "${core_args[@]}" \
    -threads "$threads" || die "this project could not load the rows to read (see $work/populate-ours.err)"
}

# one_mode_case MODE: both tools, $repeat times, alternating which goes first
one_mode_case() {
  local mode=$1 i tool order log op
  op=$([ "$mode" = write ] && echo INSERT || echo READ)
  for i in $(seq 1 "$repeat"); do
    if [ $((i % 2)) -eq 1 ]; then order="stress ours"; else order="ours stress"; fi
    for tool in $order; do
      log=$work/$mode-closed-$i-$tool
      if [ "$tool" = stress ]; then
        if [ "$mode" = write ]; then extra=(-pop "seq=1..$records"); else extra=(-pop "dist=UNIFORM(1..$records)"); fi
        run_stress_mode "$log" "$mode" "${extra[@]}" || summarised "$log" stress || continue
        record_row "$log" "$mode" closed "$i" stress "$(summary_field "$log" 'Op rate')" \
          "$(summary_field "$log" 'Row rate')" "$(summary_field "$log" 'Latency median')" \
          "$(summary_field "$log" 'Latency 99th percentile')" "$(summary_field "$log" 'Latency 99.9th percentile')" \
          "$(summary_field "$log" 'Total errors')"
      else
        run_ours_mode "$log" "$mode" || summarised "$log" ours || continue
        record_row "$log" "$mode" closed "$i" ours "$(ours_field "$log" 'Throughput(ops/sec)')" \
          "$(ours_field "$log" 'Throughput(ops/sec)')" "$(ours_field "$log" '50thPercentileLatency(us)')" \
          "$(ours_field "$log" '99thPercentileLatency(us)')" "$(ours_field "$log" '99.9PercentileLatency(us)')" \
          "$(ours_field "$log" 'Failed')"
      fi
    done
  done
}

load_start=$(cut -d' ' -f1-3 /proc/loadavg)
skipped='' countered=''
for p in "${profile_list[@]}"; do
  rf=$(replication_of "$p")
  if [ "$rf" -gt "$nodes" ]; then
    echo "skipping $(basename "$p"): its keyspace wants $rf replicas, the cluster has $nodes node(s)" >&2
    skipped="$skipped $(basename "$p" .yaml) (replication factor $rf);"
    continue
  fi
  case $(counter_fix_of "$p") in
  flag) countered="$countered $(basename "$p" .yaml) (-insert batchtype=COUNTER);" ;;
  copy) countered="$countered $(basename "$p" .yaml) (a copy whose batchtype line says COUNTER);" ;;
  esac
  one_case "$(basename "$p" .yaml)" "$p" "$(ops_of "$p")" closed
done
if [ "$rates" != none ]; then
  IFS=, read -r -a rate_list <<<"$rates"
  for r in "${rate_list[@]}"; do one_case "$(basename "$profile0" .yaml)" "$profile0" "$ops0" "$r"; done
fi
if [ "$modes" != none ]; then
  # reads first, on the rows written for them; the write case after it adds rows the reads would otherwise find
  [[ ",$modes," != *,read,* ]] || { populate_for_reads; one_mode_case read; }
  [[ ",$modes," != *,write,* ]] || one_mode_case write
fi
load_end=$(cut -d' ' -f1-3 /proc/loadavg)

python3 - "$tsv" "$out" "${startup[stress]}" "${startup[ours]}" "$load_start" "$load_end" \
  "$threads" "$seconds" "$repeat" "$nodes" "$jvm_opts" "$(cd "$root" && git rev-parse --short HEAD)" \
  "$(basename "$ref_dir")" "$($quick && echo quick || echo full)" "$skipped" "$countered" "$warmup" <<'PY'
import csv, statistics, sys, os, platform, subprocess
(tsv, out, up_stress, up_ours, load0, load1, threads, seconds, repeat, nodes, jvm, commit, ref, kind, skipped,
 countered, warmup) = sys.argv[1:]
rows = list(csv.DictReader(open(tsv), delimiter="\t"))
up = {"stress": float(up_stress), "ours": float(up_ours)}
def num(v):
    try: return float(v)
    except (TypeError, ValueError): return None
def med(vals):
    vals = [v for v in vals if v is not None]
    if not vals: return None, None, None
    return statistics.median(vals), min(vals), max(vals)
def fmt(t, digits=1):
    m, lo, hi = t
    if m is None: return "-"
    return f"{m:.{digits}f} ({lo:.{digits}f}-{hi:.{digits}f})" if lo != hi else f"{m:.{digits}f}"
cases = []
for r in rows:
    key = (r["case"], r["rate"])
    if key not in cases: cases.append(key)
java = subprocess.run(["java", "-version"], capture_output=True, text=True).stderr.splitlines()[0]
with open(out, "w") as f:
    f.write(f"# This project against cassandra-stress ({kind} run), {os.path.basename(out)}\n\n")
    f.write(f"Machine: {os.cpu_count()} cores, {platform.release()}, {java}. Commit {commit}; reference {ref} "
            f"(bench/vs-cassandra-stress/build-reference.sh). Cassandra 5.0.9, {nodes} node(s), on the same machine.\n")
    f.write(f"Each run: {threads} threads, {seconds} s, closed loop unless a rate is given; both clients {jvm}; "
            f"{repeat} repeats per tool, interleaved, the first tool alternating"
            + (f"; before a profile's closed-loop repeats, one unmeasured run of {warmup} s per tool" if warmup != "0" else "")
            + ". Load average (1, 5, 15 min) "
            f"at the start {load0}, at the end {load1}.\n")
    f.write(f"Client CPU per operation = (process user+system CPU - the tool's start-up CPU) / operations; "
            f"start-up CPU (median of 3 one-operation runs): cassandra-stress {up['stress']:.2f} s, "
            f"this project {up['ours']:.2f} s.\n\n")
    f.write("| profile | rate | tool | ops/s | rows/s | CPU/op (us) | p50 (ms) | p99 (ms) | p99.9 (ms) | errors (summary) | exceptions on stderr |\n")
    f.write("|---|---|---|---|---|---|---|---|---|---|---|\n")
    ratios = []
    for case, rate in cases:
        per = {}
        for tool in ("stress", "ours"):
            rs = [r for r in rows if (r["case"], r["rate"], r["tool"]) == (case, rate, tool)]
            tput = med([num(r["ops_per_s"]) for r in rs])
            cpu = med([(num(r["cpu_s"]) - up[tool]) / num(r["ops"]) * 1e6 if num(r["ops"]) else None for r in rs])
            per[tool] = (tput, cpu)
            name = "cassandra-stress" if tool == "stress" else "this project"
            f.write(f"| {case} | {rate} | {name} | {fmt(tput, 0)} | {fmt(med([num(r['rows_per_s']) for r in rs]), 0)} | {fmt(cpu)} | "
                    f"{fmt(med([num(r['p50_ms']) for r in rs]), 2)} | {fmt(med([num(r['p99_ms']) for r in rs]), 2)} | "
                    f"{fmt(med([num(r['p999_ms']) for r in rs]), 2)} | {fmt(med([num(r['errors']) for r in rs]), 0)} | "
                    f"{fmt(med([num(r['stderr_exceptions']) for r in rs]), 0)} |\n")
        if per["stress"][0][0] and per["ours"][0][0] and per["stress"][1][0] and per["ours"][1][0]:
            ratios.append((case, rate, per["ours"][0][0] / per["stress"][0][0], per["ours"][1][0] / per["stress"][1][0]))
    f.write("\n| profile | rate | throughput, this project / cassandra-stress | CPU per op, this project / cassandra-stress |\n")
    f.write("|---|---|---|---|\n")
    for case, rate, t, c in ratios:
        f.write(f"| {case} | {rate} | {t:.2f} | {c:.2f} |\n")
    if skipped.strip():
        f.write(f"\nSkipped (the keyspace wants more replicas than the cluster has nodes):{skipped.rstrip(';')}.\n")
    failed = os.path.join(os.path.dirname(tsv), "unsummarised.tsv")
    if os.path.exists(failed):
        f.write("\nRuns that printed no summary (left out above), with the first error line of their stderr:\n\n")
        for line in open(failed):
            run, _, why = line.rstrip("\n").partition("\t")
            f.write(f"- `{run}`: `{why.replace('`', chr(39))}`\n")
    if countered.strip():
        f.write(f"\nCounter tables whose profile names the batch type LOGGED, or none (cassandra-stress's default is "
                "LOGGED): Cassandra refuses counter updates in a logged batch, so cassandra-stress was given "
                f"COUNTER:{countered.rstrip(';')}. This project sends those rows as a COUNTER batch on its own (with a "
                "notice).\n")
    f.write("\nLatency: in the closed-loop rows (rate `closed`) both tools report service time, from the call's start. "
            "At a fixed rate cassandra-stress (`-rate fixed=R/s`) reports latency from each operation's scheduled start, "
            "and this project's figures in those rows are its intended latency (the summary's `Intended` lines, "
            "`measurement.interval=both`), the same definition.\n")
    if any(c in ("write", "read") for c, _ in cases):
        f.write("\nThe `write` and `read` rows: cassandra-stress's own `write` and `read` commands (its table "
                "keyspace1.standard1, 5 columns of 34 bytes, 10-byte keys; `-pop seq=1..N` for writes, "
                "`dist=UNIFORM(1..N)` for reads) against this project's core workload inserting only or reading only "
                "(uniform) with the same columns (`fieldcount=5`, `fieldlength=34`; keys `user...` of about 23 bytes) "
                "on ycsb.usertable; consistency ONE in both. Before the read case each tool wrote the N rows it then "
                "reads into its own table. Latency: service time in both.\n")
print(out)
PY
echo "results: $out (runs in $work)" >&2
