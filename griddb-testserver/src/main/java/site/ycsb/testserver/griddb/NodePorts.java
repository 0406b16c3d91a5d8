package site.ycsb.testserver.griddb;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Properties;

/** The five ports of one GridDB node on 127.0.0.1: transaction (clients), cluster, sync, system (REST), SQL. */
public final class NodePorts {
  final int transaction;
  final int cluster;
  final int sync;
  final int system;
  final int sql;

  NodePorts(int transaction, int cluster, int sync, int system, int sql) {
    this.transaction = transaction;
    this.cluster = cluster;
    this.sync = sync;
    this.system = system;
    this.sql = sql;
  }

  /** GridDB's usual ports (transaction 10001, cluster 10010, sync 10020, system 10040, SQL 20001). */
  public static NodePorts standard() {
    return new NodePorts(10001, 10010, 10020, 10040, 20001);
  }

  /** Transaction port {@code base}, the others following it: cluster +1, sync +2, system +3, SQL +4. */
  public static NodePorts from(int base) {
    if (base < 1024 || base > 65535 - 4) {
      throw new IllegalArgumentException("port " + base + " is not in 1024.." + (65535 - 4));
    }
    return new NodePorts(base, base + 1, base + 2, base + 3, base + 4);
  }

  /** Five ports free on 127.0.0.1 right now (a test server per JVM, beside anything else running). */
  public static NodePorts free() throws IOException {
    int[] ports = new int[5];
    ServerSocket[] held = new ServerSocket[5];
    try {
      for (int i = 0; i < 5; i++) {
        held[i] = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"));
        ports[i] = held[i].getLocalPort();
      }
    } finally {
      for (ServerSocket s : held) {
        if (s != null) {
          s.close();
        }
      }
    }
    return new NodePorts(ports[0], ports[1], ports[2], ports[3], ports[4]);
  }

  /** The system (REST) port: {@code /node/stat} and the other operation commands. */
  public int system() {
    return system;
  }

  int[] all() {
    return new int[] {transaction, cluster, sync, system, sql};
  }

  void store(Properties p) {
    p.setProperty("port.transaction", Integer.toString(transaction));
    p.setProperty("port.cluster", Integer.toString(cluster));
    p.setProperty("port.sync", Integer.toString(sync));
    p.setProperty("port.system", Integer.toString(system));
    p.setProperty("port.sql", Integer.toString(sql));
  }

  static NodePorts load(Properties p) {
    return new NodePorts(Integer.parseInt(p.getProperty("port.transaction")),
        Integer.parseInt(p.getProperty("port.cluster")), Integer.parseInt(p.getProperty("port.sync")),
        Integer.parseInt(p.getProperty("port.system")), Integer.parseInt(p.getProperty("port.sql")));
  }
}
