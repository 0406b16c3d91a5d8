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
# scheduled first, as it would be on a machine of its own. CASSANDRA_HEAP (e.g. 2G) sets the server's heap
# (cassandra-server's --heap; default 512M, too little for long or write-heavy runs).
start_cassandra() {
  if [ $# -ge 2 ]; then
    SERVER_DIR=$2 SERVER_DIR_IS_TEMPORARY=false
  else
    SERVER_DIR="$(mktemp -d "${TMPDIR:-/tmp}/bench-cassandra.XXXXXX")" SERVER_DIR_IS_TEMPORARY=true
  fi
  trap stop_cassandra EXIT
  ${CASSANDRA_NICE:+nice -n "$CASSANDRA_NICE"} "$ROOT/bin/ycsb" cassandra-server start --dir "$SERVER_DIR" \
    --port "$1" ${CASSANDRA_HEAP:+--heap "$CASSANDRA_HEAP"} >&2
}

stop_cassandra() {
  "$ROOT/bin/ycsb" cassandra-server stop --dir "$SERVER_DIR" >/dev/null 2>&1 || true
  if [ "$SERVER_DIR_IS_TEMPORARY" = true ]; then rm -rf "$SERVER_DIR"; fi
}

# YCSB 0.17.0's own cassandra binding (not on Maven Central): beside the checkout in
# ../shared/reference/ycsb-0.17.0-cassandra-binding/, or where YCSB_REFERENCE_CASSANDRA_JAR points. Sets REF_JAR;
# the caller decides whether a missing jar is fatal.
find_ycsb017_cassandra_jar() {
  REF_JAR="${YCSB_REFERENCE_CASSANDRA_JAR:-$ROOT/../shared/reference/ycsb-0.17.0-cassandra-binding/cassandra-binding-0.17.0.jar}"
}

# fetch_ycsb017_cassandra_lib CACHE: YCSB 0.17.0's core and the driver its cassandra binding was built on
# (cassandra-driver-core 3.0.0, as the binding's pom names it), with their runtime dependencies, from Maven Central
# into CACHE/ycsb-0.17.0-cassandra-lib once; sets Y17_LIB.
fetch_ycsb017_cassandra_lib() {
  Y17_LIB="$1/ycsb-0.17.0-cassandra-lib"
  [ -f "$Y17_LIB/.complete" ] && return 0
  command -v mvn >/dev/null 2>&1 || die "mvn is needed to fetch YCSB 0.17.0's jars from Maven Central"
  echo "Fetching YCSB 0.17.0's core and the cassandra binding's driver (3.0.0) into $Y17_LIB" >&2
  mkdir -p "$Y17_LIB"
  cat >"$1/pom.xml" <<'POM'
<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
  <groupId>bench</groupId><artifactId>ycsb017-cassandra-classpath</artifactId><version>1</version>
  <dependencies>
    <dependency><groupId>site.ycsb</groupId><artifactId>core</artifactId><version>0.17.0</version></dependency>
    <dependency><groupId>com.datastax.cassandra</groupId><artifactId>cassandra-driver-core</artifactId><version>3.0.0</version></dependency>
  </dependencies>
</project>
POM
  mvn -B -q -f "$1/pom.xml" dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$Y17_LIB" \
    >"$1/mvn-fetch.log" 2>&1 || die "could not fetch YCSB 0.17.0's classpath (see $1/mvn-fetch.log)"
  touch "$Y17_LIB/.complete"
}
