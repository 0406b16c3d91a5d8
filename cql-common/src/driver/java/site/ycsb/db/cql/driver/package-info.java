/**
 * Driver-dependent code shared by the Cassandra and Scylla bindings. These sources are kept once, here, and
 * compiled into each binding (build-helper add-source) against that binding's own driver: the DataStax and the
 * ScyllaDB 3.x drivers use the same package names but are not binary-compatible.
 */
package site.ycsb.db.cql.driver;
