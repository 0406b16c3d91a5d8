#!/usr/bin/env bash
# The GridDB binding on a node that stops answering without closing its connections: one JVM per run (GridDB's
# client factory settings are per process), a node of its own from YCSB_GRIDDB_HOME, frozen (SIGSTOP) or partitioned
# (iptables, root only) for SECONDS under a steady load, then healed; one table row per run (see SilenceBench.java and
# README.md next to it).
#   griddb/bench/silent-node/run.sh FAULT SECONDS PATH THREADS [griddb.name=value ...]
#   e.g. run.sh freeze 40 kv 4        run.sh partition 40 sql 2 griddb.requesttimeoutmillis=2000
#        run.sh lock 20 - 1           (a row lock held 20 s: a healthy node that answers nothing for that long)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
: "${YCSB_GRIDDB_HOME:?set YCSB_GRIDDB_HOME to a GridDB installation (the directory holding bin/gsserver)}"
[ $# -ge 4 ] || { sed -n '2,8p' "$0" >&2; exit 2; }
cpfile=$(mktemp)
trap 'rm -f "$cpfile"' EXIT
# The modules from this checkout (reactor: their target/classes) and the test classpath's jars; nothing is installed.
(cd "$root" && mvn -q -B -o -pl griddb -am test-compile dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile="$cpfile" >/dev/null)
cp="$root/griddb/target/classes:$(cat "$cpfile")"
# The client's failover retries print stack traces on stderr, which are dropped; the row goes to stdout.
timeout 600 java -cp "$cp" "$here/SilenceBench.java" "$@" 2>/dev/null | grep '^|'
