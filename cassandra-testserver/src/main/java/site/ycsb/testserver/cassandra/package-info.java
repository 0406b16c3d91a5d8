/**
 * A real Apache Cassandra for tests and the quick start: one server or a local cluster of up to five nodes on
 * 127.0.0.x, each in a forked JVM ({@link site.ycsb.testserver.cassandra.CassandraTestServer},
 * {@link site.ycsb.testserver.cassandra.CassandraCluster}, {@code bin/ycsb cassandra-server} through
 * {@link site.ycsb.testserver.cassandra.LocalCassandra}), faults on one node
 * ({@link site.ycsb.testserver.cassandra.NodeFaults}, {@link site.ycsb.testserver.cassandra.LoopbackPartition}) and
 * a minimal CQL wire client ({@link site.ycsb.testserver.cassandra.CqlWireClient}).
 *
 * <p>For the bindings' integration tests and for users of the quick start. Uses only the JDK; Cassandra's own jars
 * live only in the forked JVMs.
 */
package site.ycsb.testserver.cassandra;
