/**
 * Whole benchmarks from one head node, one package per command over this small base: {@code bin/ycsb suite}
 * ({@link site.ycsb.fleet.suite}), {@code fleet} and {@code fleet-install} over plain OpenSSH
 * ({@link site.ycsb.fleet.cluster}), {@code findmax} ({@link site.ycsb.fleet.findmax}), and the head's ssh layer
 * they share ({@link site.ycsb.fleet.ssh}).
 *
 * <p>This base is for those four packages only: the frame every command runs in ({@link site.ycsb.fleet.ToolMain}:
 * {@code --help}, one-line errors, exit codes), its {@link site.ycsb.fleet.UsageException}, options and numbers read
 * by their declarations with the engine's words ({@link site.ycsb.fleet.OptionValues}), the YCSB directory ({@link site.ycsb.fleet.YcsbHome}),
 * the bindings the launcher knows ({@link site.ycsb.fleet.Bindings}) and a fresh output directory
 * ({@link site.ycsb.fleet.OutDir}). It uses none of the command packages. Who may use whom, bottom up: base, ssh,
 * suite, findmax, cluster (ARCHITECTURE.md, checked by core's {@code ArchitectureTest}).
 *
 * <p>The module builds engine command lines with core's {@code site.ycsb.cli} and reads results with the
 * {@code results} module; it never uses core's engine package. Users reach it through the launcher
 * ({@code bin/tools.properties} names the entry points).
 */
package site.ycsb.fleet;
