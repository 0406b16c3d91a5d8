/**
 * {@code bin/ycsb findmax} ({@link site.ycsb.fleet.findmax.Findmax}): the highest target rate within the latency
 * bounds ({@link site.ycsb.fleet.findmax.FindmaxSla}), found by measured steps
 * ({@link site.ycsb.fleet.findmax.FindmaxSearch}, each step a fresh engine run by
 * {@link site.ycsb.fleet.findmax.FindmaxStepRunner}), the thread ramp, the CPU load levels, and its record and
 * progress files.
 *
 * <p>For users through the launcher and for {@code fleet --findmax} (the {@code cluster} package, which gives the
 * step runner an engine that runs every step on the fleet); it uses the base, {@code ssh} and {@code suite}, never
 * {@code cluster}. Internal: the ramp ({@code FindmaxRamp}), the CPU levels ({@code FindmaxCpuLevels}) and the
 * record's writer ({@code FindmaxReport}).
 */
package site.ycsb.fleet.findmax;
