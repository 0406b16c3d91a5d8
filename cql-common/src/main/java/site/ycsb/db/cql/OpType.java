package site.ycsb.db.cql;

/** The YCSB operation types a CQL binding executes; used to count retries per type. */
public enum OpType {
  READ, SCAN, UPDATE, INSERT, DELETE
}
