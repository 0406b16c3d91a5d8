/**
 * YCSB 0.17.0's measurements ({@link site.ycsb.measurements.Measurements} and the {@code OneMeasurement} kinds),
 * part of the 0.17.0 API: bindings' tests call {@code Measurements.setProperties}, and a few bindings measure their
 * own figures.
 *
 * <p>{@link site.ycsb.measurements.OperationRecorder}, how one finished operation is named and recorded, is the
 * engine's and {@link site.ycsb.DBWrapper}'s, not API: it is here because both the API's wrapper and the engine's
 * asynchronous path record through it, and the API may not depend on the engine.
 */
package site.ycsb.measurements;
