#!/usr/bin/env bash
# A fleet of N clients (default 32) simulated on one machine: a real OpenSSH server with its default MaxStartups
# (10:30:100) listening on 127.0.0.2 .. 127.0.0.(N+1), one client host per address, each its own YCSB directory
# installed by `bin/ycsb fleet-install`; then `bin/ycsb fleet` runs a suite of load, workload A and workload C on
# BasicDB, every engine with a small heap and a low rate; during workload C one client's engine is killed (SIGKILL).
# The script checks and writes down: install time and refused set-ups, the clock check, the start skew, the exact
# merge (operations and histogram counts of the merged phases = the sum of the clients'), the killed client named
# and the exit code saying incomplete. See README.md.
set -euo pipefail
{

HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
PROG="$(basename "$0")"
ARGV="$*"
# shellcheck source=../lib.sh
. "$ROOT/bench/lib.sh"

usage() {
  cat <<USAGE
Usage: $PROG [options]
  --tarball FILE     the tarball to install (default $ROOT/distribution/target/ycsb-1.0.0-SNAPSHOT.tar.gz)
  --clients N        client hosts, 127.0.0.2 .. 127.0.0.(N+1) (default 32, at most 200)
  --rate R           total ops/s of a phase, split across the clients (default 10 per client)
  --seconds S        length of each phase at that rate (default 40)
  --start-delay S    the fleet's --start-delay (default 60: N engine JVMs start on this machine's cores)
  --heap SIZE        every engine's -Xmx (default 64m)
  --kill N           the client whose engine is killed during workload C (default 7; 0: none)
  --no-limit-check   skip the extra fleet-install with --ssh-setups N (the head without a limit)
  --work DIR         work directory (default: a new one under \${TMPDIR:-/tmp})
  --port P           the sshd's port (default 22622)
  --out FILE         results file (default $HERE/results-<date>.md)
  -h, --help         this text
USAGE
}

TARBALL="$ROOT/distribution/target/ycsb-1.0.0-SNAPSHOT.tar.gz"; CLIENTS=32; RATE=""; SECONDS_PER_PHASE=40
START_DELAY=60; HEAP=64m; KILL=7; LIMIT_CHECK=true; WORK=""; PORT=22622; OUT=""
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --no-limit-check) LIMIT_CHECK=false; shift; continue ;;
    --tarball|--clients|--rate|--seconds|--start-delay|--heap|--kill|--work|--port|--out)
      [ $# -ge 2 ] || die "$1 needs a value" ;;
    *) die "unknown option '$1' (see --help)" ;;
  esac
  case "$1" in
    --tarball) TARBALL="$2" ;; --clients) need_count "$1" "$2"; CLIENTS="$2" ;;
    --rate) need_count "$1" "$2"; RATE="$2" ;; --seconds) need_count "$1" "$2"; SECONDS_PER_PHASE="$2" ;;
    --start-delay) need_count "$1" "$2"; START_DELAY="$2" ;; --heap) HEAP="$2" ;;
    --kill) [[ "$2" =~ ^[0-9]+$ ]] || die "--kill needs a client number, got '$2'"; KILL="$2" ;;
    --work) WORK="$2" ;; --port) need_count "$1" "$2"; PORT="$2" ;; --out) OUT="$2" ;;
  esac
  shift 2
