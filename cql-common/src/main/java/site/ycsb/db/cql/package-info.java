/**
 * Driver-independent hardening shared by the CQL bindings (Cassandra and ScyllaDB): retry loop with back-off,
 * error kinds mapped to statuses, rate-limited logging, property parsing, value materialisation and a
 * reference-counted shared resource. Nothing here references a CQL driver class, so this jar is identical for
 * both bindings even though their drivers are not binary-compatible.
 */
package site.ycsb.db.cql;
