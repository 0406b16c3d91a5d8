/**
 * The verdicts and the meters they judge from: why a run was late ({@link site.ycsb.engine.verdict.LagVerdict}),
 * the client's health over the run and per status line ({@link site.ycsb.engine.verdict.ClientHealth},
 * {@link site.ycsb.engine.verdict.StatusHealth}), CPU-wait and pause meters, the JVM tracker, and what the
 * database's nodes said and did ({@link site.ycsb.engine.verdict.DatabaseReport},
 * {@link site.ycsb.engine.verdict.DatabaseView}), with the JSON builder their summary.json sections are written
 * with ({@link site.ycsb.engine.verdict.SummaryJson}).
 *
 * <p>Internal to the engine: public only so that {@code site.ycsb.engine} can fill and read them. It depends on
 * the API packages and {@code site.ycsb.cli}, never on {@code site.ycsb.engine}: a verdict is given the figures,
 * it does not fetch them from the run.
 */
package site.ycsb.engine.verdict;
