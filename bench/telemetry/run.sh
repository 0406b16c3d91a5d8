#!/usr/bin/env bash
# What sampling the database nodes costs (issue 31; see README.md), one sample per second:
#   1. loop:   the remote loop (the exact script the sampler sends, printed by site.ycsb.telemetry.ServerSampler)
#              run by sh on this machine for N s, its ticks sent by the sampler itself (ServerSampler --sample): CPU
#              of the shell and the cat children it reaped; beside it, in the same run, the loop before head timing
#              (loop-before.txt: one cat and one sleep per sample, timed by the node) and the rejected variant that
#              prints the files with shell builtins instead of cat;
#   2. ssh:    the loop over a real OpenSSH connection to a private sshd on 127.0.0.9, ticked by the sampler (and the
#              loop before, for comparison): CPU of everything on the node side (the sshd session processes, the
#              shell and the children it reaped, read while alive) and of the ssh client on the head side;
#   3. engine: a real engine run of N s (basic binding, 1000 ops/s) sampling one local process every second
#              (telemetry.pids): the sampling thread's own CPU time, which every run records in summary.json
#              (databaseNodes.sampler).
# Each case is run --repeats times, interleaved; the results file gives every repeat, the median and the range.
# Usage: bench/telemetry/run.sh [--seconds N] [--repeats N]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
# shellcheck disable=SC2034 # read by lib.sh
PROG=bench/telemetry/run.sh
# shellcheck source=bench/lib.sh disable=SC1091
. "$root/bench/lib.sh"
seconds=60
repeats=3
while [ $# -gt 0 ]; do
  case "$1" in
  --seconds) need_count "$1" "${2:-}"; seconds=$2; shift 2 ;;
  --repeats) need_count "$1" "${2:-}"; repeats=$2; shift 2 ;;
  *) die "usage: $0 [--seconds N] [--repeats N]" ;;
  esac
done
for tool in /usr/sbin/sshd ssh ssh-keygen; do
  command -v "$tool" >/dev/null 2>&1 || die "needs $tool (Debian: openssh-server openssh-client)"
done
out=$here/target/run-$(date -u +%Y%m%dT%H%M%SZ)
mkdir -p "$out"
tck=$(getconf CLK_TCK)

