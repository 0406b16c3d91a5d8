/**
 * Named operations: {@link site.ycsb.named.NamedOperationDB}, for workloads whose operations are not YCSB's five.
 */
package site.ycsb.named;
