/**
 * YCSB 0.17.0's result exporters (text, JSON, JSON array), part of the 0.17.0 API: the {@code exporter} property
 * names one of them, or a user's own class with a public {@code (OutputStream)} constructor.
 *
 * <p>For users and the engine. {@link site.ycsb.measurements.exporter.JsonText} is a helper shared with the
 * engine's summary writer.
 */
package site.ycsb.measurements.exporter;
