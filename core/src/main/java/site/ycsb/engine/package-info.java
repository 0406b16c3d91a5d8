/**
 * The engine: one run's phases ({@link site.ycsb.engine.EngineRun}: initialise, pre-warm, warm up, measure, write
 * results), its configuration validated before anything runs ({@link site.ycsb.engine.RunConfig}), the open-loop
 * schedule ({@link site.ycsb.engine.OperationSchedule}), the client threads (blocking and asynchronous), the
 * interval status lines ({@link site.ycsb.engine.StatusReporter}) and the results files
 * ({@link site.ycsb.engine.ResultsWriter}, {@link site.ycsb.engine.ResultsDirectory}).
 *
 * <p>Internal: only the entry points {@code site.ycsb.Client} and {@code site.ycsb.CommandLine} use it, and only
 * through the few public members they need. It uses the API packages, {@code site.ycsb.cli} and the verdicts
 * ({@code site.ycsb.engine.verdict}); it knows no workload class (workloads speak through
 * {@code site.ycsb.cli.WorkloadHooks}). The results writing stays here because it reads the run's configuration
 * and result, which belong to the run's phases.
 */
package site.ycsb.engine;
