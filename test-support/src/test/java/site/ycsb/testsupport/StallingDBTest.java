package site.ycsb.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Properties;

import org.junit.jupiter.api.Test;

import site.ycsb.Status;

class StallingDBTest {
  @Test
  void should_stall_every_nth_read_the_first_included_and_answer_the_rest_at_once() throws Exception {
    StallingDB.READS.set(0);
    StallingDB.STALLS_NS.clear();
    StallingDB db = new StallingDB();
    Properties p = new Properties();
    p.setProperty("stall.every", "3");
    p.setProperty("stall.ms", "20");
    db.setProperties(p);
    db.init();
    for (int i = 0; i < 7; i++) {
      assertEquals(Status.OK, db.read("t", "k" + i, null, new HashMap<>()));
    }
    assertEquals(3, StallingDB.STALLS_NS.size(), "reads 0, 3 and 6 stall");
    for (long ns : StallingDB.STALLS_NS) {
      assertTrue(ns >= 20_000_000L, "a stall lasts at least stall.ms: " + ns);
    }
    assertEquals(Status.OK, db.update("t", "k", new HashMap<>()));
  }
}
