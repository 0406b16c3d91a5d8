import site.ycsb.testserver.cassandra.CqlWireClient;

/**
 * Times schema statements on one node: N times CREATE TABLE (y_id and ten varchar fields, like usertable), each
 * until the coordinator has applied it (its peers follow later). Prints "create table median/max ms". Run with the
 * module's classes on the classpath: java -cp target/classes bench/DdlTime.java HOST PORT N
 */
public class DdlTime {
  public static void main(String[] args) {
    int n = Integer.parseInt(args[2]);
    long[] create = new long[n];
    String keyspace = "ddl_bench";
    try (CqlWireClient c = CqlWireClient.connect(args[0], Integer.parseInt(args[1]), null, null, 120_000)) {
      c.query("CREATE KEYSPACE IF NOT EXISTS " + keyspace + " WITH replication = {'class': 'SimpleStrategy',"
          + " 'replication_factor': 1}");
      for (int i = 0; i < n; i++) {
        long t0 = System.nanoTime();
        c.query("CREATE TABLE " + keyspace + ".t" + i + " (y_id varchar PRIMARY KEY, field0 varchar, field1 varchar,"
            + " field2 varchar, field3 varchar, field4 varchar, field5 varchar, field6 varchar, field7 varchar,"
            + " field8 varchar, field9 varchar)");
        create[i] = (System.nanoTime() - t0) / 1_000_000;
      }
    }
    java.util.Arrays.sort(create);
    System.out.println("create table " + create[n / 2] + "/" + create[n - 1] + " ms");
  }
}
