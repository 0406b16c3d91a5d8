/**
 * The run's record as files: what a run leaves in its {@code results.dir} — the files' names
 * ({@link site.ycsb.output.RecordFiles}) and {@code summary.json}'s field names and nesting
 * ({@link site.ycsb.output.SummaryFields}) — declared once for the engine, which writes them, and for the tools
 * ({@code results}' merge and report, {@code fleet}), which read them back and write merged records in the same
 * format.
 *
 * <p>Public for tools; not part of YCSB 0.17.0's API. Names only: no JSON library and no writing, so that core's
 * writer keeps its own builder and the tools their Jackson. It depends on nothing else of core (like
 * {@code site.ycsb.cli}), so that the engine, the telemetry, the API's measurements and the tools may all use it.
 * Apart from {@code site.ycsb.cli} because that is what a run is told (options, command line, exit codes) and this
 * is what a run leaves behind: a reader of records needs no option and a parser of options no record.
 */
package site.ycsb.output;
