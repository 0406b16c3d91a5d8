/**
 * What every binding needs and YCSB 0.17.0's core lacks, written once: the retry back-off
 * ({@link site.ycsb.support.Backoff}), per-operation retry counters ({@link site.ycsb.support.RetryCounters}),
 * rate-limited logging ({@link site.ycsb.support.RateLimitedLog}) and typed property parsing with one set of
 * messages ({@link site.ycsb.support.TypedProperties}). The bindings' one blocking retry loop is
 * {@link site.ycsb.support.RetryLoop}; each binding keeps its own rule of which errors are retryable. The engine uses
 * these classes too, and reads the retries of a running binding through {@link site.ycsb.support.LiveRetries}.
 */
package site.ycsb.support;
