#!/usr/bin/env bash
# Builds cassandra-stress, the reference of bench/vs-cassandra-stress, from Apache Cassandra's public source release
# on Maven Central, into bench/vs-cassandra-stress/target/reference/ (never a dependency of the project, never
# shipped). Prints the path of its launcher on stdout. Idempotent: a finished build is reused. See README.md.
# Usage: bench/vs-cassandra-stress/build-reference.sh [--version V] [--java-home DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
# shellcheck disable=SC2034 # read by lib.sh
PROG=bench/vs-cassandra-stress/build-reference.sh
# shellcheck source=bench/lib.sh disable=SC1091
. "$root/bench/lib.sh"

# The newest Apache Cassandra source release Maven Central serves (org.apache.cassandra:apache-cassandra); 5.0.x's
# source is not published there, and the GitHub repository is beyond what this machine may fetch (README.md).
version=4.0-alpha2
java_home=${JAVA_HOME:-}
while [ $# -gt 0 ]; do
  case "$1" in
  --version) [ $# -ge 2 ] || die "--version needs a value"; version=$2; shift 2 ;;
  --java-home) [ $# -ge 2 ] || die "--java-home needs a value"; java_home=$2; shift 2 ;;
  -h | --help) sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) die "unknown option '$1' (usage: $PROG [--version V] [--java-home DIR])" ;;
  esac
done
[[ "$version" =~ ^[0-9]+\.[0-9]+(\.[0-9]+)?(-[a-z]+[0-9]*)?$ ]] || die "--version takes a release like 4.0-alpha2, got '$version'"
if [ -n "$java_home" ]; then
  JAVAC=$java_home/bin/javac JAR=$java_home/bin/jar
else
  JAVAC=$(command -v javac) || die "needs a JDK (javac) on PATH or --java-home"
  JAR=$(dirname "$JAVAC")/jar
fi
[ -x "$JAVAC" ] || die "no javac at $JAVAC"
command -v curl >/dev/null 2>&1 || die "needs curl"

out=$here/target/reference/cassandra-$version
launcher=$out/cassandra-stress
if [ -f "$out/.complete" ]; then echo "$launcher"; exit 0; fi
mkdir -p "$out"
central=https://repo1.maven.org/maven2/org/apache/cassandra
src=apache-cassandra-$version-src.tar.gz

fetch() { # URL FILE: downloads once, with a deadline
  [ -s "$2" ] && return 0
  curl -fsS --max-time 600 -o "$2.part" "$1" || die "could not fetch $1"
  mv "$2.part" "$2"
}
echo "fetching Apache Cassandra $version's source release and cassandra-all $version from Maven Central" >&2
fetch "$central/apache-cassandra/$version/$src" "$out/$src"
fetch "$central/apache-cassandra/$version/$src.sha1" "$out/$src.sha1"
fetch "$central/cassandra-all/$version/cassandra-all-$version.jar" "$out/cassandra-all-$version.jar"
fetch "$central/cassandra-all/$version/cassandra-all-$version.jar.sha1" "$out/cassandra-all-$version.jar.sha1"
for f in "$src" "cassandra-all-$version.jar"; do
  [ "$(sha1sum "$out/$f" | cut -d' ' -f1)" = "$(cut -c1-40 "$out/$f.sha1")" ] || die "$f does not match its .sha1"
done

tree=$out/apache-cassandra-$version-src
rm -rf "$tree" "$out/classes"
tar xzf "$out/$src" -C "$out"
[ -d "$tree/tools/stress/src" ] || die "the source release has no tools/stress/src"
# the release's lib/ holds the jars its own build compiles against (the shaded DataStax driver among them)
cp_jars="$out/cassandra-all-$version.jar:$(printf '%s:' "$tree"/lib/*.jar)"
mkdir -p "$out/classes"
echo "compiling tools/stress ($(find "$tree/tools/stress/src" -name '*.java' | wc -l) files)" >&2
find "$tree/tools/stress/src" -name '*.java' >"$out/sources.txt"
"$JAVAC" -nowarn -encoding UTF-8 --release 8 -d "$out/classes" -cp "$cp_jars" @"$out/sources.txt" \
  >"$out/javac.log" 2>&1 || { tail -n 20 "$out/javac.log" >&2; die "javac failed (see $out/javac.log)"; }
cp -r "$tree/tools/stress/src/resources/." "$out/classes/"
"$JAR" cf "$out/stress.jar" -C "$out/classes" .
mkdir -p "$out/lib" "$out/conf" "$out/licenses"
cp "$tree"/lib/*.jar "$out/cassandra-all-$version.jar" "$out/lib/"
cp "$tree/LICENSE.txt" "$tree/NOTICE.txt" "$out/licenses/"
cp "$tree"/tools/cqlstress-*.yaml "$out/"
cp "$tree/conf/logback-tools.xml" "$out/conf/"

# The launcher: a client JVM like the release's tools/bin/cassandra-stress, on the JDK that runs it. JVM_OPTS adds
# options (a heap, for a comparison at equal heaps); the --add-opens/--add-exports let Cassandra's client-side
# classes run on a JDK newer than the 8/11 that 4.0 supports.
cat >"$launcher" <<LAUNCHER
#!/bin/sh
java=\${JAVA:-java}
exec "\$java" -server -cp "$out/conf:$out/stress.jar:$(printf '%s:' "$out"/lib/*.jar)" \\
  --add-exports java.base/jdk.internal.misc=ALL-UNNAMED --add-exports java.base/jdk.internal.ref=ALL-UNNAMED \\
  --add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED \\
  --add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/java.io=ALL-UNNAMED \\
  --add-opens java.base/java.util=ALL-UNNAMED --add-opens java.base/java.util.concurrent.atomic=ALL-UNNAMED \\
  -Dlogback.configurationFile=logback-tools.xml -Dcassandra.storagedir="$out/data" \$JVM_OPTS \\
  org.apache.cassandra.stress.Stress "\$@"
LAUNCHER
chmod +x "$launcher"
: >"$out/.complete"
echo "$launcher"
