/** YCSB binding for ScyllaDB over CQL with the shard-aware Scylla driver 3.x (binding name {@code scylla}). */
package site.ycsb.db.scylla;