echo "building core (tests skipped)" >&2
(cd "$root" && mvn -B -q -o -pl core -am package -DskipTests >"$out/build.log" 2>&1)
m2=${M2_REPO:-$HOME/.m2/repository}
cp="$root/core/target/classes:$root/binding-support/target/classes:$(ls "$m2"/org/hdrhistogram/HdrHistogram/2.2.2/HdrHistogram-2.2.2.jar)"
script=$(java -cp "$cp" site.ycsb.telemetry.ServerSampler)
before=$(cat "$here/loop-before.txt")
# the rejected variant: the files printed by the shell's builtins (read and printf), no process per sample
files=${script##*do cat }
files=${files%% || exit 4;*}
builtin_cat="for f in $files; do while IFS= read -r l || [ -n \"\$l\" ]; do printf '%s\\n' \"\$l\"; done < \"\$f\" || exit 4; done"
builtin=${script/cat $files || exit 4/$builtin_cat}
[ "$builtin" != "$script" ] || die "could not derive the builtin variant from the loop: $script"

# ticks (utime+stime+cutime+cstime) of a process, from /proc/PID/stat (fields after the command name)
ticks_own() { sed 's/.*) //' "/proc/$1/stat" | awk '{print $12+$13}'; }

# the loop before: timed by its own sleep, its input /dev/null; the outer shell waits for it, so the loop's time and
# that of the children it waited for land in the outer shell's cutime/cstime, read at its end
before_case() {
  sh -c 'sh -c "$1" >/dev/null </dev/null & p=$!; sleep "$2"; kill $p; wait $p 2>/dev/null; sed "s/.*) //" /proc/$$/stat' \
    _ "$before" "$seconds" | awk '{print $14+$15}'
}

# a head-timed loop ($1), its ticks sent by the sampler (which appends its own loop to the command: ignored here);
# the outer shell writes the ticks of the loop and its reaped children once the loop ended (its input closed)
ticked_case() {
  local f=$out/ticks.$RANDOM
  # shellcheck disable=SC2016 # expanded by the outer sh
  java -cp "$cp" site.ycsb.telemetry.ServerSampler --sample "$seconds" sh -c \
    'sh -c "$1"; sed "s/.*) //" /proc/$$/stat | awk "{print \$14+\$15}" > "$0"' "$f" "$1" >"$f.out"
  grep -q "^samples $((seconds - 1))\|^samples $seconds\|^samples $((seconds + 1))" "$f.out" \
    || die "the sampler did not take about $seconds samples: $(cat "$f.out")"
  cat "$f"
}

sshd_dir=$out/sshd
mkdir -p "$sshd_dir" /run/sshd
ssh-keygen -q -t ed25519 -N '' -f "$sshd_dir/host_key"
ssh-keygen -q -t ed25519 -N '' -f "$sshd_dir/client_key"
cp "$sshd_dir/client_key.pub" "$sshd_dir/authorized_keys"
chmod 600 "$sshd_dir/authorized_keys"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.9", 0)); print(s.getsockname()[1])' 2>/dev/null \
  || echo 42022)
cat >"$sshd_dir/sshd_config" <<CONF
Port $port
ListenAddress 127.0.0.9
HostKey $sshd_dir/host_key
AuthorizedKeysFile $sshd_dir/authorized_keys
PidFile $sshd_dir/sshd.pid
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
PrintMotd no
CONF
/usr/sbin/sshd -D -f "$sshd_dir/sshd_config" -E "$sshd_dir/sshd.log" &
sshd_pid=$!
trap 'kill $sshd_pid 2>/dev/null || true' EXIT
sleep 1
ssh_opts=(-i "$sshd_dir/client_key" -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o BatchMode=yes
  -o ServerAliveInterval=5 -o ServerAliveCountMax=3 -p "$port")

# ticks of every live descendant of a process: its own and those of the children it has reaped (cutime/cstime); a
# child still alive counts by itself, one that was reaped counts in its parent, so nothing is counted twice
descendant_ticks() {
  for s in /proc/[0-9]*/stat; do
    p=${s#/proc/}
    sed 's/.*) //' "$s" 2>/dev/null | awk -v pid="${p%/stat}" '{print pid, $2, $12+$13+$14+$15}'
  done | awk -v root="$1" '{pp[$1] = $2; t[$1] = $3}
    END {for (p in pp) {q = p; n = 0; while ((q in pp) && q != root && q > 1 && n++ < 64) q = pp[q];
      if (q == root && p != root) sum += t[p]} print sum + 0}'
}

# age in seconds of the oldest live descendant of a process (the session), from its start time
descendant_age() {
  local now
  now=$(cut -d' ' -f1 /proc/uptime)
  for s in /proc/[0-9]*/stat; do
    p=${s#/proc/}
    sed 's/.*) //' "$s" 2>/dev/null | awk -v pid="${p%/stat}" '{print pid, $2, $20}'
  done | awk -v root="$1" -v now="$now" -v hz="$tck" '{pp[$1] = $2; st[$1] = $3}
    END {for (p in pp) {q = p; n = 0; while ((q in pp) && q != root && q > 1 && n++ < 64) q = pp[q];
      if (q == root && p != root && (min == "" || st[p] < min)) min = st[p]} printf "%.2f", now - min / hz}'
}

# the loop over ssh: before (timed by the node, ssh -n) or head-timed (ticked by the sampler, which runs ssh). Read
# twice while the session is alive, 3 s after it began and N s later: the sshd session processes, the shell and the
# children it reaped (once the client goes, the session may end before the shell, which is then reparented and its
# time lost to the master). The steady cost is the difference over those N s; the connection's set-up (key exchange,
# login, once per phase) is what the session had used at the first reading beyond the steady cost of its age.
# Prints: node %, ssh client %, node set-up in CPU ms.
ssh_case() {
  local sp client_pid node0 client0 age0 node1 client1 age1
  if [ "$1" = before ]; then
    # shellcheck disable=SC2029 # the loop is composed here and runs there as it is
    ssh -n "${ssh_opts[@]}" "$(whoami)@127.0.0.9" "$before" >/dev/null 2>"$out/ssh.err" &
    sp=$!
    client_pid=$sp
    sleep 3
  else
    java -cp "$cp" site.ycsb.telemetry.ServerSampler --sample $((seconds + 8)) ssh "${ssh_opts[@]}" \
      "$(whoami)@127.0.0.9" >"$out/ssh-sample.out" 2>"$out/ssh.err" &
    sp=$!
    sleep 3
    client_pid=$(pgrep -P "$sp" -x ssh | head -1)
    [ -n "$client_pid" ] || die "no ssh client under the sampler: $(cat "$out/ssh.err")"
  fi
  age0=$(descendant_age "$sshd_pid") node0=$(descendant_ticks "$sshd_pid") client0=$(ticks_own "$client_pid")
  sleep "$seconds"
  age1=$(descendant_age "$sshd_pid") node1=$(descendant_ticks "$sshd_pid") client1=$(ticks_own "$client_pid")
  if [ "$1" = before ]; then
    kill "$sp"; wait "$sp" 2>/dev/null || true
    sleep 3 # the session ends at the loop's next write
  else
    wait "$sp" || true
    grep -q '^samples [1-9]' "$out/ssh-sample.out" || die "no samples over ssh: $(cat "$out/ssh-sample.out")"
    ! grep -q '^problem' "$out/ssh-sample.out" || die "sampling over ssh: $(cat "$out/ssh-sample.out")"
  fi
  awk -v n0="$node0" -v n1="$node1" -v c0="$client0" -v c1="$client1" -v a0="$age0" -v a1="$age1" -v hz="$tck" \
    'BEGIN {rate = (n1 - n0) / hz / (a1 - a0); setup = n0 / hz - rate * a0;
      printf "%.3f %.3f %.0f\n", 100 * rate, 100 * (c1 - c0) / hz / (a1 - a0), 1000 * (setup < 0 ? 0 : setup)}'
}

engine_case() {
  sleep $((seconds + 30)) & local target=$!
  local dir=$out/engine-$1
  java -cp "$cp" site.ycsb.Client -t -db site.ycsb.BasicDB -P "$root/workloads/workloada" \
    -p basicdb.verbose=false -p recordcount=1000 -p operationcount=0 -p maxexecutiontime="$seconds" -target 1000 \
    -p results.dir="$dir" -p telemetry.pids=127.0.0.1="$target" >"$dir.log" 2>&1
  kill "$target" 2>/dev/null || true
  grep -o '"sampler": {"cpuMs": [0-9.]*, "seconds": [0-9.]*' "$dir/summary.json" | awk '{print $3, $5}' | tr -d ','
}

pct() { awk -v t="$1" -v s="$2" -v hz="$tck" 'BEGIN{printf "%.3f", 100 * t / hz / s}'; }

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
loop=() loop_before=() loop_builtin=() engine=()
ssh_node=() ssh_client=() ssh_setup=() ssh_before_node=() ssh_before_client=() ssh_before_setup=()
for r in $(seq 1 "$repeats"); do
  echo "repeat $r/$repeats: loop (head-timed), loop before, loop with builtins" >&2
  loop+=("$(pct "$(ticked_case "$script")" "$seconds")")
  loop_before+=("$(pct "$(before_case)" "$seconds")")
  loop_builtin+=("$(pct "$(ticked_case "$builtin")" "$seconds")")
  echo "repeat $r/$repeats: ssh (head-timed), ssh before" >&2
  read -r node client setup < <(ssh_case ticked)
  ssh_node+=("$node") ssh_client+=("$client") ssh_setup+=("$setup")
  read -r node client setup < <(ssh_case before)
  ssh_before_node+=("$node") ssh_before_client+=("$client") ssh_before_setup+=("$setup")
  echo "repeat $r/$repeats: engine" >&2
  read -r ms secs < <(engine_case "$r")
  engine+=("$(awk -v ms="$ms" -v s="$secs" 'BEGIN{printf "%.3f", 100 * ms / 1000 / s}')")
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END{print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
range() { printf '%s\n' "$@" | sort -g | awk 'NR==1{min=$1} {max=$1} END{print min "–" max}'; }
# shellcheck disable=SC2086 # the lists are words
ratio() { awk -v a="$(median $1)" -v b="$(median $2)" 'BEGIN{if (b > 0) printf "%.2f", a / b; else print "n/a"}'; }
row() { echo "| $1 | $(echo "${@:2}" | tr ' ' '/') | $(median "${@:2}") | $(range "${@:2}") |"; }

# the day's file holds its runs, the newest last
result=$here/results-$(date -u +%Y-%m-%d).md
run_md=$out/result.md
{
  echo "# Sampling the database nodes: its cost ($(date -u +%Y-%m-%dT%H:%MZ))"
  echo
  echo "Machine: $(nproc) cores, $(awk '/MemTotal/{printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -sr)," \
    "$(ssh -V 2>&1). Load average before: $load_before; after: $load_after (1, 5, 15 min)."
  if awk -v l="${load_before%% *}" -v n="$(nproc)" 'BEGIN{exit !(l > n / 2)}'; then
    echo "**The machine was not quiet** (other builds shared its cores): read the figures as an upper bound."
  fi
  echo
  echo "Commit: $(cd "$root" && git rev-parse --short HEAD 2>/dev/null || echo unknown)$(cd "$root" && \
    git diff --quiet HEAD -- core bench 2>/dev/null || echo ' (with local changes)')."
  echo "Command: \`bench/telemetry/run.sh --seconds $seconds --repeats $repeats\`; each case samples every second"
  echo "for $seconds s; figures are CPU time in % of one core (100% = one core busy), over ssh from the 3rd second"
  echo "of the connection on (its set-up apart). Repeats interleaved."
  echo
  echo "| case | repeats (% of one core) | median | min–max |"
  echo "|---|---|---:|---:|"
  row "remote loop alone (sh + one cat per tick), on the node" "${loop[@]}"
  row "— before: loop timed by the node (sh + one cat + one sleep per second)" "${loop_before[@]}"
  row "— rejected: files printed by sh builtins (read/printf), no process" "${loop_builtin[@]}"
  row "remote loop over ssh: everything on the node (sshd session, sh, cat)" "${ssh_node[@]}"
  row "— before: the loop timed by the node (sshd session, sh, cat, sleep)" "${ssh_before_node[@]}"
  row "remote loop over ssh: the ssh client on the head" "${ssh_client[@]}"
  row "— before: the loop timed by the node" "${ssh_before_client[@]}"
  row "ssh connection's set-up on the node, CPU ms (once per phase; not in the rows above)" "${ssh_setup[@]}"
  row "— before" "${ssh_before_setup[@]}"
  row "engine's sampling thread (one local process + this machine's /proc)" "${engine[@]}"
  echo
  echo "Ratios of the medians, head-timed / before: loop alone $(ratio "${loop[*]}" "${loop_before[*]}")," \
    "over ssh on the node $(ratio "${ssh_node[*]}" "${ssh_before_node[*]}"); builtins / cat:" \
    "$(ratio "${loop_builtin[*]}" "${loop[*]}")."
  echo "The login shell over ssh: $(getent passwd "$(whoami)" | cut -d: -f7); sh: $(readlink -f /bin/sh)."
} >"$run_md"
if [ -s "$result" ]; then printf '\n' >>"$result"; fi
cat "$run_md" >>"$result"
cat "$run_md"
echo "written: $result" >&2
