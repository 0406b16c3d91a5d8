/**
 * {@code bin/ycsb merge} ({@link site.ycsb.results.Merge}) and {@code bin/ycsb report}
 * ({@link site.ycsb.results.Report}): result directories of many clients merged into one, and reported as text,
 * Markdown, CSV and an HTML page with charts; {@link site.ycsb.results.ResultDir} reads one result directory.
 *
 * <p>For users through the launcher, and for {@code fleet}, which merges and reads phases with it. It reads the
 * files the engine writes, under the names core's {@code site.ycsb.output} declares, and declares those of the record
 * fleet's findmax writes for it ({@link site.ycsb.results.FindmaxFields}); it uses core's
 * {@code site.ycsb.cli}, {@code site.ycsb.output} and {@code site.ycsb.telemetry}, never the engine.
 */
package site.ycsb.results;
