package site.ycsb.db.cql;

import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * A query plan — the nodes to try for one request, in order — with the silent nodes moved to its end: the others keep
 * the order of the plan it wraps (token-aware: the replicas of the key first), so new requests and retries go to a
 * node that answers while there is one, and to a silent node only when every other has been tried. With no silent node
 * it hands out exactly the wrapped plan. Each node handed out is passed to {@code handedOut}, which is how the binding
 * learns where a request was sent.
 *
 * <p>Not thread-safe: one plan serves one request (the driver calls it under a lock of its own).
 *
 * @param <H> the driver's node type
 */
public final class SilentLastPlan<H> implements Iterator<H> {
  private final Iterator<H> plan;
  private final Predicate<H> silent;
  private final Consumer<H> handedOut;
  private H next;
  /** Silent nodes met in the plan, handed out after all others; allocated only when one is met. */
  private Object[] held;
  private int heldCount;
  private int heldNext;

  /**
   * @param silent whether a node is silent now (asked once per node, as the plan reaches it)
   * @param handedOut told of each node as it is handed out
   */
  public SilentLastPlan(Iterator<H> plan, Predicate<H> silent, Consumer<H> handedOut) {
    this.plan = plan;
    this.silent = silent;
    this.handedOut = handedOut;
  }

  @Override
  public boolean hasNext() {
    if (next == null) {
      next = advance();
    }
    return next != null;
  }

  @Override
  public H next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    H h = next;
    next = null;
    handedOut.accept(h);
    return h;
  }

  @SuppressWarnings("unchecked")
  private H advance() {
    while (plan.hasNext()) {
      H h = plan.next();
      if (!silent.test(h)) {
        return h;
      }
      if (held == null) {
        held = new Object[4];
      } else if (heldCount == held.length) {
        held = Arrays.copyOf(held, heldCount * 2);
      }
      held[heldCount++] = h;
    }
    return heldNext < heldCount ? (H) held[heldNext++] : null;
  }
}
