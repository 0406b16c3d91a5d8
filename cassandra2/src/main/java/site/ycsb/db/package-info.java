/**
 * YCSB binding for Apache Cassandra over CQL ({@code cassandra-cql} / {@code cassandra2-cql}); the class name
 * {@code site.ycsb.db.CassandraCQLClient} is YCSB's, so the jar drops into an existing install.
 */
package site.ycsb.db;
