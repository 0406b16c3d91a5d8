/**
 * Tests of the tarball and the launcher: the unpacked distribution's layout, {@code bin/ycsb} from a checkout and
 * from the tarball, a binding compiled by the test and dropped in, the quick start, and jar conflicts.
 *
 * <p>Tests only: the distribution module has no code of its own.
 */
package site.ycsb.distribution;
