#!/usr/bin/env bash
# Where a client's CPU and wake-ups go, per thread group, in a steady-state window: runs one client command that
# prints status lines every second ("N sec: M operations", as YCSB's -s -p status.interval=1 and the floor
# program do), snapshots /proc/PID/task/*/{stat,status} when lines S1 and S2 appear, and prints per thread group
# (thread name without its number) the CPU and the voluntary / involuntary context switches per operation.
# Voluntary switches are wake-ups: a thread that parks or waits and is woken again.
#
#   bench/cql-client-cpu/threads.sh [--window 25-40] -- java -cp ... site.ycsb.Client ... -s -p status.interval=1
set -euo pipefail
WINDOW=25-40
while [ $# -gt 0 ]; do
  case "$1" in
    --window) [[ "${2:-}" =~ ^[1-9][0-9]*-[1-9][0-9]*$ ]] || { echo "threads.sh: --window takes S1-S2" >&2; exit 2; }
              WINDOW="$2"; shift 2 ;;
    --) shift; break ;;
    -h|--help) sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "threads.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done
[ $# -gt 0 ] || { echo "threads.sh: give the client command after --" >&2; exit 2; }
W1="${WINDOW%-*}" W2="${WINDOW#*-}"
TMP="$(mktemp -d "${TMPDIR:-/tmp}/threads.XXXXXX")"
trap 'rm -rf "$TMP"' EXIT
"$@" >"$TMP/out" 2>"$TMP/err" </dev/null &
PID=$!

snap() { # -> "tid name ticks vol invol" per thread
  local t
  for t in /proc/$PID/task/*; do
    local name st rest
    name="$( { tr ' ' '_' <"$t/comm"; } 2>/dev/null)" || continue
    st="$(cat "$t/stat" 2>/dev/null)" || continue
    rest="${st##*) }"
    # shellcheck disable=SC2086
    set -- $rest
    echo "${t##*/} $name $((${12} + ${13})) $(awk '/^voluntary_ctxt/ { v = $2 } /^nonvoluntary_ctxt/ { n = $2 } END { print v, n }' "$t/status" 2>/dev/null)"
  done
}

await_line() { # second -> operations at that line (empty if the client ended first)
  local line
  while kill -0 "$PID" 2>/dev/null; do
    line="$(grep -m 1 -E "(^| )$1 sec: [0-9]+ operations" "$TMP/err" 2>/dev/null || true)"
    if [ -n "$line" ]; then sed -E 's/.* sec: ([0-9]+) operations.*/\1/' <<<"$line"; return; fi
    sleep 0.02
  done
}

OPS1="$(await_line "$W1")"; [ -n "$OPS1" ] && snap >"$TMP/s1"
OPS2="$(await_line "$W2")"; [ -n "$OPS2" ] && snap >"$TMP/s2"
rc=0; wait "$PID" || rc=$?
[ -n "$OPS1" ] && [ -n "$OPS2" ] || { echo "threads.sh: the client ended (exit $rc) before status line $W2" >&2; tail -n 5 "$TMP/err" >&2; exit 1; }
OPS=$((OPS2 - OPS1))
echo "window: status lines $W1 s to $W2 s, $OPS operations; client exit $rc; $(grep -m 1 'Throughput' "$TMP/out" || true)"
printf '%-24s %7s %10s %10s %12s %12s\n' "thread group" threads "CPU ms" "CPU us/op" "vol cs/op" "invol cs/op"
join <(sort "$TMP/s1") <(sort "$TMP/s2") | awk -v ops="$OPS" -v hz="$(getconf CLK_TCK)" '
  { g = $2; sub(/[-#_]?[0-9]+$/, "", g); cpu[g] += ($7 - $3) * 1000 / hz; vol[g] += $8 - $4; inv[g] += $9 - $5; n[g]++
    tc += ($7 - $3) * 1000 / hz; tv += $8 - $4; ti += $9 - $5 }
  END {
    for (g in cpu) if (cpu[g] > 0 || vol[g] > ops / 100)
      printf "%-24s %7d %10.0f %10.1f %12.2f %12.2f\n", g, n[g], cpu[g], cpu[g] * 1000 / ops, vol[g] / ops, inv[g] / ops
    printf "%-24s %7s %10.0f %10.1f %12.2f %12.2f\n", "(all)", "", tc, tc * 1000 / ops, tv / ops, ti / ops
  }' | sort -k3 -n -r
