package site.ycsb.db.cql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import site.ycsb.DBException;

class SharedResourceTest {
  private final AtomicLong clock = new AtomicLong();
  private final SharedResource<Object> shared = new SharedResource<>(clock::get);
  private final AtomicInteger created = new AtomicInteger();
  private final List<Object> closed = new ArrayList<>();

  private Object create() {
    created.incrementAndGet();
    return new Object();
  }

  @Test
  void should_create_once_and_close_once_when_threads_share_it() throws DBException {
    Object a = shared.acquire("cfg", this::create);
    Object b = shared.acquire("cfg", this::create);
    assertSame(a, b);
    assertEquals(1, created.get());
    assertFalse(shared.release(closed::add));
    assertTrue(closed.isEmpty());
    assertTrue(shared.release(closed::add));
    assertEquals(1, closed.size());
    assertFalse(shared.release(closed::add));
    assertEquals(1, closed.size());
  }

  @Test
  void should_refuse_a_different_configuration_when_one_is_open() throws DBException {
    shared.acquire("cfg", this::create);
    assertThrows(DBException.class, () -> shared.acquire("other", this::create));
  }

  @Test
  void should_report_one_failure_to_all_threads_when_creation_fails_at_start() {
    AtomicInteger attempts = new AtomicInteger();
    SharedResource.Factory<Object> failing = () -> {
      attempts.incrementAndGet();
      throw new DBException("authentication failed");
    };
    for (int thread = 0; thread < 4; thread++) {
      DBException e = assertThrows(DBException.class, () -> shared.acquire("cfg", failing));
      assertEquals("authentication failed", e.getMessage());
    }
    assertEquals(1, attempts.get());
    clock.addAndGet(TimeUnit.SECONDS.toNanos(6));
    assertThrows(DBException.class, () -> shared.acquire("cfg", failing));
    assertEquals(2, attempts.get());
  }
}
