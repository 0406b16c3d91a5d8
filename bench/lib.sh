# Shared by the bench/ scripts (sourced, not run): one-line errors, option checks and the project's local
# Cassandra. The sourcing script sets PROG (its name in messages); the Cassandra functions also need ROOT (the
# repository).

# One line on stderr and exit 2, the project's exit code for a usage mistake.
die() { echo "$PROG: $*" >&2; exit 2; }

is_count() { [[ "$1" =~ ^[1-9][0-9]*$ ]]; }

# need_count OPTION VALUE: dies unless VALUE is a positive whole number.
need_count() { is_count "$2" || die "$1 needs a positive whole number, got '$2'"; }

# start_cassandra PORT [DIR]: starts a real Cassandra (bin/ycsb cassandra-server) on 127.0.0.1:PORT with its data
# in DIR, or in a new temporary directory that is removed afterwards; SERVER_DIR names it. The server is stopped
# when the script exits, however it exits (an EXIT trap: the sourcing script must not set its own). With
# CASSANDRA_NICE set to N the server runs at nice N (its JVM inherits it), so that a client sharing the machine is
# scheduled first, as it would be on a machine of its own.
start_cassandra() {
  if [ $# -ge 2 ]; then
    SERVER_DIR=$2 SERVER_DIR_IS_TEMPORARY=false
  else
    SERVER_DIR="$(mktemp -d "${TMPDIR:-/tmp}/bench-cassandra.XXXXXX")" SERVER_DIR_IS_TEMPORARY=true
  fi
  trap stop_cassandra EXIT
  ${CASSANDRA_NICE:+nice -n "$CASSANDRA_NICE"} "$ROOT/bin/ycsb" cassandra-server start --dir "$SERVER_DIR" \
    --port "$1" >&2
}

stop_cassandra() {
  "$ROOT/bin/ycsb" cassandra-server stop --dir "$SERVER_DIR" >/dev/null 2>&1 || true
  if [ "$SERVER_DIR_IS_TEMPORARY" = true ]; then rm -rf "$SERVER_DIR"; fi
}
