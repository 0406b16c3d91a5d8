#!/usr/bin/env bash
# What sampling the database nodes costs (issue 31; see README.md):
#   1. loop:   the remote loop (the exact script the sampler sends, printed by site.ycsb.telemetry.ServerSampler)
#              run by sh on this machine for N s: CPU of the shell and its cat/sleep children (reaped, so counted);
#   2. ssh:    the same loop over a real OpenSSH connection to a private sshd on 127.0.0.9: CPU of everything on the
#              node side (the sshd session processes, the shell and the children it reaped, read while alive) and of
#              the ssh client on the head side;
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
script=$(java -cp "$cp" site.ycsb.telemetry.ServerSampler 1000)

# ticks (utime+stime+cutime+cstime) of a process, from /proc/PID/stat (fields after the command name)
ticks_all() { sed 's/.*) //' "/proc/$1/stat" | awk '{print $12+$13+$14+$15}'; }
ticks_own() { sed 's/.*) //' "/proc/$1/stat" | awk '{print $12+$13}'; }

loop_case() {
  # the outer shell waits for the loop, so the loop's time and that of the children it waited for land in the
  # outer shell's cutime/cstime, read at its end
  sh -c 'sh -c "$1" >/dev/null & p=$!; sleep "$2"; kill $p; wait $p 2>/dev/null; sed "s/.*) //" /proc/$$/stat' \
    _ "$script" "$seconds" | awk '{print $14+$15}'
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

ssh_case() {
  local node client
  # shellcheck disable=SC2029 # the loop is composed here and runs there as it is
  ssh "${ssh_opts[@]}" "$(whoami)@127.0.0.9" "$script" >/dev/null 2>"$out/ssh.err" &
  local sp=$!
  sleep "$seconds"
  # read while the session is alive: the sshd session processes, the shell and the cat/sleep it reaped (once the
  # client goes, the session may end before the shell, which is then reparented and its time lost to the master)
  node=$(descendant_ticks "$sshd_pid")
  client=$(ticks_own "$sp")
  kill "$sp"; wait "$sp" 2>/dev/null || true
  sleep 3 # the session ends at the loop's next write
  echo "$node $client"
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
loop=() ssh_node=() ssh_client=() engine=()
for r in $(seq 1 "$repeats"); do
  echo "repeat $r/$repeats: loop" >&2
  loop+=("$(pct "$(loop_case)" "$seconds")")
  echo "repeat $r/$repeats: ssh" >&2
  read -r node client < <(ssh_case)
  ssh_node+=("$(pct "$node" "$seconds")")
  ssh_client+=("$(pct "$client" "$seconds")")
  echo "repeat $r/$repeats: engine" >&2
  read -r ms secs < <(engine_case "$r")
  engine+=("$(awk -v ms="$ms" -v s="$secs" 'BEGIN{printf "%.3f", 100 * ms / 1000 / s}')")
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END{print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
range() { printf '%s\n' "$@" | sort -g | awk 'NR==1{min=$1} {max=$1} END{print min "–" max}'; }
row() { echo "| $1 | $(echo "${@:2}" | tr ' ' '/') | $(median "${@:2}") | $(range "${@:2}") |"; }

result=$here/results-$(date -u +%Y-%m-%d).md
{
  echo "# Sampling the database nodes: its cost ($(date -u +%Y-%m-%dT%H:%MZ))"
  echo
  echo "Machine: $(nproc) cores, $(awk '/MemTotal/{printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -sr)," \
    "$(ssh -V 2>&1). Load average before: $load_before; after: $load_after (1, 5, 15 min)."
  if awk -v l="${load_before%% *}" -v n="$(nproc)" 'BEGIN{exit !(l > n / 2)}'; then
    echo "**The machine was not quiet** (other builds shared its cores): read the figures as an upper bound."
  fi
  echo
  echo "Command: \`bench/telemetry/run.sh --seconds $seconds --repeats $repeats\`; each case samples every second"
  echo "for $seconds s; figures are CPU time in % of one core (100% = one core busy). Repeats interleaved."
  echo
  echo "| case | repeats (% of one core) | median | min–max |"
  echo "|---|---|---:|---:|"
  row "remote loop alone (sh + one cat + one sleep per second), on the node" "${loop[@]}"
  row "remote loop over ssh: everything on the node (sshd session, sh, cat, sleep)" "${ssh_node[@]}"
  row "remote loop over ssh: the ssh client on the head" "${ssh_client[@]}"
  row "engine's sampling thread (one local process + this machine's /proc)" "${engine[@]}"
} >"$result"
cat "$result"
echo "written: $result" >&2
