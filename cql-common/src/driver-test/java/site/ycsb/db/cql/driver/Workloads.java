package site.ycsb.db.cql.driver;

import java.util.Properties;

/**
 * The core workloads A–F as YCSB ships them (same proportions and distributions), written here because the tests
 * must not depend on a checkout's workloads/ directory. Sizes are set by the caller.
 */
public final class Workloads {
  private Workloads() {
  }

  public static Properties workload(char letter) {
    Properties p = new Properties();
    p.setProperty("workload", "site.ycsb.workloads.CoreWorkload");
    p.setProperty("readallfields", "true");
    p.setProperty("requestdistribution", "zipfian");
    p.setProperty("readproportion", "0");
    p.setProperty("updateproportion", "0");
    p.setProperty("scanproportion", "0");
    p.setProperty("insertproportion", "0");
    switch (letter) {
      case 'a':
        p.setProperty("readproportion", "0.5");
        p.setProperty("updateproportion", "0.5");
        break;
      case 'b':
        p.setProperty("readproportion", "0.95");
        p.setProperty("updateproportion", "0.05");
        break;
      case 'c':
        p.setProperty("readproportion", "1");
        break;
      case 'd':
        p.setProperty("readproportion", "0.95");
        p.setProperty("insertproportion", "0.05");
        p.setProperty("requestdistribution", "latest");
        break;
      case 'e':
        p.setProperty("scanproportion", "0.95");
        p.setProperty("insertproportion", "0.05");
        p.setProperty("maxscanlength", "100");
        p.setProperty("scanlengthdistribution", "uniform");
        break;
      case 'f':
        p.setProperty("readproportion", "0.5");
        p.setProperty("readmodifywriteproportion", "0.5");
        break;
      default:
        throw new IllegalArgumentException("no core workload " + letter);
    }
    return p;
  }
}
