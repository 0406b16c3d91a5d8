#!/usr/bin/env bash
# Provokes failures of GridDB's Java client against a real node of its own and prints one table row per scenario
# and operation: exception class, GridDB error code, time, message head (see ErrorProbe.java).
# Needs YCSB_GRIDDB_HOME (a GridDB installation with bin/gsserver) and the built modules:
#   mvn -B -q -pl griddb-testserver,griddb -am package -DskipTests
#   griddb/bench/errors/run.sh [connect] [missing] [lock] [pause] [kill] [longpause]   (default: all but longpause)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
: "${YCSB_GRIDDB_HOME:?set YCSB_GRIDDB_HOME to a GridDB installation (the directory holding bin/gsserver)}"
cp="$root/griddb/target/classes:$root/griddb-testserver/target/classes:$root/griddb/target/dependency/*"
ls "$root"/griddb/target/dependency/gridstore-*.jar >/dev/null 2>&1 ||
  { echo "no griddb/target/dependency: run 'mvn -B -q -pl griddb-testserver,griddb -am package -DskipTests'" >&2; exit 2; }
# The client's own INFO/stack-trace logging goes to stderr; the table goes to stdout.
java -cp "$cp" "$here/ErrorProbe.java" "$@" 2>/dev/null | grep '^|'
