/**
 * The engine's command-line contract, shared by every tool that starts or reads engines ({@code fleet},
 * {@code results}, the entry points): the engine's options, each declared once with its name, type, default,
 * bounds and meaning as binding-support's {@link site.ycsb.options.Option} ({@link site.ycsb.cli.EngineOptions}),
 * the property reader of the engine's and the workloads' properties ({@link site.ycsb.cli.PropertyReader}), the
 * command-line parser
 * ({@link site.ycsb.cli.EngineCommandLine}, {@link site.ycsb.cli.EngineFlag}) and YCSB 0.17.0's property precedence
 * ({@link site.ycsb.cli.CommandLineProperties}), usage errors and exit codes, secret masking, the build's version,
 * and the hooks a workload class offers the engine ({@link site.ycsb.cli.WorkloadHooks}).
 *
 * <p>Public for tools; not part of YCSB 0.17.0's API. It depends on nothing else of core, so that the API
 * packages, the workloads and the engine can all read options without depending on each other. Named {@code cli}
 * rather than {@code options} because exit codes, usage errors and the version banner are part of the same
 * contract with whoever runs the command.
 */
package site.ycsb.cli;
