/**
 * Whole benchmarks from one head node: {@code bin/ycsb suite} ({@link site.ycsb.fleet.Suite}), {@code fleet} and
 * {@code fleet-install} over plain OpenSSH ({@link site.ycsb.fleet.Fleet}, {@link site.ycsb.fleet.FleetInstall}),
 * and {@code findmax} ({@link site.ycsb.fleet.Findmax}), with the phase runners and the ssh layer they share.
 *
 * <p>For users through the launcher; the public classes are the commands' entry points and what their tests and
 * the launcher name. It builds engine command lines with core's {@code site.ycsb.cli} and reads results with the
 * {@code results} module; it never uses core's engine package.
 */
package site.ycsb.fleet;
