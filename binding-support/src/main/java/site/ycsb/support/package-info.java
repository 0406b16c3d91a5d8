/**
 * What every binding needs and YCSB 0.17.0's core lacks, written once: the retry back-off
 * ({@link site.ycsb.support.Backoff}), per-operation retry counters ({@link site.ycsb.support.RetryCounters}),
 * rate-limited logging ({@link site.ycsb.support.RateLimitedLog}) and typed property parsing with one set of
 * messages ({@link site.ycsb.support.TypedProperties}). Each binding keeps its own retry loop and its own rule of
 * which errors are retryable; the engine uses these classes too.
 */
package site.ycsb.support;
