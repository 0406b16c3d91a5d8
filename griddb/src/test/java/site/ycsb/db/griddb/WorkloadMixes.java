package site.ycsb.db.griddb;

import java.util.Properties;

/** The standard operation mixes of YCSB's workloads A-F (shared by the workload tests). */
final class WorkloadMixes {
  private WorkloadMixes() {
  }

  static Properties of(char w) {
    String[] kv;
    switch (w) {
    case 'A':
      kv = new String[] {"readproportion", "0.5", "updateproportion", "0.5", "requestdistribution", "zipfian"};
      break;
    case 'B':
      kv = new String[] {"readproportion", "0.95", "updateproportion", "0.05", "requestdistribution", "zipfian"};
      break;
    case 'C':
      kv = new String[] {"readproportion", "1", "updateproportion", "0", "requestdistribution", "zipfian"};
      break;
    case 'D':
      kv = new String[] {"readproportion", "0.95", "updateproportion", "0", "insertproportion", "0.05",
          "requestdistribution", "latest"};
      break;
    case 'E':
      kv = new String[] {"readproportion", "0", "updateproportion", "0", "scanproportion", "0.95",
          "insertproportion", "0.05", "requestdistribution", "zipfian", "maxscanlength", "100",
          "scanlengthdistribution", "uniform"};
      break;
    case 'F':
      kv = new String[] {"readproportion", "0.5", "updateproportion", "0", "readmodifywriteproportion", "0.5",
          "requestdistribution", "zipfian"};
      break;
    default:
      throw new IllegalArgumentException("no workload " + w);
    }
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }
}