done
[ "$CLIENTS" -le 200 ] || die "--clients $CLIENTS: at most 200 (127.0.0.2 .. 127.0.0.201)"
[ "$KILL" -le "$CLIENTS" ] || die "--kill $KILL: there are only $CLIENTS clients"
[ -f "$TARBALL" ] || die "no tarball $TARBALL (mvn -B -o -pl distribution -am package -DskipTests)"
for tool in ssh scp ssh-keygen python3; do command -v "$tool" >/dev/null || die "$tool is not installed"; done
[ -x /usr/sbin/sshd ] || die "/usr/sbin/sshd is not installed (Debian: openssh-server)"
RATE="${RATE:-$((10 * CLIENTS))}"
OPS=$((RATE * SECONDS_PER_PHASE))
WORK="${WORK:-$(mktemp -d "${TMPDIR:-/tmp}/fleet-scale.XXXXXX")}"
mkdir -p "$WORK"
OUT="${OUT:-$HERE/results-$(date -u +%Y-%m-%d).md}"
USER_NAME="$(id -un)"
LOG="$WORK/log.txt"
: >"$LOG"
say() { echo "$PROG: $*" | tee -a "$LOG" >&2; }

# ---- the sshds: default MaxStartups, one ListenAddress per client; sshd listens on at most 16 sockets
# (MAX_LISTEN_SOCKS), so addresses 1-16 go to the first, 17-32 to the second, ...
SSHD_DIR="$WORK/sshd"
mkdir -p "$SSHD_DIR"
ssh-keygen -q -t ed25519 -N "" -f "$SSHD_DIR/host_key"
ssh-keygen -q -t ed25519 -N "" -f "$SSHD_DIR/client_key"
cp "$SSHD_DIR/client_key.pub" "$SSHD_DIR/authorized_keys"
chmod 600 "$SSHD_DIR/authorized_keys"
[ "$(id -u)" != 0 ] || mkdir -p /run/sshd
SSHDS=$(( (CLIENTS + 15) / 16 ))
SSHD_PIDS=()
cleanup() { for p in "${SSHD_PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT
for k in $(seq 1 "$SSHDS"); do
  {
    echo "Port $PORT"
    for i in $(seq $(( (k - 1) * 16 + 1 )) $(( k * 16 < CLIENTS ? k * 16 : CLIENTS ))); do
      echo "ListenAddress 127.0.0.$((i + 1))"
    done
    echo "HostKey $SSHD_DIR/host_key"
    echo "AuthorizedKeysFile $SSHD_DIR/authorized_keys"
    echo "PidFile $SSHD_DIR/sshd-$k.pid"
    echo "PermitRootLogin prohibit-password"
    echo "PasswordAuthentication no"
    echo "KbdInteractiveAuthentication no"
    echo "UsePAM no"
    echo "StrictModes no"
    echo "PrintMotd no"
    echo "LogLevel VERBOSE"
    echo "Subsystem sftp /usr/lib/openssh/sftp-server"
    # no MaxStartups line: OpenSSH's default 10:30:100, the point of the exercise
  } >"$SSHD_DIR/sshd_config-$k"
  /usr/sbin/sshd -D -f "$SSHD_DIR/sshd_config-$k" -E "$SSHD_DIR/sshd-$k.log" &
  SSHD_PIDS+=($!)
done
for i in $(seq 1 "$CLIENTS"); do
  for _ in $(seq 1 100); do
    if python3 -c "import socket; socket.create_connection(('127.0.0.$((i + 1))', $PORT), 0.2)" 2>/dev/null; then
      break
    fi
    sleep 0.1
  done
done
/usr/sbin/sshd -T -f "$SSHD_DIR/sshd_config-1" 2>/dev/null | grep -i '^maxstartups' >"$WORK/maxstartups.txt" || true
say "$SSHDS sshd(s) on 127.0.0.2..127.0.0.$((CLIENTS + 1)):$PORT, 16 addresses each ($(cat "$WORK/maxstartups.txt"))"
# lines of the sshds' logs about MaxStartups (throttling begun, connections dropped)
drops() { cat "$SSHD_DIR"/sshd-*.log | grep -c 'drop connection\|beginning MaxStartups throttling' || true; }

HOSTS="$WORK/hosts"
: >"$HOSTS"
for i in $(seq 1 "$CLIENTS"); do
  echo "$USER_NAME@127.0.0.$((i + 1)):$PORT $WORK/client-$i/ycsb" >>"$HOSTS"
done
SSH_OPTS=(--ssh-option "IdentityFile=$SSHD_DIR/client_key" --ssh-option StrictHostKeyChecking=no
  --ssh-option "UserKnownHostsFile=$SSHD_DIR/known_hosts" --ssh-option LogLevel=ERROR)

# ---- the head: the same tarball, unpacked
mkdir -p "$WORK/head"
tar -xzf "$TARBALL" -C "$WORK/head"
HEAD="$(echo "$WORK"/head/ycsb-*)"

LOAD_START=$(cut -d' ' -f1-3 /proc/loadavg)
OTHERS=$(ps -eo pcpu,comm --sort=-pcpu | awk 'NR>1 && $1>5 {printf "%s %s%%; ", $2, $1}')

# ---- fleet-install with the default limit
say "fleet-install to $CLIENTS hosts (default --ssh-setups)"
t0=$(date +%s.%N)
set +e
"$HEAD/bin/ycsb" fleet-install --hosts-file "$HOSTS" "${SSH_OPTS[@]}" "$TARBALL" >"$WORK/install.out" 2>"$WORK/install.err"
INSTALL_EXIT=$?
set -e
INSTALL_S=$(python3 -c "import sys; print('%.1f' % ($(date +%s.%N) - $t0))")
INSTALL_OK=$(grep -c ': ok, ' "$WORK/install.out" || true)
INSTALL_LINE=$(tail -n 1 "$WORK/install.err")
say "fleet-install: exit $INSTALL_EXIT, $INSTALL_OK of $CLIENTS ok, ${INSTALL_S} s: $INSTALL_LINE"
DROPS_DEFAULT=$(drops)
[ "$INSTALL_EXIT" = 0 ] || die "fleet-install failed (see $WORK/install.out, install.err)"

# ---- the same without a useful limit: how often does this sshd refuse a head that opens them all at once?
NOLIMIT_LINE="not run (--no-limit-check)"; DROPS_NOLIMIT=""
if [ "$LIMIT_CHECK" = true ]; then
  say "fleet-install again with --ssh-setups $CLIENTS (all at once)"
  before=$(drops)
  set +e
  "$HEAD/bin/ycsb" fleet-install --hosts-file "$HOSTS" "${SSH_OPTS[@]}" --ssh-setups "$CLIENTS" "$TARBALL" \
    >"$WORK/install-nolimit.out" 2>"$WORK/install-nolimit.err"
  NOLIMIT_EXIT=$?
  set -e
  NOLIMIT_LINE="exit $NOLIMIT_EXIT: $(tail -n 1 "$WORK/install-nolimit.err")"
  after=$(drops)
  DROPS_NOLIMIT=$((after - before))
  say "fleet-install --ssh-setups $CLIENTS: $NOLIMIT_LINE; sshd log lines on MaxStartups: $DROPS_NOLIMIT"
fi

# ---- the suite: load, A, C; one engine killed during C
RUN="$WORK/run"
say "fleet: load,a,c, $CLIENTS clients, $RATE ops/s in all, $OPS operations per phase, -Xmx$HEAP per engine"
VICTIM=""
[ "$KILL" = 0 ] || VICTIM="$USER_NAME@127.0.0.$((KILL + 1)):$PORT"
t0=$(date +%s)
set +e
"$HEAD/bin/ycsb" fleet basic --hosts-file "$HOSTS" --ycsb-home "$HEAD" --out "$RUN" --workloads load,a,c \
  --start-delay "$START_DELAY" "${SSH_OPTS[@]}" -p recordcount="$OPS" -p operationcount="$OPS" -target "$RATE" \
  -threads 1 -s -p status.interval=10 -p basicdb.verbose=false -p measurement.interval=both \
  -jvm-args "-Xmx$HEAP -XX:+UseSerialGC -XX:TieredStopAtLevel=1" \
  >"$WORK/fleet.out" 2>"$WORK/fleet.err" &
FLEET_PID=$!
set -e
KILLED_PID=""
if [ -n "$VICTIM" ]; then
  # the victim's engine in phase C: its pid line comes after the phase's start line
  while kill -0 "$FLEET_PID" 2>/dev/null; do
    if grep -q '^fleet: workloadc (repeat 1): ' "$WORK/fleet.err"; then
      line=$(awk '/^fleet: workloadc \(repeat 1\): /{c=1} c' "$WORK/fleet.err" \
        | grep -F "[$VICTIM] fleet: engine started, remote pid " | tail -n 1 || true)
      if [ -n "$line" ]; then KILLED_PID="${line##* }"; break; fi
    fi
    sleep 0.5
  done
  if [ -n "$KILLED_PID" ]; then
    # into the measured part of C: the start delay, then half the phase
    sleep $((START_DELAY + SECONDS_PER_PHASE / 2))
    kill -9 "$KILLED_PID" && say "killed the engine of $VICTIM (pid $KILLED_PID) during workload C"
  fi
fi
set +e
wait "$FLEET_PID"
FLEET_EXIT=$?
set -e
FLEET_S=$(( $(date +%s) - t0 ))
LOAD_END=$(cut -d' ' -f1-3 /proc/loadavg)
say "fleet: exit $FLEET_EXIT after $FLEET_S s"

# ---- the checks
set +e
python3 "$HERE/check.py" "$RUN" "$CLIENTS" "${VICTIM:-none}" "$FLEET_EXIT" >"$WORK/check.md" 2>>"$LOG"
CHECK_EXIT=$?
set -e

{
  echo "# $CLIENTS-client fleet simulated on one machine"
  echo
  echo "Run $(date -u +%Y-%m-%dT%H:%MZ) on $(nproc) cores, $(free -m | awk '/Mem:/ {print $2}') MB RAM, $(ssh -V 2>&1)."
  echo "Command: \`bench/fleet-scale/$PROG $ARGV\` (tarball $(basename "$TARBALL"), work directory $WORK)."
  echo "Load average (1, 5, 15 min) at the start: $LOAD_START; at the end: $LOAD_END."
  echo "Other processes above 5% CPU at the start: ${OTHERS:-none}."
  echo
  echo "## Install"
  echo
  echo "| | value |"
  echo "|---|---|"
  echo "| sshd | $(cat "$WORK/maxstartups.txt"), $SSHDS sshd(s) (at most 16 listen addresses each) on $CLIENTS loopback addresses |"
  echo "| fleet-install (default --ssh-setups) | exit $INSTALL_EXIT, $INSTALL_OK of $CLIENTS hosts ok in $INSTALL_S s; $INSTALL_LINE |"
  echo "| sshd log lines about MaxStartups during it | $DROPS_DEFAULT |"
  echo "| fleet-install --ssh-setups $CLIENTS (no useful limit) | $NOLIMIT_LINE |"
  echo "| sshd log lines about MaxStartups during it | ${DROPS_NOLIMIT:-} |"
  echo
  echo "## Suite: load, A, C ($RATE ops/s in all, $OPS operations per phase, -Xmx$HEAP, --start-delay $START_DELAY)"
  echo
  echo "fleet exit code $FLEET_EXIT after $FLEET_S s; killed: ${VICTIM:-nobody} ${KILLED_PID:+(pid $KILLED_PID, during workload C)}."
  echo
  cat "$WORK/check.md"
  echo
  echo "### FLEET-STATUS"
  echo
  echo '```'
  cat "$RUN/FLEET-STATUS"
  echo '```'
  echo
  echo "### The fleet's last lines"
  echo
  echo '```'
  grep -E '^fleet: ' "$WORK/fleet.err" | grep -v -E 'insertstart=|operationcount=' | tail -n 14
  echo '```'
} >"$OUT"
say "results in $OUT"
exit "$CHECK_EXIT"
}
