/**
 * {@code bin/ycsb suite} ({@link site.ycsb.fleet.suite.Suite}) and the phase machinery that {@code fleet} and
 * {@code findmax} reuse: the phases and their outcome ({@link site.ycsb.fleet.suite.Phase},
 * {@link site.ycsb.fleet.suite.PhaseOutcome}), the runner interface and its local and node-sampling runners
 * ({@link site.ycsb.fleet.suite.PhaseRunner}, {@link site.ycsb.fleet.suite.LocalPhaseRunner},
 * {@link site.ycsb.fleet.suite.SampledPhaseRunner}), the suite's command line shared with {@code fleet}
 * ({@link site.ycsb.fleet.suite.SuiteOptions}) and a client's engine arguments
 * ({@link site.ycsb.fleet.suite.ClientArgs}), the {@code --db-hosts} nodes ({@link site.ycsb.fleet.suite.DbHosts}),
 * the live-metrics targets ({@link site.ycsb.fleet.suite.PrometheusTargets}), and what a suite writes at its end:
 * suite-summary.md and .json, including a fleet phase's record ({@link site.ycsb.fleet.suite.FleetPhaseRecord},
 * written by {@code cluster}, read here for the summaries), and the report ({@link site.ycsb.fleet.suite.ReportTool}).
 *
 * <p>For users through the launcher ({@code Suite}) and for the {@code findmax} and {@code cluster} packages; it
 * uses the base and {@code ssh}, never {@code findmax} or {@code cluster}. Internal: the summary tables
 * ({@code SuiteTable}, {@code FleetSummary}, {@code DatabaseNodeTable}), the hooks ({@code Hook}) and
 * {@code PhaseProperties}.
 */
package site.ycsb.fleet.suite;
