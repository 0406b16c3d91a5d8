package site.ycsb.db.griddb;

import site.ycsb.DBException;

import java.util.concurrent.atomic.AtomicInteger;

/** Test double of {@link StoreConnector}: sessions of one {@link FakeStore}, or a scripted connection failure. */
final class FakeConnector implements StoreConnector {
  final FakeStore store;
  final AtomicInteger opened = new AtomicInteger();
  final AtomicInteger readersOpened = new AtomicInteger();
  StoreException connectFailure;
  StoreException readerFailure;

  FakeConnector(FakeStore store) {
    this.store = store;
  }

  @Override
  public StoreSession open(GridDBConfig config) throws DBException {
    if (connectFailure != null) {
      throw GridStoreConnector.failure(config, connectFailure);
    }
    opened.incrementAndGet();
    return store.session();
  }

  @Override
  public RangeReader openReader(GridDBConfig config, TableSchema schema) throws StoreException {
    if (readerFailure != null) {
      throw readerFailure;
    }
    readersOpened.incrementAndGet();
    return store;
  }
}
