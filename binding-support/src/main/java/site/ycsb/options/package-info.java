/**
 * Options declared once, for every binding and for the engine (core's {@code site.ycsb.cli.EngineOptions}): an
 * {@link site.ycsb.options.Option} holds a property's name, older spellings, type, default, bounds, unit, meaning and
 * whether it is secret; an {@link site.ycsb.options.OptionSet} reads a binding's options and renders its README table,
 * which {@link site.ycsb.options.ReadmeTable} keeps in the README. Depends only on the JDK and
 * {@link site.ycsb.support.TypedProperties} (one wording of a bad value), so the engine can use it as well as a
 * binding running in a YCSB 0.17.0 install (this jar ships in the binding's lib).
 */
package site.ycsb.options;
