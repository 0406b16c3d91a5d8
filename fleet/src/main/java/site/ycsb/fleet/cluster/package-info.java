/**
 * {@code bin/ycsb fleet} ({@link site.ycsb.fleet.cluster.Fleet}: a suite run on many client machines at once,
 * merged per phase; with {@code --findmax}, findmax's steps on every client) and {@code bin/ycsb fleet-install}
 * ({@link site.ycsb.fleet.cluster.FleetInstall}): the clients' share of each phase
 * ({@code FleetPlan}, {@code Split}), the phase run over ssh on every client ({@code FleetPhaseRunner},
 * {@code ClientProcess}), and the fleet's status file ({@code FleetStatus}).
 *
 * <p>For users through the launcher: only the two entry points are public. It is the top room of the module: it
 * uses the base, {@code ssh}, {@code suite} and {@code findmax}; nothing uses it.
 */
package site.ycsb.fleet.cluster;
