/**
 * cassandra-stress user profiles (YAML) run through the CQL bindings: the profile's model
 * ({@link site.ycsb.db.cql.profile.Profile}), its row generator and value distributions, and the workload that runs
 * it open loop with intended latency ({@link site.ycsb.db.cql.profile.StressProfileWorkload}).
 *
 * <p>For the CQL bindings (which bind its neutral values with their own driver) and for users, who name the
 * workload and the profile's properties ({@code cassandra2/STRESS-PROFILES.md}). It does not see the driver; the
 * package-private classes are its own.
 */
package site.ycsb.db.cql.profile;
