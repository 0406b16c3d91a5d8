/**
 * GridDB binding for YCSB: {@link site.ycsb.db.griddb.GridDBClient} and the small classes it is built from.
 */
package site.ycsb.db.griddb;
