package site.ycsb;

import java.util.Properties;

import site.ycsb.workloads.CoreWorkload;

/**
 * The core workload, saying that a NOT_FOUND may be right (as a workload that deletes would), for tests that run
 * transactions against a test database nothing was loaded into and judge something else than missing records.
 */
public final class NotFoundTolerantWorkload extends CoreWorkload {
  @Override
  public boolean notFoundIsAnswer(Properties p) {
    return true;
  }
}
