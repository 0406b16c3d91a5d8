/**
 * A real single-node GridDB cluster on 127.0.0.1 for tests, started from a GridDB installation named by
 * {@code YCSB_GRIDDB_HOME} ({@link site.ycsb.testserver.griddb.GridDBTestServer},
 * {@link site.ycsb.testserver.griddb.GridDBInstallation}, {@link site.ycsb.testserver.griddb.LocalGridDB}).
 *
 * <p>For the GridDB binding's integration tests. The project does not ship GridDB.
 */
package site.ycsb.testserver.griddb;
